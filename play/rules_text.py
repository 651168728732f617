"""The rules summary, a page per screen (26 x 8): ``show(app)`` pages through it.

The pages are one string, a paragraph a page: its first line the title, then up to 8 lines,
or up to 6 and a line ``=`` naming the cards drawn under them (engine/cards.py's names), as
they look in play. One string, not a tuple of lines: ~50 strings of their own took ~1 KB
more of a board's heap. ``page(i)`` cuts page ``i`` out when it is shown.

Loaded only while the pages are on screen: from the title, or from the turn's menu once
play/screens.py is dropped (the menu returns to the turn, which shows them), so that the
two are never on a board's heap at once with a game in play (~3 KB).
"""

import hal
from engine import cards
from play import view as v

TEXT = """Rules: the cards
Values 1-6 and the llama.
2/3 and 4/5 count as both
values. Icons on a card:
o you give a token away,
# the next player draws,
* take the magic token.
=1 1o 2# 3* 2/3 4/5 6 L

Rules: the goal
Fewest points wins. You
score the cards left in
your hand when a round
ends. The game ends when
someone has 40 or more.
White token = 1 point,
black = 10. You start
with 3 whites.

Rules: your turn
Play a card, draw one,
or quit the round.
Play the same value as
the top card or one
higher: 1 2 3 4 5 6 L 1..
A llama goes on a 6 or a
llama; a 1 on a llama.
2/3 and 4/5 count both.

Rules: round end
A round ends on someone's
last card, or if all quit.
Each value left in hand
counts once; llamas 10.
Went out? Give back one
token (white or black).
Quit early to stop
collecting points.

Rules: card icons
o (every 1): give your
  lowest token to a
  player still in.
# : the next player
  still in draws a card.
* : take the magic token.
Magic token: skip a turn
by returning it; 10 pts.

Rules: magic show
A llama puts your lowest
token on the stage. With
5+ tokens there the show
is on: play a llama or
Take all stage tokens,
then play your turn.
Swap 10 whites for a
black any turn (10>1).

Rules: classic
L.L.A.M.A. (classic):
56 cards, 1-6 and llama,
no icons, no doubles, no
stage or magic token;
you start with no
tokens. Everything else
is the same."""
COUNT = TEXT.count("\n\n") + 1  # pages


def page(i):
    """Page ``i``: (title, lines, the names of the cards drawn under them, or ())."""
    at = 0
    for _ in range(i):
        at = TEXT.index("\n\n", at) + 2
    end = TEXT.find("\n\n", at)
    lines = TEXT[at : end if end >= 0 else len(TEXT)].split("\n")
    shown = lines.pop()[1:].split() if lines[-1][:1] == "=" else ()
    return lines[0], lines[1:], shown


def show(app):
    """The pages, a screen each: A, Right, Down or a tap turn the page, Left or Up go back, B leaves."""
    keys = hal.A | hal.B | hal.START | hal.LEFT | hal.RIGHT | hal.UP | hal.DOWN | hal.TAP
    i = 0
    while 0 <= i < COUNT:
        title, lines, shown = page(i)
        b = app.ui.message(
            "%s %d/%d" % (title, i + 1, COUNT),
            lines,
            app.ui.footer("next", "leave", "", "pages"),
            v.NORMAL,
            [cards.code(n) for n in shown],
            keys,
        )
        if b & (hal.A | hal.RIGHT | hal.DOWN | hal.TAP):
            i += 1
        elif b & (hal.LEFT | hal.UP):
            i = max(i - 1, 0)  # Left on the first page stays; B leaves
        else:
            i -= 1
