"""The end of a round: every hand revealed with the points it cost, then the scores.

``App.screen("summary", table, module="roundend")`` loads it for the moment and drops it
after: the code is not on a board's heap during the turns.
"""

from engine import cards


def summary(table):
    """The round's end: every hand, the points each got, the tokens back; then the scores."""
    g = table.g
    m = table.m
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
    table.ui.message("Round %d over" % last["round"], lines, "scores")
    lines = []
    for q in sorted(range(g.players), key=g.score):
        w, b, _ = g.tokens(q)
        lines.append("%-5s %3d pts  %2dw %2db" % (m.name(q), g.score(q), w, b))
    over = g.is_over()
    table.ui.message("Final scores" if over else "Scores", lines, "the winner" if over else "next round")
