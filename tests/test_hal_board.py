"""The board HAL's logic on CPython, with small fakes of the CircuitPython modules.

Buttons (keypad events -> bits, D-pad repeat, stuck keys, lost events, the
PyGamer joystick), board detection in ``hal.board.open()``, and the saves:
nvm two-slot records (torn writes, full and too-small nvm, set_aside) and
the file scheme (new file, then rename).
"""

import collections
import os
import sys
import threading
import types

import pytest

import hal
from hal import board as hb
from hal import keys, saves
from hal.saves import files, slots


# ---- fakes ---------------------------------------------------------------------------
class FakeClock:
    def __init__(self, now=0):
        self.now = now

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp or 0


class EventQueue:
    def __init__(self):
        self.q = collections.deque()
        self.overflowed = False

    def get_into(self, ev):
        if not self.q:
            return False
        ev.key_number, ev.pressed, ev.timestamp = self.q.popleft()
        ev.released = not ev.pressed
        return True

    def clear(self):
        self.q.clear()
        self.overflowed = False


class Scanner:
    created = []
    held_at_start = ()  # key numbers that read pressed when the scanner starts
    bad_pins = ()

    def __init__(self, pins=None, **kw):
        if pins is not None:
            for p in pins:
                if p in Scanner.bad_pins:
                    raise ValueError("%s in use" % p)
        self.pins = pins
        self.kw = kw
        self.events = EventQueue()
        self.resets = 0
        self.down = set(Scanner.held_at_start)
        for k in self.down:  # the first scan reports held keys as presses
            self.events.q.append((k, True, 0))
        Scanner.created.append(self)

    def push(self, key, pressed, t=0):
        (self.down.add if pressed else self.down.discard)(key)
        self.events.q.append((key, pressed, t))

    def reset(self):
        self.resets += 1
        for k in self.down:
            self.events.q.append((k, True, 0))

    def deinit(self):
        pass


class AnalogIn:
    values = {}

    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return AnalogIn.values.get(self.pin, 32767)


class Mount:
    readonly = True


class FakeDisplay:
    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


def program_sleep(sleep):
    """``sleep`` for the program's own thread only. Blinka's displayio refresh thread sleeps too, 1 ms
    at a time: it sleeps for real, where ``sleep`` would move the fake clock or press keys at every
    tick (a crash screen's key queue filled faster than it was drained)."""
    real_sleep = hb.time.sleep

    def sleeping(seconds):
        if threading.current_thread() is not threading.main_thread():
            return real_sleep(seconds)
        return sleep(seconds)

    return sleeping


