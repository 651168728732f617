"""A language's catalog (play/text/<code>.bin, written by tools/lang.py): the texts ``say`` finds.

A header, a table of entries sorted by the hash of their English key, then the texts (UTF-8).
:func:`find` looks a key up by binary search in the open file (seek, and read into one reused
8-byte buffer) and reads only the text it needs: the catalog costs the heap an open file and the
text of what is on screen. Loaded when a language other than English is spoken (then it stays:
every screen asks it), never in an English game.

:func:`speak` switches the game's language (play/app.py, at start-up and from the Language
setting): the catalog, and the View's words the hardware draws itself (the action buttons, the
table's token rows, a text screen's glyph words, the touch footer's parts, the letters beyond
ASCII its font strip needs).
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


def find(text):
    """``text`` (English, the key) in the open catalog; itself where the catalog lacks it."""
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
            f.seek(e[3] | e[4] << 8 | e[5] << 16)
            return str(f.read(e[6] | e[7] << 8), "utf-8")
    return text


def speak(view, labels, i):
    """Speak language ``i`` from the next screen on, ``view`` (the flow's one View) with its words;
    ``labels``: the board's names of its inputs (a touch screen's footer parts are words)."""
    if not use(i):
        use(0)  # (a catalog missing or damaged: English, every word still there)
    say = lang.say
    view.items = tuple(say("Draw|Quit|Skip|Take|Swap").split("|"))
    view.panel = tuple(say("Stage|You").split("|"))  # the table's token rows (5 letters at most)
    # (the card icons as shapes, as hal/textview.py shows them in any language)
    words = "\u25cb|\u25a1|\u2606|" + say("llama| white| black| magic| cards")
    view.words = tuple(words.split("|")) if lang.code else None
    view.more = say("")  # (tools/lang.py: a catalog's "" is the letters its texts use beyond ASCII)
    if view.labels is not None:  # a touch screen's footer parts, as the footers name them
        from play import ui

        view.labels = tuple([ui.named(label) for label in labels])
