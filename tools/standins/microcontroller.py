"""Stand-in for microcontroller: ``nvm`` refuses what CircuitPython's does and counts flash erases.

:class:`ByteArray` is ``microcontroller.nvm`` as CircuitPython's C code behaves
(shared-bindings/nvm/ByteArray.c, the same in 9.2.9 and 10.2.1): a slice with a
step other than 1 raises NotImplementedError, a value of another length
ValueError, a value that is not bytes, bytearray, memoryview or array
NotImplementedError, an index out of range IndexError, a byte outside 0..255
ValueError; a slice read returns a new bytearray. A write costs flash erases
by the port's rule (``rule``), counted in ``erases``:

* ``"samd51"``: every write erases the whole 8 KB block and programs its 16 pages
  of 512 bytes back, whatever it writes (ports/atmel-samd common-hal/nvm/ByteArray.c
  -> ASF4 hpl_nvmctrl.c ``_flash_write``);
* ``"rp2040"``: a write into a range that reads all 0xFF only programs its 256-byte
  pages; any other erases the 4 KB sector and programs its 16 pages
  (ports/raspberrypi common-hal/nvm/ByteArray.c; RP2350 the same);
* ``"nrf52"``: a write erases and programs every 4 KB page it touches
  (ports/nordic common-hal/nvm/ByteArray.c, peripherals/nrf/nvm.c).

A power cut can be planned for the next write (in memory only): ``cut = (k, b)``
stops it after its erase (if any) with ``k`` program units (pages) written and
``b`` bytes of the next, then raises :class:`PowerCut` (after the whole write when it
has fewer units); erased bytes read 0xFF.

``mem``: the flash, a bytearray (default: blank, 0xFF), or, for the board flow
(tools/cpboard.py), :class:`File`: ``nvm.bin`` in the working folder, every write
also appended to ``nvm.log`` (offset, length, bytes) and every erase to
``nvm.erases`` (one byte each), so that the nvm stays off the CircuitPython heap
as a board's does and a test can replay each save and count the erases.
"""

_RULES = {  # rule: (erase unit, program unit), bytes
    "samd51": (8192, 512),
    "rp2040": (4096, 256),
    "nrf52": (4096, 4),
}


class PowerCut(BaseException):
    """The power went in the middle of an nvm write (nothing in the game may catch it)."""


class File:
    """Flash bytes in the file nvm.bin; writes logged to nvm.log, erases counted in nvm.erases."""

    def __init__(self, size=8192):
        self.size = size

    def __len__(self):
        return self.size

    def __getitem__(self, k):
        data = bytearray(k.stop - k.start)  # a new bytearray, as a board's slice read
        with open("nvm.bin", "rb") as f:
            f.seek(k.start)
            f.readinto(data)
        return data

    def __setitem__(self, k, value):
        with open("nvm.bin", "r+b") as f:
            f.seek(k.start)
            f.write(value)

    def log(self, start, value):
        with open("nvm.log", "ab") as f:
            f.write(bytes((start & 0xFF, start >> 8, len(value) & 0xFF, len(value) >> 8)))
            f.write(value)

    def erased(self, n):
        with open("nvm.erases", "ab") as f:
            f.write(bytes(n))


class ByteArray:
    """``microcontroller.nvm`` of a port (``rule``: "samd51", "rp2040", "nrf52"), counting erases."""

    def __init__(self, size=8192, rule="samd51", mem=None):
        self.rule = rule
        self.unit, self.page = _RULES[rule]
        self.mem = bytearray(b"\xff") * size if mem is None else mem
        self.size = size
        self.erases = 0  # flash erases of the rule's erase unit
        self.writes = 0  # slice or index assignments
        self.cut = None  # (program units, bytes): a power cut in the next write

    def __len__(self):
        return self.size

    def _slice(self, k):
        if not isinstance(k, slice):
            raise TypeError("nvm indices must be integers or slices")
        start, stop, step = k.indices(self.size)
        if step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return start, max(start, stop)

    def _index(self, k):
        if not isinstance(k, int):
            return None
        i = k + self.size if k < 0 else k
        if not 0 <= i < self.size:
            raise IndexError("index out of range")
        return i

    def __getitem__(self, k):
        i = self._index(k)
        if i is not None:
            return self.mem[i : i + 1][0]
        start, stop = self._slice(k)
        data = self.mem[start:stop]
        return data if isinstance(data, bytearray) else bytearray(data)

    def __setitem__(self, k, value):
        i = self._index(k)
        if i is not None:
            if not isinstance(value, int):
                raise TypeError("can't convert %s to int" % type(value).__name__)
            if not 0 <= value <= 255:
                raise ValueError("bytes must be 0-255")
            start, value = i, bytes((value,))
        else:
            start, stop = self._slice(k)
            if not isinstance(value, (bytes, bytearray, memoryview)) and type(value).__name__ != "array":
                raise NotImplementedError("array/bytes required on right side")
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
            value = bytes(value)
        self.writes += 1
        if hasattr(self.mem, "log"):
            self.mem.log(start, value)
        end = start + len(value)
        if self.rule == "rp2040" and self._blank(start, end):
            units = ()  # programs the pages in place: no erase
        else:
            first = start - start % self.unit
            units = range(first, max(end, start + 1), self.unit)
        self.erases += len(units)
        if len(units) and hasattr(self.mem, "erased"):
            self.mem.erased(len(units))
        if self.cut is None:
            self.mem[start:end] = value  # the same bytes as erasing and programming back
            return
        self._cut_write(start, value, units)

    def _blank(self, start, end):
        """True when the flash reads 0xFF from ``start`` to ``end`` (read in small pieces)."""
        at = start
        while at < end:
            piece = self.mem[at : min(end, at + 64)]
            for b in piece:
                if b != 0xFF:
                    return False
            at += 64
        return True

    def _cut_write(self, start, value, units):
        """The write as the flash does it, stopped by the planned power cut."""
        pages, extra = self.cut
        self.cut = None
        mem = self.mem
        new = bytearray(mem)
        new[start : start + len(value)] = value
        if units:
            spans = []
            for u in units:  # erased whole, then programmed back page by page
                mem[u : u + self.unit] = b"\xff" * self.unit
                spans += [(p, p + self.page) for p in range(u, u + self.unit, self.page)]
        else:  # into blank flash: the pages of the range, in order
            first = start - start % self.page
            end = start + len(value)
            spans = [(max(p, start), min(p + self.page, end)) for p in range(first, end, self.page)]
        for n, (a, b) in enumerate(spans):
            if n == pages:
                mem[a : a + extra] = new[a : min(b, a + extra)]
                raise PowerCut("nvm write cut after %d pages and %d bytes" % (pages, extra))
            mem[a:b] = new[a:b]
        raise PowerCut("nvm write done, then the power went")


nvm = ByteArray(8192, "samd51", File(8192))


class _Cpu:
    temperature = 25.0
    frequency = 120000000


cpu = _Cpu()


def reset():
    raise SystemExit(8)