@pytest.fixture
def fake_board(monkeypatch):
    """Installs fake board/keypad/analogio/microcontroller/storage/supervisor modules."""
    clock = FakeClock(1000)
    Scanner.created = []
    Scanner.held_at_start = ()
    Scanner.bad_pins = ()
    AnalogIn.values = {}
    mods = {
        "board": types.SimpleNamespace(board_id="pybadge", DISPLAY=FakeDisplay()),
        "keypad": types.SimpleNamespace(Event=Event, ShiftRegisterKeys=Scanner, Keys=Scanner),
        "analogio": types.SimpleNamespace(AnalogIn=AnalogIn),
        "microcontroller": types.SimpleNamespace(nvm=bytearray(8192)),
        "storage": types.SimpleNamespace(getmount=lambda path: Mount()),
        "supervisor": types.SimpleNamespace(ticks_ms=clock.ticks_ms),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    for name in list(sys.modules):  # start-up modules another test left (a board starts afresh)
        if name.startswith(("hal.boards", "hal.boardopen", "hal.settings", "hal.keypads")):
            monkeypatch.delitem(sys.modules, name)

    def sleep(seconds):
        clock.now += int(seconds * 1000)

    monkeypatch.setattr(hb.time, "sleep", program_sleep(sleep))
    Mount.readonly = True
    return types.SimpleNamespace(clock=clock, **mods)


def pybadge(fb):
    b = fb.board
    b.BUTTON_CLOCK, b.BUTTON_OUT, b.BUTTON_LATCH = "CLK", "OUT", "LATCH"
    return b


# ---- hal.keys ---------------------------------------------------------------------------
def test_presses_queue_in_order_and_held_tracks_keys():
    c = FakeClock()
    b = keys.Buttons(c.ticks_ms)
    assert b.press() == 0
    b.down(hal.A)
    b.down(hal.B)
    assert b.held() == hal.A | hal.B
    assert [b.press(), b.press(), b.press()] == [hal.A, hal.B, 0]
    b.up(hal.A)
    assert b.held() == hal.B


def test_a_dpad_key_repeats_after_400_then_every_120_ms_and_a_does_not():
    c = FakeClock(5000)
    b = keys.Buttons(c.ticks_ms)
    b.down(hal.RIGHT)
    b.down(hal.A)
    b.up(hal.A)
    assert [b.press(), b.press(), b.press()] == [hal.RIGHT, hal.A, 0]
    got = []
    for t in range(5000, 5800, 10):
        c.now = t
        if b.press():
            got.append(t - 5000)
    assert got == [400, 520, 640, 760]
    b.up(hal.RIGHT)
    c.now += 1000
    assert b.press() == 0


def test_repeat_survives_the_tick_counter_wrapping():
    c = FakeClock(0x1FFFFFFF - 100)
    b = keys.Buttons(c.ticks_ms)
    b.down(hal.UP)
    assert b.press() == hal.UP
    c.now += 399
    assert b.press() == 0
    c.now += 1
    assert c.ticks_ms() < 1000 and b.press() == hal.UP


def test_clear_drops_waiting_presses_and_stops_the_repeat():
    c = FakeClock()
    b = keys.Buttons(c.ticks_ms)
    b.down(hal.DOWN)
    b.down(hal.A)
    b.clear()
    c.now += 2000
    assert b.press() == 0
    assert b.held() == hal.DOWN | hal.A  # still held; no press


def test_a_full_ring_drops_presses_instead_of_growing():
    b = keys.Buttons(FakeClock().ticks_ms)
    for _ in range(20):
        b.down(hal.A)
        b.up(hal.A)
    assert b.dropped == 4
    assert sum(1 for _ in range(20) if b.press()) == 16


def test_a_masked_key_is_ignored_until_released_once():
    b = keys.Buttons(FakeClock().ticks_ms)
    b.mask = hal.A
    b.down(hal.A)
    assert b.press() == 0 and b.held() == 0
    b.up(hal.A)  # let go: it works from now on
    b.down(hal.A)
    assert b.press() == hal.A


# ---- hal.board: keypad, joystick, open() -------------------------------------------------------
def test_keypad_events_become_hal_bits_with_one_reused_event(fake_board):
    pybadge(fake_board)
    hw = hb.open()
    sc = Scanner.created[-1]
    assert sc.kw["key_count"] == 8 and sc.kw["value_when_pressed"] is True
    assert hw.name == "PyBadge" and hw.notices == []
    assert isinstance(hw.storage, slots.NvmStore) and hw.storage.where == "nvm"
    d = fake_board.board.DISPLAY
    r = hw.screen.renderer  # (made at the first show, or when asked for)
    assert d.auto_refresh is False and d.root_group is r.group
    from play import view as v

    hw.screen.show(v.View())
    assert d.refreshes == 1
    ev = hw.buttons.event
    for key in range(8):
        sc.push(key, True)
        sc.push(key, False)
    got = [hw.buttons.press() for _ in range(9)]
    assert got == [1, 2, 4, 8, 16, 32, 64, 128, 0]
    assert hw.buttons.event is ev


def test_a_button_held_at_start_is_reported_and_ignored_until_released(fake_board):
    pybadge(fake_board)
    Scanner.held_at_start = (1,)  # A
    hw = hb.open()
    assert hw.notices == ["A stuck: ignored"]
    sc = Scanner.created[-1]
    sc.push(0, True)  # B still works
    assert hw.buttons.press() == hal.B
    assert hw.buttons.held() & hal.A == 0
    sc.push(1, False)
    sc.push(1, True)
    assert hw.buttons.press() == hal.A


def test_a_key_let_go_within_a_second_at_start_is_no_notice(fake_board):
    pybadge(fake_board)
    Scanner.held_at_start = (2,)
    calls = []

    def sleep(seconds):
        fake_board.clock.now += int(seconds * 1000)
        calls.append(seconds)
        if len(calls) == 5:
            Scanner.created[-1].push(2, False)

    hb.time.sleep = program_sleep(sleep)
    hw = hb.open()
    assert hw.notices == []
    assert hw.buttons.press() == 0


def test_lost_events_are_recovered_without_acting_on_held_keys(fake_board):
    pybadge(fake_board)
    hw = hb.open()
    sc = Scanner.created[-1]
    sc.push(4, True)
    sc.events.overflowed = True
    sc.push(1, True)  # A went down while events were lost
    assert hw.buttons.press() == 0  # no press invented from the resync
    assert sc.resets == 1 and hw.buttons.overflows == 1
    assert hw.buttons.held() == hal.RIGHT | hal.A
    fake_board.clock.now += 200
    sc.push(1, False)
    sc.push(1, True)
    assert hw.buttons.press() == hal.A


def test_pygamer_uses_4_register_keys_and_the_joystick_with_a_dead_zone(fake_board):
    b = pybadge(fake_board)
    b.board_id = "pygamer"
    b.JOYSTICK_X, b.JOYSTICK_Y = "JX", "JY"
    b.board_id = "pygamer"
    hw = hb.open()
    assert hw.name == "PyGamer" and Scanner.created[-1].kw["key_count"] == 4
    bt = hw.buttons
    AnalogIn.values["JX"] = 32767 - 14000  # inside the dead zone
    assert bt.press() == 0
    AnalogIn.values["JX"] = 32767 - 16000
    assert bt.press() == hal.LEFT
    fake_board.clock.now += 400
    assert bt.press() == hal.LEFT  # held: repeats
    AnalogIn.values["JX"] = 32767 - 13000  # hysteresis: still left
    assert bt.held() == hal.LEFT
    AnalogIn.values["JX"] = 32767
    AnalogIn.values["JY"] = 65535
    assert bt.press() == hal.DOWN and bt.held() == hal.DOWN
    AnalogIn.values["JY"] = 0
    assert bt.press() == hal.UP and bt.held() == hal.UP


def test_the_fruit_jams_usb_keyboard_presses_what_its_keys_say(fake_board, monkeypatch):
    # hal/boards/fruitjam.py: Enter, Space = act; Backspace, Delete, Esc alone = back; Tab, m = the
    # menu; arrows (ESC [ A..D): up and left = previous, down and right = next; anything else nothing.
    import io

    typed = io.StringIO("")  # (nothing typed while the board starts)
    monkeypatch.setattr(sys, "stdin", typed)

    class Runtime:
        display = FakeDisplay()

        @property
        def serial_bytes_available(self):
            return len(sys.stdin.getvalue()) - sys.stdin.tell()

    Runtime.display.width, Runtime.display.height = 320, 240
    b = fake_board.board
    b.board_id = "adafruit_fruit_jam"
    b.BUTTON1, b.BUTTON2, b.BUTTON3 = "B1", "B2", "B3"
    fake_board.supervisor.runtime = Runtime()
    hw = hb.open()
    assert hw.name == "Fruit Jam" and hw.notices == []
    monkeypatch.setattr(sys, "stdin", io.StringIO("\r\n \x08\x7f\tmqx\x1b[A\x1b[B\x1b[C\x1b[D\x1b"))
    got = []
    while True:
        p = hw.buttons.press()
        if not p:
            break
        got.append(p)
    A, B, S, L, R = hal.A, hal.B, hal.START, hal.LEFT, hal.RIGHT
    assert got == [A, A, A, B, B, S, S, L, R, R, L, B]



class USBError(OSError):
    pass


class USBTimeoutError(USBError):  # (a USBError, as in CircuitPython's usb.core)
    pass


class SnesPad:
    """Adafruit's SNES-style USB controller as CircuitPython's usb.core.Device shows it (hal/gamepad.py)."""

    # configuration 1: one HID interface, its HID descriptor, interrupt IN endpoint 0x81
    CONFIG = bytes((9, 2, 34, 0, 1, 1, 0, 0x80, 50, 9, 4, 0, 0, 1, 3, 0, 0, 0, 9, 0x21, 0x10, 1, 0, 1, 0x22, 65, 0))
    CONFIG += bytes((7, 5, 0x81, 3, 8, 0, 10))

    def __init__(self, fail=False):
        self.reports = []
        self.gone = False
        self.config = None
        self.detached = False
        self.fail = fail

    def is_kernel_driver_active(self, interface):
        return interface == 0

    def detach_kernel_driver(self, interface):
        self.detached = True

    def ctrl_transfer(self, request_type, request, value, index, data, timeout):
        assert (request_type, request, value, index) == (0x80, 6, 0x0200, 0)  # GET_DESCRIPTOR
        if self.fail:
            raise USBError("pipe error")
        data[: len(self.CONFIG)] = self.CONFIG
        return len(self.CONFIG)

    def set_configuration(self, value):
        self.config = value

    def read(self, endpoint, data, timeout):
        assert endpoint == 0x81 and self.config == 1 and timeout >= 1  # (0 would wait for ever)
        if self.gone:
            raise USBError("gone")
        if not self.reports:
            raise USBTimeoutError()
        report = self.reports.pop(0)
        data[: len(report)] = report
        return len(report)

    def send(self, x=0x7F, y=0x7F, face=0x0F, other=0):
        self.reports.append(bytes((x, y, 0x7F, 0x7F, 0x7F, face, other, 0)))


def test_the_fruit_jams_usb_gamepad_presses_what_the_keyboard_does(fake_board, monkeypatch, capsys):
    # hal/boards/fruitjam.py looks for Adafruit's SNES controller (081F:E401) once a second; found,
    # hal/gamepad.py reads it: left/up previous, right/down next (repeating), A/X act, B/Y back,
    # Start/Select the menu. Unplugged, it is looked for again; a pad that fails to open is tried again.
    plugged = []
    finds = []

    def find(idVendor=None, idProduct=None):
        finds.append((idVendor, idProduct))
        return plugged[0] if plugged and (idVendor, idProduct) == (0x081F, 0xE401) else None

    core = types.SimpleNamespace(find=find, USBError=USBError, USBTimeoutError=USBTimeoutError)
    monkeypatch.setitem(sys.modules, "usb", types.SimpleNamespace(core=core))
    monkeypatch.setitem(sys.modules, "usb.core", core)
    monkeypatch.delitem(sys.modules, "hal.gamepad", raising=False)
    b = fake_board.board
    b.board_id = "adafruit_fruit_jam"
    b.BUTTON1, b.BUTTON2, b.BUTTON3 = "B1", "B2", "B3"

    class Runtime:
        display = FakeDisplay()
        serial_bytes_available = 0

    Runtime.display.width, Runtime.display.height = 320, 240
    fake_board.supervisor.runtime = Runtime()
    hw = hb.open()
    bt = hw.buttons
    clock = fake_board.clock
    assert bt.press() == 0 and finds and "hal.gamepad" not in sys.modules  # (none plugged in: not loaded)
    n = len(finds)
    assert bt.press() == 0 and len(finds) == n  # (once a second)
    pad = SnesPad(fail=True)
    plugged.append(pad)
    clock.now += 1000
    assert bt.press() == 0 and "gamepad: " in capsys.readouterr().out  # (a pad that fails: said, tried again)
    pad.fail = False
    clock.now += 1000
    assert bt.press() == 0 and pad.detached and pad.config == 1
    A, B, S, L, R = hal.A, hal.B, hal.START, hal.LEFT, hal.RIGHT
    pad.send(x=0xFF)
    assert bt.press() == R
    clock.now += 400
    assert bt.press() == R  # held (no new report): it repeats
    got = []
    for report in (dict(), dict(face=0x2F), dict(), dict(face=0x4F), dict(face=0x8F), dict(face=0x1F), dict()):
        pad.send(**report)
    pad.send(other=0x20)
    pad.send()
    pad.send(other=0x10)
    pad.send(y=0)
    pad.send(y=0xFF)
    pad.send(x=0)
    pad.send()
    while pad.reports:
        got.append(bt.press())
    assert [p for p in got if p] == [A, B, A, S, S, L, R, L]
    pad.send(face=0x2F)
    pad.gone = True  # unplugged while A is down: nothing more, no stop
    assert bt.press() == 0 and bt.held() == 0
    plugged[0] = SnesPad()
    clock.now += 1000
    bt.press()
    plugged[0].send(face=0x2F)
    assert bt.press() == A  # the new pad

def test_the_rp2_log_makes_its_record_buffer_at_start_up_for_its_largest_record(fake_board):
    # In the nearly empty heap of start-up: a game resumed after the load checks needs no new block.
    b = fake_board.board
    b.board_id = "pimoroni_picosystem"
    for name in "A B X Y UP DOWN LEFT RIGHT".split():
        setattr(b, "SW_" + name, name)
    fake_board.microcontroller.nvm = bytearray(b"\xff" * 4096)
    hw = hb.open()
    store = hw.storage
    assert hw.name == "PicoSystem" and type(store).__name__ == "LogStore"
    buffer = store._rec  # (the store's own record buffer: nothing outside it sees it, the test looks inside)
    assert len(buffer) >= saves.HEAD + store.capacity + saves.TAIL + saves.HEAD
    store.room(5000)  # (App.play's: a game's save buffer; none is larger than the log takes)
    assert store._rec is buffer


def test_a_joystick_off_centre_at_start_is_masked(fake_board):
    b = pybadge(fake_board)
    b.JOYSTICK_X, b.JOYSTICK_Y = "JX", "JY"
    b.board_id = "pygamer"
    AnalogIn.values["JX"] = 65535
    hw = hb.open()
    assert hw.notices == ["Right stuck: ignored"]
    assert hw.buttons.press() == 0
    AnalogIn.values["JX"] = 32767
    assert hw.buttons.press() == 0
    AnalogIn.values["JX"] = 65535
    assert hw.buttons.press() == hal.RIGHT


def test_joystick_axes_can_be_flipped():
    class Pot:
        value = 0

    x, y = Pot(), Pot()
    y.value = 32767
    from hal.joystick import Joystick

    j = Joystick(x, y, flip="x")
    assert j.read() == hal.RIGHT


# Boards with buttons on pins (hal/boards/pins.py) and every settings.toml value: tests/test_settings.py.


def test_no_display_prints_screens_and_no_nvm_reports_saves_off(fake_board, capsys):
    pybadge(fake_board)
    fake_board.microcontroller.nvm = None
    fake_board.board.DISPLAY = None
    hw = hb.open()
    assert "No display: text on USB" in hw.notices and "Saves off: drive read-only" in hw.notices
    assert isinstance(hw.storage, files.FileStore) and hw.storage.where == "/saves/lama.sav"
    from play import view as v

    vw = v.View()
    vw.title = "Hello"
    hw.screen.show(vw)
    assert "= Hello" in capsys.readouterr().out


def test_small_nvm_and_a_writable_drive_save_to_a_file_quietly(fake_board):
    pybadge(fake_board)
    fake_board.microcontroller.nvm = bytearray(1024)
    Mount.readonly = False
    hw = hb.open()
    assert hw.notices == [] and isinstance(hw.storage, files.FileStore)


def test_entropy_is_a_fresh_non_negative_int(fake_board):
    pybadge(fake_board)
    hw = hb.open()
    values = {hw.entropy() for _ in range(20)}
    assert len(values) > 15 and min(values) >= 0


# ---- saves: nvm ----------------------------------------------------------------------------
class Nvm:
    """A microcontroller.nvm: a fixed bytearray; counts writes; can cut a write short."""

    def __init__(self, size=8192, fill=0):
        self.mem = bytearray([fill]) * size
        self.writes = 0
        self.cut_after = None  # bytes a write gets before the "power cut"
        self.broken = False  # writes silently do nothing (worn flash)

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, k):
        return self.mem[k]

    def __setitem__(self, k, value):
        assert isinstance(k, slice)
        self.writes += 1
        if self.broken:
            return
        if self.cut_after is not None:
            part = bytes(value)[: self.cut_after]
            self.mem[k.start : k.start + len(part)] = part
            raise KeyboardInterrupt("power cut")
        assert len(value) == k.stop - k.start
        self.mem[k] = value


