"""PyBadge, PyBadge LC, EdgeBadge and PyGamer: the 74HC165 shift register (and the PyGamer's stick).

* PyBadge / EdgeBadge: ``keypad.ShiftRegisterKeys``, 8 keys, pressed = high (100K pull-downs:
  docs/BOARDS.md); key numbers are the hal bits (0=B 1=A 2=Start 3=Select 4=Right 5=Down 6=Up
  7=Left).
* PyGamer: the same register with 4 keys (B, A, Start, Select) and the analog joystick
  (``JOYSTICK_X``/``_Y``: hal/joystick.py) for the D-pad. ``LAMA_JOYSTICK_FLIP = "y"`` (or "x",
  "xy") in settings.toml flips an axis.

Display: ``board.DISPLAY`` (160x128).
"""

import board
import keypad
import supervisor

from hal import keypads


def open(profile, notices):
    """(board.DISPLAY, the buttons) of a PyBadge or PyGamer; notices appended."""
    joystick = None
    count = 8
    if profile.pins:  # PyGamer: 4 keys on the register, the stick on the ADC
        count = 4
        try:
            import analogio

            from hal import settings
            from hal.joystick import Joystick

            joystick = Joystick(
                analogio.AnalogIn(getattr(board, profile.pins[0])),
                analogio.AnalogIn(getattr(board, profile.pins[1])),
                settings.choice("LAMA_JOYSTICK_FLIP", "x y xy yx".split(), notices) or "",
            )
        except ImportError:
            notices.append("No joystick: no analogio")
    register = keypad.ShiftRegisterKeys(
        clock=getattr(board, "BUTTON_CLOCK"),
        data=getattr(board, "BUTTON_OUT"),
        latch=getattr(board, "BUTTON_LATCH"),
        key_count=count,
        value_when_pressed=True,
    )
    buttons = keypads.KeypadButtons(supervisor.ticks_ms, (register,), (profile.table(range(count)),), joystick)
    return getattr(board, "DISPLAY", None), buttons
