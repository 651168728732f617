"""The rules summary, a page per screen (26 x 8): ``show(app)`` pages through it.

A page is one string: its first line the title, then up to 8 lines, or up to 6 and a line
``=`` naming the cards drawn under them (engine/cards.py's names), as they look in play. A
string a page, not a tuple of lines: ~50 strings of their own took ~1 KB more of a board's
heap (and one string for all, a block of 1.4 KB, was harder to place, compiled from a .py).
``page(i)`` splits page ``i`` when it is shown.

Loaded only while the pages are on screen: from the title, or from the turn's menu once
play/screens.py is dropped (the menu returns to the turn, which shows them), so that the
two are never on a board's heap at once with a game in play (~3 KB).
"""

import hal
from engine import cards
from play import view as v

PAGES = (
    (
        "Rules: the cards\n"
        "Values 1-6 and the llama.\n"
        "2/3 and 4/5 count as both\n"
        "values. Icons on a card:\n"
        "o you give a token away,\n"
        "# the next player draws,\n"
        "* take the magic token.\n"
        "=1 1o 2# 3* 2/3 4/5 6 L"
    ),
    (
        "Rules: the goal\n"
        "Fewest points wins. You\n"
        "score the cards left in\n"
        "your hand when a round\n"
        "ends. The game ends when\n"
        "someone has 40 or more.\n"
        "White token = 1 point,\n"
        "black = 10. You start\n"
        "with 3 whites."
    ),
    (
        "Rules: your turn\n"
        "Play a card, draw one,\n"
        "or quit the round.\n"
        "Play the same value as\n"
        "the top card or one\n"
        "higher: 1 2 3 4 5 6 L 1..\n"
        "A llama goes on a 6 or a\n"
        "llama; a 1 on a llama.\n"
        "2/3 and 4/5 count both."
    ),
    (
        "Rules: round end\n"
        "A round ends on someone's\n"
        "last card, or if all quit.\n"
        "Each value left in hand\n"
        "counts once; llamas 10.\n"
        "Went out? Give back one\n"
        "token (white or black).\n"
        "Quit early to stop\n"
        "collecting points."
    ),
    (
        "Rules: card icons\n"
        "o (every 1): give your\n"
        "  lowest token to a\n"
        "  player still in.\n"
        "# : the next player\n"
        "  still in draws a card.\n"
        "* : take the magic token.\n"
        "Magic token: skip a turn\n"
        "by returning it; 10 pts."
    ),
    (
        "Rules: magic show\n"
        "A llama puts your lowest\n"
        "token on the stage. With\n"
        "5+ tokens there the show\n"
        "is on: play a llama or\n"
        "Take all stage tokens,\n"
        "then play your turn.\n"
        "Swap 10 whites for a\n"
        "black any turn (10>1)."
    ),
    (
        "Rules: classic\n"
        "L.L.A.M.A. (classic):\n"
        "56 cards, 1-6 and llama,\n"
        "no icons, no doubles, no\n"
        "stage or magic token;\n"
        "you start with no\n"
        "tokens. Everything else\n"
        "is the same."
    ),
)


def page(i):
    """Page ``i``: (title, lines, the names of the cards drawn under them, or ())."""
    lines = PAGES[i].split("\n")
    shown = lines.pop()[1:].split() if lines[-1][:1] == "=" else ()
    return lines[0], lines[1:], shown


def show(app):
    """The pages, a screen each: A, Right, Down or a tap turn the page, Left or Up go back, B leaves."""
    keys = hal.A | hal.B | hal.START | hal.LEFT | hal.RIGHT | hal.UP | hal.DOWN | hal.TAP
    i = 0
    while 0 <= i < len(PAGES):
        title, lines, shown = page(i)
        b = app.ui.message(
            "%s %d/%d" % (title, i + 1, len(PAGES)),
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
