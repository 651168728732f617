"""The start-up half of hal/board.py: finds the board's buttons, display, storage, lights and
sound and makes the hardware object (see hal/board.py's docstring). ``hal.board.open()`` runs
:func:`make` and then forgets this module, so its code does not stay on the heap. code.py
imports it again for :func:`crash` only if the game stops on an error.

It reads settings.toml too (boot.py as well), so that no value can stop the game. ``os.getenv``
differs by release: CircuitPython 9.x (shared-module/os/getenv.c) parses an unquoted value as a
number and raises ValueError when it is not one (``LAMA_JOYSTICK_FLIP = y``), and also for a
quoted value it cannot read (no closing quote, text after it, a bad ``\\u`` escape); 10.x
(supervisor/shared/settings.c) returns any value as text and the default for one it cannot read.
Both raise UnicodeError for bytes that are not UTF-8. Whatever comes back, a value the game cannot
use is replaced by its default, and a notice names the setting and the value: short on the title
screen (``hw.notices``), in full on the serial console. (Here rather than in a module of its own:
from .py sources every name is interned for good, a module's own names too, and the .py board flow
is a few qstrs short of the point where the unix port's qstr pool doubles; see the README.)
"""

import os
import time

import hal
from hal import board as hb
from hal import saves


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
            from hal.joystick import Joystick

            joystick = Joystick(
                analogio.AnalogIn(getattr(board, "JOYSTICK_X")),
                analogio.AnalogIn(getattr(board, "JOYSTICK_Y")),
                choice("LAMA_JOYSTICK_FLIP", "x y xy yx".split(), notices) or "",
            )
        register = keypad.ShiftRegisterKeys(
            clock=getattr(board, "BUTTON_CLOCK"),
            data=getattr(board, "BUTTON_OUT"),
            latch=getattr(board, "BUTTON_LATCH"),
            key_count=count,
            value_when_pressed=True,
        )
        return hb.KeypadButtons(register, bytes((1, 2, 4, 8, 16, 32, 64, 128))[:count], ticks_ms, event, joystick)
    from hal import pins  # another board: buttons on their own pins

    return hb.KeypadButtons(pins.scanner(board, names, notices), pins.BITS, ticks_ms, event)


def settle(buttons, sleep_ms):
    """At start-up: the bits of keys still held after a second (masked from then on)."""
    sleep_ms(60)  # the first scans of the keys at power-up
    buttons.poll()
    waited = 0
    while buttons._held and waited < 1000:  # a key held a second at start is stuck: ignored until let go
        sleep_ms(20)
        waited += 20
        buttons.poll()
    stuck = buttons._held
    buttons.mask |= stuck
    buttons._held = 0
    buttons._rep_bit = 0
    buttons._count = 0
    return stuck


def make_storage(notices):
    """The saves' store: the nvm when it fits, else the file on the drive. On RP2040 and RP2350
    (``sys.platform``) a write into erased flash needs no erase: a log (hal/nvmlog.py); elsewhere
    two slots a record kind (hal/saves.py: SAMD51 and ESP32 rewrite the whole nvm on every
    write, nRF52 the 4 KB page a write touches)."""
    import sys

    import microcontroller
    import storage

    nvm = getattr(microcontroller, "nvm", None)
    if saves.NvmStore.fits(nvm):
        if sys.platform[:2] == "RP":
            from hal import nvmlog

            return nvmlog.LogStore(nvm)
        return saves.NvmStore(nvm, slices=sys.platform == "Espressif")
    writable = False
    try:
        writable = not storage.getmount("/").readonly
    except (AttributeError, OSError, ValueError):
        pass
    if not writable:
        notices.append("Saves off: drive read-only" if nvm is None else "Saves off: nvm small, r/o")
    from hal.filestore import FileStore

    return FileStore(hb.SAVE_PATH)


