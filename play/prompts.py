"""The rule prompts of a human's turn (play/table.py): R11's give-away after a 1, R21's return.

Loaded for the moment and dropped (``Table.human``): their code and words stay off a board's heap
the rest of the game, as the screens' (play/app.py's ``App.screen``).
"""

from engine import game
from play.lang import plural, say

# The R21 prompt: choices in this order, the most valuable first (the default).
_RETURNS = (game.RETURN_BLACK, game.RETURN_WHITE, game.KEEP)
_RETURN_TEXT = "Return a black (-10)|Return a white (-1)|Keep my tokens"


def give(table, p):
    """R11's prompt after a 1: whom to give the lowest token (the leader by default)."""
    g = table.game
    m = table.match
    low = g.lowest(p)  # (R11: the token that goes)
    legal = g.legal_actions()
    from engine import bots

    best = legal.index(bots.leader(g, legal, len(legal)))  # default: the leader
    labels = []
    for a in legal:  # ("1 point", "1 card")
        q = a - game.GIVE
        n = g.hand_size(q)
        k = g.score(q)
        text = "%-4s %s, %s" % (
            m.name(q),
            plural(k, "%2d point", "%2d points") % k,
            plural(n, "%d card", "%d cards") % n,
        )
        labels.append(text)
    kind = say("white|black|magic token").split("|")[low]
    header = (say("You played a 1: choose|who gets your %s.") % kind).split("|")
    title = say("Give a white|Give a black|Give the magic").split("|")[low]
    ui = table.ui
    return legal[ui.menu(title, labels, best, ui.footer(say("give")), header=header, back=False)]


def give_back(table, p):
    """R21's prompt after going out: which token to return (the most valuable by default)."""
    legal = [a for a in _RETURNS if a in table.game.legal_actions()]
    labels = [say(_RETURN_TEXT).split("|")[_RETURNS.index(a)] for a in legal]
    header = say("You went out!|You may give one token|back to the supply.").split("|")
    ui = table.ui
    return legal[ui.menu(say("Well played"), labels, 0, ui.footer(say("choose")), header=header, back=False)]
