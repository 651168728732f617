"""The player's language: ``say("English text")`` is that text in the language in use.

Like CircuitPython's own translations (``MP_ERROR_TEXT("...")`` and ``locale/*.po``) and
gettext: the English text in the code is the key, and English needs nothing else, so the
English game costs no heap for its words beyond today's. German and French are catalogs
written by tools/lang.py from ``play/text/de.po`` and ``fr.po`` to ``play/text/de.bin`` and
``fr.bin``: a header, a table sorted by the keys' hashes, then the texts (UTF-8). ``say`` finds
a key by binary search in the open file (seek and read into one reused 8-byte buffer), and
reads only the text it needs: a language not in use costs nothing on the heap, the one in use
an open file and the text of what is on screen.

A text the catalog lacks is shown in English (tests/test_lang.py checks that none is missing).
Grouped texts (``"Slow|Normal|Fast"``) are one key, translated as one, split when shown.
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# The languages, by the code a save keeps (play/match.py: 0 is "not chosen in the menu").
CODES = ("en", "de", "fr")
NAMES = "English|Deutsch|Fran\u00e7ais"  # each in its own words
EN = const(0)
_MAGIC = b"LKTX"
_HEAD = const(8)  # magic, version, reserved, the number of texts (2 bytes)
_ENTRY = const(8)  # the key's hash (3 bytes), the text's offset (3), its length (2)

code = EN  # the language in use (an index of CODES)
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
    """Speak language ``i`` (an index of CODES) from now on. A catalog missing or damaged leaves
    the game in English (returns False): a word in English beats no word."""
    global code, _file, _count
    if _file is not None:
        _file.close()
    code = EN
    _file = None
    if not 0 < i < len(CODES):
        return i == EN
    try:
        f = open(folder() + CODES[i] + ".bin", "rb")
    except OSError:
        return False
    head = f.read(_HEAD)
    if len(head) < _HEAD or head[:4] != _MAGIC or head[4] != 1:
        f.close()
        return False
    _count = head[6] | head[7] << 8
    _file = f
    code = i
    return True


def say(text):
    """``text`` (English, the key) in the language in use."""
    f = _file
    if f is None:
        return text
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
            f.seek(e[3] | e[4] << 8 | e[5] << 16)
            return str(f.read(e[6] | e[7] << 8), "utf-8")
    return text


def plural(n, one, many):
    """``one`` or ``many`` for a count ``n`` (both already said): French says 0 in the singular."""
    return one if n == 1 or (n == 0 and code == 2) else many


# A text from elsewhere (a board's label, "tap", "Back"; a hal notice), said when shown: the same
# lookup, named apart so that tools/lang.py, which reads every ``say("...")``, knows it is not a
# literal (those texts are listed in tools/lang.py's HAL).
said = say
