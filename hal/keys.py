"""Button presses from key transitions: a small queue, D-pad repeat, long presses, taps, masked keys.

Shared by the boards (keypad events, the PyGamer joystick, the touch reader, the MEMENTO's
expander: hal/keypads.py and hal/boards/) and ``hal.desktop`` (pygame key events, the terminal):
a source calls :meth:`Buttons.down` / :meth:`Buttons.up` with a *key bit* (``1 << key number``)
or :meth:`Buttons.tap` with a touch's target; the flow calls ``press()`` / ``held()`` /
``clear()`` (the interface in hal/__init__.py).
Subclasses override :meth:`Buttons.poll` to read their hardware.

**Keys and logical bits.** ``keymap`` (a board profile's ``map``, hal/boards/__init__.py) gives
each physical key, by key number, two bytes: its *short* bit and its *long* bit. Without one a
key bit is its logical bit (the PyBadge's numbering: hal/__init__.py). A key without a long bit
presses its short bit when it goes down (a D-pad bit repeats while held: 400 ms, then every
120 ms); a key with one presses nothing when it goes down: held ``LONG_MS`` it presses the long bit
at that moment (not at release), let go sooner the short bit. (Three buttons: act is A, and
B|START held, both bits in one press; two buttons: the mover RIGHT, held B; the actor A, held
START.)

**Taps.** ``tap(kind, index)`` queues ``hal.TAP`` with ``tapped = (kind, index)`` (a
``hw.screen.hit`` result); HIT_BACK and HIT_MENU press B and START instead, HIT_NONE nothing.

``clear()`` is how a new screen drops the presses made before it was shown (play/ui.py): it
reads the hardware, then drops every press queued (but the newest ``n``: hal/desktop.py's
terminal keeps those typed after it printed the screen, which a quick hand or a test at a pty
makes before the flow gets to ``clear()``); a key held then presses nothing when let go.

Nothing here allocates after construction but a tap's ``tapped`` tuple: presses wait in a
16-byte ring (a tap as 0, its target in a second ring made at the first tap), times are small
ints (``ticks_ms`` wraps at 2**29; compared with ``hal.ticks_diff``). Runs on CircuitPython
and CPython.
"""

import hal

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

DPAD = const(0xF0)  # Right, Down, Up, Left
REPEAT_FIRST_MS = const(400)
REPEAT_NEXT_MS = const(120)
LONG_MS = const(600)  # a key with a long bit, held this long, presses it
_RING = const(16)
_WRAP = const(0x1FFFFFFF)


