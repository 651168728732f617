"""Atomic saves in ``microcontroller.nvm`` (two slots), and the record format of all saves.

Both stores (this one and hal/filestore.py) keep one record per save::

    "LK" | kind | seq | length (2, LE) | CRC (2, LE) | payload | seq

The CRC is CRC-16 with polynomial 0x8BB7 (T10-DIF), init 0xFFFF, over
``kind | seq | length | payload``; a record is valid when the CRC matches and
the last byte repeats ``seq``. Why not the engine's CRC-16/CCITT: every
payload the flow saves is an engine.codec record that ends in its own CCITT
CRC, and a CCITT CRC over such a payload depends only on its length (the
payload's CRC cancels it), so a torn write that left a new header over an
older save of the same length passed. The payload is a multiple of the CCITT
polynomial P; it fails this check unless it is also one of Q = 0x18BB7, and
gcd(P, Q) = 1 (tests/test_saves_powercut.py proves both), so a payload
change slips through only as an ordinary 1 in 65,536 CRC collision. The
trailing ``seq`` makes the common torn write exact: saves of one game have
one length, a write cut before its last byte leaves the old record's last
byte, and that is a different ``seq`` (a slot never holds the seq that is
written into it: it holds the older save, a torn or cleared one; seq runs
1..254, never 0 or 0xFF, so neither zeroed nor erased flash matches).

:class:`NvmStore` splits the nvm into three equal areas: two save slots and
an *aside* area. A save goes to the slot that does not hold the newest valid
record, in one slice assignment, and is read back; on load the valid record
with the newer sequence number wins. A write cut short leaves a slot that
fails the check, and the other slot's save is used. Caveat: on SAMD51 and
RP2040 CircuitPython erases and rewrites the whole nvm flash block (8 KB /
4 KB) on every assignment, so a power cut inside that erase and rewrite
(some tens of ms) can still lose both slots; nothing in software can prevent
that there. Every save also costs one erase of that block (flash lasts some
10,000-100,000 erases): saving data identical to the newest record writes
nothing.

hal/filestore.py keeps the same records in files (write new, then rename).

``save`` raises OSError when it cannot (28 full, 30 read-only, 5 a write
that did not read back) and never leaves a broken save behind. ``load``
returns the payload of the best valid record; when no record is valid but
one is there, its raw payload, so that the flow's own check rejects it and
calls ``set_aside``: a damaged save is kept, never deleted. Runs on
CircuitPython and CPython.
"""

from engine.codec import crc16, sized

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

HEAD = const(8)
TAIL = const(1)  # the repeated seq after the payload
SAVE = const(0x53)  # "S": a save slot record
ASIDE = const(0x58)  # "X": a record kept aside
MIN_CAPACITY = const(512)  # smallest useful slot payload (a save is ~200-350 bytes)

ENOSPC = const(28)
EROFS = const(30)
EIO = const(5)
ENOENT = const(2)


# Nibble table of CRC polynomial 0x8BB7 (see above: not the engine's 0x1021).
_Q = (
    0x0000,
    0x8BB7,
    0x9CD9,
    0x176E,
    0xB205,
    0x39B2,
    0x2EDC,
    0xA56B,
    0xEFBD,
    0x640A,
    0x7364,
    0xF8D3,
    0x5DB8,
    0xD60F,
    0xC161,
    0x4AD6,
)


def next_seq(seq):
    """The sequence number after ``seq``: 1..254, skipping 0 and 0xFF (blank flash)."""
    return seq % 254 + 1


def _crc(head, payload):
    return crc16(payload, crc16(memoryview(head)[2:6], 0xFFFF, _Q), _Q)


def record(kind, seq, payload, out=None):
    """The bytes of one record: into ``out`` when it is given (its length must fit)."""
    n = len(payload)
    if out is None:
        out = bytearray(HEAD + n + TAIL)
    out[0] = 0x4C  # "L"
    out[1] = 0x4B  # "K"
    out[2] = kind
    out[3] = seq & 0xFF
    out[4] = n & 0xFF
    out[5] = n >> 8
    out[HEAD : HEAD + n] = payload
    out[HEAD + n] = seq & 0xFF
    c = _crc(out, memoryview(out)[HEAD : HEAD + n])
    out[6] = c & 0xFF
    out[7] = c >> 8
    return out


def check(head, payload, tail):
    """True when the 8-byte ``head``, ``payload`` and the ``tail`` byte form a valid record."""
    c = _crc(head, payload)
    return tail == head[3] and head[6] == c & 0xFF and head[7] == c >> 8


