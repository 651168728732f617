"""A CircuitPython nvm in memory for tests and tools/bench.py: tools/standins' ByteArray (what the
port refuses, its erases by ``rule``), plus power cuts and a count of needless writes.

``Flash(size, rule)`` starts blank (0xFF). ``cut = (k, b)`` plans a power cut in the next write:
it stops after its erase (if the rule erases) with ``k`` program units written and ``b`` bytes of
the next, then raises :class:`PowerCut` (after the whole write when it has fewer units; the
message is then DONE). The program unit is the flash page (SAMD51 512 bytes, RP2040 256; nRF52
programs words, 4 bytes). Bytes the write erased and did not program read 0xFF. ``same`` counts
writes of the very bytes already there.
"""

from tools.standins.microcontroller import ByteArray  # the board flow's own nvm

PAGE = {"samd51": 512, "rp2040": 256, "nrf52": 4}
DONE = "nvm write done, then the power went"


class PowerCut(BaseException):
    """The power went in the middle of an nvm write (nothing in the game may catch it)."""


class Flash(ByteArray):
    """tools/standins' nvm in memory, with planned power cuts."""

    def __init__(self, size=8192, rule="samd51", mem=None):
        ByteArray.__init__(self, size, rule, bytearray(b"\xff") * size if mem is None else mem)
        self.page = PAGE[rule]
        self.same = 0  # writes of the bytes already there
        self.cut = None  # (program units, bytes): a power cut in the next write

    def _put(self, start, value, erases):
        if self.mem[start : start + len(value)] == value:
            self.same += 1
        if self.cut is None:
            ByteArray._put(self, start, value, erases)
            return
        pages, extra = self.cut
        self.cut = None
        mem = self.mem
        end = start + len(value)
        new = bytearray(mem)
        new[start:end] = value
        if erases:  # erased whole, then programmed back page by page
            first = start - start % self.unit
            mem[first : first + erases * self.unit] = b"\xff" * (erases * self.unit)
            spans = [(p, p + self.page) for p in range(first, first + erases * self.unit, self.page)]
        else:  # into blank flash: the pages of the range, in order
            first = start - start % self.page
            spans = [(max(p, start), min(p + self.page, end)) for p in range(first, end, self.page)]
        for n, (a, b) in enumerate(spans):
            if n == pages:
                stop = min(b, a + extra)
                mem[a:stop] = new[a:stop]
                raise PowerCut("nvm write cut after %d pages and %d bytes" % (pages, extra))
            mem[a:b] = new[a:b]
        raise PowerCut(DONE)
