"""Buttons read from ``keypad`` scanners (and the PyGamer's joystick): the board families with keypad.

Imported by hal/boards/badge.py, pins.py, gizmo.py and fruitjam.py (not on the PyPortal or the
MEMENTO, whose input is a touch panel or an I2C expander). Key events are read with ``get_into``
into one reused ``keypad.Event``; ``tables[i][2 * n]`` and ``[2 * n + 1]`` are the short and long
bits of key ``n`` of scanner ``i`` (hal/keys.py; a board may need two scanners: the Reverse TFT
Feathers' D0 is pressed low, D1 and D2 high). A lost-events overflow is recovered from without
acting on held keys.
"""

import keypad

import hal
from hal import keys

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

_QUIET_MS = const(100)


class KeypadButtons(keys.Buttons):
    """Buttons from keypad scanners (and a joystick), a table of short and long bits each."""

    def __init__(self, ticks_ms, scanners, tables, joystick=None):
        super().__init__(ticks_ms)
        self.scanners = scanners
        self.tables = tables
        self.event = keypad.Event()
        self.joystick = joystick
        self.overflows = 0
        self._quiet = False  # after an overflow: held keys come back, but are no presses
        self._quiet_until = 0

    def poll(self):
        """Read every scanner's events (and the joystick)."""
        for i in range(len(self.scanners)):
            self.read(self.scanners[i], self.tables[i])
        if self.joystick is not None:
            self.joystick.poll(self)

    def read(self, scanner, table):
        """Turn one scanner's events into down()/up() calls."""
        events = scanner.events
        if events.overflowed:
            events.clear()
            self.overflows += 1
            self.release_all()
            for s in self.scanners:
                s.reset()  # held keys report again: as held, not as presses
            self._quiet = True
            self._quiet_until = (self.ticks_ms() + _QUIET_MS) & 0x1FFFFFFF
        elif self._quiet and hal.ticks_diff(self.ticks_ms(), self._quiet_until) >= 0:
            self._quiet = False
        ev = self.event
        while events.get_into(ev):
            n = 2 * ev.key_number
            bit = table[n] if n < len(table) else 0
            if not ev.pressed:
                self.up(bit)
            elif self._quiet:
                self.hold(bit)
            else:
                self.down(bit, ev.timestamp, table[n + 1] if bit else 0)
