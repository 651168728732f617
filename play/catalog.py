"""A language's catalog (play/text/<code>.bin, written by tools/lang.py): the texts ``say`` finds.

A header, a table of entries sorted by the hash of their English key, then the texts (UTF-8).
:func:`find` looks a key up by binary search in the open file (seek, and read into one reused
8-byte buffer) and reads only the text it needs: the catalog costs the heap an open file and the
text of what is on screen. Loaded when a language other than English is spoken (then it stays:
every screen asks it), never in an English game.

play/speak.py switches the game's language with it (loaded for that moment).
"""

from play import lang

try:
    from micropython import const
except ImportError:  # CPython
    const = int

_MAGIC = b"LKTX"
_HEAD = const(8)  # magic, version, reserved, the number of texts (2 bytes)
_ENTRY = const(8)  # the key's hash (3 bytes), the text's offset (3), its length (2)

_file = None
_count = 0
_entry = bytearray(_ENTRY)


def key(text):
    """The hash of an English text: djb2 over its characters, 24 bits (a small int on a board:
    no long-int arithmetic). tools/lang.py refuses a catalog where two keys share one."""
    h = 5381
    for ch in text:
        h = ((h * 33) ^ ord(ch)) & 0xFFFFFF
    return h


def folder():
    """Where the catalogs are: ``play/text/`` beside this module (a board: ``/play/text/``)."""
    here = __file__.replace("\\", "/")
    return here[: here.rfind("/") + 1] + "text/" if "/" in here else "play/text/"


def use(i):
    """Speak language ``i`` (an index of play/lang.CODES) from now on. A catalog missing or damaged
    leaves the game in English (returns False): a word in English beats no word."""
    global _file, _count
    if _file is not None:
        _file.close()
    lang.code = 0
    lang.find = None
    _file = None
    if not 0 < i < len(lang.CODES):
        return i == 0
    try:
        f = open(folder() + lang.CODES[i] + ".bin", "rb")
    except OSError:
        return False
    head = f.read(_HEAD)
    if len(head) < _HEAD or head[:4] != _MAGIC or head[4] != 1:
        f.close()
        return False
    _count = head[6] | head[7] << 8
    _file = f
    lang.code = i
    lang.find = find
    return True


def find(text, t=-1):
    """``text`` (English, the key) in the open catalog; itself where the catalog lacks it. ``t`` >= 0:
    its part ``t`` alone (a '|'-joined group: play/lang.py's ``part``), found by reading the text 8
    bytes at a time into the reused buffer (a "|" is never inside a UTF-8 letter's bytes)."""
    f = _file
    h = key(text)
    e = _entry
    lo = 0
    hi = _count
    while lo < hi:
        mid = (lo + hi) >> 1
        f.seek(_HEAD + mid * _ENTRY)
        f.readinto(e)
        k = e[0] | e[1] << 8 | e[2] << 16
        if k < h:
            lo = mid + 1
        elif k > h:
            hi = mid
        else:
            at = e[3] | e[4] << 8 | e[5] << 16
            end = at + (e[6] | e[7] << 8)
            if t > 0:  # (a part: from after the t-th "|" to the next one)
                at = _bar(f, at, end, t) + 1
            if t >= 0:
                end = _bar(f, at, end, 1)
            f.seek(at)
            return str(f.read(max(0, end - at)), "utf-8")
    return text if t < 0 else lang.cut(text, t)


def _bar(f, at, end, k):
    """Where the ``k``-th "|" of the bytes ``at`` .. ``end`` is (``end`` when there are fewer), read 8
    bytes at a time into the reused buffer (a "|" is never inside a UTF-8 letter's bytes)."""
    e = _entry
    f.seek(at)
    while at < end:
        got = f.readinto(e)
        if not got:
            break
        for j in range(min(got, end - at)):
            if e[j] == 124:
                k -= 1
                if not k:
                    return at + j
        at += got
    return end
