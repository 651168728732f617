"""The end of a round: every hand revealed with the points it cost (its log a key away), then
the scores; at the game's end, the winner and the hints each player used.

``App.screen("summary", table, module="roundend")`` loads it for the moment and drops it
after: the code is not on a board's heap during the turns.
"""

import hal
from engine import cards
from play import match as mt
from play import view as v
from play.ui import wrap


def summary(table):
    """The round's end: every hand, the points each got, the tokens back; then the scores."""
    g = table.g
    m = table.m
    app = table.app
    last = g.last_round()
    lines = []
    for q in range(g.players):
        hand = " ".join([cards.name(c) for c in last["hands"][q]]) or "went out"
        if len(hand) > 16:
            hand = hand[:15] + "~"
        lines.append("%-4s %-16s +%2d" % (m.name(q)[:4], hand, last["points"][q]))
    if last["magic"] is not None:
        lines.append(m.name(last["magic"]) + " paid 10: magic")
    if last["returned"]:
        lines.append(table.describe(last["out"], last["returned"]))
    elif last["out"] is None:
        lines.append("Everybody quit.")
    # The round's log (play/recap.py) on the menu key (or B), then this screen again.
    while table.ui.message("Round %d over" % last["round"], lines, table.ui.footer("scores", "", "log")) & (
        hal.B | hal.START
    ):
        app.screen("log", app, -1, module="recap")
    lines = []
    for q in sorted(range(g.players), key=g.score):
        w, b, _ = g.tokens(q)
        lines.append("%-5s %3d pts  %2dw %2db" % (m.name(q), g.score(q), w, b))
    over = g.is_over()
    table.ui.message(
        "Final scores" if over else "Scores", lines, table.ui.footer("the winner" if over else "next round")
    )
    if over:
        names = [m.name(q) for q in g.winners()]
        lines = (
            " and ".join(names)
            + (" wins!" if len(names) == 1 else " win!")
            + "||Fewest points win;|someone reached 40."
        ).split("|")
        names = ["%s %s" % (m.name(q), m.hints[q]) for q in range(g.players) if m.kinds[q] == mt.HUMAN]
        if names:
            lines += [""] + wrap("Hints used: " + ", ".join(names))
        app.light(-1)
        app.beep(hal.BEEP_OVER)
        table.ui.message("Game over", lines, table.ui.footer("title"), v.GOOD)
