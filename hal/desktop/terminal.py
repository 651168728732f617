"""The simulator in a terminal: each View printed as text (hal/textview.py), keys read from stdin.

A tty goes into cbreak mode and its keys are presses made when they are read; a pipe's are a
script (taken one a press, never dropped). The keys: the PyBadge's (:data:`TERMINAL_KEYS`, the
arrows), or with ``--board`` that board's (hal/desktop/keys.py).
"""

import os
import select
import sys

import hal
from hal.desktop import window as desktop_window

TERMINAL_KEYS = {
    "w": hal.UP,
    "s": hal.DOWN,
    "a": hal.LEFT,
    "d": hal.RIGHT,
    "x": hal.A,
    " ": hal.A,
    "z": hal.B,
    "\x7f": hal.B,
    "\x08": hal.B,
    "\r": hal.START,
    "\n": hal.START,
    "\t": hal.SELECT,
}
WINDOWS_KEYS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}
ESCAPES = {
    "[A": hal.UP,
    "[B": hal.DOWN,
    "[C": hal.RIGHT,
    "[D": hal.LEFT,
    "OA": hal.UP,
    "OB": hal.DOWN,
    "OC": hal.RIGHT,
    "OD": hal.LEFT,
}


def decode_keys(text, keys=None, escapes=None):
    """Button bits of the characters typed (escape sequences for the arrows); -1 for quit.

    ``keys`` / ``escapes``: a board's characters and arrows (hal/desktop/keys.py's
    ``terminal_table``: upper case is a long press); default the PyBadge's :data:`TERMINAL_KEYS`."""
    if escapes is None:
        escapes = ESCAPES
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            seq = text[i + 1 : i + 3]
            if seq in escapes:
                out.append(escapes[seq])
                i += 3
                continue
            out.append(-1)  # a lone Esc
            i += 1
            continue
        if ch in "qQ":
            out.append(-1)
        else:
            bit = TERMINAL_KEYS.get(ch.lower(), 0) if keys is None else keys.get(ch, 0)
            if bit:
                out.append(bit)
        i += 1
    return out


class TerminalInput:
    """Non-blocking key reads from stdin; a tty goes into cbreak mode until ``close``."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdin
        self.fd = self.stream.fileno()
        self.saved = None
        self.eof = False
        self.msvcrt = None
        self.typed = os.isatty(self.fd)  # a person typing (else a pipe or a file: a script)
        if os.name == "nt" and os.isatty(self.fd):
            import msvcrt

            self.msvcrt = msvcrt
        elif os.isatty(self.fd):
            try:
                import termios
                import tty

                self.saved = termios.tcgetattr(self.fd)
                tty.setcbreak(self.fd)
            except (ImportError, OSError):
                self.saved = None

    def read(self):
        """Characters waiting (``""`` when none); sets ``eof`` at the end of a pipe."""
        if self.eof:
            return ""
        if self.msvcrt is not None:  # a Windows console
            out = ""
            while self.msvcrt.kbhit():
                ch = self.msvcrt.getwch()
                out += WINDOWS_KEYS.get(self.msvcrt.getwch(), "") if ch in "\x00\xe0" else ch
            return out
        try:
            ready, _, _ = select.select([self.fd], [], [], 0)
        except (OSError, ValueError):
            ready = [self.fd]  # no select on this stream: a blocking read
        if not ready:
            return ""
        data = os.read(self.fd, 64)
        if not data:
            self.eof = True
            return ""
        # An arrow key's escape sequence may arrive in two reads: wait a moment
        # for the rest rather than take its Esc for "quit".
        while data[-1:] == b"\x1b" or data[-2:] in (b"\x1b[", b"\x1bO"):
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.05)
            except (OSError, ValueError):
                break
            more = os.read(self.fd, 64) if ready else b""
            if not more:
                break
            data += more
        return data.decode("utf-8", "replace")

    def close(self):
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None


def terminal_source(inp, table=None):
    """A poll function: keys typed -> taps; q or Esc -> quit once the presses before it are used.

    Keys typed at a terminal (``inp.typed``, a tty) are presses made when they are read: they go
    into the press queue at once, so that a new screen drops those typed before it was drawn
    (play/ui.py), as the window's. Keys from a pipe are a script: no one typed them at a
    moment, so they join ``buttons.script`` and are taken one a press, never dropped.
    """
    typed = getattr(inp, "typed", True)
    keys, escapes = table or (None, None)

    def poll(buttons):
        for bit in decode_keys(inp.read(), keys, escapes):
            if buttons.quit_pending:
                break  # keys after a quit are never used
            if bit < 0:
                buttons.quit_pending = True
            elif typed and keys is not None:
                buttons.push(bit)  # a board's key: its short or long press, as typed
            elif typed:
                buttons.down(bit)  # a terminal has no key-up: a tap (its auto-repeat repeats)
                buttons.up(bit)
            else:
                buttons.script.append(bit)
        if inp.eof:
            buttons.quit_pending = True

    return poll


def utf8(stream):
    """``stream``, writing UTF-8 whatever the locale says (``LANG=C``, a Latin-1 terminal,
    ``PYTHONIOENCODING``, a Windows code page): the German and French letters reach the terminal
    as UTF-8, never as an error or a "?". A text stream is switched in place (``reconfigure``),
    so that all that is printed to it agrees; a stream that cannot switch is left as it is."""
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
    if encoding not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
        try:
            stream.reconfigure(encoding="utf-8")
        except (ValueError, OSError):
            pass
    return stream


class TextScreen:
    """``hw.screen`` in a terminal: each View as text; optionally also drawn for screenshots."""

    text = True  # a table's text lines filled too (hal/__init__.py): they are what it prints
    motion = False
    lines = 8  # a menu's lines (the 26 x 10 grid)

    def __init__(self, out=None, clear=None, display=None, shots=None, size=desktop_window.SIZE):
        self.size = size  # the display's (width, height): the board's, though only text shows
        self.out = utf8(out or sys.stdout)
        self.clear = self.out.isatty() if clear is None else clear
        self.drawn = desktop_window.DisplayScreen(display, shots) if display is not None else None
        self.view = None
        self.count = 0
        self.buttons = None  # hal.keys.Buttons: told the moment a screen is printed (``mark``)

    def show(self, view):
        from hal import textview

        self.view = view
        self.count += 1
        lines = textview.text(view)
        if self.buttons is not None:
            self.buttons.mark()  # keys typed from now on answer this screen
        if self.clear:
            self.out.write("\x1b[H\x1b[2J")
        else:
            self.out.write("-" * 30 + "\n")
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()
        if self.drawn is not None:
            self.drawn.show(view)

    def hit(self, x, y):
        """What display pixel (x, y) shows, when the screens are drawn too (screenshots); else nothing."""
        return self.drawn.hit(x, y) if self.drawn is not None else (hal.HIT_NONE, 0)
