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
console. ``crash(e, hw)`` (code.py calls it) puts an unexpected exception on
the display's terminal and the console; A then restarts the board.

``LAMA_SEED = "42"`` in settings.toml deals every new game from that seed (to replay a game
someone reports); without it each game gets fresh entropy.

Lights and sound (``hw.lights``, ``hw.sound``): hal/fx.py (made by hal/fxopen.py).

Storage: ``microcontroller.nvm`` when it holds two save slots and
an aside area (hal/saves.py), else the file ``/saves/lama.sav`` (writable
when boot.py remounted the drive). Problems found on the way end up in
``hw.notices``; the game carries on regardless.
"""

import os
import time

import hal
from hal import keys, saves

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

SAVE_PATH = "/saves/lama.sav"
CENTRE = const(32767)
DEAD_ZONE = const(15000)
RELEASE_ZONE = const(12000)
_SETTLE_MS = const(60)
_STUCK_MS = const(1000)
_QUIET_MS = const(100)
PRETTY = {"pybadge": "PyBadge", "pygamer": "PyGamer", "edgebadge": "EdgeBadge"}


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

    def settle(self, sleep_ms):
        """At start-up: the bits of keys still held after a second (now masked)."""
        sleep_ms(_SETTLE_MS)
        self.poll()
        waited = 0
        while self._held and waited < _STUCK_MS:
            sleep_ms(20)
            waited += 20
            self.poll()
        stuck = self._held
        self.mask |= stuck
        self._held = 0
        self._rep_bit = 0
        self._count = 0
        return stuck


class Joystick:
    """An analog stick as the four D-pad bits, with a dead zone and hysteresis."""

    def __init__(self, ax, ay, flip="", centre=CENTRE, dead=DEAD_ZONE, release=RELEASE_ZONE):
        self.ax = ax
        self.ay = ay
        self.flip_x = "x" in flip
        self.flip_y = "y" in flip
        self.centre = centre
        self.dead = dead
        self.release = release
        self.state = 0

    def _axis(self, value, low, high, flip):
        d = value - self.centre
        if flip:
            d = -d
        was = self.state & (low | high)
        zone = self.release if was else self.dead
        if d < -zone:
            return low
        if d > zone:
            return high
        return 0

    def read(self):
        return self._axis(self.ax.value, hal.LEFT, hal.RIGHT, self.flip_x) | self._axis(
            self.ay.value, hal.UP, hal.DOWN, self.flip_y
        )

    def poll(self, buttons):
        now = self.read()
        changed = now ^ self.state
        if changed:
            self.state = now
            for bit in (hal.RIGHT, hal.DOWN, hal.UP, hal.LEFT):
                if changed & bit:
                    if now & bit:
                        buttons.down(bit)
                    else:
                        buttons.up(bit)


class Clock:
    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


class Hardware:
    def __init__(self, name, buttons, screen, storage, clock, notices, lights, sound):
        self.name = name
        self.buttons = buttons
        self.screen = screen
        self.storage = storage
        self.clock = clock
        self.notices = notices
        self.lights = lights
        self.sound = sound

    def entropy(self):
        # LAMA_SEED in settings.toml: every new game is dealt the same (to replay a bug report).
        seed = setting("LAMA_SEED")
        if seed is not None and seed.isdigit():
            return int(seed)
        try:
            return int.from_bytes(os.urandom(4), "big")
        except (NotImplementedError, AttributeError, OSError):
            return self.clock.ticks_ms() * 2654435761 & 0x3FFFFFFF


def setting(name):
    """A string from settings.toml (``os.getenv``), stripped; None when unset or empty.

    CircuitPython 9 returns an unquoted number (``LAMA_X = 5``) as an int: that is its text.
    """
    try:
        value = os.getenv(name)
    except (AttributeError, TypeError):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return value.strip() if isinstance(value, str) and value.strip() else None


def make_buttons(ticks_ms, notices):
    """The board's buttons (see the module docstring), notices appended."""
    import board
    import keypad

    try:
        import analogio
    except ImportError:
        analogio = None  # type: ignore[assignment]
    event = keypad.Event()
    names = hal.NAMES.split()
    if hasattr(board, "BUTTON_CLOCK"):
        joystick = None
        count = 8
        if hasattr(board, "JOYSTICK_X"):  # PyGamer: 4 keys on the register, the stick on the ADC
            count = 4
        if count == 4 and analogio is None:
            notices.append("No joystick: no analogio")
        elif count == 4:
            joystick = Joystick(
                analogio.AnalogIn(getattr(board, "JOYSTICK_X")),
                analogio.AnalogIn(getattr(board, "JOYSTICK_Y")),
                (setting("LAMA_JOYSTICK_FLIP") or "").lower(),
            )
        register = keypad.ShiftRegisterKeys(
            clock=getattr(board, "BUTTON_CLOCK"),
            data=getattr(board, "BUTTON_OUT"),
            latch=getattr(board, "BUTTON_LATCH"),
            key_count=count,
            value_when_pressed=True,
        )
        return KeypadButtons(register, bytes((1, 2, 4, 8, 16, 32, 64, 128))[:count], ticks_ms, event, joystick)
    from hal import pins  # another board: buttons on their own pins

    return KeypadButtons(pins.scanner(board, names, notices), pins.BITS, ticks_ms, event)


