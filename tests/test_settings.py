"""settings.toml can never stop the game (issue 21, part 3), and firmware without a font says so (part 6).

``os.getenv`` is played by tools/standins/os.py, which reads a settings.toml as CircuitPython
9.2.9 (shared-module/os/getenv.c: an unquoted word raises ValueError) or 10.2.1
(supervisor/shared/settings.c: any value is text) does; every test of a value runs with both. The
buttons run against the keypad stand-in (tools/standins/keypad.py), which refuses a pin twice, a
non-pin and a pin in use as keypad/Keys.c does. The CircuitPython checks run the drive's boot.py and
code.py on the 10.2.1 and 9.2.9 unix ports with such settings, and with terminalio absent.
"""

import importlib.util
import os
import runpy
import sys
import types

import pytest

import hal
from hal import board as hb
from hal import settings
from tools import cpboard

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDINS = os.path.join(ROOT, "tools", "standins")
RELEASES = (9, 10)


def standin(name, as_name=None):
    """A module of tools/standins loaded by path (never from sys.path: its names shadow CPython's)."""
    spec = importlib.util.spec_from_file_location(as_name or "standin_" + name, os.path.join(STANDINS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


getenv = standin("os")  # (its find: a board's os.getenv over a settings.toml, release by release)


def use_settings(monkeypatch, tmp_path, text, major):
    """settings.toml = ``text`` (str or bytes) in the current folder, read by release ``major``'s getenv."""
    data = text.encode() if isinstance(text, str) else text
    (tmp_path / "settings.toml").write_bytes(data)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "getenv", lambda key, default=None: getenv.find(data, key, major, default))


# ---- the getenv stand-in: what each release makes of a value ------------------------------------------
V9 = "invalid syntax for integer with base 10"
# (settings.toml, what 9.2.9 returns or raises, what 10.2.1 returns), for the key K; D is the default.
GETENV = [
    ('K = "D5"\n', "D5", "D5"),
    ("K = 5\n", 5, "5"),
    ("K = -5\n", -5, "-5"),
    ("K = 0x10  # hex\n", 16, "0x10"),
    ("K = 1_000\n", 1000, "1_000"),
    ("K = y\n", ValueError(V9), "y"),
    ("K = true\n", ValueError(V9), "true"),
    ("K = 1.5\n", ValueError(V9), "1.5"),
    ("K = y  # note\r\n", ValueError(V9), "y"),
    ("K =\n", ValueError(V9), "D"),  # 9.x: an empty number; 10.x: a value it cannot read
    ('K = "\\u00b2"\n', "\u00b2", "\u00b2"),
    ('K = "a\\qb\\t"\n', "aqb\t", "aqb\t"),  # an unknown escape is the character itself
    ('K = "\\uZZ12"\n', ValueError("Invalid byte 'Z'"), "D"),
    ('K = "\\U00110000"\n', ValueError("Invalid unicode escape"), "D"),
    ('K = "no end\n', ValueError("Invalid byte '\\n'"), "D"),
    ('K = "D5" D6\n', ValueError("Invalid byte 'D'"), "D"),
    ('K = "x\\\n', ValueError("Invalid byte '\\n'"), "D"),
    ('K = "\\u004', ValueError("Invalid byte 'EOF'"), "D"),
    (b'K = "\xff"\n', UnicodeError(), UnicodeError()),  # not UTF-8: both
    (b"K = \xff\n", ValueError(V9), UnicodeError()),
    ('  K="v"#c\n', "v", "v"),
    ('K = "a"\r\n', "a", "a"),
    ('[section]\nK = "v"\n', "D", "D"),  # a section ends the scan
    ('KK = "x"\nK = "y"\n', "y", "y"),
    ('K = "first"\nK = "second"\n', "first", "first"),
    ('# K = "no"\n', "D", "D"),
    ("", "D", "D"),
    (None, "D", "D"),  # no settings.toml
    ('K = "' + "x" * 5000 + '"\n', "x" * 5000, "x" * 5000),  # no length limit in os.getenv
    ("K = " + "9" * 30 + "\n", int("9" * 30), "9" * 30),
]


@pytest.mark.parametrize("text, v9, v10", GETENV, ids=[repr(c[0])[:24] for c in GETENV])
def test_the_getenv_standin_does_what_each_release_does(text, v9, v10):
    data = text.encode() if isinstance(text, str) else text
    for major, want in ((9, v9), (10, v10)):
        if isinstance(want, Exception):
            with pytest.raises(type(want)) as e:
                getenv.find(data, "K", major, "D")
            assert type(e.value) is type(want) and str(e.value) == str(want), major
        else:
            assert getenv.find(data, "K", major, "D") == want, major


# ---- hal/settings.py reads settings.toml: any value, both releases ---------------------------------
# (the line in settings.toml, the text a notice shows of it): values LAMA_SEED cannot use.
BAD_SEEDS = [
    ('"-5"', "-5"),
    ('"0x10"', "0x10"),
    ('"\\u00b2"', "?"),  # str.isdigit() is true for it, int() refuses it
    ('"12.5"', "12.5"),
    ('"1234567890"', "1234567890"),
    ("y", "y"),  # 9.x: ValueError from os.getenv
    ("-5", "-5"),  # 9.x: the int -5
    ('"open', '"open'),  # 9.x: ValueError; 10.x: the default, nothing to say
    ('"' + "7" * 400 + '"', "777777777777"),
]


@pytest.mark.parametrize("major", RELEASES)
@pytest.mark.parametrize("line, shown", BAD_SEEDS, ids=[b[0][:12] for b in BAD_SEEDS])
def test_a_bad_seed_is_named_and_ignored(monkeypatch, tmp_path, capsys, major, line, shown):
    use_settings(monkeypatch, tmp_path, "LAMA_SEED = %s\n" % line, major)
    notices = []
    assert settings.seed(notices) is None
    if major == 10 and line == '"open':
        assert notices == []  # 10.x gives the default for a value it cannot read: as if unset
        return
    assert len(notices) == 1 and notices[0].startswith("LAMA_SEED = " + shown + ": "), notices
    assert all(" " <= ch <= "~" for ch in notices[0]) and len(notices[0]) <= 2 * 26
    assert "LAMA_SEED" in capsys.readouterr().out  # the console hears it whole


@pytest.mark.parametrize("major", RELEASES)
@pytest.mark.parametrize("line", ['"42"', "42", '"  42 "', "42 # a comment"])
def test_a_good_seed_is_used(monkeypatch, tmp_path, major, line):
    use_settings(monkeypatch, tmp_path, "LAMA_SEED = %s\n" % line, major)
    notices = []
    assert settings.seed(notices) == 42 and notices == []


@pytest.mark.parametrize("major", RELEASES)
@pytest.mark.parametrize("line, shown", [('"yes"', "yes"), ('"true"', "true"), ("1", "1"), ("true", "true")])
def test_lama_drive_other_than_auto_code_pc_is_named_and_auto_is_used(monkeypatch, tmp_path, major, line, shown):
    use_settings(monkeypatch, tmp_path, "LAMA_DRIVE = %s\n" % line, major)
    notices = []
    assert settings.drive(notices) == "auto"
    assert len(notices) == 1 and notices[0].startswith("LAMA_DRIVE = %s: " % shown), notices


@pytest.mark.parametrize("major", RELEASES)
def test_lama_drive_names_are_taken_in_any_case(monkeypatch, tmp_path, major):
    use_settings(monkeypatch, tmp_path, 'LAMA_DRIVE = "PC"\n', major)
    notices = []
    assert settings.drive(notices) == "pc" and notices == []


def test_an_unquoted_word_on_9_is_named_with_its_text_from_the_file(monkeypatch, tmp_path):
    # CircuitPython 9's ValueError names no value on a board: the notice reads the line itself.
    use_settings(monkeypatch, tmp_path, "LAMA_JOYSTICK_FLIP = y\n", 9)
    notices = []
    assert settings.choice("LAMA_JOYSTICK_FLIP", "x y xy yx".split(), notices) is None
    assert notices == ["LAMA_JOYSTICK_FLIP = y: put it in quotes"]
    use_settings(monkeypatch, tmp_path, "LAMA_JOYSTICK_FLIP = y\n", 10)
    assert settings.choice("LAMA_JOYSTICK_FLIP", "x y xy yx".split(), notices) == "y"


@pytest.mark.parametrize("major", RELEASES)
def test_any_bytes_at_all_never_raise(monkeypatch, tmp_path, major):
    import random

    r = random.Random(21)
    alphabet = b'LAMA_SEED= "\\u#\n\r\t\xff\xc3\xa9[]0x-5y'
    for _ in range(300):
        junk = bytes(r.choice(alphabet) for _ in range(r.randrange(0, 40)))
        use_settings(monkeypatch, tmp_path, b"LAMA_SEED = " + junk, major)
        notices = []
        seed = settings.seed(notices)
        assert seed is None or 0 <= seed <= 999999999
        assert all("LAMA_SEED" in n for n in notices)


def test_a_memory_error_from_getenv_is_named_too(monkeypatch, tmp_path):
    def getenv_(name, default=None):
        raise MemoryError("memory allocation failed, allocating 9000 bytes")

    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.toml").write_text('LAMA_SEED = "' + "1" * 9000 + '"\n')
    monkeypatch.setattr(os, "getenv", getenv_)
    notices = []
    assert settings.seed(notices) is None and notices == ['LAMA_SEED = "11111111111: cannot be read']


# ---- hal.board.open() on a board with buttons on pins ------------------------------------------------
@pytest.fixture
def pin_board(monkeypatch, tmp_path):
    """A board with buttons on pins: the real stand-ins of keypad and its pins, fakes for the rest.

    ``pin_board.pins`` is the keypad stand-in (its Pin class, its claims); ``make(**attrs)`` makes the
    board module with those attributes (names to Pins, or anything else)."""
    monkeypatch.chdir(tmp_path)  # (the keypad stand-in reads keys.txt here: none, no presses)
    clock = types.SimpleNamespace(now=1000)
    ticks = lambda: clock.now  # noqa: E731
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=ticks))
    pinmod = standin("keypad", "keypad")  # (the pins' class and their claims are the keypad stand-in's)
    monkeypatch.setitem(sys.modules, "keypad", pinmod)
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=bytearray(8192), Pin=pinmod.Pin))
    monkeypatch.setitem(sys.modules, "storage", types.SimpleNamespace(getmount=lambda path: None))
    monkeypatch.setitem(sys.modules, "analogio", None)
    for name in list(sys.modules):  # start-up modules another test left (a board starts afresh)
        if name.startswith(("hal.boards", "hal.boardopen", "hal.settings", "hal.keypads")):
            monkeypatch.delitem(sys.modules, name)

    def sleep(seconds):
        clock.now += int(seconds * 1000)

    monkeypatch.setattr(hb.time, "sleep", program_sleep(sleep))

    made = {}  # MCU pin -> Pin: two names of one pin are one object

    def make(**attrs):
        board = types.SimpleNamespace(board_id="feather_m4_express", DISPLAY=None)
        for name, value in attrs.items():
            if isinstance(value, str) and value.startswith("P"):
                value = made.setdefault(value, pinmod.Pin(name))
            setattr(board, name, value)
        monkeypatch.setitem(sys.modules, "board", board)
        return board

    return types.SimpleNamespace(pins=pinmod, make=make)


