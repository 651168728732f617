"""The rules summary, a page per screen (26 x 8): ``show(app)`` pages through it.

A page is one string: its first line the title, then up to 8 lines, or up to 6 and a line
``=`` naming the cards drawn under them (engine/cards.py's names), as they look in play. The
icons are the game's own glyphs (play/view.py), drawn as on the cards and the table. A
string a page, not a tuple of lines: ~50 strings of their own took ~1 KB more of a board's
heap (and one string for all, a block of 1.4 KB, was harder to place, compiled from a .py).
``page(i)`` splits page ``i`` when it is shown, in the language in use (play/lang.py: a page is
one text to translate, kept to the same 26 x 8 in each language by tests/test_lang.py).

Loaded only while the pages are on screen: from the title, or from the turn's menu once
play/menu.py is dropped (the menu returns to the turn, which shows them), so that the
two are never on a board's heap at once with a game in play (~3 KB).
"""

import hal
from engine import cards
from play.lang import say

PAGES = (
    (
        "Rules: the cards\n"
        "Values 1 to 6, then the\n"
        "llama. 2/3 and 4/5 are\n"
        "doubles: both values.\n"
        "Kadabra's cards carry\n"
        "icons \x01 \x02 \x03 (page 5).\n"
        "=1o 2# 3* 4 2/3 4/5 6 L"
    ),
    (
        "Rules: the goal\n"
        "Fewest points wins. When\n"
        "a round ends, the cards\n"
        "left in a hand cost\n"
        "points. The game ends\n"
        "once someone has 40.\n"
        "Tokens: \x05 white 1 point,\n"
        "\x06 black 10 points. You\n"
        "start with 3 \x05."
    ),
    (
        "Rules: your turn\n"
        "Play a card, draw one,\n"
        "or quit the round. Play\n"
        "the top card's value or\n"
        "one higher: 1 2 3 4 5 6 \x04\n"
        "and then 1 again: a\n"
        "llama goes on a 6 or a\n"
        "llama, a 1 on a llama."
    ),
    (
        "Rules: round end\n"
        "A round ends when someone\n"
        "plays their last card, or\n"
        "when all have quit.\n"
        "Each value left in a hand\n"
        "costs its points once; any\n"
        "llamas cost 10 together.\n"
        "Went out? Give back one\n"
        "token, \x05 or \x06."
    ),
    (
        "Rules: card icons\n"
        "\x01 (every 1): give your\n"
        "lowest token to a player\n"
        "still in the round.\n"
        "\x02 the next player still\n"
        "in draws a card.\n"
        "\x03 take the magic token \x07.\n"
        "\x07 return it: skip a turn.\n"
        "Held at round end: +10."
    ),
    (
        "Rules: magic show\n"
        "A llama puts your lowest\n"
        "token on the stage. With\n"
        "5 or more there, the show\n"
        "is on: play a llama, or\n"
        "Take the stage's tokens\n"
        "and then play your turn.\n"
        "Swap: 10 \x05 for 1 \x06, in\n"
        "your turn, as you like."
    ),
    (
        "Rules: classic\n"
        "Classic L.L.A.M.A.: 56\n"
        "cards, 8 each of 1 to 6\n"
        "and 8 llamas. No icons,\n"
        "doubles, stage or magic\n"
        "token; you start with no\n"
        "tokens. The rest is alike.\n"
        "=1 2 3 4 5 6 L"
    ),
)


def page(i):
    """Page ``i``: (title, lines, the names of the cards drawn under them, or ())."""
    lines = say(PAGES[i]).split("\n")
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
            app.ui.footer(say("next"), say("leave"), move=say("pages")),
            cards=[cards.code(n) for n in shown],
            keys=keys,
        )
        if b & (hal.A | hal.RIGHT | hal.DOWN | hal.TAP):
            i += 1
        elif b & (hal.LEFT | hal.UP):
            i = max(i - 1, 0)  # Left on the first page stays; B leaves
        else:
            i -= 1
