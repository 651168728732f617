"""A round told in words: "Since your turn" and the round's log (issue 25).

``App.screen("since", app, seat, module="recap")`` comes before ``seat``'s hand shows, after a
hand-off (or, with only bots in between, when ``Match.recaps()`` says so): every action since
the seat's own last one this round, one line each ("Ben played 4/5", "Cleo drew", "Ana gave you
a white"), the cards played drawn under the lines. ``log`` is the whole round so far (the
turn's menu) or the round just over (its summary). A goes on, the D-pad scrolls.

Everything comes from the round's public history (engine/history.py, ``Game.h``, read in
place) and from what the deal made public (6 cards each, the pile's size): a draw is "drew",
never the card. Who drew for a square and who went out are followed from the deal on, as every
seat saw them. Only the lines on screen are made: a round's log can hold ~170 actions, and
their text all at once would take ~7 KB of a board's heap.
"""

import hal
from engine import cards, history
from engine.rules import COLLECT, DRAW, GIVE, HAND_SIZE, QUIT, RETURN_WHITE
from play import view as v

# What an action did, by code from DRAW to EXCHANGE, then RETURN_WHITE to KEEP; the token a
# give-away gave (its detail). One string each: see play/table.py.
_DID = (
    "drew|quit|gave back the magic|took %d stage tokens|swapped 10 whites|"
    "returned a white|returned a black|kept all tokens"
)
_TOKENS = "a white|a black|the magic"


def since(app, seat):
    """What happened since ``seat``'s last action this round (the screen only when something did)."""
    h = app.match.game.h
    total = 0
    first = 0
    if not h[0]:  # (a finished round's actions are not this round's)
        for i in range(2, h[1] + 2):
            if h[i] < history.DETAIL:
                total += 1
                if h[i] >> 5 == seat:
                    first = total
    if total > first:
        _pager(app, "Since your turn", seat, first, total - first)


def log(app, seat):
    """The round so far, or the round just over when no action of the next one was made yet;
    ``seat`` reads "You" (-1: every seat by name, as at the round's summary)."""
    g = app.match.game
    h = g.h
    total = 0
    for i in range(2, h[1] + 2):
        if h[i] < history.DETAIL:
            total += 1
    rnd = g.round_number - (1 if h[0] and not g.is_over() else 0)
    if total:
        _pager(app, "Round %d log" % rnd, seat, 0, total)
    else:
        app.ui.message("Round %d log" % rnd, ["Nothing yet this round."], _footer(app.hw, False))


def _footer(hw, more):
    """What the keys do, in the board's own button names (``hw.buttons.labels``, where it has them)."""
    labels = getattr(hw.buttons, "labels", None) or ("A", "B", "Start", ">", "<")
    if getattr(hw.buttons, "scheme", 0) == getattr(hal, "SCHEME_TOUCH", 3):
        return "tap: more" if more else "tap: go on"
    if not more:
        return labels[0] + ": go on"
    return "%s: go on  %s: more" % (labels[0], "^v" if getattr(hw.buttons, "has", hal.UP) & hal.UP else labels[3])


def _pager(app, title, seat, first, total):
    """Show ``total`` events from the ``first``-th, a screenful at a time, until A (or B, Start).

    Down/Up move a line, Right/Left a page (Right wraps round from the last page: boards with
    only a Right); on a touch screen a tap turns the page, and goes on from the last."""
    rows = v.LINES_WITH_CARDS
    last = max(0, total - rows)
    tap = getattr(hal, "TAP", 0)
    keys = hal.A | hal.B | hal.START | hal.LEFT | hal.RIGHT | hal.UP | hal.DOWN | tap
    top = 0
    while True:
        lines = []
        shown = []
        _lines(app, seat, first + top, first + top + rows, lines, shown)
        head = title if total <= rows else "%s %d-%d/%d" % (title, top + 1, top + len(lines), total)
        b = app.ui.message(head, lines, _footer(app.hw, top < last), v.NORMAL, shown, keys)
        if b & tap and top < last:
            top += rows
        elif b & hal.RIGHT:
            top = 0 if top >= last else top + rows
        elif b & hal.LEFT:
            top -= rows
        elif b & hal.DOWN:
            top += 1
        elif b & hal.UP:
            top -= 1
        else:
            return
        top = max(0, min(top, last))


def _lines(app, me, start, end, lines, shown):
    """The lines of events ``start`` to ``end`` - 1 of the round (into ``lines``), and the cards
    they played (into ``shown``); ``me`` reads "You"."""
    m = app.match
    g = m.game
    h = g.h
    n = g.players
    inside = (1 << n) - 1  # the seats still in the round (quits are in the history)
    held = [HAND_SIZE] * n  # cards in each hand
    pile = sum(cards.DECKS[cards.VARIANTS.index(g.variant)]) - HAND_SIZE * n - 1  # after the deal (R5)
    did = _DID.split("|")
    k = 0
    i = 2
    stop = h[1] + 2
    while i < stop and k < end:
        b = h[i]
        d = h[i + 1] & 31 if i + 1 < stop and h[i + 1] >= history.DETAIL else 0
        i += 2 if i + 1 < stop and h[i + 1] >= history.DETAIL else 1
        q = b >> 5
        a = b & 31
        if a < cards.COUNT:
            held[q] -= 1
            text = "played " + cards.name(a)
            if not held[q]:
                text += ": out!"
            elif cards.ICON[a] == cards.ICON_SQUARE and pile > 0:  # R12: the next still in draws
                r = q
                for j in range(n - 1, 0, -1):
                    if inside & (1 << (q + j) % n):
                        r = (q + j) % n
                held[r] += 1
                pile -= 1
                text += ", drew too" if r == q else ", %s drew" % _who(m, r, me, "you")
            elif cards.ICON[a] == cards.ICON_STAR:
                text += ", took magic"
            if k >= start:
                shown.append(a)
        elif a >= RETURN_WHITE:
            text = did[a - RETURN_WHITE + 5]
        elif a >= GIVE:
            text = "gave %s %s" % (_who(m, a - GIVE, me, "you"), _TOKENS.split("|")[min(d, 2)])
        else:
            if a == DRAW:
                held[q] += 1
                pile -= 1
            elif a == QUIT:
                inside &= ~(1 << q)
            text = did[a - DRAW] % d if a == COLLECT else did[a - DRAW]
        if k >= start:
            lines.append(_who(m, q, me, "You") + " " + text)
        k += 1


def _who(m, q, me, you):
    """Seat ``q``'s name, or ``you`` for ``me``."""
    return you if q == me else m.name(q)
