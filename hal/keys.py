"""Button presses from key transitions: a small queue, D-pad repeat, masked keys.

Shared by ``hal.board`` (keypad events, the PyGamer joystick) and
``hal.desktop`` (pygame key events, the terminal): a source calls
:meth:`Buttons.down` / :meth:`Buttons.up` with a button bit, the flow calls
``press()`` / ``held()`` / ``clear()`` (the interface in hal/__init__.py).
Subclasses override :meth:`Buttons.poll` to read their hardware.

``clear()`` is how a new screen drops the presses made before it was shown
(play/ui.py): it reads the hardware, then drops every press queued (but the
newest ``n``: hal/desktop.py's terminal keeps those typed after it printed
the screen, which a quick hand or a test at a pty makes before the flow
gets to ``clear()``).

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

    def clear(self, n=0):
        """Drop the presses waiting, but the newest ``n``; a D-pad key then stops repeating."""
        self.poll()
        if n < self._count:
            self._head = (self._head + self._count - n) % _RING
            self._count = n
        if not n:
            self._rep_bit = 0