def test_nvm_saves_alternate_slots_and_the_newest_wins():
    nvm = Nvm()
    s = slots.NvmStore(nvm)
    assert s.load() is None and s.where == "nvm"
    for i in range(300):  # the 8-bit sequence number wraps
        s.save(b"save %d" % i)
        assert slots.NvmStore(nvm).load() == b"save %d" % i
    b = s.place(0, 1)  # slot B: cell 4, the second half (on an nRF52, the second 4 KB page)
    assert nvm.mem[0:2] == b"LK" and b == 4096 and nvm.mem[b : b + 2] == b"LK"


def test_a_save_is_one_write_and_an_unchanged_save_none():
    nvm = Nvm()
    s = slots.NvmStore(nvm)
    s.save(b"x" * 300)
    assert nvm.writes == 1
    s.save(b"x" * 300)
    assert nvm.writes == 1


@pytest.mark.parametrize("cut", [0, 1, 5, 8, 9, 150, 307])
def test_a_torn_write_leaves_the_previous_save(cut):
    nvm = Nvm()
    s = slots.NvmStore(nvm)
    s.save(b"A" * 300)
    s.save(b"B" * 300)
    nvm.cut_after = cut
    with pytest.raises(KeyboardInterrupt):
        s.save(b"C" * 300)
    nvm.cut_after = None
    after = slots.NvmStore(nvm)  # the reboot
    assert after.load() == b"B" * 300
    after.save(b"D" * 300)  # goes over the torn slot, not over B
    assert slots.NvmStore(nvm).load() == b"D" * 300
    other = after.place(0, 1 - after.newest[0])
    nvm.mem[other : other + 8] = bytes(8)
    assert slots.NvmStore(nvm).load() == b"D" * 300


