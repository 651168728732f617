"""The start-up half of hal/board.py: finds the board's buttons, display, storage, lights and
sound and makes the hardware object (see hal/board.py's docstring). ``hal.board.open()`` runs
:func:`make` and then forgets this module, so its code does not stay on the heap. code.py
imports it again for :func:`crash` only if the game stops on an error.
"""

import time

import hal
from hal import board as hb
from hal import saves

_SETTLE_MS = 60  # the first scans of the keys at power-up
_STUCK_MS = 1000  # a key held this long at start is stuck: ignored until let go
PRETTY = {"pybadge": "PyBadge", "pygamer": "PyGamer", "edgebadge": "EdgeBadge"}


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
                (hb.setting("LAMA_JOYSTICK_FLIP") or "").lower(),
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
    sleep_ms(_SETTLE_MS)
    buttons.poll()
    waited = 0
    while buttons._held and waited < _STUCK_MS:
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
        return saves.NvmStore(nvm)
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
    return hb.Hardware(PRETTY.get(board_id, board_id), buttons, screen, store, clock, notices, lights, sound)


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
