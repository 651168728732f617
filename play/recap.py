"""A round told in words: "Since your turn" and the round's log (issue 25).

``App.screen(SINCE, app, seat)`` comes before ``seat``'s hand shows, after a
hand-off (or, with only bots in between, as ``Match.recap`` says): every action since
the seat's own last one this round, one line each ("Ben played 4/5", "Cleo drew", "Ana gave you
a white"), the cards played drawn under the lines. ``log`` is the whole round so far (the
turn's menu) or the round just over (its summary). A goes on, the D-pad scrolls.

Everything comes from the round's public history (engine/history.py, ``Game.moves``, read in
place) and from what the deal made public (6 cards each, the pile's size): a draw is "drew",
never the card. Who drew for a square and who went out are followed from the deal on, as every
seat saw them. Only the lines on screen are made: a round's log can hold ~170 actions, and
their text all at once would take ~7 KB of a board's heap.

Every name a module uses costs a board's heap for good (docs/DESIGN.md): the names here are
ones the game has already (``show``, ``page``, ``describe``, ``part``...) and the
phrases are cut from two long strings (strings of up to 10 characters are names too).
"""

import hal
from engine import cards, history
from engine.rules import DRAW, GIVE, HAND_SIZE, QUIT, RETURN_WHITE
from play import view as v
from play.lang import part, say

# What an action did, a line each: by code from DRAW to EXCHANGE, then RETURN_WHITE to KEEP; a card
# played (alone, going out, drawing too, taking magic, the next drawing); a give-away; then "you"
# drawing or given to; the token a give-away gave (its detail). {0} is the seat acting, {1} the
# card, the count or the token, {2} the other seat: a line is one template (play/lang.py), and
# _YOU the same lines said by "You". Two strings of ~300 characters, not one of 600 (a block that
# size is hard to find in a board's heap mid-game), and never split into a list: part() cuts out
# the one line said.
_DID = (
    "{0} drew|{0} quit|{0} gave back the magic|{0} took {1} stage tokens|{0} swapped 10 whites|"
    "{0} returned a white|{0} returned a black|{0} kept all tokens|{0} played {1}|{0} played {1}: out!|"
    "{0} played {1}, drew too|{0} played {1}, took magic|{0} played {1}, {2} drew|{0} gave {2} {1}|"
    "{0} played {1}, you drew|{0} gave you {1}|a white|a black|the magic"
)
_YOU = (
    "You drew|You quit|You gave back the magic|You took {1} stage tokens|You swapped 10 whites|"
    "You returned a white|You returned a black|You kept all tokens|You played {1}|You played {1}: out!|"
    "You played {1}, drew too|You played {1}, took magic|You played {1}, {2} drew|You gave {2} {1}"
)


def show(app, seat):
    """What happened since ``seat``'s last action this round (the screen only when something did)."""
    h = app.match.game.moves
    n = 0
    first = 0
    if not h[0] & history.FINISHED:  # (a finished round's actions are not this round's)
        for i in range(2, h[1] + 2):
            if h[i] < history.DETAIL:
                n += 1
                if h[i] >> 5 == seat:
                    first = n
    if n > first:
        page(app, say("Since your turn"), seat, first, n - first)


def log(app, seat):
    """The round so far, or the round just over when no action of the next one was made yet;
    ``seat`` reads "You" (-1: every seat by name, as at the round's summary)."""
    g = app.match.game
    h = g.moves
    n = 0
    for i in range(2, h[1] + 2):
        if h[i] < history.DETAIL:
            n += 1
    r = g.round_number - (1 if h[0] & history.FINISHED and not g.is_over() else 0)
    page(app, say("Round %d log") % r, seat, 0, n)


def page(app, title, seat, first, n):
    """Show ``n`` events from the ``first``-th, a screenful at a time, until A (or B, Start).

    Right or Down show the next page (from the last, the first again: boards with only a Right),
    Left or Up the one before; a tap (touch screens) the next, and goes on from the last."""
    rows = v.LINES_WITH_CARDS
    t = hal.TAP  # (a touch: issue 23)
    top = 0
    while True:
        lines = []
        shown = []
        describe(app, seat, first + top, first + top + rows, lines, shown)
        left = top + rows < n  # events left after this page
        b = app.ui.message(
            title if n <= rows else "%s %d-%d/%d" % (title, top + 1, top + len(lines), n),
            lines or [say("Nothing yet this round.")],
            app.ui.footer(say("play on"), move=say("more") if left else say("top") if top else ""),
            cards=shown,
            keys=255 | t,
        )
        if b & (hal.RIGHT | hal.DOWN) or b & t and left:
            top = top + rows if left else 0
        elif b & (hal.LEFT | hal.UP):
            top = max(0, top - rows)
        elif b & (hal.A | hal.B | hal.START | t):
            return


def describe(app, me, start, end, lines, shown):
    """The lines of events ``start`` to ``end`` - 1 of the round (into ``lines``), and the cards
    they played (into ``shown``); ``me`` reads "You"."""
    m = app.match
    g = m.game
    h = g.moves
    n = g.players
    inside = (1 << n) - 1  # the seats still in the round (quits are in the history)
    held = [HAND_SIZE] * n  # cards in each hand
    pile = sum(cards.DECKS[cards.VARIANTS.index(g.variant)]) - HAND_SIZE * n - 1  # after the deal (R5)
    k = 0
    i = 2
    stop = h[1] + 2
    while i < stop and k < end:
        b = h[i]
        d = h[i + 1] & 31 if i + 1 < stop and h[i + 1] >= history.DETAIL else -1
        i += 1 if d < 0 else 2
        q = b >> 5
        a = b & 31
        r = -1  # who drew for a square; -2: q went out
        if a < cards.COUNT:
            held[q] -= 1
            if not held[q]:
                r = -2
            elif cards.ICON[a] == cards.ICON_SQUARE and pile > 0:  # R12: the next still in draws
                r = q
                for j in range(n - 1, 0, -1):
                    if inside & (1 << (q + j) % n):
                        r = (q + j) % n
                held[r] += 1
                pile -= 1
            if k >= start:
                shown.append(a)
        elif a == DRAW:
            held[q] += 1
            pile -= 1
        elif a == QUIT:
            inside &= ~(1 << q)
        if k >= start:
            lines.append(action_name(m, me, q, a, d, r))
        k += 1


def action_name(m, me, q, a, d, r):
    """Seat ``q``'s action ``a`` in words (``d`` its detail, -1 none; ``r`` who drew for a
    square, -2 when ``q`` went out); ``me`` reads "You".

    (A function apart from describe(): smaller blocks of code, easier to place in a board's
    fragmented heap.)"""
    x = max(d, 0)  # {1}: the card, the tokens taken, the token given
    o = q  # {2}: the other seat
    if a < cards.COUNT:
        x = v.label(a)
        t = 8
        if r == -2:
            t = 9
        elif r == q:
            t = 10
        elif r >= 0:
            t = 12
            o = r
        elif cards.ICON[a] == cards.ICON_STAR:
            t = 11
    elif a >= RETURN_WHITE:
        t = a - RETURN_WHITE + 5
    elif a >= GIVE:
        t = 13
        o = a - GIVE
        x = part(_DID, 16 + min(x, 2))
    else:
        t = a - DRAW
    if q != me and o == me:
        t += 2  # "... you drew", "... gave you ..."
    return part(_YOU if q == me else _DID, t).format(m.name(q), x, m.name(o))
