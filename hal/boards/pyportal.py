"""PyPortal, PyPortal Pynt and PyPortal Titano: the resistive touch panel, no buttons.

A touch is a tap on what the screen shows there: the reader gives display pixels to
``hw.screen.hit(x, y)`` (``screen``, set by hal/boardopen.py) and queues ``hal.TAP`` with that
target, or B / START for the footer's Back and Menu zones (hal/keys.py ``tap``), once per touch:
when two readings 20 ms apart agree within a few pixels; the finger must be lifted before the
next.

The panel is read as Adafruit's adafruit_touchscreen ``Touchscreen.touch_point`` reads it (the
PyPortal library passes ``TOUCH_XL, TOUCH_XR, TOUCH_YD, TOUCH_YU`` as its x1, x2, y1, y2, with
``calibration=((5200, 59000), (5800, 57000))`` and the display's size, the same for all three
boards: docs/BOARDS.md): pressure first (XR low, YD high; z = 65535 - (YU - XL), touched above
10,000), then x (YU high, YD low, XR read) and y (XR high, XL low, YU read), 4 samples each,
scaled to the display and clamped. A pin is a digital output or an analog input in turn, and the C
code refuses a second object on a pin in use: the pressure reading's four objects stay made while
the panel waits for a touch (a poll then allocates nothing: no garbage every 20 ms, scattered
among what the game keeps), and a touch lets them go for the x and y readings, whose objects are
made and let go each time. Nothing to install, no float arithmetic.
"""

import analogio
import board
import digitalio
import supervisor

import hal
from hal import keys

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

CALIBRATION = (5200, 59000, 5800, 57000)  # raw x at the left and right edges, y at the top and bottom
_Z = const(10000)  # the pressure that is a touch
_POLL_MS = const(20)
_SAME = const(8)  # pixels two readings of one touch may differ by


class Touch(keys.Buttons):
    """``hw.buttons`` of a touch panel: taps (``hal.TAP``, B, START)."""

    def __init__(self, ticks_ms, pins, size):
        super().__init__(ticks_ms)
        self.pins = pins  # XL, XR, YD, YU
        self.size = size
        self.screen = None  # hw.screen: its hit(x, y) says what a touch lands on
        self.state = 0  # 0: not touched, 1: touched once (at x, y), 2: tapped (until lifted)
        self.x = 0
        self.y = 0
        self.last = 0
        self.at = 0  # when the touch being read began
        self.idle = None  # (XR low, YD high, XL in, YU in) while waiting for a touch

    def poll(self):
        """Read the panel (every 20 ms at most): a touch confirmed is a tap."""
        now = self.ticks_ms()
        if hal.ticks_diff(now, self.last) < _POLL_MS:
            return
        self.last = now
        xl, xr, yd, yu = self.pins
        if not self.pressed():
            self.state = 0
            return
        if self.state == 2:
            return
        self.let_go()
        x = self.axis(yu, yd, xr, CALIBRATION[0], CALIBRATION[1], self.size[0])
        y = self.axis(xr, xl, yu, CALIBRATION[2], CALIBRATION[3], self.size[1])
        if self.state == 1 and abs(x - self.x) <= _SAME and abs(y - self.y) <= _SAME and self.pressed():
            self.state = 2
            hit = getattr(self.screen, "hit", None)  # (a screen that cannot say: a tap on the screen)
            kind, index = hit(x, y) if hit is not None else (hal.HIT_SCREEN, 0)
            self.tap(kind, index, self.at)  # (when the touch began: a hand-off's hush)
            return
        self.state = 1
        self.x = x
        self.y = y
        self.at = now

    def pressed(self):
        """True while the panel is pressed harder than the threshold."""
        idle = self.idle
        if idle is None:
            xl, xr, yd, yu = self.pins
            low = digitalio.DigitalInOut(xr)
            high = digitalio.DigitalInOut(yd)
            low.switch_to_output(False)
            high.switch_to_output(True)
            self.idle = idle = (low, high, analogio.AnalogIn(xl), analogio.AnalogIn(yu))
        return 65535 - (idle[3].value - idle[2].value) > _Z

    def let_go(self):
        """Let the pressure reading's pins go (their next use is the x and y readings')."""
        if self.idle is not None:
            for pin in self.idle:
                pin.deinit()
            self.idle = None

    @staticmethod
    def read(pin, n=1):
        """The sum of ``n`` analog readings of ``pin`` (made an AnalogIn for them, then let go)."""
        a = analogio.AnalogIn(pin)
        try:
            total = 0
            for _ in range(n):
                total += a.value
            return total
        finally:
            a.deinit()

    def axis(self, high, low, sense, lo, hi, size):
        """One coordinate in pixels: ``high`` driven high, ``low`` low, ``sense`` read 4 times."""
        h = digitalio.DigitalInOut(high)
        g = digitalio.DigitalInOut(low)
        try:
            h.switch_to_output(True)
            g.switch_to_output(False)
            total = self.read(sense, 4)
        finally:
            h.deinit()
            g.deinit()
        v = (total // 4 - lo) * size // (hi - lo)
        return 0 if v < 0 else size - 1 if v >= size else v


def open(profile, notices):
    """(board.DISPLAY, the touch panel's reader)."""
    display = getattr(board, "DISPLAY", None)
    size = (display.width, display.height) if display is not None else profile.size
    return display, Touch(supervisor.ticks_ms, [getattr(board, name) for name in profile.pins], size)
