"""Saves in an nvm that programs blank flash without erasing it: a log of records (RP2040, RP2350).

On CircuitPython's raspberrypi port (common-hal/nvm/ByteArray.c, 9.2.9 and
10.2.1) a slice assignment into a range that reads all 0xFF only programs its
256-byte pages; any other assignment copies the 4 KB sector (the whole nvm),
erases it with interrupts off and programs it back. So this store appends each
record (hal/saves/__init__.py's format) into the blank part after the last one, which
costs no erase, and erases only when the next record does not fit: then one
assignment of the whole nvm holds the new record, the newest record of the
other key, the first and the last copy kept aside of each key, and blank flash
after them. A game of 1 human and 3 bots saves ~35 times and erases ~2 times
(tools/bench.py). That assignment's 4 KB buffer is made when a compaction
needs it, not held for the game's life: in a heap that has no 4 KB block the
records go over the old log with an end mark after them, and each save erases
(as on SAMD51) until a compaction finds its 4 KB (``_compacted``).

The newest record of a key is its last valid one in the log: a torn append
(a power cut while programming) fails its check and the one before it wins.
An aside copy (set_aside) is appended too; a live record that has an aside
copy after it (same seq, same payload) is skipped. A power cut in the erase
window of a compaction loses what the sector held, as on every board whose
nvm is one erase unit (docs/SAVES.md); the new game record comes first in
the new image, so a cut after its pages were programmed keeps it, and a cut
inside them leaves a torn record that says so (``lost``).

Same interface as hal.saves.slots.NvmStore (hal/__init__.py). Runs on CircuitPython and CPython.
"""

from hal.saves import ASIDE, ENOSPC, GONE, HEAD, SAVE, TAIL, check, length, next_seq, record, same, write


