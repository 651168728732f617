"""Lights and sound: the HAL members (mock, desktop, board with fakes), the settings, the App calls."""

import sys
import types

import pytest

import hal
from engine import codec
from hal import desktop, fxopen, mock
from play import match as mt
from play import ui
from tests.test_hal_board import FakeClock


# ---- the mock HAL ------------------------------------------------------------------------
def test_the_mock_keeps_no_logs_on_a_small_heap():
    hw, _ = machine(keep=False)
    hw.lights.show(5)
    hw.sound.beep(1)
    assert hw.lights.rgb == 5 and hw.lights.log is None and hw.sound.beeps == 1 and hw.sound.log is None


# ---- the settings: the save, the menus ------------------------------------------------------
def started(**settings):
    m = mt.Match()
    for k, val in settings.items():
        setattr(m, k, val)
    m.start(7)
    return m


@pytest.mark.parametrize("brightness", range(4))
@pytest.mark.parametrize("sound", [True, False])
@pytest.mark.parametrize("speed", [0, 3])
def test_the_settings_survive_a_save_and_load(brightness, sound, speed):
    m = mt.Match.from_bytes(started(brightness=brightness, sound=sound, speed=speed).to_bytes())
    assert (m.brightness, m.sound, m.speed) == (brightness, sound, speed)


def test_a_save_from_before_the_settings_reads_as_mid_and_sound_on():
    m = started(speed=2)
    data = bytearray(m.to_bytes())
    assert data[codec.HEAD + 2] == 2  # the defaults add nothing to the speed byte
    old = mt.Match.from_bytes(data)
    assert (old.brightness, old.sound, old.speed) == (2, True, 2)


def test_a_settings_byte_out_of_range_is_refused():
    data = bytearray(started().to_bytes())
    data[codec.HEAD + 2] |= 0x60  # the recap's bits 5-6: 3 is no value (play.match.RECAPS)
    body = bytes(data[codec.HEAD : -2])
    with pytest.raises(ValueError) as e:
        mt.Match.from_bytes(codec.frame(mt.SAVE_MAGIC, mt.SAVE_VERSION, body))
    assert str(e.value) == "save has bad settings"


# ---- the desktop ------------------------------------------------------------------------
def test_desktop_lights_dim_with_the_level_and_redraw_only_on_a_change():
    drawn = []
    lights = desktop.Lights(lambda: drawn.append(1))
    lights.show(0xFF8000)
    assert lights.color() == (180, 90, 0) and len(drawn) == 1
    lights.show(0xFF8000)
    assert len(drawn) == 1
    lights.level = 0
    lights.show(0xFF8000)
    assert lights.color() == (0, 0, 0) and len(drawn) == 2
    hw = desktop.Hardware(None, None, None, None)
    hw.sound.beep(0)
    assert hw.lights.count == 5 and hw.sound.on is True


# ---- the board, with fakes ------------------------------------------------------------------
class Pin:
    def __init__(self, pin):
        self.pin = pin
        self.direction = None
        self.value = None
        self.changes = []

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = "out"
        self.value = value

    def __setattr__(self, name, value):
        if name == "value" and value is not None:
            self.changes.append(value)
        object.__setattr__(self, name, value)


class PWMOut:
    made = []
    fail = None  # an exception the constructor raises (no PWM on the pin)

    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if PWMOut.fail is not None:
            raise PWMOut.fail
        assert variable_frequency
        self.pin = pin
        self.log = []
        self.broken = False
        object.__setattr__(self, "duty_cycle", duty_cycle)
        PWMOut.made.append(self)

    def __setattr__(self, name, value):
        if name in ("frequency", "duty_cycle"):
            if self.broken:
                raise RuntimeError("timer gone")
            self.log.append((name, value))
        object.__setattr__(self, name, value)


class AudioOut:
    made = []

    def __init__(self, pin):
        self.pin = pin
        self.log = []
        AudioOut.made.append(self)

    def play(self, sample, loop=False):
        self.log.append(("play", sample.sample_rate, loop, bytes(sample.buf)))

    def stop(self):
        self.log.append(("stop",))