def test_erased_nvm_of_ff_or_zeros_has_no_save():
    assert slots.NvmStore(Nvm(fill=0xFF)).load() is None
    assert slots.NvmStore(Nvm(fill=0)).load() is None


def test_a_save_too_big_for_the_nvm_raises_enospc_and_keeps_the_old_one():
    nvm = Nvm(4096)
    s = slots.NvmStore(nvm)
    s.save(b"old")
    with pytest.raises(OSError) as e:
        s.save(b"x" * 2000)
    assert e.value.args[0] == 28 and s.load() == b"old"


def test_too_small_nvm_does_not_fit_and_open_falls_back():
    assert not slots.NvmStore.fits(bytearray(1024)) and not slots.NvmStore.fits(None)
    assert slots.NvmStore.fits(bytearray(4096)) and slots.NvmStore.fits(bytearray(8192))


@pytest.mark.parametrize("blob", [False, True])
def test_a_write_that_does_not_read_back_raises_eio(blob):
    # (ESP32's store, blob: the seq, CRC and last byte are read back, by index)
    nvm = Nvm()
    s = slots.NvmStore(nvm, blob=blob)
    s.save(b"good")
    nvm.broken = True
    for data in (b"lost", b"good"):  # (the same payload again: the next slot, another seq)
        with pytest.raises(OSError) as e:
            s.save(data)
        assert e.value.args[0] == 5
    nvm.broken = False
    assert slots.NvmStore(nvm).load() == b"good"


