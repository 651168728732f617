"""The simulator's saves: a file with the board's atomic scheme (hal/saves/files.py), or memory.

A save path that is not a regular file (a folder, a FIFO, a device such as /dev/null, a link to
one) is never read, written nor replaced: the game says so and plays with saves in memory. Files
are opened without blocking (a FIFO put there later would hang an open for good)."""

import os
import stat
import sys

from hal.saves import files
from hal.saves.files import FileStore

_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)


def _opened_file(path, flags):
    """os.open(path) never blocking nor following a link; OSError unless it is a regular file."""
    fd = os.open(path, flags | _NONBLOCK | getattr(os, "O_BINARY", 0), 0o666)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(files.ESPIPE, "%s is not a file" % path)
    return fd


class DesktopFileStore(FileStore):
    """hal/saves/files.py's store, its files opened with O_NONBLOCK and O_NOFOLLOW and checked."""

    def _read(self, path):
        files.regular(path)
        with os.fdopen(_opened_file(path, os.O_RDONLY), "rb") as f:
            return f.read()

    def _write(self, path, rec):
        with os.fdopen(_opened_file(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), "wb") as f:
            f.write(rec)
            f.flush()
            os.fsync(f.fileno())


def kind_words(path):
    """What is at ``path`` when it is no place for a save ("a folder", ...), or None (a regular
    file, or nothing yet)."""
    try:
        mode = os.stat(path).st_mode  # (through a link: a link to a folder is a folder here)
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


class MemoryStore:
    """--no-save: saves live as long as the program (per key: hal.GAME, hal.STATS)."""

    where = "memory"
    lost = False
    path = None  # not a file

    def __init__(self):
        self.data = [None, None]
        self.kept = [[], []]  # per key: every save set aside, oldest first

    def load(self, key=0):
        return self.data[key]

    def save(self, data, key=0):
        self.data[key] = bytes(data)

    def room(self, n):
        """Nothing to make ahead: a save in memory is a copy."""

    def set_aside(self, key=0):
        self.kept[key].append(self.data[key])
        self.data[key] = None
        return "memory (aside)"


def default_save_path():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "lama-kadabra", "save.bin")


def make_storage(args, notices):
    """The save file's store; when its folder cannot be made, saves in memory and one notice
    that says so plainly (not a cut error text, then "Can't save (error 2)" after a move)."""
    if args.no_save:
        return MemoryStore()
    given = os.path.abspath(os.path.expanduser(args.save or default_save_path()))
    path = os.path.realpath(given)  # a link to a save: the file it names is the save (kept a link)
    what = kind_words(path)
    if what is not None:
        said = "Saves off: %s is %s, not a save file; it is left as it is. This game lasts until you quit."
        print("lama: " + said % (given, what), file=sys.stderr)  # the whole path, on the console
        notices.append(said % (files.short(given), what))  # (the screen: its last part)
        return MemoryStore()
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        code = e.args[0] if e.args else 0
        why = {30: "it is read-only", 13: "no permission", 1: "no permission", 28: "the disk is full"}
        notices.append(
            "Saves off: can't make the save folder (%s). This game lasts until you quit."
            % why.get(code, e.strerror or "storage error")
        )
        return MemoryStore()
    return DesktopFileStore(path)