def opened(monkeypatch):
    """hal.board.open(), recording the Keys it made; (hw, the names of its keys' pins, the logical bit of
    each key (short press))."""
    import keypad  # the stand-in, from sys.modules

    made = []
    real = keypad.Keys

    class Recorded(real):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            made.append(self)

    monkeypatch.setattr(keypad, "Keys", Recorded)
    hw = hb.open()
    live = [k for k in made if k.pins]
    assert len(live) <= 1
    names = [p.name for p in live[0].pins] if live else []
    hw.notices.remove("No display: text on USB")  # (these boards have none: the screens go to the console)
    b = hw.buttons
    return hw, names, [b.tables[0][2 * k] for k in range(len(names))]


@pytest.mark.parametrize("major", RELEASES)
def test_a_pin_named_for_two_buttons_keeps_the_first(pin_board, monkeypatch, tmp_path, major):
    pin_board.make(D5="PA16", D6="PA18")
    use_settings(monkeypatch, tmp_path, 'LAMA_BUTTON_A = "D5"\nLAMA_BUTTON_B = "D5"\n', major)
    hw, names, bits = opened(monkeypatch)
    assert names == ["D5"]
    assert hw.notices == ["LAMA_BUTTON_B = D5: is A's pin", "Few buttons: settings.toml"]


