"""A seeded PRNG that gives the same numbers on CPython and CircuitPython (R24).

xorshift32 (Marsaglia), kept as two 16-bit halves so that no intermediate
value reaches 2**30: on a 32-bit board every int stays a small int and a step
allocates nothing. The 4 state bytes live in a caller's ``bytearray`` (the game
state keeps its own), so a game's randomness is saved with the game.

Not ``random``: CircuitPython's generator differs from CPython's and has no
``shuffle``.
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int

_MASK = const(0xFFFF)


def seed_into(buf, off, seed):
    """Store a 32-bit state derived from ``seed`` (an int >= 0) at ``buf[off:off+4]``."""
    if not isinstance(seed, int) or seed < 0:
        raise ValueError("seed must be an int >= 0, not %r" % (seed,))
    hi = (seed >> 16) & _MASK
    lo = seed & _MASK
    seed >>= 32
    while seed:  # fold in any higher bits
        hi ^= (seed >> 16) & _MASK
        lo ^= seed & _MASK
        seed >>= 32
    hi ^= 0x9E37  # so that seed 0 is a valid, non-zero state
    lo ^= 0x79B9
    if hi == 0 and lo == 0:
        lo = 1
    buf[off] = hi >> 8
    buf[off + 1] = hi & 0xFF
    buf[off + 2] = lo >> 8
    buf[off + 3] = lo & 0xFF
    for _ in range(4):  # spread nearby seeds apart
        next16(buf, off)


def next16(buf, off):
    """Advance the state at ``buf[off:off+4]``; return 16 fresh bits."""
    hi = (buf[off] << 8) | buf[off + 1]
    lo = (buf[off + 2] << 8) | buf[off + 3]
    # x ^= x << 13
    hi ^= ((hi << 13) | (lo >> 3)) & _MASK
    lo ^= (lo << 13) & _MASK
    # x ^= x >> 17
    lo ^= hi >> 1
    # x ^= x << 5
    hi ^= ((hi << 5) | (lo >> 11)) & _MASK
    lo ^= (lo << 5) & _MASK
    buf[off] = hi >> 8
    buf[off + 1] = hi & 0xFF
    buf[off + 2] = lo >> 8
    buf[off + 3] = lo & 0xFF
    return hi


def below(buf, off, n):
    """A uniform int in ``0 .. n-1`` (1 <= n <= 65536), without modulo bias."""
    limit = 65536 - 65536 % n
    r = next16(buf, off)
    while r >= limit:
        r = next16(buf, off)
    return r % n


def swap_in(buf, off, items, k, end):
    """One Fisher-Yates step: swap ``items[k]`` with a uniform pick of ``items[k:end]``.

    Returns the item now at ``k``. Repeating it for ``k = start, start+1, ...``
    shuffles; stopping early (as a deal does) leaves the rest to be picked
    from later, which gives the same distribution as a full shuffle.
    """
    j = k + below(buf, off, end - k)
    c = items[j]
    items[j] = items[k]
    items[k] = c
    return c


def shuffle(buf, off, items, start, count):
    """Fisher-Yates shuffle of ``items[start:start+count]`` in place."""
    end = start + count
    for k in range(start, end - 1):
        swap_in(buf, off, items, k, end)


class Rng:
    """A stand-alone generator (for bots and tools) over its own 4 bytes."""

    def __init__(self, seed=0):
        self.state = bytearray(4)
        seed_into(self.state, 0, seed)

    def below(self, n):
        """A uniform int in ``0 .. n-1``."""
        return below(self.state, 0, n)

    def shuffle(self, items, start=0, count=None):
        """Shuffle ``items[start:start+count]`` in place (default: all of it)."""
        if count is None:
            count = len(items) - start
        shuffle(self.state, 0, items, start, count)
