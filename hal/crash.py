"""The crash screen: an unexpected exception on the display's terminal and the console (code.py
imports this only when the game stops on an error)."""

import time

import hal


def show(e, hw=None):
    """Show exception ``e`` on the display's terminal and the console; A then restarts the board.

    Firmware without ``terminalio`` (the ja, ko and ru builds of the PyBadge and PyGamer set
    CIRCUITPY_TERMINALIO = 0, ports/atmel-samd/boards/*/mpconfigboard.mk) stops at the first screen
    (hal/render/build.py draws every text in its FONT): then the console gets one line that says what
    to do, not a traceback. ``hw``: the hardware object, when start-up got that far (its buttons
    wait for A (or a tap); its screen's display, or the board's, shows the terminal).
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

        display = getattr(getattr(hw, "screen", None), "display", None) or getattr(board, "DISPLAY", None)
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
    try:
        act = hw.buttons.labels[hal.LABEL_ACT]  # (A, or what acts on this board: "tap" on a touch panel)
        print("Tap to restart." if act == "tap" else "Press %s to restart." % act)
        hw.buttons.clear()
        while not hw.buttons.press() & (hal.A | hal.TAP):
            time.sleep(0.02)
        import supervisor

        supervisor.reload()
    except Exception:
        pass
