"""Stand-in for analogio: an AnalogIn whose value is the script's (keypad.py): the PyGamer's stick
(``JOYSTICK_X``/``_Y``: the script's Left, Right, Up, Down push it to an end) and the PyPortal's
resistive touch panel (``tap:X,Y``), read as hal/boards/pyportal.py reads it: the pressure with XR
low and YD high (XL and YU), x on XR, y on YU with XR high (digitalio.py keeps the pins driven
high); a raw reading is the calibration's (5200..59000, 5800..57000) at the display pixel."""

import board
import digitalio
import keypad


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        s = keypad.script
        pin = self.pin
        if s.events is None:  # no scanner ticks the script: the touch panel does, at its pressure reading
            if pin is getattr(board, "TOUCH_XL", None):
                keypad.tick()
        d = s.pin
        if pin is getattr(board, "JOYSTICK_X", None):
            return 65535 if d == ">" else 0 if d == "<" else 32767
        if pin is getattr(board, "JOYSTICK_Y", None):
            return 65535 if d == "v" else 0 if d == "^" else 32767
        if s.x < 0:  # no tap
            return 0 if pin is getattr(board, "TOUCH_XL", None) else 65535
        w, h = board.DISPLAY.width, board.DISPLAY.height
        if pin is getattr(board, "TOUCH_XR", None):
            return 5200 + (2 * s.x + 1) * (59000 - 5200) // (2 * w)
        if pin is board.TOUCH_YU and board.TOUCH_XR in digitalio.high:
            return 5800 + (2 * s.y + 1) * (57000 - 5800) // (2 * h)
        return 30000  # a touch's pressure: XL and YU alike

    def deinit(self):
        pass