class LogStore:
    """Records appended into the blank part of the nvm; an erase only when it is full."""

    path = None  # not a file (hal/__init__.py)

    def __init__(self, nvm, where="nvm"):
        self.nvm = nvm
        self.size = len(nvm)
        # Room for a compaction: two live records, four kept aside and the new one.
        self.capacity = self.size // 8 - HEAD - TAIL
        self.where = where
        self.lost = False
        self._torn = False  # the log ends in a header cut short
        self._end = -1  # where the blank part starts (-1: not scanned yet)
        self._live = ([], [])  # type: tuple[list[int], list[int]]  # per key: valid records not set aside
        self._kept = ([], [])  # type: tuple[list[int], list[int]]  # per key: the aside copies, in log order
        self._damaged = [-1, -1]  # per key: the first damaged record after the last valid one
        self._seq = [0, 0]  # per key: seq of the last record written or found
        self._loaded = [-1, -1]  # per key: the record load() returned
        self._rec = bytearray(0)  # the record of the last save, rewritten by the next (made anew only
        # when a save outgrows it: a few buffers a game, not one a save)

    def _record(self, at, copy=True):
        """(kind, payload, valid, seq, length on flash) of the record at ``at``; kind -1: none.
        ``copy`` False: no payload (None), checked on flash in place (the scan after a compaction
        runs in the tightest heap of a game: a payload's copy there may find no room)."""
        nvm = self.nvm
        head = nvm[at : at + HEAD]
        n = length(head, self.size - at - HEAD - TAIL)
        if n < 0:
            return -1, None, False, 0, 0
        at += HEAD
        # (a slice read is a new bytearray, on a board too)
        payload = nvm[at : at + n] if copy else (nvm[i] for i in range(at, at + n))
        ok = check(head, payload, nvm[at + n])
        return head[2], payload if copy else None, ok, head[3], HEAD + n + TAIL

    def scan(self):
        at = 0
        self._torn = False
        for key in (0, 1):
            self._live[key][:] = []
            self._kept[key][:] = []
            self._damaged[key] = -1
        while at + HEAD <= self.size:
            kind, _, ok, seq, size = self._record(at, False)
            if kind < 0:
                self._torn = self.nvm[at] == 0x4C  # a header cut short
                break
            for key in (0, 1):
                if kind == SAVE + key:
                    self._seq[key] = seq
                    if ok:
                        self._live[key].append(at)
                        self._damaged[key] = -1
                    elif self._damaged[key] < 0:
                        self._damaged[key] = at
                elif kind == ASIDE + key:
                    self._kept[key].append(at)
                    payload = self._record(at)[1]
                    for old in self._live[key] + [self._damaged[key]]:  # the copy's original
                        # (no ``[1:4:2]``: CircuitPython slices a tuple with step 1 only)
                        found = self._record(old) if old >= 0 else None
                        if found and found[3] == seq and found[1] == payload:
                            if old == self._damaged[key]:
                                self._damaged[key] = -1
                            else:
                                self._live[key].remove(old)
            at += size
        self._end = at

    def load(self, key=0):
        """The payload of ``key``'s newest valid record; a damaged one raw; None when none. (The log
        as this store last scanned or wrote it: only this store writes it, and a board's start-up
        has scanned it already, hal/boardopen.py.)"""
        if self._end < 0:
            self.scan()
        live = self._live[key]
        at = live[-1] if live else self._damaged[key]
        self._loaded[key] = at
        self.lost = not live and (at >= 0 or self._torn)
        return self._record(at)[1] if at >= 0 else None

    def save(self, data, key=0):
        """Store ``data`` as ``key``'s newest record (nothing is written when it is already that)."""
        if len(data) > self.capacity:
            raise OSError(ENOSPC, "save of %d bytes > nvm record room of %d" % (len(data), self.capacity))
        if self._end < 0:
            self.scan()
        if self._holds(key, data):
            return  # already there: spare the flash
        seq = next_seq(self._seq[key])
        n = HEAD + len(data) + TAIL
        if len(self._rec) < n:
            self._rec = bytearray(n + 128)
        self._append(memoryview(record(SAVE + key, seq, data, self._rec))[:n], key, True)
        self._seq[key] = seq

    def room(self, n):
        """The record buffer for saves of up to ``n`` bytes, made now (at start-up for the largest
        record, hal/boardopen.py; when a game begins: no save mid-game has to find a new block,
        hal/__init__.py), with room after the record for the statistics' newest and an end mark:
        a compaction in a heap that has no 4 KB in one block builds the new nvm in it
        (``_compacted``)."""
        if self._end < 0:
            self.scan()
        n = min(n, self.capacity)  # (no save is larger: save() refuses it)
        stats = self._live[1]
        n += HEAD + TAIL + (self._length(stats[-1]) if stats else 0) + HEAD
        if len(self._rec) < n:
            self._rec = bytearray(n)

    def _holds(self, key, data):
        """True when ``key``'s newest valid record is ``data``, compared on flash in place (the RP2s
        read flash without a copy): no copy of each key's payload is kept on the heap."""
        live = self._live[key]
        if not live:
            return False
        at = live[-1]
        return self._length(at) == HEAD + len(data) + TAIL and same(self.nvm, at + HEAD, data)

    def _blank(self, at, n):
        nvm = self.nvm
        if at < 0 or at + n > self.size:
            return False
        for i in range(at, at + n):
            if nvm[i] != 0xFF:
                return False
        return True

    def _append(self, rec, key, own=False):
        """Write ``rec`` (of ``key``) after the last record, or compact the log around it; ``own``:
        ``rec`` is the start of ``self._rec`` (a save's record), where a tight heap's compaction
        builds the new nvm."""
        at = self._end
        if self._blank(at, len(rec)):
            self.write(at, rec)
            if rec[2] == SAVE + key:  # the log as a scan would find it now, without one
                self._live[key].append(at)
                self._damaged[key] = -1
                self._end = at + len(rec)
            else:
                self.scan()
            return
        self.write(0, self._compacted(rec, key, own))  # (the image is let go before the scan reads)
        self.scan()

    def _compacted(self, rec, key, own):
        """The nvm after one erase: the game's record first (the new one when it is the game's),
        the other key's newest, then the copies kept aside, and blank flash."""
        parts = []  # type: list  # the new nvm's records in order: ``rec``, or where one is on flash
        for k in (0, 1):
            if k == key and rec[2] == SAVE + key:
                parts.append(rec)
            elif self._live[k] or self._damaged[k] >= 0:  # a damaged one may be all there is
                parts.append(self._live[k][-1] if self._live[k] else self._damaged[k])
        for k in (0, 1):
            kept = self._kept[k]
            parts.extend(kept[:1] + kept[1:][-1:])  # the first and the last
            if k == key and rec[2] == ASIDE + key:
                parts.append(rec)
        n = before = 0  # all the records' bytes; those before ``rec``
        for part in parts:
            if part is rec:
                before = n
            n += len(rec) if part is rec else self._length(part)
        moved = False  # ``rec`` is in its place in the image already
        try:
            image = bytearray(self.size)  # type: bytearray | memoryview
            end, fill = self.size, 0xFF  # blank flash after the records: the saves after it append again
        except MemoryError:
            # The heap has no 4 KB in one block (mid-game a heap full of small objects may not: the
            # 4 KB is not held for the game's whole life, as on a 90 KB heap it is 4 KB the game
            # lacks). Then the records and an end mark (a header of zeros: no record) over the old
            # log, which the C code copies back after them; the next save erases again, as every
            # save does on SAMD51, until a compaction finds its 4 KB. A save's record is the start
            # of self._rec, which room() made (at start-up: hal/boardopen.py) with space for the
            # others after it: it moves to its place there (from its end: the two may overlap), the
            # others come around it.
            end, fill = n + HEAD, 0
            moved = own and len(self._rec) >= end
            if moved:
                image = memoryview(self._rec)[:end]
                for i in range(len(rec) - 1, -1, -1) if before else ():
                    image[before + i] = image[i]
            else:
                image = bytearray(end)
        nvm = self.nvm
        pos = 0
        for part in parts:
            if part is rec:
                if not moved:
                    image[pos : pos + len(rec)] = rec
                pos += len(rec)
            else:  # byte by byte: the RP2s read flash in place, a slice would be a copy on the heap
                for i in range(part, part + self._length(part)):
                    image[pos] = nvm[i]
                    pos += 1
        for i in range(pos, end):
            image[i] = fill
        return image

    def _length(self, at):
        """The bytes on flash of the (scanned) record at ``at``, from its header."""
        return HEAD + (self.nvm[at + 4] | self.nvm[at + 5] << 8) + TAIL

    def write(self, at, data):
        """Write ``data`` at ``at`` and read it back byte by byte (the RP2s read their flash in place:
        a slice would copy up to the whole 4 KB onto the heap). A write that failed leaves the log
        for the next scan to read (``_end`` -1)."""
        try:
            write(self.nvm, at, data)
        except OSError:
            self._end = -1
            raise

    def set_aside(self, key=0):
        """Append a copy of the record load() returned as kept aside; from then on load() skips it."""
        if self._end < 0:
            self.load(key)
        at = self._loaded[key]
        note = ""
        if at >= 0:
            kind, payload, ok, seq, _ = self._record(at)
            rec = record(ASIDE + key, seq, payload)
            if not ok:  # kept as it was: its CRC stays wrong
                rec[6] ^= 0xFF
            if len(self._kept[key]) >= 2:
                note = GONE  # the next compaction keeps the first and this one
            self._append(rec, key)
            self._loaded[key] = -1
        return self.where + " aside" + note

    def aside(self, key=0):
        """The payload kept aside last for ``key``, or None."""
        if self._end < 0:
            self.scan()
        kept = self._kept[key]
        return self._record(kept[-1])[1] if kept else None

    @staticmethod
    def fits(nvm):
        """True when ``nvm`` can hold this store."""
        from hal.saves import fits

        return fits(nvm)