@pytest.mark.parametrize("major", RELEASES)
def test_two_names_of_one_pin_are_one_pin(pin_board, monkeypatch, tmp_path, major):
    pin_board.make(A8="PB03", D2="PB03", D5="PA16")  # as on a PyBadge (boards/pybadge/pins.c)
    use_settings(monkeypatch, tmp_path, 'LAMA_BUTTON_A = "A8"\nLAMA_BUTTON_B = "D2"\n', major)
    hw, names, bits = opened(monkeypatch)
    assert names == ["A8"] and "LAMA_BUTTON_B = D2: is A's pin" in hw.notices


@pytest.mark.parametrize("major", RELEASES)
def test_a_setting_naming_another_buttons_default_pin_takes_it(pin_board, monkeypatch, tmp_path, major):
    pin_board.make(BUTTON_A="P1_02", BUTTON_B="P1_10")
    use_settings(monkeypatch, tmp_path, 'LAMA_BUTTON_A = "BUTTON_B"\n', major)
    hw, names, bits = opened(monkeypatch)
    # Settings before defaults: A is BUTTON_B; BUTTON_A, no one's default now, is a button of its own.
    assert names == ["BUTTON_B", "BUTTON_A"] and bits == [hal.A, hal.RIGHT]
    assert hw.notices == ["Unknown board: 2 buttons"] and hw.buttons.scheme == hal.SCHEME_TWO


