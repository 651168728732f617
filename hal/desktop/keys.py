"""The simulator's buttons: scripted presses first, then the keyboard (or the mouse); a board's keys.

:class:`Buttons` is hal/keys.py's press queue with a script in front (``--script``: hal/script.py's
presses, taps at pixels found with ``hw.screen.hit`` when they come) and a live source behind
(the window's or the terminal's ``poll``). :func:`board_keys` gives a board's physical keys their
keys on the keyboard (``--board``): the arrows for keys named Up, Down, Left, Right, a digit for a
name that ends in one (D0, Btn1), else the first free letter of the name (A, Sel, OK, Shutter).
"""

import hal
from hal import keys

ARROWS = ("up", "down", "left", "right")
SHIFTED = ")!@#$%^&*("  # a digit's key with Shift on a US keyboard: the terminal's long press


class Quit(BaseException):
    """The player closed the window, pressed Esc, or the script ran out: leave the flow."""


class Buttons(keys.Buttons):
    """Scripted presses first, then a live source (``poll_source``), or Quit.

    ``hit(x, y)`` finds a scripted tap's target at pixels (``hw.screen.hit``)."""

    def __init__(self, ticks_ms, script=(), stay=False, source=None):
        super().__init__(ticks_ms)
        self.script = list(script)
        self.stay = stay
        self.source = source  # a function(buttons) that reads the keyboard; None: none
        self.quit_pending = False  # set by a source: quit once the presses before it are used
        self.before = -1  # presses queued when the screen was printed (mark); -1: none since clear
        self.hit = None

    def use(self, profile):
        """Be board ``profile``'s buttons (hal/boards): its scheme, labels and the bits it has."""
        self.scheme = profile.scheme
        self.labels = profile.labels
        self.has = profile.has

    def poll(self):
        """Read the live source (keys, the mouse, Esc)."""
        if self.source is not None:
            self.source(self)

    def mark(self):
        """A screen shows its picture now (the terminal before it flushes its text, the window once
        it is drawn): keys read from here on were pressed after it, and ``clear`` keeps them."""
        self.poll()
        self.before = self._count

    def clear(self, n=0):
        """Drop the presses made before the screen now shown: with a :meth:`mark`, those queued
        before it (the newest, typed since, are kept); without, all (hal.keys)."""
        self.poll()
        if 0 <= self.before <= self._count:
            n = self._count - self.before
        self.before = -1
        super().clear(n)

    def press(self):
        """The script's next press, then the live source's; Quit when neither has more."""
        self.poll()  # keeps the window alive, notices Esc; a pipe's keys join the script
        while self.script:
            b = self.script.pop(0)
            if isinstance(b, int):
                return b
            kind, index = b if len(b) == 2 else self.hit(b[1], b[2]) if self.hit else (hal.HIT_NONE, 0)
            if kind == hal.HIT_BACK:  # the footer's zones, as a touch driver gives them
                return hal.B
            if kind == hal.HIT_MENU:
                return hal.START
            if kind == hal.HIT_ACT:
                return hal.A
            if kind:
                self.tapped = (kind, index)
                return hal.TAP
        if not self.stay or self.source is None:
            raise Quit()
        bit = super().press()
        if not bit and self.quit_pending and not self.script:
            raise Quit()
        return bit


def key_bits(profile, n):
    """(short, long) logical bits of board ``profile``'s key ``n`` (its ``map``; none: the PyBadge's)."""
    if profile.map is None:
        return 1 << n, 0
    return profile.map[2 * n], profile.map[2 * n + 1]


def board_keys(profile):
    """[(key name, keyboard key)] of a board's physical keys, in key order: "up" ... for the
    arrows, else one character (a digit, or a lower-case letter); the module docstring."""
    out = []
    taken = set()
    for name in profile.keys:
        low = name.lower()
        if low in ARROWS:
            key = low
        elif low[-1:].isdigit():
            key = low[-1]
        else:
            key = next((c for c in low if c.isalpha() and c not in taken), low[0])
        taken.add(key)
        out.append((name, key))
    return out


def board_help(profile, touch=False):
    """The key help for board ``profile``: its keys on the keyboard, held for a long press."""
    words = []
    for name, key in board_keys(profile):
        words.append("%s = %s" % (name, key if len(key) == 1 else key + " arrow"))
    text = "Keys (%s): " % profile.title + (", ".join(words) or "none")
    if profile.map:
        text += "\n      hold a key %d ms for its long press" % keys.LONG_MS
    if touch:
        text += "\n      the mouse taps the touchscreen"
    return text + "; Esc = quit."


def terminal_table(profile):
    """(characters, escapes) -> logical bits of board ``profile``'s keys typed at a terminal: a
    key's character a short press, in upper case (a digit: with Shift) its long press."""
    chars = {}
    escapes = {}
    for n, (name, key) in enumerate(board_keys(profile)):
        short, long = key_bits(profile, n)
        if key in ARROWS:
            code = "ABDC"[ARROWS.index(key)]  # up, down, right, left: ESC [ A/B/C/D
            escapes["[" + code] = escapes["O" + code] = short
            continue
        chars[key] = short
        if long:
            chars[SHIFTED[int(key)] if key.isdigit() else key.upper()] = long
    return chars, escapes