class RawSample:
    def __init__(self, buf, *, channel_count=1, sample_rate=8000):
        self.buf = buf
        self.sample_rate = sample_rate


def made(fb):
    """hw.lights and hw.sound as hal/fxopen.py makes them on the fake board."""
    notices = []

    def sleep_ms(ms):
        fb.clock.now += ms

    lights = fxopen.make_lights(fb.board, 5, notices)  # (the PyBadge profile: 5 NeoPixels, SPEAKER)
    sound = fxopen.make_sound(fb.board, "SPEAKER", sleep_ms, notices)
    return types.SimpleNamespace(lights=lights, sound=sound, notices=notices)


@pytest.fixture
def fake_board(monkeypatch):
    clock = FakeClock(1000)
    PWMOut.made = []
    PWMOut.fail = None
    AudioOut.made = []
    writes = []

    def neopixel_write(pin, buf):
        if fb.fail_writes:
            raise OSError(5, "EIO")
        writes.append((pin, bytes(buf)))

    board = types.SimpleNamespace(NEOPIXEL="NEOPIXEL", SPEAKER="SPEAKER", SPEAKER_ENABLE="SPEAKER_ENABLE")
    mods = {
        "board": board,
        "digitalio": types.SimpleNamespace(DigitalInOut=Pin, Direction=types.SimpleNamespace(OUTPUT="out")),
        "neopixel_write": types.SimpleNamespace(neopixel_write=neopixel_write),
        "pwmio": types.SimpleNamespace(PWMOut=PWMOut),
        "audioio": types.SimpleNamespace(AudioOut=AudioOut),
        "audiocore": types.SimpleNamespace(RawSample=RawSample),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)

    fb = types.SimpleNamespace(clock=clock, writes=writes, fail_writes=False, **mods)
    return fb