@pytest.mark.parametrize("major", RELEASES)
@pytest.mark.parametrize(
    "wanted, why",
    [
        ("board_id", "not a pin"),
        ("I2C", "not a pin"),
        ("__class__", "not a pin"),
        ("SPI", "not a pin"),
        ("D99", "no such pin"),
        ("d5", "no such pin"),
        ("D 5", "no such pin"),
    ],
)
def test_a_name_that_is_no_pin_is_named_and_the_board_button_used(pin_board, monkeypatch, tmp_path, major, wanted, why):
    pin_board.make(BUTTON_A="P1_02", BUTTON_B="P1_10", D5="P0_01", I2C=lambda: 0, SPI=lambda: 0)
    use_settings(monkeypatch, tmp_path, 'LAMA_BUTTON_A = "%s"\n' % wanted, major)
    hw, names, bits = opened(monkeypatch)
    assert hw.notices == ["LAMA_BUTTON_A = %s: %s" % (wanted, why), "Unknown board: 2 buttons"]
    # Two buttons: A acts, B moves (held: back), as hal/boards/pins.py plays a board of no profile.
    assert sorted(zip(bits, names)) == [(hal.A, "BUTTON_A"), (hal.RIGHT, "BUTTON_B")]
    assert hw.buttons.labels == ("A", "hold B", "hold A", "B", "")