def test_set_aside_keeps_the_rejected_save_and_the_next_load_skips_it():
    nvm = Nvm()
    s = slots.NvmStore(nvm)
    s.save(b"older")
    s.save(b"rejected by the engine")
    s2 = slots.NvmStore(nvm)
    assert s2.load() == b"rejected by the engine"
    assert s2.set_aside() == "nvm aside"
    assert "hal.saves.aside" not in sys.modules  # its code loaded for the moment only
    assert s2.aside() == b"rejected by the engine"
    assert slots.NvmStore(nvm).load() == b"older"
    s2.save(b"new game")  # overwrites the emptied slot, not the older save
    assert slots.NvmStore(nvm).load() == b"new game" and s2.aside() == b"rejected by the engine"


def test_a_damaged_only_save_is_returned_raw_so_the_flow_sets_it_aside():
    nvm = Nvm()
    s = slots.NvmStore(nvm)
    s.save(b"payload!")
    nvm.mem[12] ^= 0x55  # flash damage: the CRC fails, the length is sane
    s2 = slots.NvmStore(nvm)
    data = s2.load()
    assert data is not None and data != b"payload!" and len(data) == 8
    s2.set_aside()
    assert slots.NvmStore(nvm).load() is None and s2.aside() == data


# ---- saves: files ----------------------------------------------------------------------------
def test_file_save_and_load_round_trip(tmp_path):
    path = str(tmp_path / "saves" / "lama.sav")
    s = files.FileStore(path)
    assert s.load() is None
    s.save(b"one")
    s.save(b"two")
    assert files.FileStore(path).load() == b"two"
    assert sorted(os.listdir(tmp_path / "saves")) == ["lama.sav"]


