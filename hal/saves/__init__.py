"""Atomic saves in ``microcontroller.nvm``, and the record format of all saves.

Every store (hal/saves/slots.py, hal/saves/log.py and hal/saves/files.py) keeps one record per save::

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

Keys: a store keeps two kinds of record, the game's save (key ``hal.GAME``, 0)
and the players' statistics (``hal.STATS``, 1); each has its own records, its
own two save slots and its own two aside places.

**What a write costs** (CircuitPython 9.2.9 and 10.2.1, ``common-hal/nvm/ByteArray.c``
of each port), and so which store a board gets (hal.boardopen.make_storage):

* SAMD51 (PyBadge, PyGamer, EdgeBadge): every slice assignment goes to ASF4's
  ``_flash_write`` (hpl_nvmctrl.c), which copies the 8 KB block, erases it and
  programs its 16 pages of 512 bytes back, whatever the slice. The nvm is that one
  block: each write is one erase, whatever it writes, and a power cut between the
  erase and the last page leaves the block blank (0xFF) past the pages done.
* ESP32-S2/S3 (espressif): each write reads the 8 KB blob, ``nvs_erase_all`` and
  writes the whole blob again (NVS spreads its own sector erases over its
  partition); a cut between the two leaves the nvm reading zeros. As SAMD51 for
  the store: one write per save, nothing to gain from small writes (and every
  read fetches the whole blob: the store reads each key once, at start-up, and checks a save
  with four reads by index).
  The blob's buffer is one 8 KB block on the GC heap at every access: hal/saves/esp.py,
  the nvm these boards' store is given, holds its room between accesses.
* nRF52840/833 (nordic): each write erases and reprograms every 4 KB page it touches
  (the datasheet allows no second write to flash without an erase). Default nvm
  8 KB: two pages.
* RP2040/RP2350 (raspberrypi): a write into a range that reads all 0xFF only programs
  its 256-byte pages; any other write erases the 4 KB sector (the whole nvm) with
  interrupts off and programs it back. hal/saves/log.py appends records into the
  erased part and erases only when the sector is full.

:class:`NvmStore` (hal/saves/slots.py: every port but the RP2s) splits the nvm into 8 equal cells:
the game's slots A and B are cells 0 and 4, the statistics' 1 and 5, the game's
aside places 2 and 6, the statistics' 3 and 7. So slot A sits at the start of
the first flash page (on SAMD51 the first page programmed after an erase) and,
on an 8 KB nRF52 nvm, the two slots of a key lie in different erase pages. A
save goes to the slot that holds neither the newest valid record nor the record
the game was resumed from, in one slice assignment, and is read back; on load
the valid record with the newer sequence number wins. A save identical to the
newest record writes nothing.

What a power cut can leave (tests/test_saves_powercut.py cuts every byte and
every page):

* a write cut after any byte (flash that programs in place): the other slot holds
  the newest complete save;
* SAMD51's *erase window*, a cut after the erase with k of 16 pages programmed:
  with k >= 1 slot A is whole again, and it holds the newest complete save or the
  new one (slots alternate), so the game resumes right; with k = 0 the block is
  blank and every record is gone. Where page 0 was cut while being programmed,
  the torn record in slot A says so (``lost``); a blank block cannot be told from
  a board that never saved;
* nRF52 (8 KB): a save erases only its own slot's page; the other slot keeps the
  newest complete save through any cut.

``save`` raises OSError when it cannot (28 full, 5 a write that did not read
back or a port's error) and never leaves a broken save behind. ``load``
returns the payload of the best valid record; when no record is valid but one
is there, its raw payload (and ``lost`` is True), so that the flow's own check
decides and, if it refuses it, calls ``set_aside``: a damaged save is kept,
never deleted. ``set_aside`` copies the record to an aside place (the first of
two keeps the first copy; the second the last, and when it replaces one the
returned text says so), then clears the slot. Runs on CircuitPython and CPython.
"""

from engine.codec import crc16

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

HEAD = const(8)
TAIL = const(1)  # the repeated seq after the payload
SAVE = const(0x53)  # "S": a game save; SAVE + key: the kind of key's records (0x54 "T": statistics)
ASIDE = const(0x58)  # "X": a game save kept aside; ASIDE + key for key's (0x59 "Y": statistics)
CELLS = const(8)
MIN_CAPACITY = const(400)  # smallest useful payload (a save is 160-310 bytes)

ENOSPC = const(28)
EROFS = const(30)
EIO = const(5)
ENOENT = const(2)

GONE = "; the one kept before is gone"  # set_aside's note: an older aside copy was replaced


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


def length(head, capacity):
    """The payload length a header announces, or -1 when it is no record."""
    if len(head) < HEAD or head[0] != 0x4C or head[1] != 0x4B:
        return -1
    n = head[4] | (head[5] << 8)
    return n if n <= capacity else -1


def newer(a, b):
    """True when 8-bit sequence number ``a`` comes after ``b``."""
    return 0 < ((a - b) & 0xFF) < 0x80


def same(buf, at, data):
    """True when ``buf`` holds ``data`` at ``at``: compared byte by byte, as the nvm is read in place
    (SAMD51, nRF52, the RP2s; a slice would be a copy, up to the whole nvm on a tight heap)."""
    for i in range(len(data)):
        if buf[at + i] != data[i]:
            return False
    return True


def write(nvm, at, data, blob=False):
    """``nvm[at:at + len(data)] = data``, read back: OSError (EIO) when it failed or did not read
    back (a port's own error type for a failed flash write too). The read-back is byte by byte,
    flash read in place (SAMD51, nRF52, the RP2s: no copy in a tight heap); ``blob`` (ESP32, whose
    every read copies the whole 8 KB NVS blob onto the heap, an index too) checks the record's
    seq, CRC and last byte only: four reads by index, each of which makes nothing on the heap but
    the blob (a slice's new bytearray, made before the blob, could split the room hal/saves/esp.py
    holds for it)."""
    n = len(data)
    try:
        nvm[at : at + n] = data
        if blob:  # the seq, the CRC's two bytes, the last byte (the seq again): a write that did not
            # land leaves the older record (another seq) or none
            ok = nvm[at + 3] == data[3] and nvm[at + 6] == data[6] and nvm[at + 7] == data[7]
            ok = ok and nvm[at + n - 1] == data[n - 1]
        else:
            ok = same(nvm, at, data)
    except OSError:
        raise
    except Exception as e:  # a port's own error type for a failed flash write
        raise OSError(EIO, "nvm write failed: %s" % (e,))
    if not ok:
        raise OSError(EIO, "nvm write did not read back")


def fits(nvm):
    """True when ``nvm`` is there and large enough for a store of its slots (see MIN_CAPACITY)."""
    return nvm is not None and len(nvm) // CELLS - HEAD - TAIL >= MIN_CAPACITY

