"""The hardware object for CircuitPython boards: ``open()`` picks the board at start-up.

* PyBadge / EdgeBadge: ``keypad.ShiftRegisterKeys``, 8 keys; key numbers are
  the hal bits (0=B 1=A 2=Start 3=Select 4=Right 5=Down 6=Up 7=Left).
* PyGamer: the same shift register with 4 keys (B, A, Start, Select) and the
  analog joystick (``JOYSTICK_X``/``_Y``, 0..65535, centre ~32767): beyond a
  +-15000 dead zone it is a D-pad press (released again inside +-12000).
  ``LAMA_JOYSTICK_FLIP = "y"`` (or "x", "xy") in settings.toml flips an axis.
* Any other board: buttons on their own pins (``keypad.Keys``, pressed =
  low, internal pull-ups), named in settings.toml, e.g.
  ``LAMA_BUTTON_A = "D5"`` (also ``_B _START _SELECT _UP _DOWN _LEFT
  _RIGHT``); without a setting, the board's ``BUTTON_A``/``SW_A``... pins
  (hal/pins.py, imported only on such boards).

Key events are read with ``get_into`` into one reused ``keypad.Event``; the
D-pad repeats in software (hal/keys.py: 400 ms, then every 120 ms). A key
held at start-up is ignored until it is let go ("A stuck: ignored"); a
lost-events overflow is recovered from without acting on held keys.

Display: ``board.DISPLAY`` with ``auto_refresh`` off, one ``refresh()`` per
screen (hal/render.py). No display: the screens are printed to the USB
console. ``hal.boardopen.crash(e, hw)`` (code.py calls it) puts an unexpected exception on
the display's terminal and the console; A then restarts the board.

``LAMA_SEED = "42"`` in settings.toml deals every new game from that seed (to replay a game
someone reports); without it each game gets fresh entropy. Settings are read at start-up by
hal/boardopen.py: no value stops the game (a bad one is named in ``hw.notices``).

Lights and sound (``hw.lights``, ``hw.sound``): hal/fx.py (made by hal/fxopen.py).
``open()`` runs hal/boardopen.py (the detection above), then forgets it.

Storage: ``microcontroller.nvm`` when it has room (hal/saves.py: two slots
a record kind; on RP2040/RP2350 an appended log, hal/nvmlog.py, chosen from
``sys.platform``), else the file ``/saves/lama.sav`` (writable when boot.py
remounted the drive). Problems found on the way end up in
``hw.notices``; the game carries on regardless.
"""

import os
import time

import hal
from hal import keys

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

SAVE_PATH = "/saves/lama.sav"
_QUIET_MS = const(100)


class KeypadButtons(keys.Buttons):
    """Buttons from a keypad scanner (and a joystick), ``bits[key_number]`` each."""

    def __init__(self, scanner, bits, ticks_ms, event, joystick=None):
        super().__init__(ticks_ms)
        self.scanner = scanner
        self.bits = bits
        self.event = event
        self.joystick = joystick
        self.overflows = 0
        self._quiet = False  # after an overflow: held keys come back, but are no presses
        self._quiet_until = 0

    def poll(self):
        scanner = self.scanner
        if scanner is not None:
            events = scanner.events
            if events.overflowed:
                events.clear()
                self.overflows += 1
                self.release_all()
                scanner.reset()  # held keys report again: as held, not as presses
                self._quiet = True
                self._quiet_until = (self.ticks_ms() + _QUIET_MS) & 0x1FFFFFFF
            elif self._quiet and hal.ticks_diff(self.ticks_ms(), self._quiet_until) >= 0:
                self._quiet = False
            ev = self.event
            bits = self.bits
            while events.get_into(ev):
                n = ev.key_number
                bit = bits[n] if n < len(bits) else 0
                if not ev.pressed:
                    self.up(bit)
                elif self._quiet:
                    if not bit & self.mask:
                        self._held |= bit
                else:
                    self.down(bit, ev.timestamp)
        if self.joystick is not None:
            self.joystick.poll(self)


class Clock:
    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


class Hardware:
    def __init__(self, name, buttons, screen, storage, clock, notices, lights, sound, seed=None):
        self.name = name
        self.buttons = buttons
        self.screen = screen
        self.storage = storage
        self.clock = clock
        self.notices = notices
        self.lights = lights
        self.sound = sound
        self.seed = seed  # LAMA_SEED (read at start-up by hal/boardopen.py), or None

    def entropy(self):
        # LAMA_SEED in settings.toml: every new game is dealt the same (to replay a bug report).
        if self.seed is not None:
            return self.seed
        try:
            return int.from_bytes(os.urandom(4), "big")
        except (NotImplementedError, AttributeError, OSError):
            return self.clock.ticks_ms() * 2654435761 & 0x3FFFFFFF


def open():
    """The hardware object of this board (the hal interface, see hal/__init__.py).

    Made by hal/boardopen.py, start-up code that is forgotten once it is done: its heap
    comes back for the game.
    """
    from hal import boardopen

    hw = boardopen.make()
    del boardopen
    hal.forget("hal.boardopen")
    return hw