def test_file_save_falls_back_to_a_complete_new_file_after_a_cut_between_remove_and_rename(tmp_path):
    path = str(tmp_path / "lama.sav")
    s = files.FileStore(path)
    s.save(b"old")
    with open(s.new, "wb") as f:
        f.write(saves.record(saves.SAVE, 0, b"new"))
    os.remove(path)  # the power went right after the remove
    s2 = files.FileStore(path)
    assert s2.load() == b"new"
    s2.save(b"newer")  # first finishes the swap, then saves
    assert files.FileStore(path).load() == b"newer" and not os.path.exists(s.new)


def test_a_file_write_cut_short_leaves_the_old_save(tmp_path):
    path = str(tmp_path / "lama.sav")
    s = files.FileStore(path)
    s.save(b"old")
    with open(s.new, "wb") as f:
        f.write(saves.record(saves.SAVE, 0, b"new save")[:9])  # the power went while writing
    assert files.FileStore(path).load() == b"old"


@pytest.mark.parametrize("code", [28, 30])
def test_a_failing_file_save_raises_and_leaves_the_old_save_and_no_debris(tmp_path, monkeypatch, code):
    path = str(tmp_path / "lama.sav")
    s = files.FileStore(path)
    s.save(b"old")
    real_open = open

    class Failing:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def write(self, data):
            self.f.write(data[:5])
            raise OSError(code, "nope")

    def fake_open(p, mode="r", *a, **k):
        f = real_open(p, mode, *a, **k)
        return Failing(f) if "w" in mode else f

    monkeypatch.setattr("builtins.open", fake_open)
    with pytest.raises(OSError) as e:
        s.save(b"new")
    monkeypatch.undo()
    assert e.value.args[0] == code
    assert files.FileStore(path).load() == b"old" and not os.path.exists(s.new)


