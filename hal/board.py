"""The hardware object for CircuitPython boards: ``open()`` makes it at start-up.

``open()`` runs hal/boardopen.py (start-up code, forgotten when done): it finds the board's
profile (hal/boards/__init__.py: by ``board.board_id``, or ``LAMA_BOARD`` in settings.toml) and
its family's module of hal/boards/, which opens the display and the buttons:

* ``badge``: PyBadge / EdgeBadge (``keypad.ShiftRegisterKeys``, 8 keys) and PyGamer (4 keys and
  the analog joystick, hal/joystick.py);
* ``pins``: buttons on pins (``keypad.Keys`` a pressed level): CLUE, FunHouse, the Reverse TFT
  Feathers, PicoSystem, and a board of no profile (``LAMA_BUTTON_A = "D5"``... or its own
  ``BUTTON_*`` pins, the best scheme they allow);
* ``gizmo``: Circuit Playground Bluefruit with the TFT Gizmo, its display made in code;
* ``pyportal``: the resistive touch panel (taps: ``hw.screen.hit``);
* ``fruitjam``: the DVI display made in code, three buttons and a USB keyboard;
* ``memento``: the keys on an I2C expander, polled (no keypad in that firmware).

Presses come from hal/keys.py (D-pad repeat: 400 ms, then every 120 ms; long presses on boards
with two or three buttons; taps); keypad events are read with ``get_into`` into one reused event
(hal/keypads.py). A key held at start-up is ignored until it is let go ("A stuck: ignored").

Display: the board's, with ``auto_refresh`` off, one ``refresh()`` per screen (hal/render/__init__.py).
No display: the screens are printed to the USB console (hal/console.py). code.py shows an
unexpected exception with hal/crash.py.

``LAMA_SEED = "42"`` in settings.toml deals every new game from that seed (to replay a game
someone reports); without it each game gets fresh entropy. Settings are read at start-up by
hal/settings.py: no value stops the game (a bad one is named in ``hw.notices``).

Lights and sound (``hw.lights``, ``hw.sound``): hal/fx.py (made by hal/fxopen.py).

Storage: ``microcontroller.nvm`` when it has room (hal/saves/slots.py: two slots a record kind; on
RP2040/RP2350 an appended log, hal/saves/log.py: the profile's erase rule), else the file
``/saves/lama.sav`` (writable when boot.py remounted the drive). Problems found on the way end
up in ``hw.notices``; the game carries on regardless.
"""

import os
import time

import hal


class Clock:
    """``hw.clock``: ``ticks_ms()`` (supervisor's) and ``sleep_ms(ms)``."""

    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms

    def sleep_ms(self, ms):
        """Sleep ``ms`` milliseconds."""
        time.sleep(ms / 1000)


class Hardware:
    """The hardware object ``hw`` of a board (the interface: hal/__init__.py)."""

    # The language the game is asked to speak: LAMA_LANG, else the firmware's (hal/boardopen.py);
    # a language picked in the game's menu wins over it (play/app.py).
    language_wins = False

    def __init__(
        self, clock, name, buttons, screen, storage, notices, lights, sound, seed=None, pystones=1450, language=""
    ):
        self.clock = clock
        self.name = name
        self.buttons = buttons
        self.screen = screen
        self.storage = storage
        self.notices = notices
        self.lights = lights
        self.sound = sound
        self.seed = seed  # LAMA_SEED (read at start-up by hal/settings.py), or None
        self.pystones = pystones  # the board's speed class (hal/boards): Hard's budget scales with it
        self.language = language

    def entropy(self):
        """A fresh int >= 0 to seed a new game (LAMA_SEED's when set)."""
        # LAMA_SEED in settings.toml: every new game is dealt the same (to replay a bug report).
        if self.seed is not None:
            return self.seed
        try:
            return int.from_bytes(os.urandom(4), "big")
        except (NotImplementedError, AttributeError, OSError):
            return self.clock.ticks_ms() * 2654435761 & 0x3FFFFFFF


def open():
    """The hardware object of this board (the hal interface, see hal/__init__.py).

    Made by hal/boardopen.py, start-up code that is forgotten once it is done, with the profile
    table (hal/boards/__init__.py): their heap comes back for the game. The board family's
    module stays: its buttons read the hardware.
    """
    import supervisor

    from hal import boardopen

    clock = Clock(supervisor.ticks_ms)
    hw = Hardware(clock, *boardopen.make(clock))
    del boardopen
    for name in "hal.boardopen hal.settings hal.boards".split():
        hal.forget(name)  # (the family's module lives on in its buttons' class, if it has one)
    return hw
