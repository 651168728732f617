"""The end of a round: what each hand cost, a hand at a time as cards (its log a key away), then
the scores; at the game's end, the final scoreboard: every total, the winners, the rounds
played and the hints each player used.

``App.screen("summary", table, module="roundend")`` loads it for the moment and drops it
after: the code is not on a board's heap during the turns.
"""

import hal
from play import match as mt
from play import view as v
from play.ui import wrap


def _n(n, word):
    """``n`` and ``word``, plural when it is not 1: "1 card", "2 cards"."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def summary(table):
    """The round's end: every hand, the points each got, the tokens back; then the scores."""
    g = table.g
    m = table.m
    app = table.app
    ui = table.ui
    last = g.last_round()
    hands = last["hands"]
    q = 0  # whose hand the card row shows (Left/Right: the others')
    for p in range(g.players):
        if m.kinds[p] == mt.HUMAN:
            q = p
            break
    keys = hal.A | hal.B | hal.START | hal.LEFT | hal.RIGHT | hal.UP | hal.DOWN | getattr(hal, "TAP", 0)
    while True:
        lines = []
        for p in range(g.players):
            left = _n(len(hands[p]), "card") if hands[p] else "went out"
            points = _n(last["points"][p], "point")
            lines.append("%s%-4s %-8s +%s" % ("> " if p == q else "  ", m.name(p), left, points))
        if last["magic"] is not None:
            lines.append("%s kept the magic: +10" % m.name(last["magic"]))
        if last["returned"]:
            lines += wrap(table.describe(last["out"], last["returned"]))
        elif last["out"] is None:
            lines.append("Everybody quit.")
        b = ui.message(
            "Round %d over" % last["round"],
            lines[: v.LINES_WITH_CARDS],
            ui.footer("scores", "", "log", "hands"),
            v.NORMAL,
            hands[q],
            keys,
        )
        if b & (hal.LEFT | hal.UP):
            q = (q - 1) % g.players
        elif b & (hal.RIGHT | hal.DOWN):  # (a tap goes on, as A)
            q = (q + 1) % g.players
        elif b & (hal.B | hal.START):  # the round's log (play/recap.py), then this screen again
            app.screen("log", app, -1, module="recap")
        else:
            break
    lines = []
    for p in sorted(range(g.players), key=g.score):
        w, b, _ = g.tokens(p)
        lines.append("%-4s %10s %2d\x05 %2d\x06" % (m.name(p), _n(g.score(p), "point"), w, b))
    over = g.is_over()
    ui.message("Final scores" if over else "Scores", lines, ui.footer("the winner" if over else "next round"))
    if over:
        final(table)


def final(table):
    """Game over: the winners, every player's total (and the hints each human asked for), the rounds."""
    g = table.g
    m = table.m
    app = table.app
    won = g.winners()
    names = [m.name(p) for p in won]
    lines = wrap(" and ".join(names) + (" wins!" if len(names) == 1 else " win!"))
    for p in sorted(range(g.players), key=g.score):
        hints = ", " + _n(m.hints[p], "hint") if m.kinds[p] == mt.HUMAN else ""
        lines.append("%-4s %s%s" % (m.name(p), _n(g.score(p), "point"), hints))
    if len(lines) < v.LINES:
        lines.append("%s played." % _n(g.round_number, "round"))
    app.light(won[0])  # the lights in the winner's colour, and the game's end sounds
    app.beep(hal.BEEP_OVER)
    table.ui.message("Game over", lines[: v.LINES], table.ui.footer("title"), v.GOOD)
    app.light(-1)
