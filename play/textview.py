"""A table View's text lines, for a screen that shows text (``hw.screen.text``: the terminal, the
mock, a board's console): play/table.py's ``status`` fills them from the table's fields (``look``).

Its own module: a board's display draws those fields as cards and icons and never loads this.
The View as text is the hardware's (hal/textview.py).
"""

from play.lang import say
from play.view import ACCENT, ALERT, DIM, SEAT_MAGIC, SEAT_OUT, label


def table(view, owner=-1):
    """A table View's text lines, from its table fields (play/table.py's ``status`` fills them): the
    top card, the pile and the stage; the seats, two a line; the last event; the tokens of the hand
    shown ("You", or ``owner``'s name where several people play)."""
    stage = view.stage[0] + view.stage[1] + view.stage[2]
    if view.show:
        view.line(0, say("MAGIC SHOW! Stage {0}  Top {1}").format(stage, label(view.top)), ALERT)
    else:
        magic = " \x07" if view.stage[2] else ""
        view.line(0, say("Top {0:3} Pile {1:2} Stage {2}").format(label(view.top), view.pile, stage) + magic)
    for q in range(view.seats):
        flags = view.seat_flags[q]
        # 13 characters a seat, the last a space: two seats a line never run together.
        cell = "%-3s%s%3s%4d%s " % (
            view.names[q][:3],
            ">" if q == view.to_act else " ",
            say("out") if flags & SEAT_OUT else "%d\x08" % view.seat_cards[q],
            view.points[q],
            "\x07" if flags & SEAT_MAGIC else " ",
        )
        row = 1 + q // 2
        view.line(row, view.lines[row] + cell if q % 2 else cell)
    row = 1 + (view.seats + 1) // 2
    view.line(row, view.event, ACCENT)
    if view.has_mine:
        who = say("You") if owner < 0 else view.names[owner]
        w, b, magic = view.mine
        view.line(row + 1, "%s: %d\x05 %d\x06%s" % (who, w, b, " \x07" if magic else ""), DIM)
