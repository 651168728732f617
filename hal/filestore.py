"""Atomic saves in a file: write ``name.new``, sync, then rename it over the save.

CircuitPython's FAT cannot rename over an existing file: the old save is
removed first, and ``load`` falls back to a complete ``.new`` when a power
cut came between the two (the next ``save`` first finishes that swap). A
damaged save is renamed ``name.bad`` by ``set_aside``. The records are
hal/saves.py's (magic, length, CRC). Used by the board when there is no
usable nvm (the drive then needs boot.py's remount) and by the desktop.
Runs on CircuitPython and CPython.
"""

import os

from hal.saves import ENOENT, ENOSPC, HEAD, SAVE, _length, check, record


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

    def _get(self, path):
        """(record payload or None, raw bytes or None) of a file."""
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            if e.args and e.args[0] == ENOENT:
                return None, None
            raise
        n = _length(raw[:HEAD], len(raw) - HEAD)
        if n >= 0 and n == len(raw) - HEAD and raw[2] == SAVE and check(raw[:HEAD], raw[HEAD:]):
            return raw[HEAD:], raw
        return None, raw

    def load(self):
        payload, raw = self._get(self.path)
        if payload is not None:
            self._loaded = self.path
            self._last = payload
            return payload
        new_payload, _ = self._get(self.new)
        if new_payload is not None:  # a power cut between remove and rename
            self._loaded = self.new
            self._last = new_payload
            return new_payload
        if raw is not None:  # damaged: let the flow reject it and set it aside
            self._loaded = self.path
            n = _length(raw[:HEAD], len(raw) - HEAD)
            return raw[HEAD : HEAD + n] if n >= 0 else raw
        self._loaded = None
        return None

    def save(self, data):
        if self._last is not None and self._last == data:
            return
        rec = record(SAVE, 0, data)
        cut = self.path.rfind("/")
        if cut > 0:
            try:
                os.mkdir(self.path[:cut])
            except OSError:
                pass  # there already (or the write below says why not)
        if not _exists(self.path) and self._get(self.new)[0] is not None:
            os.rename(self.new, self.path)  # finish a swap a power cut interrupted
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
        try:
            os.rename(self.new, self.path)  # CPython: replaces atomically
        except OSError:
            if not _exists(self.path):
                raise
            os.remove(self.path)  # FAT: no rename over a file; load() falls back to .new
            os.rename(self.new, self.path)
        _sync()
        self._last = bytes(data)

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
