"""Pins for the stand-ins: a class like ``microcontroller.Pin``, and which pins are in use.

Not a CircuitPython module (hence the underscore): board.py makes the pins, keypad.py claims them.
A pin is named as CircuitPython names it in an error: by the first name the board gives it
(shared-bindings/microcontroller/Pin.c, get_pin_name), e.g. "D5 in use".
"""


class Pin:
    """A microcontroller pin: one object per pin, compared by identity, as on a board."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


_made = {}  # MCU pin name ("PA16") -> Pin
# Claimed pins (a display's, a keypad's): a fixed table, so that claiming allocates nothing (a growing
# list would put its growth on the game's heap figure).
_in_use = [None] * 64


def pin(mcu, name):
    """The Pin of MCU pin ``mcu`` (made on first use, named ``name``)."""
    p = _made.get(mcu)
    if p is None:
        p = _made[mcu] = Pin(name)
    return p


def in_use(p):
    """Whether something has claimed ``p``."""
    for q in _in_use:
        if q is p:
            return True
    return False


def claim(p):
    """Takes ``p`` (a second claim of a pin one already has is no error: a DigitalInOut does not check)."""
    if not in_use(p):
        _in_use[_in_use.index(None)] = p


def release(p):
    """Gives ``p`` back (deinit)."""
    for i in range(len(_in_use)):
        if _in_use[i] is p:
            _in_use[i] = None


def type_name(obj):
    """The type's name as CircuitPython's messages give it."""
    return type(obj).__name__