@pytest.mark.parametrize("major", RELEASES)
def test_a_pin_in_use_is_left_out_and_named(pin_board, monkeypatch, tmp_path, major):
    board = pin_board.make(D5="PA16", D6="PA18", TFT_CS="PB07")
    pin_board.pins.pins[0] = board.TFT_CS  # in use: the display's
    use_settings(
        monkeypatch, tmp_path, 'LAMA_BUTTON_A = "D5"\nLAMA_BUTTON_B = "D6"\nLAMA_BUTTON_UP = "TFT_CS"\n', major
    )
    hw, names, bits = opened(monkeypatch)
    assert names == ["D5", "D6"] and bits == [hal.A, hal.RIGHT]
    assert hw.notices == ["Up: pin TFT_CS in use", "Unknown board: 2 buttons"]


def test_an_unquoted_pin_name_works_on_10_and_is_named_on_9(pin_board, monkeypatch, tmp_path):
    pin_board.make(D5="PA16", D6="PA18")
    use_settings(monkeypatch, tmp_path, "LAMA_BUTTON_A = D5\nLAMA_BUTTON_B = D6\n", 10)
    hw, names, bits = opened(monkeypatch)
    assert names == ["D5", "D6"] and hw.notices == ["Unknown board: 2 buttons"]
    use_settings(monkeypatch, tmp_path, "LAMA_BUTTON_A = D5\nLAMA_BUTTON_B = D6\n", 9)
    pin_board.pins.pins[:] = [None] * 64  # (the first open's Keys holds its pins)
    hw, names, bits = opened(monkeypatch)
    assert names == [] and "LAMA_BUTTON_A = D5: put it in quotes" in hw.notices


# ---- the PyBadge and PyGamer: LAMA_SEED, LAMA_DRIVE, LAMA_JOYSTICK_FLIP at start-up ----------------------
from tests.test_hal_board import AnalogIn, fake_board, program_sleep, pybadge  # noqa: E402,F401 (fixtures of the board tests)


@pytest.mark.parametrize("major", RELEASES)
def test_start_up_names_every_bad_setting_and_the_game_gets_defaults(fake_board, monkeypatch, tmp_path, major):  # noqa: F811
    b = pybadge(fake_board)
    b.board_id = "pygamer"
    b.JOYSTICK_X, b.JOYSTICK_Y = "JX", "JY"
    text = 'LAMA_SEED = "\\u00b2"\nLAMA_DRIVE = "yes"\nLAMA_JOYSTICK_FLIP = z\n'
    use_settings(monkeypatch, tmp_path, text, major)
    hw = hb.open()
    assert hw.notices[:2] == ["LAMA_SEED = ?: not 0..999999999", "LAMA_DRIVE = yes: not auto, code or pc"]
    flip = "put it in quotes" if major == 9 else "not x, y, xy or yx"
    assert hw.notices[2:] == ["LAMA_JOYSTICK_FLIP = z: " + flip]
    assert hw.buttons.joystick.flip_x is False and hw.buttons.joystick.flip_y is False
    assert len({hw.entropy() for _ in range(5)}) > 1  # fresh entropy, not a seed
    assert "hal.boardopen" not in sys.modules  # start-up code, forgotten


@pytest.mark.parametrize("major", RELEASES)
def test_a_good_seed_deals_every_new_game_the_same(fake_board, monkeypatch, tmp_path, major):  # noqa: F811
    pybadge(fake_board)
    use_settings(monkeypatch, tmp_path, "LAMA_SEED = 42\n", major)
    hw = hb.open()
    assert hw.entropy() == 42 and hw.entropy() == 42 and hw.notices == []


