"""Button presses from key transitions: a small queue, D-pad repeat, masked keys.

Shared by ``hal.board`` (keypad events, the PyGamer joystick) and
``hal.desktop`` (pygame key events, the terminal): a source calls
:meth:`Buttons.down` / :meth:`Buttons.up` with a button bit, the flow calls
``press()`` / ``held()`` / ``clear()`` (the interface in hal/__init__.py).
Subclasses override :meth:`Buttons.poll` to read their hardware.

``clear()`` is how a new screen drops the presses made before it was shown
(play/ui.py): it reads the hardware, then drops every press queued. A screen
that can say the moment it shows its picture calls :meth:`Buttons.mark` just
before (the terminal, before it flushes the text): then ``clear()`` keeps the
presses read after that moment, which a quick hand (or a test at a pty) may
make before the flow gets to ``clear()``.

Nothing here allocates after construction: presses wait in a 16-byte ring,
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
_RING = const(16)
_WRAP = const(0x1FFFFFFF)


class Buttons:
    """``press()``/``held()``/``clear()`` over ``down(bit)``/``up(bit)`` calls.

    ``ticks_ms`` is a function returning the time (``supervisor.ticks_ms`` on
    a board). ``mask`` holds bits that are ignored (a stuck key) until that key
    is seen released once: a key held at power-up (on purpose, for boot.py)
    starts working as soon as it is let go; a shorted one never does.
    """

    def __init__(self, ticks_ms, first_ms=REPEAT_FIRST_MS, next_ms=REPEAT_NEXT_MS):
        self.ticks_ms = ticks_ms
        self.first_ms = first_ms
        self.next_ms = next_ms
        self._ring = bytearray(_RING)
        self._head = 0  # next to read
        self._count = 0
        self._held = 0
        self._rep_bit = 0  # the D-pad bit that repeats while held
        self._rep_at = 0  # when it next repeats
        self.mask = 0
        self.dropped = 0  # presses lost to a full ring (diagnostics, tests)
        self.before = -1  # presses queued when the screen marked its showing; -1: no mark since clear

    # ---- the source side -----------------------------------------------------
    def poll(self):
        """Read the hardware and call down()/up(); the base class has none."""

    def down(self, bit, now=None):
        if bit & self.mask:
            return
        self._held |= bit
        if self._count < _RING:
            self._ring[(self._head + self._count) % _RING] = bit
            self._count += 1
        else:
            self.dropped += 1
        if bit & DPAD:
            self._rep_bit = bit
            self._rep_at = ((self.ticks_ms() if now is None else now) + self.first_ms) & _WRAP

    def up(self, bit):
        if bit & self.mask:
            self.mask &= ~bit  # released once: it works from now on
            return
        self._held &= ~bit
        if bit == self._rep_bit:
            self._rep_bit = 0

    def release_all(self):
        """Forget every held key (after lost events); no presses are made."""
        self._held = 0
        self._rep_bit = 0

    # ---- the flow side (hal interface) -----------------------------------------
    def press(self):
        self.poll()
        if self._count:
            bit = self._ring[self._head]
            self._head = (self._head + 1) % _RING
            self._count -= 1
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

    def mark(self):
        """The screen shows a new picture now: presses read from here on were made after it."""
        self.poll()
        self.before = self._count

    def clear(self):
        """Drop the presses made before the screen now shown (all queued, without a :meth:`mark`)."""
        self.poll()
        # (Names reuse qstrs the game already has: on CircuitPython a new one can cost a pool.)
        n = self._count - self.before if 0 <= self.before <= self._count else 0  # made after the mark
        self._head = (self._head + self._count - n) % _RING
        self._count = n
        if not n:
            self._rep_bit = 0  # a D-pad key pressed before stops repeating
        self.before = -1