def make_storage(notices):
    import microcontroller
    import storage

    nvm = getattr(microcontroller, "nvm", None)
    if saves.NvmStore.fits(nvm):
        return saves.NvmStore(nvm)
    writable = False
    try:
        writable = not storage.getmount("/").readonly
    except (AttributeError, OSError, ValueError):
        pass
    if not writable:
        notices.append("Saves off: drive read-only" if nvm is None else "Saves off: nvm small, r/o")
    from hal.filestore import FileStore

    return FileStore(SAVE_PATH)


def open():
    """The hardware object of this board (the hal interface, see hal/__init__.py)."""
    import board
    import supervisor

    notices = []  # type: list[str]
    ticks = supervisor.ticks_ms
    clock = Clock(ticks)
    buttons = make_buttons(ticks, notices)
    stuck = buttons.settle(clock.sleep_ms)
    for i in range(8):
        if stuck & (1 << i):
            notices.append("%s stuck: ignored" % hal.button_name(1 << i))
    display = getattr(board, "DISPLAY", None)
    screen = None  # type: object
    if display is None:
        from hal import pins

        screen = pins.ConsoleScreen()
        notices.append("No display: text on USB")
    else:
        from hal import render

        display.auto_refresh = False
        screen = render.Screen(display)
    store = make_storage(notices)
    from hal import fxopen  # lights and sound (compiled here, after the big modules)

    lights = fxopen.make_lights(board, notices)
    sound = fxopen.make_sound(board, clock.sleep_ms, notices)
    del fxopen
    _forget("fxopen")  # start-up code: its heap comes back
    board_id = getattr(board, "board_id", "board")
    return Hardware(PRETTY.get(board_id, board_id), buttons, screen, store, clock, notices, lights, sound)


def _forget(name):
    """Drop a module of ``hal`` used only at start-up."""
    import sys

    sys.modules.pop("hal." + name, None)
    if hasattr(hal, name):
        delattr(hal, name)


def crash(e, hw=None):
    """Show an unexpected exception on the display's terminal and the console; A restarts."""
    try:
        import board
        import displayio

        display = getattr(board, "DISPLAY", None)
        if display is not None:
            display.root_group = displayio.CIRCUITPYTHON_TERMINAL
            display.auto_refresh = True
    except Exception:
        pass
    print("L.A.M.A. Kadabra stopped:")
    try:
        import traceback

        traceback.print_exception(e, e, getattr(e, "__traceback__", None))
    except Exception:
        print(repr(e))
    if hw is None:
        return
    print("Press A to restart.")
    try:
        hw.buttons.clear()
        while not hw.buttons.press() & hal.A:
            time.sleep(0.02)
        import supervisor

        supervisor.reload()
    except Exception:
        pass
