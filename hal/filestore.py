"""Atomic saves in a file: write ``name.new``, sync, then rename it over the save.

CircuitPython's FAT cannot rename over an existing file: the old save is
removed first. The records are hal/saves.py's, with a sequence number, so
``load`` takes the newer valid one of ``name`` and ``name.new``: after a power
cut between the remove and the rename, after a rename the file system undid,
or after a ``.new`` written whole but not renamed yet, that is the new save;
a ``.new`` left half written fails its check and the old save is used. The
next ``save`` first finishes such a swap, so that it never writes over the
newest save. A damaged save is renamed ``name.bad`` by ``set_aside``. Used by
the board when there is no usable nvm (the drive then needs boot.py's
remount) and by the desktop. Runs on CircuitPython and CPython.
"""

import os

from hal.saves import ENOENT, ENOSPC, HEAD, SAVE, TAIL, _length, _newer, check, next_seq, record


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


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

    def __init__(self, path):
        self.path = path
        cut = path.rfind(".")
        base = path[:cut] if cut > path.rfind("/") else path
        self.new = base + ".new"
        self.bad = base + ".bad"
        self.where = short(path)
        self._last = None
        self._loaded = None
        self._seq = 0  # of the newest valid record seen or written
        self._scanned = False

    def _get(self, path):
        """(record payload or None, raw bytes or None) of a file."""
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            if e.args and e.args[0] == ENOENT:
                return None, None
            raise
        n = len(raw) - HEAD - TAIL
        if _length(raw[:HEAD], n) == n and raw[2] == SAVE and check(raw[:HEAD], raw[HEAD:-1], raw[-1]):
            return raw[HEAD:-1], raw
        return None, raw

    def _best(self):
        """(path, payload, raw of the save file) of the newest valid record; path None if none."""
        payload, raw = self._get(self.path)
        new_payload, new_raw = self._get(self.new)
        self._scanned = True
        if new_payload is not None and (payload is None or _newer(new_raw[3], raw[3])):
            self._seq = new_raw[3]
            return self.new, new_payload, raw
        if payload is not None:
            self._seq = raw[3]
        return (None if payload is None else self.path), payload, raw

    def load(self):
        path, payload, raw = self._best()
        if path is not None:
            self._loaded = path
            self._last = payload
            return payload
        if raw is not None:  # damaged: let the flow reject it and set it aside
            self._loaded = self.path
            n = _length(raw[:HEAD], len(raw) - HEAD)
            if n < 0 and _length(raw[:HEAD], 0xFFFF) >= 0:
                n = len(raw) - HEAD  # a record cut short: what is left, the flow says "cut short"
            return raw[HEAD : HEAD + n] if n >= 0 else raw
        self._loaded = None
        return None

    def save(self, data):
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
        rec = record(SAVE, next_seq(self._seq), data)
        try:
            with open(self.new, "wb") as f:
                if f.write(rec) != len(rec):
                    raise OSError(ENOSPC, "short write")
                f.flush()
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
        try:
            os.rename(self.new, self.path)  # CPython: replaces atomically
        except OSError:
            if not _exists(self.path):
                raise
            os.remove(self.path)  # FAT: no rename over a file; load() takes .new meanwhile
            os.rename(self.new, self.path)
        _sync()

    def set_aside(self):
        """Rename the save load() returned to ``name.bad`` (replacing an older one)."""
        src = self._loaded or (self.path if _exists(self.path) else self.new)
        if _exists(src):
            if _exists(self.bad):
                os.remove(self.bad)
            os.rename(src, self.bad)
            _sync()
        self._loaded = None
        self._last = None
        return short(self.bad)

    def aside(self):
        try:
            with open(self.bad, "rb") as f:
                return f.read()
        except OSError:
            return None
