"""The nvm store of two slots a key (SAMD51, nRF52, ESP32): hal/saves/__init__.py says how and why.

A module apart from the record format (hal/saves/__init__.py), so that a board whose store is another
(the RP2s' log, hal/saves/log.py; the file, hal/saves/files.py) never loads this class's code.
"""

import hal
from hal import saves


class NvmStore:
    """Two slots a key, and two aside places, in a ``microcontroller.nvm``-like byte array."""

    path = None  # not a file (hal/__init__.py)

    def __init__(self, nvm, where="nvm", blob=False):
        self.nvm = nvm
        self.capacity = len(nvm) // saves.CELLS - saves.HEAD - saves.TAIL
        self.where = where
        # ESP32: every read copies the whole NVS blob onto the heap (see write()). Both keys are
        # then read at the first load (start-up: hal/saves/esp.py's store, before it holds the blob's
        # room) and never again: a load returns the payload the store knows (the one it read or
        # the last one it wrote).
        self.blob = blob
        self.lost = False  # load() found a save cut short or damaged, and no good one
        # (newest and loaded are read by hal/saves/aside.py, this class's set_aside loaded for the moment)
        self.newest = [-2, -2]  # per key: slot of the newest valid record, -1 none, -2 not scanned
        self._seq = [0, 0]  # its seq (or the damaged record's that load returned)
        self.loaded = [-1, -1]  # slot load() returned (valid or damaged)
        self._last = [None, None]  # type: list  # payload of the newest valid record read, when known
        self._clean = [False, False]  # per key: its newest record is valid, or it has none (no damage)
        self._rec = bytearray(0)  # the record of the last save (of key _rec_key, payload _rec_n bytes):
        self._rec_key = -1  # one buffer rewritten at every save, made anew only when a save outgrows
        self._rec_n = 0  # it (saves grow with the round's history: a few buffers a game, not one a save)

    def room(self, n):
        """The record buffer for saves of up to ``n`` bytes, made now (a game begins): a save
        mid-game then never has to find a new block (hal/__init__.py). It keeps the record it holds."""
        if len(self._rec) < saves.HEAD + n + saves.TAIL:
            rec = bytearray(saves.HEAD + n + saves.TAIL)
            rec[: len(self._rec)] = self._rec
            self._rec = rec

    fits = staticmethod(saves.fits)

    def place(self, key, place):
        """Offset of ``place`` of ``key``: 0 slot A, 1 slot B, 2 and 3 the aside places."""
        return (key + (place & 1) * 4 + (place >> 1) * 2) * (self.capacity + saves.HEAD + saves.TAIL)

    def read(self, at, kind):
        """(length, payload, valid, seq) of the record at ``at``; length -1: none of ``kind``."""
        nvm = self.nvm
        head = nvm[at : at + saves.HEAD]
        n = saves.length(head, self.capacity)
        if n < 0 or head[2] != kind:
            return -1, None, False, 0
        payload = bytes(nvm[at + saves.HEAD : at + saves.HEAD + n])
        return n, payload, saves.check(head, payload, nvm[at + saves.HEAD + n]), head[3]

    def scan(self, key):
        """Find ``key``'s newest valid record (and a damaged one); the damaged slot, or -1."""
        nvm = self.nvm
        newest = damaged = -1
        seq = 0
        last = None
        lost = False
        for slot in (0, 1):
            at = self.place(key, slot)
            n, payload, ok, s = self.read(at, saves.SAVE + key)
            if ok:
                if newest < 0 or saves.newer(s, seq):
                    newest, seq, last = slot, s, payload
            elif n >= 0 or nvm[at] == 0x4C:  # damaged, or a header cut short
                lost = True
                if n >= 0 and damaged < 0:
                    damaged = slot
                    self._seq[key] = s
        if newest >= 0:
            self._seq[key] = seq
        self.lost = lost and newest < 0
        self._clean[key] = newest >= 0 or not lost
        self.newest[key] = newest
        self._last[key] = last
        if self._rec_key == key:
            self._rec_key = -1  # what the nvm holds now is what this scan read
        return damaged

    def load(self, key=0):
        """The payload of ``key``'s newest valid record; a damaged one raw; None when none."""
        if self.blob:
            if self.newest[1 - key] < -1:
                self.scan(1 - key)  # (now, not mid-game in a fragmented heap)
            newest = self.newest[key]
            if newest > -2 and self._clean[key]:  # known: no read
                self.loaded[key] = newest
                self.lost = False
                if newest < 0:
                    return None
                if self._rec_key == key:
                    return bytes(memoryview(self._rec)[saves.HEAD : saves.HEAD + self._rec_n])
                return self._last[key]
        damaged = self.scan(key)
        newest = self.loaded[key] = self.newest[key]
        if newest >= 0:
            return self._last[key]
        self.loaded[key] = damaged
        return self.read(self.place(key, damaged), saves.SAVE + key)[1] if damaged >= 0 else None

    def save(self, data, key=0):
        """Store ``data`` as ``key``'s newest record (nothing is written when it is already that)."""
        n = len(data)
        if n > self.capacity:
            raise OSError(saves.ENOSPC, "save of %d bytes > nvm cell of %d" % (n, self.capacity))
        if self.newest[key] < -1:
            self.scan(key)
        if self._holds(key, data):
            return  # already there: spare the flash an erase
        newest = self.newest[key]
        # Neither the newest valid record nor the one the game resumed from is overwritten.
        slot = 1 if newest == 0 or (newest < 0 and self.loaded[key] == 0) else 0
        seq = saves.next_seq(self._seq[key])
        rec = self._rec
        if self._rec_key >= 0 and self._rec_key != key:  # keep the other key's last payload
            self._last[self._rec_key] = bytes(memoryview(rec)[saves.HEAD : saves.HEAD + self._rec_n])
        if len(rec) < saves.HEAD + n + saves.TAIL:
            rec = self._rec = bytearray(saves.HEAD + n + saves.TAIL + 128)
        saves.record(saves.SAVE + key, seq, data, rec)
        self.write(self.place(key, slot), memoryview(rec)[: saves.HEAD + n + saves.TAIL])
        self.newest[key] = self.loaded[key] = slot
        self._clean[key] = True
        self._seq[key] = seq
        self._rec_key = key
        self._rec_n = n
        self._last[key] = None  # the record in _rec holds it

    def _holds(self, key, data):
        """True when ``key``'s newest record is ``data`` (compared with the last save's buffer, or
        with the payload a load read: never read again from the nvm, which costs on ESP32)."""
        n = len(data)
        if self._rec_key == key:
            if self._rec_n != n:
                return False
            return saves.same(self._rec, saves.HEAD, data)
        last = self._last[key]
        return last is not None and last == data

    def write(self, at, rec):
        """Write ``rec`` at ``at`` and read it back (see :func:`hal.saves.write`)."""
        saves.write(self.nvm, at, rec, self.blob)

    def set_aside(self, key=0):
        """Copy the record load() returned to an aside place, then clear its slot; where it went
        (hal/saves/aside.py, loaded for the moment: a refused save is rare)."""
        from hal.saves import aside

        try:
            # what it needs is handed over: it imports nothing of this module (no import circle)
            return aside.set_aside(self, key, saves.record, saves.SAVE + key, saves.ASIDE + key, saves.GONE)
        finally:
            hal.forget("hal.saves.aside")  # its code's heap comes back

    def aside(self, key=0):
        """The payload kept aside last for ``key``, or None."""
        for place in (3, 2):
            got = self.read(self.place(key, place), saves.ASIDE + key)[1]
            if got is not None:
                return got
        return None
