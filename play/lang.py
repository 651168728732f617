"""The player's language: ``say("English text")`` is that text in the language in use.

Like CircuitPython's own translations (``MP_ERROR_TEXT("...")`` and ``locale/*.po``) and
gettext: the English text in the code is the key, and English needs nothing else. This module is
all an English game loads (a few hundred bytes of a board's heap); German and French are
catalogs read by offset (play/catalog.py, loaded once another language is spoken: the texts of
a language not in use cost nothing on the heap). ``said`` is ``say`` for a text that is not a
literal in the code (a board's label, a hal notice: tools/lang.py lists those).
"""

from play.view import cut  # (part t of a '|'-joined text: the View's speech is one too)

CODES = ("en", "de", "fr")  # the languages, by the code a save keeps (play/match.py: 1 + an index)
NAMES = "English|Deutsch|Fran\u00e7ais"  # each in its own words

code = 0  # the language in use (an index of CODES)
find = None  # play/catalog.py's lookup while another language than English is spoken


def say(text):
    """``text`` (English, the key) in the language in use."""
    return text if find is None else find(text)


said = say


def part(text, t):
    """Part ``t`` of the '|'-joined group ``text`` in the language spoken: that part alone is read
    and made (no list of them all, no copy of the whole group: a board's heap mid-game)."""
    return cut(text, t) if find is None else find(text, t)


def plural(n, one, many):
    """``one`` or ``many`` (English texts, the keys) for a count ``n``, said: French says 0 in the
    singular. Only the one chosen is read (a board's heap: no text read for nothing)."""
    return said(one if n == 1 or (n == 0 and code == 2) else many)  # (said: tools/lang.py reads the keys here)
