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
        self.unit = 8192 if rule == "samd51" else 4096  # what one erase takes
        self.page = PAGE[rule]
        self.same = 0  # writes of the bytes already there
        self.cut = None  # (program units, bytes): a power cut in the next write

    def __setitem__(self, k, value):
        mem = self.mem
        old = bytearray(mem)
        erases = self.erases
        ByteArray.__setitem__(self, k, value)  # refused as the port refuses; counted; written
        if mem == old:
            self.same += 1
        if self.cut is None:
            return
        pages, extra = self.cut
        self.cut = None
        new = bytearray(mem)
        mem[:] = old
        self._range(k)
        start, stop = self.start, self.stop
        end = start + 1 if stop < 0 else stop
        erased = self.erases - erases
        if erased:  # erased whole, then programmed back page by page
            first = start - start % self.unit
            mem[first : first + erased * self.unit] = b"\xff" * (erased * self.unit)
            spans = [(p, p + self.page) for p in range(first, first + erased * self.unit, self.page)]
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


def store_for(nvm):
    """The store a board of ``nvm.rule`` gets (hal/boardopen.py chooses by ``sys.platform``): the
    log that appends into erased flash on RP2040, two slots a record kind elsewhere."""
    from hal.saves import log, slots

    return log.LogStore(nvm) if nvm.rule == "rp2040" else slots.NvmStore(nvm)


class Reads(bytearray):
    """An nvm in memory that notes what it is read with (``reads``: each index or slice), for the
    ESP32 store's checks: each read there copies the whole 8 KB blob."""

    def __init__(self, data):
        bytearray.__init__(self, data)
        self.reads = []  # type: list

    def __getitem__(self, k):
        self.reads.append(k)
        return bytearray.__getitem__(self, k)
