"""A View as text lines: what the mock HAL records, the terminal and a board's console print.

The text view of the hardware that shows text (hal/console.py, hal/mock.py, the desktop's
terminal), as hal/render/__init__.py is the displayio one: it reads play's View and nothing else of play.
Its own module: the board draws with displayio and imports this only when it has no display.
The table's text lines are play's (play/textview.py fills them from the table's fields).
"""

from play.view import FIRST_ITEM, ITEM_NAMES, LINES, PLAYABLE, label

# The game's own glyphs (characters 1..8: play/view.py) as the text shows them: the
# card icons as Unicode shapes, the rest in words ("3 white 1 black", "6 cards").
WORDS = ("\u25cb", "\u25a1", "\u2606", "llama", " white", " black", " magic", " cards")


def plain(text, words=None):
    """``text`` with the game's glyphs as ``words`` say (a View's, its language's), else :data:`WORDS`."""
    words = words or WORDS
    for i in range(len(words)):
        text = text.replace(chr(i + 1), words[i])
    return text


def item_name(code, view=None):
    """The label of a row item: a card's name (its icon as a shape), or an action's short name (``view``'s)."""
    if code < FIRST_ITEM:
        return plain(label(code), view.words if view is not None else None)
    return (view.items if view is not None else ITEM_NAMES)[code - FIRST_ITEM]


def text(view):
    """The view as text lines: what the mock HAL records and the terminal prints.

    Marks:
    ``>`` the cursor line; cards as ``[4☆]`` when playable, `` 4☆ `` when
    not, ``<...>`` around the card under the cursor.
    """
    words = view.words
    out = ["= " + plain(view.title, words)]
    for i in range(len(view.lines)):  # (a menu's: up to MAX_LINES)
        if view.lines[i] or i == view.line_cursor:
            out.append(("> " if i == view.line_cursor else "  ") + plain(view.lines[i], words))
    if view.ncards:
        row = []
        for i in range(view.ncards):
            name = item_name(view.cards[i], view)
            name = "[" + name + "]" if view.marks[i] & PLAYABLE else " " + name + " "
            row.append("<" + name + ">" if i == view.card_cursor else name)
        out.append("  " + " ".join(row))
    if view.footer:
        out.append("- " + plain(view.footer, words))
    return out