def test_file_set_aside_renames_to_bad_and_a_raw_foreign_file_is_returned(tmp_path):
    path = str(tmp_path / "lama.sav")
    with open(path, "wb") as f:
        f.write(b"not a record at all")
    s = files.FileStore(path)
    assert s.load() == b"not a record at all"
    assert s.set_aside() == "lama.bad"
    assert not os.path.exists(path) and s.aside() == b"not a record at all"
    assert files.FileStore(path).load() is None


def test_where_strings_fit_the_flows_18_characters():
    assert files.short("/saves/lama.sav") == "/saves/lama.sav"
    assert files.short("/home/someone/.local/share/lama-kadabra/save.bin") == "save.bin"


# ---- boot.py and code.py ---------------------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_file(name):
    import runpy

    return runpy.run_path(os.path.join(ROOT, name), run_name="__main__")


@pytest.mark.parametrize(
    "nvm, held, drive, remounted",
    [
        (8192, (), None, False),  # saves in nvm: the PC keeps the drive
        (None, (), None, True),  # no nvm: the game needs the drive
        (None, (2,), None, False),  # ... unless a button is held at power-up
        (1024, (), None, True),  # nvm too small counts as none
        (8192, (), "code", True),
        (None, (), "pc", False),
    ],
)
def test_boot_py_gives_the_drive_to_the_game_only_when_it_must(
    fake_board, monkeypatch, capsys, nvm, held, drive, remounted
):
    pybadge(fake_board)
    fake_board.microcontroller.nvm = None if nvm is None else bytearray(nvm)
    Scanner.held_at_start = held
    calls = []
    fake_board.storage.remount = lambda path, readonly=True: calls.append((path, readonly))
    monkeypatch.setattr(hb.os, "getenv", lambda k, d=None: drive if k == "LAMA_DRIVE" else d)
    monkeypatch.setitem(sys.modules, "time", types.SimpleNamespace(sleep=lambda s: None))
    run_file("boot.py")
    assert calls == ([("/", False)] if remounted else [])
    assert capsys.readouterr().out.startswith("boot.py: ")