def _length(head, capacity):
    """The payload length a header announces, or -1 when it is no record."""
    if len(head) < HEAD or head[0] != 0x4C or head[1] != 0x4B:
        return -1
    n = head[4] | (head[5] << 8)
    return n if n <= capacity else -1


def _newer(a, b):
    """True when 8-bit sequence number ``a`` comes after ``b``."""
    return 0 < ((a - b) & 0xFF) < 0x80


class NvmStore:
    """Two-slot atomic saves in a ``microcontroller.nvm``-like byte array."""

    def __init__(self, nvm, where="nvm"):
        self.nvm = nvm
        self.area = len(nvm) // 3
        self.capacity = self.area - HEAD - TAIL
        self.where = where
        self._newest = -1  # slot of the newest valid record, -1 none (after a scan)
        self._seq = 0
        self._loaded = -1  # slot load() returned (valid or damaged)
        self._last = None  # payload of the newest valid record, when known
        self._rec = None  # the record of the last save, reused while saves keep their length
        self._scanned = False

    @staticmethod
    def fits(nvm):
        return nvm is not None and len(nvm) // 3 - HEAD - TAIL >= MIN_CAPACITY

    def _read(self, slot):
        """(length, payload, valid) of the record in ``slot``; length -1: none."""
        at = slot * self.area
        head = self.nvm[at : at + HEAD]
        n = _length(head, self.capacity)
        if n < 0 or head[2] != (ASIDE if slot == 2 else SAVE):
            return -1, None, False
        payload = bytes(self.nvm[at + HEAD : at + HEAD + n])
        return n, payload, check(head, payload, self.nvm[at + HEAD + n])

    def _scan(self):
        self._newest = -1
        self._last = None
        damaged = -1
        for slot in (0, 1):
            n, payload, ok = self._read(slot)
            if ok:
                seq = self.nvm[slot * self.area + 3]
                if self._newest < 0 or _newer(seq, self._seq):
                    self._newest = slot
                    self._seq = seq
                    self._last = payload
            elif n >= 0 and damaged < 0:
                damaged = slot
        self._scanned = True
        return damaged

    def load(self):
        damaged = self._scan()
        if self._newest >= 0:
            self._loaded = self._newest
            return self._last
        if damaged >= 0:
            self._loaded = damaged
            return self._read(damaged)[1]
        self._loaded = -1
        return None

    def save(self, data):
        n = len(data)
        if n > self.capacity:
            raise OSError(ENOSPC, "save of %d bytes > nvm slot of %d" % (n, self.capacity))
        if not self._scanned:
            self._scan()
        if self._last is not None and self._last == data:
            return  # already there: spare the flash an erase
        slot = 1 - self._newest if self._newest >= 0 else 0
        seq = next_seq(self._seq) if self._newest >= 0 else 1
        # The record and the copy of the payload are rewritten in place (engine.codec.sized).
        rec = self._rec = sized(self._rec, HEAD + n + TAIL)
        record(SAVE, seq, data, rec)
        self._write(slot * self.area, rec)
        self._newest = slot
        self._seq = seq
        last = self._last = sized(self._last, n)
        last[:] = data

    def _write(self, at, rec):
        try:
            nvm = self.nvm
            nvm[at : at + len(rec)] = rec
            ok = True
            for i in range(len(rec)):  # read back byte by byte: a slice would be a copy
                if nvm[at + i] != rec[i]:
                    ok = False
                    break
        except OSError:
            raise
        except Exception as e:  # a port's own error type for a failed flash write
            raise OSError(EIO, "nvm write failed: %s" % (e,))
        if not ok:
            raise OSError(EIO, "nvm write did not read back")

    def set_aside(self):
        """Copy the record load() returned to the aside area, then drop it from its slot."""
        if not self._scanned:
            self.load()
        slot = self._loaded
        if slot >= 0:
            at = slot * self.area
            n, payload, ok = self._read(slot)
            rec = record(ASIDE, self.nvm[at + 3], payload)
            if not ok:  # keep it as it was, damage and all (its CRC stays wrong)
                rec[6] ^= 0xFF
            self._write(2 * self.area, rec)
            self._write(at, bytes(len(rec)))  # the whole record: no stale tail byte stays
            self._loaded = -1
            self._scan()
        return self.where + " aside"

    def aside(self):
        """The payload kept aside, or None."""
        at = 2 * self.area
        head = self.nvm[at : at + HEAD]
        n = _length(head, self.capacity)
        return None if n < 0 else bytes(self.nvm[at + HEAD : at + HEAD + n])
