"""Button presses from key transitions: a small queue, D-pad repeat, long presses, taps, masked keys.

Shared by ``hal.board`` (keypad events, the PyGamer joystick) and
``hal.desktop`` (pygame key events, the mouse, the terminal): a source calls
:meth:`Buttons.down` / :meth:`Buttons.up` with a button bit (a physical key's
short bit: see ``hal.KEY_SHORT``) and :meth:`Buttons.tap` with a touch's target,
the flow calls ``press()`` / ``held()`` / ``clear()`` (the interface in
hal/__init__.py). Subclasses override :meth:`Buttons.poll` to read their hardware.

Control schemes (hal/__init__.py): :meth:`Buttons.use` sets a board's
``scheme``, ``labels`` and ``has`` and its long presses. A key with a long
meaning (``hal.KEY_LONG``) queues nothing when it goes down: held ``LONG_MS`` it
queues its long bits at that moment (not at release; its release then gives
nothing), let go sooner it queues its short bit at release. It does not
repeat. ``held()`` has its short bit while it is down (hold A to hurry the bots).

``clear()`` is how a new screen drops the presses made before it was shown
(play/ui.py): it reads the hardware, then drops every press queued (but the
newest ``n``: hal/desktop.py's terminal keeps those typed after it printed
the screen, which a quick hand or a test at a pty makes before the flow
gets to ``clear()``).

Nothing here allocates after construction (but the ``tapped`` pair of a tap):
presses wait in a ring of 16 small ints (a tap's target packed beside TAP),
times are small ints (``ticks_ms`` wraps at 2**29; compared with
``hal.ticks_diff``). Runs on CircuitPython and CPython.
"""

import hal

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

DPAD = const(0xF0)  # Right, Down, Up, Left
REPEAT_FIRST_MS = const(400)
REPEAT_NEXT_MS = const(120)
LONG_MS = const(600)  # a key with a long meaning held this long gives it
_RING = const(16)
_WRAP = const(0x1FFFFFFF)


class Buttons:
    """``press()``/``held()``/``clear()`` over ``down(bit)``/``up(bit)`` calls.

    ``ticks_ms`` is a function returning the time (``supervisor.ticks_ms`` on
    a board). ``mask`` holds bits that are ignored (a stuck key) until that key
    is seen released once: a key held at power-up (on purpose, for boot.py)
    starts working as soon as it is let go; a shorted one never does.
    """

    # A board of eight buttons unless use() says otherwise (hal/__init__.py).
    scheme = 0
    has = 0xF7
    labels = ("A", "B", "Start", ">", "<")
    tapped = (0, 0)  # the last tap's (kind, index): hal.HIT_*

    def __init__(self, ticks_ms, first_ms=REPEAT_FIRST_MS, next_ms=REPEAT_NEXT_MS):
        self.ticks_ms = ticks_ms
        self.first_ms = first_ms
        self.next_ms = next_ms
        self._ring = [0] * _RING  # small ints: a tap packs its target beside TAP
        self._head = 0  # next to read
        self._count = 0
        self._held = 0
        self._rep_bit = 0  # the D-pad bit that repeats while held
        self._rep_at = 0  # when it next repeats
        self.long = bytearray(8)  # the long bits of each button bit's key, by bit number
        self._long_bit = 0  # the key with a long meaning down now, until it fires or is spent
        self._long_at = 0  # when its long press fires
        self.mask = 0
        self.dropped = 0  # presses lost to a full ring (diagnostics, tests)

    def use(self, scheme, labels):
        """Act as a board of control scheme ``scheme`` (hal.SCHEME_*) whose inputs are named ``labels``."""
        self.scheme = scheme
        self.labels = labels
        self.has = hal.HAS[scheme]
        short = hal.KEY_SHORT[scheme]
        for i in range(8):
            self.long[i] = 0
        for i in range(len(short)):
            self.long[_number(short[i])] = hal.KEY_LONG[scheme][i]

    # ---- the source side -----------------------------------------------------
    def poll(self):
        """Read the hardware and call down()/up(); the base class has none."""

    def _queue(self, entry):
        if self._count < _RING:
            self._ring[(self._head + self._count) % _RING] = entry
            self._count += 1
        else:
            self.dropped += 1

    def down(self, bit, now=None):
        """Button ``bit`` went down (at ``now``, in ticks; default: the clock's now)."""
        if bit & self.mask:
            return
        self._held |= bit
        if now is None:
            now = self.ticks_ms()
        if self.long[_number(bit)]:  # its press is decided when it is let go or held long enough
            self._long_bit = bit
            self._long_at = (now + LONG_MS) & _WRAP
            return
        self._queue(bit)
        if bit & DPAD:
            self._rep_bit = bit
            self._rep_at = (now + self.first_ms) & _WRAP

    def up(self, bit):
        """Button ``bit`` was let go."""
        if bit & self.mask:
            self.mask &= ~bit  # released once: it works from now on
            return
        self._held &= ~bit
        if bit == self._rep_bit:
            self._rep_bit = 0
        if bit == self._long_bit:  # let go before its long press: the short one
            self._long_bit = 0
            self._queue(bit)

    def tap(self, kind, index):
        """A touch landed on ``(kind, index)`` (hal.HIT_*, from hw.screen.hit); HIT_NONE is no press."""
        if kind:
            self._queue(hal.TAP | kind << 9 | index << 12)

    def release_all(self):
        """Forget every held key (after lost events); no presses are made."""
        self._held = 0
        self._rep_bit = 0
        self._long_bit = 0

    # ---- the flow side (hal interface) -----------------------------------------
    def press(self):
        """The next press's bits (TAP: see ``tapped``), or 0."""
        self.poll()
        bit = self._long_bit
        if bit and hal.ticks_diff(self.ticks_ms(), self._long_at) >= 0:  # held long: it fires now
            self._long_bit = 0
            self._queue(self.long[_number(bit)])
        if self._count:
            bit = self._ring[self._head]
            self._head = (self._head + 1) % _RING
            self._count -= 1
            if bit & hal.TAP:
                self.tapped = (bit >> 9 & 7, bit >> 12)
                return hal.TAP
            return bit
        bit = self._rep_bit
        if bit and self._held & bit:
            now = self.ticks_ms()
            if hal.ticks_diff(now, self._rep_at) >= 0:
                self._rep_at = (now + self.next_ms) & _WRAP
                return bit
        return 0

    def held(self):
        self.poll()
        return self._held

    def clear(self, n=0):
        """Drop the presses waiting, but the newest ``n``; a D-pad key then stops repeating, and a
        key held for its long press gives none (it went down before the screen now shown)."""
        self.poll()
        if n < self._count:
            self._head = (self._head + self._count - n) % _RING
            self._count = n
        if not n:
            self._rep_bit = 0
        self._long_bit = 0


def _number(bit):
    """The number (0..7) of a button bit."""
    n = 0
    while bit > 1 << n and n < 7:
        n += 1
    return n