def make():
    """The hardware object of this board (``hal.board.open()``)."""
    import board
    import supervisor

    notices = []  # type: list[str]
    entropy = seed(notices)  # LAMA_SEED: hw.entropy() gives it to every new game
    drive(notices)  # boot.py acts on LAMA_DRIVE; a value it ignored is told on the title too
    ticks = supervisor.ticks_ms
    clock = hb.Clock(ticks)
    buttons = make_buttons(ticks, notices)
    stuck = settle(buttons, clock.sleep_ms)
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
    hal.forget("hal.fxopen")  # start-up code: its heap comes back
    board_id = getattr(board, "board_id", "board")
    # board_id -> the name on the title, in one string: short strings would each be a qstr for good.
    names = "pybadge PyBadge pygamer PyGamer edgebadge EdgeBadge".split()
    name = names[names.index(board_id) + 1] if board_id in names[::2] else board_id
    name = name if isinstance(name, str) else "board"
    return hb.Hardware(name, buttons, screen, store, clock, notices, lights, sound, entropy)


def crash(e, hw=None):
    """Show an unexpected exception on the display's terminal and the console; A restarts.

    Firmware without ``terminalio`` (the ja, ko and ru builds of the PyBadge and PyGamer set
    CIRCUITPY_TERMINALIO = 0, ports/atmel-samd/boards/*/mpconfigboard.mk) stops at the first screen
    (hal/renderbuild.py draws every text in its FONT): then the console gets one line that says what
    to do, not a traceback.
    """
    try:
        import terminalio  # noqa: F401 (only whether it is there)
    except ImportError:
        print(
            "L.A.M.A. Kadabra: this firmware has no built-in font: install CircuitPython's English build for this board"
        )
        return
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


# ---- settings.toml ------------------------------------------------------------------------------
def notice(notices, name, value, text):
    """Appends ``NAME = value: text`` to ``notices`` (the value in printable ASCII only, which the font
    has, and cut at 12 characters) and prints it whole on the console."""
    out = ""
    for ch in str(value)[:12]:
        out += ch if " " <= ch <= "~" else "?"
    notices.append("%s = %s: %s" % (name, out, text))
    print("settings.toml: %s = %r: %s" % (name, value, text))


def find(name):
    """The text after ``NAME =`` on its line of settings.toml (for a value os.getenv will not give), or '?'.

    The file is os.getenv's: CircuitPython starts boot.py and code.py in the drive's root (main.c)."""
    key = name.encode()
    try:
        with open("settings.toml", "rb") as f:
            for line in f:
                line = line.strip()
                if line.startswith(key) and line[len(key) :].lstrip().startswith(b"="):
                    return "".join(chr(c) if 32 <= c < 127 else "?" for c in line[len(key) :].lstrip()[1:].strip())
    except Exception:  # no file, or anything else: the notice still names the setting
        pass
    return "?"


def read(name, notices):
    """The setting's text, stripped, or None: unset, empty, or unreadable (then with a notice)."""
    try:
        value = os.getenv(name)
    except Exception as e:  # ValueError (9.x), UnicodeError, MemoryError: never the end of start-up
        text = find(name)
        notice(
            notices,
            name,
            text,
            "put it in quotes" if isinstance(e, ValueError) and text[:1] != '"' else "cannot be read",
        )
        print("settings.toml: %s: %s: %s" % (name, type(e).__name__, e))
        return None
    if isinstance(value, int) and not isinstance(value, bool):  # 9.x: an unquoted number
        value = str(value)
    if not isinstance(value, str):
        return None
    value = value.strip()
    return value or None


def choice(name, values, notices):
    """The setting in lower case when it is one of ``values``; else None (with a notice when set)."""
    value = read(name, notices)
    if value is None:
        return None
    if value.lower() in values:
        return value.lower()
    notice(notices, name, value, "not %s or %s" % (", ".join(values[:-1]), values[-1]))
    return None


def drive(notices):
    """LAMA_DRIVE: "auto" (the default), "code" or "pc" (see boot.py)."""
    return choice("LAMA_DRIVE", "auto code pc".split(), notices) or "auto"


def seed(notices):
    """LAMA_SEED: every new game dealt from this int (to replay a reported game), or None."""
    value = read("LAMA_SEED", notices)
    if value is None:
        return None
    # Decimal ASCII digits only (str.isdigit() is also true for "²", which int() refuses), at most 9:
    # a small int on a 32-bit board.
    if 0 < len(value) <= 9 and all("0" <= ch <= "9" for ch in value):
        return int(value)
    notice(notices, "LAMA_SEED", value, "not 0..999999999")
    return None
