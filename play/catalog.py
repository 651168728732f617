"""A language's catalog (play/text/<code>.bin, written by tools/lang.py): the texts ``say`` finds.

A header, a table of entries sorted by the hash of their English key, then the texts (UTF-8).
Each part of a '|'-joined group is an entry of its own too (its key: the group's hash and the
part's number, :func:`key`). :func:`find` looks a key up by binary search in the open file (seek,
and read into one reused 8-byte buffer) and reads only the text it needs: the catalog costs the
heap an open file and the text of what is on screen. Loaded when a language other than English is spoken (then it stays:
every screen asks it), never in an English game.

play/speak.py opens a catalog (``use``) and switches the game's language (loaded for that moment).
"""

from play import lang

try:
    from micropython import const
except ImportError:  # CPython
    const = int

MAGIC = b"LKTX"
HEAD = const(8)  # magic, version, reserved, the number of texts (2 bytes)
_ENTRY = const(8)  # the key's hash (3 bytes), the text's offset (3), its length (2)

file = None  # the open catalog (play/speak.py's ``use`` opens it), and its number of texts
count = 0
_entry = bytearray(_ENTRY)


def key(text, t=-1):
    """The hash of an English text: djb2 over its characters, 24 bits (a small int on a board:
    no long-int arithmetic); ``t`` >= 0: of its part ``t`` (one step more, over 256 + t, a code
    no key's text holds). tools/lang.py refuses a catalog where two keys share one."""
    h = 5381
    for ch in text:
        h = ((h * 33) ^ ord(ch)) & 0xFFFFFF
    return h if t < 0 else ((h * 33) ^ (256 + t)) & 0xFFFFFF


def find(text, t=-1):
    """``text`` (English, the key) in the open catalog; itself where the catalog lacks it. ``t`` >= 0:
    its part ``t`` alone (a '|'-joined group: play/lang.py's ``part``), an entry of its own."""
    f = file
    h = key(text, t)
    e = _entry
    lo = 0
    hi = count
    while lo < hi:
        mid = (lo + hi) >> 1
        f.seek(HEAD + mid * _ENTRY)
        f.readinto(e)
        k = e[0] | e[1] << 8 | e[2] << 16
        if k < h:
            lo = mid + 1
        elif k > h:
            hi = mid
        else:
            f.seek(e[3] | e[4] << 8 | e[5] << 16)
            return str(f.read(e[6] | e[7] << 8), "utf-8")
    return text if t < 0 else lang.cut(text, t)
