"""The simulator's saves: a file with the board's atomic scheme (hal/filestore.py), or memory."""

import os

from hal.filestore import FileStore


class MemoryStore:
    """--no-save: saves live as long as the program (per key: hal.GAME, hal.STATS)."""

    where = "memory"
    lost = False

    def __init__(self):
        self.data = [None, None]
        self.kept = [[], []]  # per key: every save set aside, oldest first

    def load(self, key=0):
        return self.data[key]

    def save(self, data, key=0):
        self.data[key] = bytes(data)

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
    path = os.path.abspath(os.path.expanduser(args.save or default_save_path()))
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        code = e.args[0] if e.args else 0
        why = {30: "it is read-only", 13: "no permission", 1: "no permission", 28: "the disk is full"}
        notices.append(
            "Saves off: can't make the save folder (%s). This game lasts until you quit."
            % why.get(code, e.strerror or "error %s" % code)
        )
        return MemoryStore()
    return FileStore(path)
