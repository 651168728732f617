"""Atomic saves in a file: write ``name.new``, sync, then rename it over the save.

CircuitPython's FAT cannot rename over an existing file: the old save is
removed first. The records are hal/saves/__init__.py's, with a sequence number, so
``load`` takes the newer valid one of ``name`` and ``name.new``: after a power
cut between the remove and the rename, after a rename the file system undid,
or after a ``.new`` written whole but not renamed yet, that is the new save;
a ``.new`` left half written fails its check and the old save is used. The
next ``save`` first finishes such a swap, so that it never writes over the
newest save. A damaged save is renamed ``name.bad`` by ``set_aside``, a second
one ``name.ba2`` (a third replaces ``name.ba2``, and the returned text says so).
The statistics (key ``hal.STATS``) live in a second file, ``name-stats.sav``,
kept the same way. Used by the board when there is no usable nvm (the drive then
needs boot.py's remount) and by the desktop. Runs on CircuitPython and CPython.
"""

import os

from hal.saves import ENOENT, ENOSPC, GONE, HEAD, SAVE, TAIL, check, length, newer, next_seq, record

FILE = 0x8000  # os.stat()[0] & 0xF000 of a regular file (0x4000 a folder; a FIFO, a device, ...)
EISDIR = 21
ESPIPE = 29  # (a pipe's error: what play/ui.py's errno() says "not a file" for)


def kind(path):
    """The type bits of what ``path`` names (FILE for a regular file), 0 when nothing is there.
    os.stat never blocks (an open of a FIFO does), on CircuitPython too."""
    try:
        return os.stat(path)[0] & 0xF000
    except OSError:
        return 0


def _exists(path):
    return kind(path) != 0


def regular(path):
    """OSError (21 a folder, 29 anything else) when ``path`` names something that is not a
    regular file: a save never reads nor replaces a folder, a FIFO or a device."""
    k = kind(path)
    if k and k != FILE:
        raise OSError(EISDIR if k == 0x4000 else ESPIPE, "%s is not a file" % path)


def _sync():
    try:
        os.sync()
    except (AttributeError, OSError):
        pass


def short(path, room=18):
    """``path``, or its last part when it is longer than ``room`` (the flow's space)."""
    if len(path) <= room:
        return path
    return path[path.rfind("/") + 1 :][-room:]


class FileStore:
    """Atomic saves in a file: ``name.new`` first, then the rename."""

    lost = False  # (hal's interface: a file save cut short leaves the old one, nothing is lost)

    def __init__(self, path):
        self.path = path
        cut = path.rfind(".")
        base = path[:cut] if cut > path.rfind("/") else path
        self.new = base + ".new"
        self.bad = base + ".bad"
        self.bad2 = base + ".ba2"
        self._stats = None  # the FileStore of key 1 (hal.STATS), made when first used
        self._base = base
        self.where = short(path)
        self._last = None
        self._loaded = None
        self._seq = 0  # of the newest valid record seen or written
        self._scanned = False

    def _get(self, path):
        """(record payload or None, raw bytes or None) of a file."""
        try:
            raw = self._read(path)
        except OSError as e:
            if e.args and e.args[0] == ENOENT:
                return None, None
            raise
        n = len(raw) - HEAD - TAIL
        if length(raw[:HEAD], n) == n and raw[2] == SAVE and check(raw[:HEAD], raw[HEAD:-1], raw[-1]):
            return raw[HEAD:-1], raw
        return None, raw

    def _read(self, path):
        """The bytes of file ``path`` (OSError 2 when there is none); never opens a non-file."""
        regular(path)
        with open(path, "rb") as f:
            return f.read()

    def _write(self, path, rec):
        """Write ``rec`` as file ``path`` (``.new``), flushed."""
        with open(path, "wb") as f:
            if f.write(rec) != len(rec):
                raise OSError(ENOSPC, "short write")
            f.flush()

    def _best(self):
        """(path, payload, raw of the save file) of the newest valid record; path None if none."""
        payload, raw = self._get(self.path)
        new_payload, new_raw = self._get(self.new)
        self._scanned = True
        if new_payload is not None and (payload is None or newer(new_raw[3], raw[3])):
            self._seq = new_raw[3]
            return self.new, new_payload, raw
        if payload is not None:
            self._seq = raw[3]
        return (None if payload is None else self.path), payload, raw

    def _of(self, key):
        """The store of ``key``: this file for the game, ``name-stats.sav`` for the statistics."""
        if not key:
            return self
        if self._stats is None:
            self._stats = type(self)(self._base + "-stats.sav")
        return self._stats

    def room(self, n):
        """Nothing to make ahead (hal/__init__.py): a file's record is made at each save."""

    def load(self, key=0):
        """The newest valid save of ``key``; a damaged file's bytes; None when there is none."""
        if key:
            return self._of(key).load()
        path, payload, raw = self._best()
        if path is not None:
            self._loaded = path
            self._last = payload
            return payload
        if raw is not None:  # damaged: let the flow reject it and set it aside
            self._loaded = self.path
            n = length(raw[:HEAD], len(raw) - HEAD)
            if n < 0 and length(raw[:HEAD], 0xFFFF) >= 0:
                n = len(raw) - HEAD  # a record cut short: what is left, the flow says "cut short"
            # (cut down to its header: the whole file, so that the flow refuses it and keeps it)
            return raw[HEAD : HEAD + n] if n > 0 else raw
        self._loaded = None
        return None

    def save(self, data, key=0):
        """Write ``data`` as ``key``'s save: ``.new`` first, then the rename."""
        if key:
            return self._of(key).save(data)
        if self._last is not None and self._last == data:
            return
        cut = self.path.rfind("/")
        if cut > 0:
            try:
                os.mkdir(self.path[:cut])
            except OSError:
                pass  # there already (or the write below says why not)
        if self._best()[0] == self.new:  # finish a swap a power cut interrupted
            self._swap()
        regular(self.path)  # never replaced when it is not a file (nor a .new written that is not)
        regular(self.new)
        rec = record(SAVE, next_seq(self._seq), data)
        try:
            self._write(self.new, rec)
            _sync()
        except OSError:
            try:
                os.remove(self.new)  # the old save, if any, is untouched
            except OSError:
                pass
            raise
        self._swap()
        self._seq = rec[3]
        self._last = bytes(data)

    def _swap(self):
        """Rename the complete ``.new`` over the save."""
        regular(self.path)
        try:
            os.rename(self.new, self.path)  # CPython: replaces atomically
        except OSError:
            if not _exists(self.path):
                raise
            os.remove(self.path)  # FAT: no rename over a file; load() takes .new meanwhile
            os.rename(self.new, self.path)
        _sync()

    def set_aside(self, key=0):
        """Rename the save load() returned to ``name.bad``, or ``name.ba2`` when that is taken
        (a third replaces ``name.ba2``: the text returned then says so)."""
        if key:
            return self._of(key).set_aside()
        src = self._loaded or (self.path if _exists(self.path) else self.new)
        dest = self.bad
        note = ""
        if _exists(src):
            if _exists(self.bad):
                dest = self.bad2
                if _exists(self.bad2):
                    os.remove(self.bad2)
                    note = GONE
            os.rename(src, dest)
            _sync()
        self._loaded = None
        self._last = None
        return short(dest) + note

    def aside(self, key=0):
        """The bytes set aside last for ``key``, or None."""
        if key:
            return self._of(key).aside()
        for path in (self.bad2, self.bad):
            try:
                with open(path, "rb") as f:
                    return f.read()
            except OSError:
                pass
        return None
