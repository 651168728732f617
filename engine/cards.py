"""Card codes, names, values, icons and the two decks (R1, R2, R8, R23).

A card is a small int, its *code*. Codes run in rank order so that a sorted
hand reads naturally: ``1 1o 2 2# 2* 2/3 3 ... 6 L``. Copies of the same code
are interchangeable, so a hand is a count per code.

The decks are one data table each (:data:`KADABRA`, :data:`CLASSIC`): the
count of every code. Replace a table to change which printed cards carry
icons (R2); nothing else in the engine knows the distribution.
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is only a hint for MicroPython's compiler
    const = int

# Names, indexed by code, 3 characters a name (one string, not 18: a board
# pays ~40 bytes of heap per string object). Icon suffixes: o circle (give
# away a token), # square (next player draws), * star (take the magic token).
_NAMES = "1  1o 2  2# 2* 2/33  3# 3* 4  4# 4* 4/55  5# 5* 6  L  "
COUNT = const(18)  # number of codes
LLAMA = const(17)

# Rank values: 1..6, llama = 7. LOW and HIGH differ only for doubles.
LOW = b"\x01\x01\x02\x02\x02\x02\x03\x03\x03\x04\x04\x04\x04\x05\x05\x05\x06\x07"
HIGH = b"\x01\x01\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x05\x05\x05\x05\x06\x07"

ICON_CIRCLE = const(1)
ICON_SQUARE = const(2)
ICON_STAR = const(3)
ICON = b"\x00\x01\x00\x02\x03\x00\x00\x02\x03\x00\x02\x03\x00\x00\x02\x03\x00\x00"

# Deck tables: copies of each code (R1, R2). 60 cards.
KADABRA = bytes((0, 8, 5, 1, 1, 2, 5, 1, 1, 5, 1, 1, 2, 5, 1, 1, 8, 12))
# Classic L.L.A.M.A. (R23): 8 each of 1..6 and 8 llamas, no icons, 56 cards.
CLASSIC = bytes((8, 0, 8, 0, 0, 0, 8, 0, 0, 8, 0, 0, 0, 8, 0, 0, 8, 8))

VARIANTS = ("kadabra", "classic")
DECKS = (KADABRA, CLASSIC)


def accepts(top):
    """R8: the values that may be played on ``top``, as bits (see VALUE_BITS).

    A card may go on top when one of its values equals one of the top's
    values, or is exactly one above the top's highest value (llama after 6,
    1 after llama).
    """
    return VALUE_BITS[top] | (1 << (HIGH[top] % 7 + 1))


def code(card_name):
    """The code of a card name such as ``"4"``, ``"1o"``, ``"3#"``, ``"L"``."""
    for c in range(COUNT):
        if name(c) == card_name:
            return c
    raise ValueError("unknown card name %r" % (card_name,))


def name(card):
    """The printed name of a card code."""
    if not 0 <= card < COUNT:
        raise ValueError("card code %r out of range 0..17" % (card,))
    return _NAMES[3 * card : 3 * card + 3].strip()


def plays_on(card, top):
    """True when ``card`` may be played on ``top`` (R8)."""
    return bool(VALUE_BITS[card] & accepts(top))


def deck_cards(variant=0):
    """Every card of a variant's deck (index into VARIANTS) as bytes, in code order."""
    table = DECKS[variant]
    return bytes(c for c in range(COUNT) for _ in range(table[c]))


# A hand is a count per code, packed 4 bits a code: code c lives in nibble
# (c & 1) of byte (c >> 1), so 18 codes take 9 bytes. No code has more than
# 15 copies in a deck.
PACKED_SIZE = const(9)


def packed_count(buf, at, c):
    """Copies of code ``c`` in the packed hand at ``buf[at:at+9]``."""
    return (buf[at + (c >> 1)] >> ((c & 1) << 2)) & 15


def packed_values(buf, at):
    """The values (bit v for 1..6, bit 7 for llama) in the packed hand at ``buf[at:]``."""
    seen = 0
    for i in range(PACKED_SIZE):
        b = buf[at + i]
        if b & 15:
            seen |= VALUE_BITS[2 * i]
        if b >> 4:
            seen |= VALUE_BITS[2 * i + 1]
    return seen


def hand_points(buf, at):
    """R19: the points of the packed hand at ``buf[at:]``, whites and blacks (10 each) together."""
    x = points_for(packed_values(buf, at))
    return (x & 31) + 10 * (x >> 5)


def points_for(values):
    """R19 for a :func:`packed_values` mask: ``whites + 32 * blacks``.

    Each value 1..6 counts once as that many whites; any llamas, one black.
    (One small int, so that scoring allocates nothing.)
    """
    return _WHITES[(values >> 1) & 63] + ((values >> 7) << 5)


def _whites():
    out = bytearray(64)
    for m in range(64):
        for v in range(1, 7):
            if m & (1 << (v - 1)):
                out[m] += v
    return bytes(out)


# VALUE_BITS[c]: bit v set for each value v of code c (1..6, llama 7).
VALUE_BITS = bytes((1 << LOW[c]) | (1 << HIGH[c]) for c in range(COUNT))
# _WHITES[m]: the sum of the values v in 1..6 whose bit (v - 1) is set in m.
_WHITES = _whites()
del _whites


def unpack(buf, at):
    """The packed hand at ``buf[at:]`` as a list of codes in rank order."""
    out = []
    for c in range(COUNT):
        for _ in range(packed_count(buf, at, c)):
            out.append(c)
    return out