def test_code_py_runs_the_flow_and_shows_a_crash(fake_board, monkeypatch, capsys):
    pybadge(fake_board)
    seen = []

    def run(hw, later=None):
        seen.append(hw)
        assert later is play.app.intern_names  # (the names once the title is up)
        raise RuntimeError("boom")

    import displayio

    import play.app

    monkeypatch.setattr(play.app, "run", run)
    terminal = object()
    monkeypatch.setattr(displayio, "CIRCUITPYTHON_TERMINAL", terminal, raising=False)  # Blinka's, a mark
    fake_board.supervisor.reload = lambda: seen.append("reload")
    Scanner.created = []

    def sleep(seconds):  # once the flow crashed, A is pressed (to restart)
        if seen and Scanner.created:
            Scanner.created[-1].push(1, True)

    monkeypatch.setattr(hb.time, "sleep", program_sleep(sleep))
    run_file("code.py")
    cap = capsys.readouterr()
    out = cap.out + cap.err  # CPython's traceback goes to stderr; CircuitPython's console is both
    assert seen[0].name == "PyBadge" and seen[0].notices == [] and seen[-1] == "reload"
    d = fake_board.board.DISPLAY
    assert d.root_group is terminal and d.auto_refresh is True  # the traceback is on the screen
    assert "L.A.M.A. Kadabra stopped:" in out and "RuntimeError: boom" in out and "Press A to restart." in out


def test_a_setting_that_circuitpython_9_returns_as_an_int_is_its_text(monkeypatch):
    # settings.toml: LAMA_JOYSTICK_FLIP = 1 (unquoted) comes back from os.getenv as 1 on 9.x.
    from hal import settings

    env = {"LAMA_NUMBER": 12, "LAMA_TEXT": " y ", "LAMA_EMPTY": "  "}
    monkeypatch.setattr(hb.os, "getenv", lambda k, d=None: env.get(k, d))
    notices = []
    assert settings.read("LAMA_NUMBER", notices) == "12" and settings.read("LAMA_TEXT", notices) == "y"
    assert settings.read("LAMA_EMPTY", notices) is None and settings.read("LAMA_MISSING", notices) is None
    assert notices == []


def test_lama_seed_in_settings_fixes_the_deal_of_new_games(fake_board, monkeypatch):
    pybadge(fake_board)
    hw = hb.open()
    fresh = {hw.entropy() for _ in range(5)}
    monkeypatch.setattr(hb.os, "getenv", lambda k, d=None: {"LAMA_SEED": "42"}.get(k, d))
    hw = hb.open()  # settings are read at start-up
    assert hw.entropy() == 42 and len(fresh) > 1