def test_board_lights_write_grb_bytes_scaled_by_the_level_and_skip_what_did_not_change(fake_board):
    hw = made(fake_board)
    lights = hw.lights
    writes = fake_board.writes
    assert hw.notices == []
    assert writes[0][0].pin == "NEOPIXEL" and writes[0][0].direction == "out"
    assert writes == [(writes[0][0], bytes(15))]  # off at start
    buf = lights.buf
    lights.show(0xE83010)  # Mid: a quarter
    assert writes[-1][1] == bytes((0x30 // 4, 0xE8 // 4, 0x10 // 4)) * 5
    lights.show(0xE83010)
    assert len(writes) == 2  # the same colour: nothing written
    lights.level = 3
    lights.show(0xE83010)
    assert writes[-1][1] == bytes((0x30, 0xE8, 0x10)) * 5
    lights.level = 1
    lights.show(0x8040FF)
    assert writes[-1][1] == bytes((0x40 // 16, 0x80 // 16, 0xFF // 16)) * 5
    assert lights.buf is buf  # one buffer, written in place
    lights.level = 0
    lights.show(0xFFFFFF)
    assert writes[-1][1] == bytes(15) and len(writes) == 5  # off once
    for rgb in (0xFFFFFF, 0x123456, 0):
        lights.show(rgb)
    assert len(writes) == 5  # and nothing more while the level is 0


def test_board_lights_that_fail_at_start_are_a_notice_and_later_failures_stop_them(fake_board):
    fake_board.fail_writes = True
    hw = made(fake_board)
    assert "Lights off: write failed" in hw.notices and hw.lights.count == 0
    hw.lights.show(0xFF0000)  # does nothing
    fake_board.fail_writes = False
    hw = made(fake_board)
    fake_board.fail_writes = True
    hw.lights.show(0xFF0000)  # fails: off for good, no exception
    fake_board.fail_writes = False
    hw.lights.show(0x00FF00)
    assert hw.lights.broken and len(fake_board.writes) == 1  # only the second start-up write


def test_board_sound_plays_pwm_tones_with_the_amplifier_on_only_meanwhile(fake_board):
    hw = made(fake_board)
    pwm = PWMOut.made[-1]
    enable = hw.sound.enable
    assert pwm.pin == "SPEAKER" and enable.pin == "SPEAKER_ENABLE" and enable.changes == [False]
    for kind, notes in ((hal.BEEP_TURN, 2), (hal.BEEP_OVER, 4)):
        pwm.log.clear()
        t0 = fake_board.clock.now
        hw.sound.beep(kind)
        spent = fake_board.clock.now - t0
        freqs = [val for name, val in pwm.log if name == "frequency"]
        assert len(freqs) == notes and all(200 < f < 4000 for f in freqs)
        assert pwm.log[-1] == ("duty_cycle", 0) and 0 < spent <= 400
        assert enable.changes[-2:] == [True, False] and enable.value is False


def test_board_sound_off_plays_no_tone(fake_board):
    hw = made(fake_board)
    pwm = PWMOut.made[-1]
    hw.sound.on = False
    t0 = fake_board.clock.now
    hw.sound.beep(hal.BEEP_OVER)
    assert pwm.log == [] and hw.sound.enable.changes == [False] and fake_board.clock.now == t0


def test_board_sound_on_a_dac_pin_loops_a_square_wave_at_16_times_the_pitch(fake_board):
    PWMOut.fail = ValueError("Invalid pin")  # the PyBadge's speaker pin (A0) has no PWM
    hw = made(fake_board)
    out = AudioOut.made[-1]
    assert hw.notices == [] and out.pin == "SPEAKER"
    hw.sound.beep(hal.BEEP_TURN)
    plays = [e for e in out.log if e[0] == "play"]
    assert len(plays) == 2 and all(loop for _, _, loop, _ in plays) and out.log[-1] == ("stop",)
    rates = [rate for _, rate, _, _ in plays]
    assert rates[0] == 16 * 880 and rates[1] > rates[0]
    wave = plays[0][3]
    assert len(wave) == 16 and min(wave) < 0x80 < max(wave)


def test_board_sound_errors_silence_it_without_stopping_the_game(fake_board):
    hw = made(fake_board)
    pwm = PWMOut.made[-1]
    pwm.broken = True
    hw.sound.beep(hal.BEEP_TURN)  # no exception
    assert hw.sound.broken and hw.sound.enable.value is False
    PWMOut.fail = ValueError("Invalid pin")
    fake_board.audioio.AudioOut = None  # no audio either: a notice, and a silent object
    hw = made(fake_board)
    assert "Sound off: TypeError" in hw.notices and hw.sound.broken
    hw.sound.beep(0)


def test_a_board_without_neopixels_or_speaker_gets_objects_that_do_nothing(fake_board):
    del fake_board.board.NEOPIXEL, fake_board.board.SPEAKER
    hw = made(fake_board)
    assert hw.notices == [] and hw.lights.count == 0 and fake_board.writes == []
    hw.lights.level = 3
    hw.lights.show(0xFFFFFF)
    hw.sound.on = True
    hw.sound.beep(1)


# ---- the flow: menus and the table's calls ----------------------------------------------
from play import view as v  # noqa: E402
from tests.flow_driver import new_game_script  # noqa: E402
from tests.helpers import machine  # noqa: E402
from tests.test_flow import play  # noqa: E402

SHOW_FLASH = [0xFFFFFF, 0xFF00FF] * 3


def test_the_title_rows_cycle_lights_and_sound_and_apply_them_at_once():
    # Title: New game, Rules, Speed, Lights, Sound, About. Lights: Mid -> High -> Off; Sound: On -> Off.
    hw, app, driver, rec = play("Down Down Down A A Down A", max_screens=0)
    screens = hw.screen.screens
    assert "> Lights: High" in screens[4] and "> Lights: Off" in screens[5] and "> Sound: Off" in screens[-1]
    assert (app.setup_match.brightness, app.setup_match.sound) == (0, False)
    assert (hw.lights.level, hw.sound.on) == (0, False)


def test_the_settings_go_with_the_save_and_come_back_after_a_restart():
    legend = " A"  # (the first game's legend)
    script = new_game_script([0, 1, 1]) + legend + " Start" + " Down" * 6 + " A Down A B"
    hw, app, driver, rec = play(script, max_screens=0)
    assert (app.match.brightness, app.match.sound) == (3, False)  # the game menu (play/menu.py): Lights, Sound
    saved = hw.storage.data
    hw2, app2, _, _ = play("", save=saved, max_screens=0)
    assert (app2.setup_match.brightness, app2.setup_match.sound) == (3, False)
    assert (hw2.lights.level, hw2.sound.on) == (3, False)


def test_the_lights_take_the_colour_of_the_seat_to_act_and_go_off_at_the_title():
    hw, app, driver, rec = play(new_game_script([0, 2, 2, 2]), max_screens=400)
    seen = set(hw.lights.log)
    assert {v.SEAT_COLORS[q] for q in range(4)} <= seen
    assert hw.lights.rgb == 0 or app.match.where != 3  # back on the title: off


def test_a_magic_show_flashes_the_lights_then_they_show_the_seat_again():
    for seed in range(5, 40):
        hw, app, driver, rec = play(new_game_script([0, 1, 1, 1]), seed=seed, max_screens=300)
        log = hw.lights.log
        at = [i for i in range(len(log) - 6) if log[i : i + 6] == SHOW_FLASH]
        if at:
            break
    assert at, "no magic show in 35 games"
    i = at[0]
    assert log[i + 6] == log[i - 1] and log[i + 6] in v.SEAT_COLORS  # back to the colour it had


def test_no_flash_and_no_wait_with_the_lights_off():
    script = "Down Down Down A A Up Up Up " + new_game_script([0, 1, 1, 1])  # Lights Mid, High, Off; New game
    hw, app, driver, rec = play(script, seed=7, max_screens=300)
    assert hw.lights.level == 0 and any("MAGIC SHOW" in " ".join(screen) for screen in hw.screen.screens)
    log = hw.lights.log
    assert not any(log[i : i + 6] == SHOW_FLASH for i in range(len(log)))


def test_a_beep_after_every_hand_off_and_one_at_game_over():
    hw, app, driver, rec = play(new_game_script([0, 0, 0]), title_choice=None)
    assert app.match.game.is_over()
    handoffs = sum(1 for t, _, _, _ in rec.shown if t == "Pass the device")
    assert hw.sound.log.count(hal.BEEP_TURN) == handoffs
    assert hw.sound.log[-1] == hal.BEEP_OVER and hw.sound.log.count(hal.BEEP_OVER) == 1


def test_sound_off_is_silent():
    hw, app, driver, rec = play("Down Down Down Down A Up Up Up Up " + new_game_script([0, 0, 0]), title_choice=None)
    assert app.match.game.is_over() and not hw.sound.on and hw.sound.log == []


@pytest.mark.parametrize("name", ["feather_s3_reverse_tft", "funhouse", "picosystem", "pybadge"])
def test_the_menus_offer_sound_and_lights_only_where_the_board_has_them(name):
    # Issue 36: "Sound: On" was offered on the S3 Reverse TFT Feather, which has no speaker; the
    # FunHouse and the PicoSystem have no NeoPixels the game drives (0 lights), the PyBadge both.
    from hal import boards

    profile = boards.get(name)
    hw, app = machine("", board=name)
    assert (hw.lights.count, hw.sound.broken) == (profile.lights, profile.speaker == "-")
    with pytest.raises(mock.Done):
        app.run()
    title = hw.screen.screens[-1]
    app.match = app.setup_match
    app.match.start(1)
    with pytest.raises(mock.Done):
        app.screen(ui._GAME_MENU, app)  # (the id: play/ui.py's table)
    menu = hw.screen.screens[-1]
    assert title[0] == "= L.A.M.A. Kadabra" and menu[0] == "= Menu"
    for screen in (title, menu):
        rows = " ".join(screen)
        assert "Speed: " in rows
        assert ("Lights: " in rows) == bool(profile.lights), screen
        assert ("Sound: " in rows) == (profile.speaker != "-"), screen
