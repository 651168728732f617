"""The PyPortal family's touch reader (hal/boards/pyportal.py) on CPython, with a fake panel.

The fake pins refuse a second object on a pin in use, as CircuitPython's C code does, and the
fake panel answers each analog reading from which pins are driven: the pressure reading (XR low,
YD high), x (YU high, YD low, XR read) and y (XR high, XL low, YU read).
"""

import importlib
import sys
import types

import pytest

import hal

CAL = (5200, 59000, 5800, 57000)


class Panel:
    """Four pins, the outputs driven now, a finger (x, y in pixels) or None."""

    def __init__(self, size):
        self.size = size
        self.in_use = {}  # pin -> the object on it
        self.driven = {}  # pin -> level, of the digital outputs
        self.finger = None
        self.made = 0  # DigitalInOut and AnalogIn objects made

    def claim(self, pin, obj):
        if pin in self.in_use:
            raise ValueError("%s in use" % pin)
        self.in_use[pin] = obj
        self.made += 1

    def let_go(self, pin):
        self.in_use.pop(pin, None)
        self.driven.pop(pin, None)

    def reading(self, pin):
        if self.finger is None:  # the layers apart: the sense pin floats low, YU reads high
            return 65535 if pin == "YU" else 0
        fx, fy = self.finger
        if pin == "XR":  # x: YU high, YD low
            assert self.driven == {"YU": True, "YD": False}
            return CAL[0] + fx * (CAL[1] - CAL[0]) // self.size[0]
        if pin == "YU" and self.driven.get("XR"):  # y: XR high, XL low
            assert self.driven == {"XR": True, "XL": False}
            return CAL[2] + fy * (CAL[3] - CAL[2]) // self.size[1]
        assert self.driven == {"XR": False, "YD": True}  # the pressure: XR low, YD high
        return {"XL": 20000, "YU": 30000}[pin]


@pytest.fixture
def panel(monkeypatch):
    p = Panel((320, 240))

    class DigitalInOut:
        def __init__(self, pin):
            p.claim(pin, self)
            self.pin = pin

        def switch_to_output(self, value=False):
            p.driven[self.pin] = value

        def deinit(self):
            p.let_go(self.pin)

    class AnalogIn:
        def __init__(self, pin):
            p.claim(pin, self)
            self.pin = pin

        @property
        def value(self):
            return p.reading(self.pin)

        def deinit(self):
            p.let_go(self.pin)

    mods = {
        "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut),
        "analogio": types.SimpleNamespace(AnalogIn=AnalogIn),
        "board": types.SimpleNamespace(),
        "supervisor": types.SimpleNamespace(ticks_ms=lambda: 0),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "hal.boards.pyportal", raising=False)
    pyportal = importlib.import_module("hal.boards.pyportal")  # (anew, with these modules)

    p.clock = [0]
    p.touch = pyportal.Touch(lambda: p.clock[0], ("XL", "XR", "YD", "YU"), p.size)
    p.hits = []
    p.touch.screen = types.SimpleNamespace(hit=lambda x, y: p.hits.append((x, y)) or (hal.HIT_LINE, 3))
    return p


def polls(p, n):
    for _ in range(n):
        p.clock[0] += 20
        p.touch.poll()


def test_an_idle_panel_is_polled_without_making_objects(panel):
    polls(panel, 1)
    assert panel.made == 4 and sorted(panel.in_use) == ["XL", "XR", "YD", "YU"]
    polls(panel, 200)  # four seconds of waiting
    assert panel.made == 4
    assert panel.touch.press() == 0


def test_a_touch_is_one_tap_where_the_finger_is_and_the_panel_waits_again_after_it(panel):
    polls(panel, 3)
    panel.finger = (100, 60)
    polls(panel, 5)
    assert panel.touch.press() == hal.TAP and panel.touch.press() == 0  # once per touch
    ((x, y),) = panel.hits
    assert abs(x - 100) <= 1 and abs(y - 60) <= 1
    panel.finger = None
    polls(panel, 2)
    made = panel.made
    polls(panel, 100)
    assert panel.made == made  # idle again: nothing made
    panel.finger = (300, 200)
    polls(panel, 5)
    assert panel.touch.press() == hal.TAP and len(panel.hits) == 2