class Buttons:
    """``press()``/``held()``/``clear()`` over ``down(bit)``/``up(bit)``/``tap(kind, index)`` calls.

    ``ticks_ms`` is a function returning the time (``supervisor.ticks_ms`` on a board);
    ``keymap`` the key -> (short, long) table (see the module docstring; None: key bits are
    logical bits). ``mask`` holds key bits that are ignored (a stuck key) until that key is
    seen released once: a key held at power-up (on purpose, for boot.py) starts working as soon
    as it is let go; a shorted one never does. ``scheme``, ``labels`` and ``has`` say what the
    board's keys can do (hal/__init__.py); a board sets them from its profile.
    """

    scheme = 0  # hal.SCHEME_DPAD
    labels = ("A", "B", "Start", ">", "<")
    has = 0xF7  # every button but Select
    tapped = (0, 0)  # (hal.HIT_NONE, 0): where the last TAP pressed landed

    def __init__(self, ticks_ms, first_ms=REPEAT_FIRST_MS, next_ms=REPEAT_NEXT_MS, keymap=None):
        self.ticks_ms = ticks_ms
        self.first_ms = first_ms
        self.next_ms = next_ms
        self.keymap = keymap
        self._ring = bytearray(_RING)
        self._where = bytearray(0)  # the taps' targets, two bytes a ring slot (made at the first tap)
        self._head = 0  # next to read
        self._count = 0
        self._held = 0  # key bits down now
        self._rep_bit = 0  # the D-pad bit that repeats while held
        self._rep_at = 0  # when it next repeats
        self._long = 0  # the key bit held for its long bit, not yet pressed
        self._long_at = 0  # when it presses it
        self.mask = 0
        self.dropped = 0  # presses lost to a full ring (diagnostics, tests)

    # ---- the source side -----------------------------------------------------
    def poll(self):
        """Read the hardware and call down()/up()/tap(); the base class has none."""

    def logical(self, bit):
        """(short, long) logical bits of key bit ``bit`` (its keymap entry)."""
        table = self.keymap
        if table is None or not bit:
            return bit, 0
        n = 0
        while bit > 1:
            bit >>= 1
            n += 1
        if 2 * n + 1 < len(table):
            return table[2 * n], table[2 * n + 1]
        return 0, 0

    def down(self, bit, now=None):
        """Key bit ``bit`` went down (``now``: when, in ticks; default now)."""
        if bit & self.mask:
            return
        short, long = self.logical(bit)
        if not short:
            return  # a key with no part in this board's scheme
        self._held |= bit
        now = self.ticks_ms() if now is None else now
        if long:
            if self._long:  # another key waits for its long press: a short one, then
                self.push(self.logical(self._long)[0])
            self._long = bit
            self._long_at = (now + LONG_MS) & _WRAP
            return
        self.push(short)
        if short & DPAD:
            self._rep_bit = short
            self._rep_at = (now + self.first_ms) & _WRAP

    def up(self, bit):
        """Key bit ``bit`` went up: a key still waiting for its long press presses its short bit."""
        if bit & self.mask:
            self.mask &= ~bit  # released once: it works from now on
            return
        self._held &= ~bit
        short = self.logical(bit)[0]
        if bit == self._long:
            self._long = 0
            self.push(short)
        if short == self._rep_bit:
            self._rep_bit = 0

    def tap(self, kind, index):
        """A touch landed on ``(kind, index)`` (``hw.screen.hit``): TAP, or B / START for the footer's zones."""
        if kind == hal.HIT_BACK:
            self.push(hal.B)
        elif kind == hal.HIT_MENU:
            self.push(hal.START)
        elif kind:
            if not self._where:
                self._where = bytearray(2 * _RING)
            at = 2 * ((self._head + self._count) % _RING)
            if self.push(0):
                self._where[at] = kind
                self._where[at + 1] = index

    def push(self, value):
        """Queue a press of logical bits ``value`` (from a source that sees no releases: typed keys;
        0 is a tap's, tap() queues those); False when the ring is full."""
        if self._count < _RING:
            self._ring[(self._head + self._count) % _RING] = value
            self._count += 1
            return True
        self.dropped += 1
        return False

    def hold(self, bit):
        """Key bit ``bit`` is down, but no press (it reads down again after lost events)."""
        if not bit & self.mask:
            self._held |= bit

    def release_all(self):
        """Forget every held key (after lost events); no presses are made."""
        self._held = 0
        self._rep_bit = 0
        self._long = 0

    def mask_held(self):
        """The key bits held now, ignored from now on until each is let go once (a key stuck at
        start-up); every press waiting is dropped."""
        stuck = self._held
        self.mask |= stuck
        self.release_all()
        self._count = 0
        return stuck

    # ---- the flow side (hal interface) -----------------------------------------
    def press(self):
        """The next press (logical bits, or hal.TAP), or 0."""
        self.poll()
        now = self.ticks_ms()
        if self._long and hal.ticks_diff(now, self._long_at) >= 0:
            self.push(self.logical(self._long)[1])
            self._long = 0
        if self._count:
            head = self._head
            bit = self._ring[head]
            self._head = (head + 1) % _RING
            self._count -= 1
            if bit:
                return bit
            self.tapped = (self._where[2 * head], self._where[2 * head + 1])
            return hal.TAP
        bit = self._rep_bit  # (let go: up() stopped it)
        if bit and hal.ticks_diff(now, self._rep_at) >= 0:
            self._rep_at = (now + self.next_ms) & _WRAP
            return bit
        return 0

    def held(self):
        """The logical (short) bits of the keys down now."""
        self.poll()
        held = self._held
        if self.keymap is None:
            return held
        out = 0
        bit = 1
        while bit <= held:
            if held & bit:
                out |= self.logical(bit)[0]
            bit <<= 1
        return out

    def clear(self, n=0):
        """Drop the presses waiting, but the newest ``n``; with none kept, a D-pad key stops repeating
        and a key held now presses nothing when it is let go."""
        self.poll()
        if n < self._count:
            self._head = (self._head + self._count - n) % _RING
            self._count = n
        if not n:
            self._rep_bit = 0
            self._long = 0
