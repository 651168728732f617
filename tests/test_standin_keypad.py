"""The keypad and board stand-ins (tools/standins) refuse what CircuitPython refuses and cost what it costs.

A test per refusal of shared-bindings/keypad/Keys.c and ShiftRegisterKeys.c (10.2.1 and 9.2.9 make
the same ones) on CPython; then the stand-ins on the 10.2.1 and 9.2.9 unix ports: the PyBadge's
pins as Pin objects, the display's pins in use, and the heap of a scanner against the C objects'
(shared-module/keypad: ShiftRegisterKeys with 8 keys 592 bytes on a 32-bit board).
"""

import sys
import types

import pytest

from tests.test_settings import STANDINS, standin
from tools import cpboard


@pytest.fixture
def kp(monkeypatch, tmp_path):
    """The keypad stand-in; ``kp.P`` four free pins."""
    monkeypatch.chdir(tmp_path)  # (no keys.txt: no presses)
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=lambda: 7))
    keypad = standin("keypad", "keypad")
    keypad.P = [keypad.Pin("D%d" % i) for i in range(4)]
    return keypad


def refused(kind, message, make):
    with pytest.raises(kind) as e:
        make()
    assert str(e.value) == message


def test_keys_needs_value_when_pressed(kp):
    refused(TypeError, "'value_when_pressed' argument required", lambda: kp.Keys(kp.P[:1]))


def test_shift_register_keys_needs_value_when_pressed(kp):
    p = kp.P
    refused(
        TypeError,
        "'value_when_pressed' argument required",
        lambda: kp.ShiftRegisterKeys(clock=p[0], data=p[1], latch=p[2], key_count=8),
    )


@pytest.mark.parametrize("left_out", ["clock", "data", "latch", "key_count"])
def test_shift_register_keys_needs_its_pins_and_key_count(kp, left_out):
    args = dict(clock=kp.P[0], data=kp.P[1], latch=kp.P[2], key_count=8, value_when_pressed=True)
    del args[left_out]
    refused(TypeError, "'%s' argument required" % left_out, lambda: kp.ShiftRegisterKeys(**args))


@pytest.mark.parametrize("not_a_pin", ["D5", None, 5, object])
def test_keys_refuses_what_is_not_a_pin(kp, not_a_pin):
    name = type(not_a_pin).__name__
    refused(
        TypeError,
        "object in row_pins must be of type Pin, not %s" % name,
        lambda: kp.Keys([kp.P[0], not_a_pin], value_when_pressed=False),
    )


def test_keys_refuses_a_pin_twice(kp):
    p = kp.P
    refused(
        TypeError, "row_pins contains duplicate pins", lambda: kp.Keys([p[0], p[1], p[0]], value_when_pressed=False)
    )


def test_keys_refuses_pins_that_are_no_sequence(kp):
    with pytest.raises(TypeError):
        kp.Keys(kp.P[0], value_when_pressed=False)


def test_a_pin_in_use_is_refused_until_its_scanner_lets_go(kp):
    first = kp.Keys(kp.P[:2], value_when_pressed=False)
    refused(ValueError, "D1 in use", lambda: kp.Keys([kp.P[2], kp.P[1]], value_when_pressed=False))
    first.deinit()
    kp.Keys([kp.P[2], kp.P[1]], value_when_pressed=False).deinit()


@pytest.mark.parametrize("arg", ["clock", "data", "latch"])
def test_shift_register_keys_refuses_a_non_pin(kp, arg):
    args = dict(clock=kp.P[0], data=kp.P[1], latch=kp.P[2], key_count=8, value_when_pressed=True)
    args[arg] = "BUTTON_CLOCK"
    refused(TypeError, "%s must be of type Pin, not str" % arg, lambda: kp.ShiftRegisterKeys(**args))


def test_shift_register_keys_refuses_a_pin_in_use(kp):
    kp.pins[0] = kp.P[2]  # in use
    p = kp.P
    refused(
        ValueError,
        "D2 in use",
        lambda: kp.ShiftRegisterKeys(clock=p[0], data=p[1], latch=p[2], key_count=8, value_when_pressed=True),
    )


