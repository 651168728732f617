"""Stand-in for digitalio: a DigitalInOut that keeps its direction and value; ``high``, the pins
driven high now (analogio.py: the touch panel), and an input's value is the script's (keypad.py:
the MEMENTO's shutter, ``BUTTON``, pressed low)."""

import keypad

high = [None] * 4  # pins driven high now (a fixed table: claiming allocates nothing)


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DriveMode:
    PUSH_PULL = 0
    OPEN_DRAIN = 1


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.data = False
        self.pull = None

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self.data
        import board

        return getattr(board, keypad.script.pin or "-", None) is not self.pin

    @value.setter
    def value(self, v):
        self.data = v
        if self.pin in high:
            high[high.index(self.pin)] = None
        if v and self.direction == Direction.OUTPUT and None in high:
            high[high.index(None)] = self.pin

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def deinit(self):
        self.value = False
