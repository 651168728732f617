"""Button presses from key transitions: a small queue, D-pad repeat, long presses, taps, masked keys.

Shared by the boards (keypad events, the PyGamer joystick, the touch reader, the MEMENTO's
expander: hal/keypads.py and hal/boards/) and ``hal.desktop`` (pygame key events, the terminal):
a source calls :meth:`Buttons.down` / :meth:`Buttons.up` for a key, :meth:`Buttons.tap` with a
touch's target or :meth:`Buttons.push` for a press it sees no release of; the flow calls
``press()`` / ``held()`` / ``clear()`` (the interface in hal/__init__.py).
Subclasses override :meth:`Buttons.poll` to read their hardware.

**Keys and logical bits.** A key is named by its *short* bit, the logical bit it presses (a
board profile's ``map`` gives each physical key its short and *long* bits: hal/boards/__init__.py;
the PyBadge's keys are the hal bits themselves). ``down(short, now, long)``: a key without a long
bit presses its short bit when it goes down (a D-pad bit repeats while held: 400 ms, then every
120 ms); a key with one presses nothing when it goes down: held ``LONG_MS`` it presses the long
bits at that moment (not at release), let go sooner the short bit. (Three buttons: act is A, and
B|START held, both bits in one press; two buttons: the mover RIGHT, held B; the actor A, held
START.) ``held()`` is the short bits of the keys down.

**Taps.** ``tap(kind, index)`` queues ``hal.TAP`` with ``tapped = (kind, index)`` (a
``hw.screen.hit`` result); HIT_BACK, HIT_MENU and HIT_ACT (the footer's parts) press B, START
and A instead, HIT_NONE nothing.

``hush(ms)`` is how a screen that must be seen first (the hand-off) refuses the presses begun
within ``ms`` of its drawing: a key's down time (a keypad event's timestamp), a touch's first
reading, a typed key's arrival; a key held through it presses nothing when let go.

``clear()`` is how a new screen drops the presses made before it was shown (play/ui.py): it
reads the hardware, then drops every press queued (but the newest ``n``: hal/desktop/'s
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

    ``ticks_ms`` is a function returning the time (``supervisor.ticks_ms`` on a board). ``mask``
    holds bits that are ignored (a stuck key) until that key is seen released once: a key held at
    power-up (on purpose, for boot.py) starts working as soon as it is let go; a shorted one never
    does. ``scheme``, ``labels`` and ``has`` say what the board's keys do (hal/__init__.py); a
    board of another scheme sets them from its profile (hal/boardopen.py).
    """

    scheme = 0  # hal.SCHEME_DPAD
    labels = ("A", "B", "Start", ">", "<")
    has = 0xF7  # every button but Select
    tapped = (0, 0)  # (hal.HIT_NONE, 0): where the last TAP pressed landed

    def __init__(self, ticks_ms, first_ms=REPEAT_FIRST_MS, next_ms=REPEAT_NEXT_MS):
        self.ticks_ms = ticks_ms
        self.first_ms = first_ms
        self.next_ms = next_ms
        self._ring = bytearray(_RING)
        self._where = bytearray(0)  # the taps' targets, two bytes a ring slot (made at the first tap)
        self._head = 0  # next to read
        self._count = 0
        self._held = 0
        self._rep_bit = 0  # the D-pad bit that repeats while held
        self._rep_at = 0  # when it next repeats
        self._long = 0  # the key (its short bit) held for its long bits, not yet pressed
        self._long_bits = 0
        self._long_at = 0  # when it presses them
        self.mask = 0
        self.dropped = 0  # presses lost to a full ring (diagnostics, tests)
        self._hush = -1  # presses begun before this tick do nothing (hush); -1: none

    # ---- the source side -----------------------------------------------------
    def poll(self):
        """Read the hardware and call down()/up()/tap(); the base class has none."""

    def down(self, bit, now=None, long=0):
        """The key of short bit ``bit`` went down (``now``: when, in ticks; default now); ``long``:
        the bits it presses when held (0: none, ``bit`` is pressed now)."""
        if bit & self.mask or not bit:
            return
        self._held |= bit
        now = self.ticks_ms() if now is None else now
        if self.hushed(now):  # held, no press: let go, it presses nothing
            return
        if long:
            if self._long:  # another key waits for its long press: a short one, then
                self.push(self._long)
            self._long = bit
            self._long_bits = long
            self._long_at = (now + LONG_MS) & _WRAP
            return
        self.push(bit)
        if bit & DPAD:
            self._rep_bit = bit
            self._rep_at = (now + self.first_ms) & _WRAP

    def up(self, bit):
        """The key of short bit ``bit`` went up: one still waiting for its long press presses ``bit``."""
        if bit & self.mask:
            self.mask &= ~bit  # released once: it works from now on
            return
        self._held &= ~bit
        if bit == self._long:
            self._long = 0
            self.push(bit)
        if bit == self._rep_bit:
            self._rep_bit = 0

    def tap(self, kind, index, now=None):
        """A touch landed on ``(kind, index)`` (``hw.screen.hit``): TAP, or B / START / A for the
        footer's parts; ``now``: when the touch began (default now)."""
        if self.hushed(self.ticks_ms() if now is None else now):
            return
        if kind == hal.HIT_BACK:
            self.push(hal.B)
        elif kind == hal.HIT_MENU:
            self.push(hal.START)
        elif kind == hal.HIT_ACT:
            self.push(hal.A)
        elif kind:
            if not self._where:
                self._where = bytearray(2 * _RING)
            at = 2 * ((self._head + self._count) % _RING)
            if self.push(0):
                self._where[at] = kind
                self._where[at + 1] = index

    def push(self, bits):
        """Queue a press of logical ``bits`` (a source that sees no releases: typed keys; 0 is a tap,
        which tap() queues); False when the ring is full or hushed (:meth:`hush`)."""
        if self.hushed(self.ticks_ms()):
            return False
        if self._count < _RING:
            self._ring[(self._head + self._count) % _RING] = bits
            self._count += 1
            return True
        self.dropped += 1
        return False

    def hush(self, ms):
        """A screen that must be seen before it is answered (the hand-off): the presses waiting
        go, and for ``ms`` from now a key that goes down, a tap that begins or a key typed
        presses nothing; a key held now, or pressed meanwhile, must be let go and pressed again."""
        self.clear()
        self._hush = (self.ticks_ms() + ms) & _WRAP

    def hushed(self, now):
        """True when a press begun at tick ``now`` is within the hush (:meth:`hush`)."""
        return self._hush >= 0 and hal.ticks_diff(now, self._hush) < 0

    def hold(self, bit):
        """The key of ``bit`` is down, but no press (it reads down again after lost events)."""
        if not bit & self.mask:
            self._held |= bit

    def release_all(self):
        """Forget every held key (after lost events); no presses are made."""
        self._held = 0
        self._rep_bit = 0
        self._long = 0

    def mask_held(self):
        """The bits of the keys held now, ignored from now on until each is let go once (a key stuck
        at start-up); every press waiting is dropped."""
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
        if self._hush >= 0 and hal.ticks_diff(now, self._hush) > LONG_MS:
            self._hush = -1  # (long over: every key event of its time has been read)
        if self._long and hal.ticks_diff(now, self._long_at) >= 0:
            self.push(self._long_bits)
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
        """The short bits of the keys down now."""
        self.poll()
        return self._held

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
