"""Byte records with a magic, a version, a length and a checksum.

One framing serves every record the game stores (the game itself, the save
file around it): ``magic (4) | version (1) | length (2, little-endian) |
payload | CRC-16/CCITT (2)``. :func:`unframe` names what is wrong with data
that is truncated, corrupt, foreign or from another version.
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int

GAME_MAGIC = b"LAMA"  # the game record (engine/record.py has its version)
HEAD = const(7)  # magic, version, length: the payload starts here
OVERHEAD = const(9)  # bytes a record adds to its payload (HEAD + the CRC)


def sized(buf, n):
    """``buf`` when it is a bytearray of ``n`` bytes, else a new one: a record's buffer, reused
    from save to save (a game's saves keep one length), so that saving does not fragment a
    board's heap."""
    return buf if isinstance(buf, bytearray) and len(buf) == n else bytearray(n)


def crc16(data, crc=0xFFFF, table=None):
    """CRC-16/CCITT-FALSE of ``data``, four bits at a time (a 16-entry table).

    ``table``: the nibble table of another polynomial (hal/saves/__init__.py's store
    records use one, so that a payload's own trailing CRC cannot cancel theirs).
    """
    t = _CRC if table is None else table
    for byte in data:
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (byte & 15)]
    return crc


_CRC = (
    0x0000,
    0x1021,
    0x2042,
    0x3063,
    0x4084,
    0x50A5,
    0x60C6,
    0x70E7,
    0x8108,
    0x9129,
    0xA14A,
    0xB16B,
    0xC18C,
    0xD1AD,
    0xE1CE,
    0xF1EF,
)


def seal(buf, at, magic, version, end):
    """Make ``buf[at:end + 2]`` a record: the payload is already at ``buf[at + 7:end]``.

    Writes the header in front and the checksum behind; returns ``end + 2``.
    Records can nest (a save holds a game record) without extra copies.
    """
    n = end - at - HEAD
    buf[at : at + 4] = magic
    buf[at + 4] = version
    buf[at + 5] = n & 0xFF
    buf[at + 6] = n >> 8
    c = crc16(memoryview(buf)[at:end])
    buf[end] = c >> 8
    buf[end + 1] = c & 0xFF
    return end + 2


def frame(magic, version, *parts):
    """The ``parts`` (bytes-like, joined) wrapped as a record, as bytes."""
    n = 0
    for part in parts:
        n += len(part)
    out = bytearray(HEAD + n + 2)
    at = HEAD
    for part in parts:
        out[at : at + len(part)] = part
        at += len(part)
    seal(out, 0, magic, version, at)
    return bytes(out)


def unframe(data, magic, version, what="data"):
    """The payload of a record (a memoryview), or ValueError saying what is wrong.

    The messages are short: the handheld shows them on a 26-column screen.
    """
    try:
        data = memoryview(data)
    except TypeError:
        data = memoryview(b"")
    n = len(data) - HEAD - 2
    start = bytes(data[0:4])
    if n < 0 and len(data) and magic.startswith(start) and (len(data) < 5 or data[4] == version):
        problem = "is cut short"  # a record's first bytes, no more
    elif n < 0 or start != magic:
        problem = "is not a L.A.M.A. file"
    elif data[4] != version:
        problem = "is from version %d" % data[4]
    elif n != data[5] | (data[6] << 8):
        problem = "is cut short"
    elif crc16(data[: HEAD + n]) != (data[HEAD + n] << 8) | data[HEAD + n + 1]:
        problem = "is corrupt"
    else:
        return data[HEAD : HEAD + n]
    raise ValueError(what + " " + problem)
