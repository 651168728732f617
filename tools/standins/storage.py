"""Stand-in for storage: the drive is read-only to the program (boot.py did not remount)."""


class _Mount:
    readonly = True


def getmount(path):
    return _Mount()


def remount(path, readonly=False, disable_concurrent_write_protection=False):
    _Mount.readonly = readonly
