"""A View as text lines: what the mock HAL records, the terminal and a board's console print.

The text view of the hardware that shows text (hal/console.py, hal/mock.py, the desktop's
terminal), as hal/render/__init__.py is the displayio one: it reads play's View and nothing else of play.
Its own module: the board draws with displayio and imports this only when it has no display.
The table's text lines are play's (play/textview.py fills them from the table's fields).
"""

from play.view import FIRST_ITEM, PLAYABLE, SPEECH, SPEECH_WORDS, cut, label

# The card icons (characters 1..3: play/view.py) as the text shows them, as Unicode shapes; the
# other glyphs in words ("3 white 1 black", "6 cards": the View's language's, play/view.py's SPEECH).
SHAPES = ("\u25cb", "\u25a1", "\u2606")


def words(speech=SPEECH):
    """The game's glyphs 1..8 as a text shows them in the language of ``speech`` (a View's)."""
    return SHAPES + tuple(speech.split("|")[SPEECH_WORDS : SPEECH_WORDS + 5])


WORDS = words()  # English's


def plain(text, said=WORDS):
    """``text`` with the game's glyphs as ``said`` (:func:`words`: a View's language's)."""
    for i in range(len(said)):
        text = text.replace(chr(i + 1), said[i])
    return text


def item_name(code, view=None, said=None):
    """The label of a row item: a card's name (its icon as a shape), or an action's short name (``view``'s).
    ``said``: ``words`` of the view's speech, when the caller has them already."""
    speech = SPEECH if view is None else view.speech
    if code < FIRST_ITEM:
        return plain(label(code), said or words(speech))
    return cut(speech, code - FIRST_ITEM)


def text(view):
    """The view as text lines: what the mock HAL records and the terminal prints.

    Marks:
    ``>`` the cursor line; cards as ``[4☆]`` when playable, `` 4☆ `` when
    not, ``<...>`` around the card under the cursor.
    """
    said = words(view.speech)
    out = ["= " + plain(view.title, said)]
    for i in range(len(view.lines)):  # (a menu's: as many as the screen shows)
        if view.lines[i] or i == view.line_cursor:
            out.append(("> " if i == view.line_cursor else "  ") + plain(view.lines[i], said))
    if view.ncards:
        row = []
        for i in range(view.ncards):
            name = item_name(view.cards[i], view, said)
            name = "[" + name + "]" if view.marks[i] & PLAYABLE else " " + name + " "
            row.append("<" + name + ">" if i == view.card_cursor else name)
        out.append("  " + " ".join(row))
    if view.footer:
        out.append("- " + plain(view.footer, said))
    return out
