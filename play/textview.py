"""A View as text lines: what the mock HAL records, the terminal and a board's console print.

Its own module: the board draws with displayio and imports this only when
it has no display.
"""

from play.view import ACCENT, ALERT, DIM, FIRST_ITEM, ITEM_NAMES, LINES, PLAYABLE, SEAT_MAGIC, SEAT_OUT, label

# The game's own glyphs (characters 1..8: play/view.py) as the text shows them: the
# card icons as Unicode shapes, the rest in words ("3 white 1 black", "6 cards").
WORDS = ("\u25cb", "\u25a1", "\u2606", "llama", " white", " black", " magic", " cards")


def plain(text):
    """``text`` with the game's glyphs as :data:`WORDS` say."""
    for i in range(len(WORDS)):
        text = text.replace(chr(i + 1), WORDS[i])
    return text


def table(view, owner=-1):
    """A table View's text lines, from its table fields (play/table.py's ``status`` fills them): the
    top card, the pile and the stage; the seats, two a line; the last event; the tokens of the hand
    shown ("You", or ``owner``'s name where several people play)."""
    stage = view.stage[0] + view.stage[1] + view.stage[2]
    if view.show:
        view.line(0, "MAGIC SHOW! Stage %d  Top %s" % (stage, label(view.top)), ALERT)
    else:
        magic = " \x07" if view.stage[2] else ""
        view.line(0, "Top %-3s Pile %2d Stage %d%s" % (label(view.top), view.pile, stage, magic))
    for q in range(view.seats):
        flags = view.seat_flags[q]
        # 13 characters a seat, the last a space: two seats a line never run together.
        cell = "%-3s%s%3s%4d%s " % (
            view.names[q][:3],
            ">" if q == view.to_act else " ",
            "out" if flags & SEAT_OUT else "%d\x08" % view.seat_cards[q],
            view.points[q],
            "\x07" if flags & SEAT_MAGIC else " ",
        )
        row = 1 + q // 2
        view.line(row, view.lines[row] + cell if q % 2 else cell)
    row = 1 + (view.seats + 1) // 2
    view.line(row, view.event, ACCENT)
    if view.has_mine:
        who = "You" if owner < 0 else view.names[owner]
        w, b, magic = view.mine
        view.line(row + 1, "%s: %d\x05 %d\x06%s" % (who, w, b, " \x07" if magic else ""), DIM)


def item_name(code):
    """The label of a row item: a card's name (its icon as a shape), or an action's short name."""
    return plain(label(code)) if code < FIRST_ITEM else ITEM_NAMES[code - FIRST_ITEM]


def text(view):
    """The view as text lines: what the mock HAL records and the terminal prints.

    Marks:
    ``>`` the cursor line; cards as ``[4☆]`` when playable, `` 4☆ `` when
    not, ``<...>`` around the card under the cursor.
    """
    out = ["= " + plain(view.title)]
    for i in range(LINES):
        if view.lines[i] or i == view.line_cursor:
            out.append(("> " if i == view.line_cursor else "  ") + plain(view.lines[i]))
    if view.ncards:
        row = []
        for i in range(view.ncards):
            name = item_name(view.cards[i])
            name = "[" + name + "]" if view.marks[i] & PLAYABLE else " " + name + " "
            row.append("<" + name + ">" if i == view.card_cursor else name)
        out.append("  " + " ".join(row))
    if view.footer:
        out.append("- " + plain(view.footer))
    return out