@pytest.mark.parametrize("major", RELEASES)
@pytest.mark.parametrize("nvm, line, remounted", [(None, "yes", True), (8192, "yes", False), (8192, '"code', False)])
def test_boot_py_survives_any_lama_drive(fake_board, monkeypatch, tmp_path, capsys, major, nvm, line, remounted):  # noqa: F811
    pybadge(fake_board)
    fake_board.microcontroller.nvm = None if nvm is None else bytearray(nvm)
    calls = []
    fake_board.storage.remount = lambda path, readonly=True: calls.append((path, readonly))
    use_settings(monkeypatch, tmp_path, "LAMA_DRIVE = %s\n" % line, major)
    monkeypatch.setitem(sys.modules, "time", types.SimpleNamespace(sleep=lambda s: None))
    runpy.run_path(os.path.join(ROOT, "boot.py"), run_name="__main__")
    assert calls == ([("/", False)] if remounted else [])  # "auto", whatever the value
    out = capsys.readouterr().out
    assert ("settings.toml: LAMA_DRIVE" in out) == (major == 9 or line == "yes"), out


# ---- no terminalio: a line on the console, not a traceback (part 6) -------------------------------------
def test_code_py_without_terminalio_says_what_to_install(fake_board, monkeypatch, capsys):  # noqa: F811
    pybadge(fake_board)
    monkeypatch.setitem(sys.modules, "terminalio", None)  # import terminalio: ImportError
    runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    cap = capsys.readouterr()
    out = cap.out + cap.err
    assert "this firmware has no built-in font: install CircuitPython's English build for this board" in out
    assert "Traceback" not in out and "stopped" not in out


# ---- the same on CircuitPython itself: its boot.py and code.py, a settings.toml, the unix ports ------------
VERSIONS = [
    pytest.param(v, marks=pytest.mark.skipif(bool(cpboard.missing(v)), reason=cpboard.missing(v) or ""))
    for v in cpboard.VERSIONS
]


@pytest.fixture(scope="module")
def flow(tmp_path_factory):
    """One .mpy drive with the compiled stand-ins, for the runs below."""
    if cpboard.missing(cpboard.VERSIONS[0]):
        pytest.skip(cpboard.missing(cpboard.VERSIONS[0]))
    return cpboard.Flow(str(tmp_path_factory.mktemp("settings")))


BAD = 'LAMA_SEED = y\nLAMA_DRIVE = "yes"\n'


@pytest.mark.parametrize("version", VERSIONS)
def test_the_board_flow_starts_a_game_with_bad_settings(flow, version):
    flow.power_on(erase=True)
    # Two notices (A, A), then speed Instant, New game, Start and 20 presses of A.
    done = flow.run("A A " + cpboard.FIRST_RUN + " A" * 20, 40, "256k", version, settings=BAD)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "standin: budget spent" in out, out
    assert "stopped" not in out and "Traceback" not in out, out
    seed = "put it in quotes" if version.startswith("9") else "not 0..999999999"
    assert "settings.toml: LAMA_SEED = 'y': " + seed in out, out
    assert "settings.toml: LAMA_DRIVE = 'yes': not auto, code or pc" in out
    assert cpboard.nvm_images(flow.nvm_log(), bytes(8192)), "the game started and saved"


@pytest.mark.parametrize("version", VERSIONS)
def test_boot_py_on_circuitpython_survives_a_bare_word(flow, version):
    done = flow.run("", 0, "256k", version, settings="LAMA_DRIVE = yes\n", script="boot.py")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "boot.py: saves in nvm" in done.stdout and "Traceback" not in done.stdout + done.stderr
    why = "put it in quotes" if version.startswith("9") else "not auto, code or pc"  # 10.x: "yes" is text
    assert "settings.toml: LAMA_DRIVE = 'yes': " + why in done.stdout, done.stdout


@pytest.mark.parametrize("version", VERSIONS)
def test_firmware_without_terminalio_prints_what_to_install(flow, version):
    done = flow.run("", 0, "256k", version, absent=("terminalio",))
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "this firmware has no built-in font: install CircuitPython's English build for this board" in out
    assert "Traceback" not in out and "stopped" not in out