@pytest.mark.parametrize(
    "key_count, message",
    [(0, "key_count must be >= 1"), ((8, 8), "key_count length must be 1"), ((0,), "key_count must be >= 1")],
)
def test_shift_register_keys_checks_key_count(kp, key_count, message):
    p = kp.P
    refused(
        ValueError,
        message,
        lambda: kp.ShiftRegisterKeys(clock=p[0], data=p[1], latch=p[2], key_count=key_count, value_when_pressed=True),
    )


@pytest.mark.parametrize(
    "kw, kind, message",
    [
        ({"interval": -0.1}, ValueError, "interval must be >= 0"),
        ({"interval": "fast"}, TypeError, "interval must be of type float, not str"),
        ({"max_events": 0}, ValueError, "max_events must be >= 1"),
        ({"debounce_threshold": 0}, ValueError, "debounce_threshold must be 1-127"),
        ({"debounce_threshold": 128}, ValueError, "debounce_threshold must be 1-127"),
    ],
)
def test_scanners_check_interval_max_events_and_debounce(kp, kw, kind, message):
    refused(kind, message, lambda: kp.Keys(kp.P[:1], value_when_pressed=False, **kw))


def test_an_event_is_as_keypad_makes_it(kp):
    e = kp.Event(3, False)
    assert (e.key_number, e.pressed, e.released, e.timestamp) == (3, False, True, 7)
    refused(ValueError, "key_number must be >= 0", lambda: kp.Event(-1))


# ---- on CircuitPython's unix ports ----------------------------------------------------------------------
VERSIONS = [
    pytest.param(v, marks=pytest.mark.skipif(bool(cpboard.missing(v)), reason=cpboard.missing(v) or ""))
    for v in cpboard.VERSIONS
]

ON_THE_PORT = """
import gc
import board, keypad, microcontroller

def cost(make):
    gc.collect()
    a = gc.mem_alloc()
    x = make()
    gc.collect()
    used = gc.mem_alloc() - a
    if hasattr(x, "deinit"):
        x.deinit()
    return used

assert isinstance(board.board_id, str) and isinstance(board.D5, microcontroller.Pin)
assert board.D8 is board.NEOPIXEL and not isinstance(board.I2C, microcontroller.Pin)
try:
    keypad.Keys((board.TFT_CS,), value_when_pressed=False)
except ValueError as e:
    print("display pin:", e)
try:
    keypad.Keys((board.D5, board.D5), value_when_pressed=False)
except TypeError as e:
    print("twice:", e)
keypad.Event()
pybadge = lambda n: keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                             latch=board.BUTTON_LATCH, key_count=n, value_when_pressed=True)
pins8 = (board.D0, board.D1, board.D4, board.D5, board.D6, board.D9, board.D10, board.D11)
print("ShiftRegisterKeys(8)", cost(lambda: pybadge(8)))
print("ShiftRegisterKeys(4)", cost(lambda: pybadge(4)))
print("Keys(8)", cost(lambda: keypad.Keys(pins8, value_when_pressed=False)))
print("Event x10", cost(lambda: [keypad.Event() for _ in range(10)]) - cost(lambda: [None for _ in range(10)]))
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_the_standins_on_circuitpython_refuse_and_cost_as_the_c_objects(version, tmp_path):
    done = cpboard.run(version, ON_THE_PORT, "128k", [STANDINS], cwd=str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    got = dict(line.rsplit(" ", 1) for line in done.stdout.splitlines() if line.split()[0][0].isupper())
    assert "display pin: TFT_CS in use" in done.stdout and "twice: row_pins contains duplicate pins" in done.stdout
    # The C objects (tools/standins/keypad.py, _c_bytes): 592 and 656 bytes; an Event 16, here 48.
    assert (got["ShiftRegisterKeys(8)"], got["ShiftRegisterKeys(4)"], got["Keys(8)"]) == ("592", "592", "656")
    assert int(got["Event x10"]) == 480, done.stdout
