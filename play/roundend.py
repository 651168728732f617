"""The end of a round: what each hand cost, a hand at a time as cards (its log a key away), then
the scores; at the game's end, the final scoreboard: every total, the winners, the rounds
played and the hints each player used.

``App.screen(SUMMARY, table)`` loads it for the moment and drops it
after: the code is not on a board's heap during the turns.
"""

import hal
from play import match as mt
from play import view as v
from play.lang import plural, say
from play.ui import wrap

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# Menu entries and screens by id: play/ui.py's table, the lines this module uses.
_LOG = const(4)


def summary(table):
    """The round's end: every hand, the points each got, the tokens back; then the scores, and at
    the game's end the final scoreboard.

    (Its texts are whole formats, not short strings pieced together: on a board every string of up
    to 10 characters is a name for good, docs/DESIGN.md. Three functions, not one: smaller blocks
    of code, easier to place in a board's fragmented heap mid-game.)"""
    page(table)
    if scores(table):
        winners(table)


def page(table):
    """Every hand as cards, a hand at a time (Left/Right), the points each got, the tokens back;
    the round's log on B or Start."""
    g = table.game
    m = table.match
    app = table.app
    ui = table.ui
    last = g.last_round()
    hands = last["hands"]
    q = 0  # whose hand the card row shows (Left/Right: the others')
    for p in range(g.players):
        if m.kinds[p] == mt.HUMAN:
            q = p
            break
    keys = hal.A | hal.B | hal.START | hal.LEFT | hal.RIGHT | hal.UP | hal.DOWN | hal.TAP
    while True:
        lines = []
        for p in range(g.players):
            n = len(hands[p])
            k = last["points"][p]
            text = "%s %-4s %s +%s" % (
                ">" if p == q else " ",
                m.name(p),
                plural(n, "%d card", "%d cards") % n if n else say("went out"),
                plural(k, "%d point", "%d points") % k,
            )
            lines.append(text if len(text) <= v.COLUMNS else text[0] + text[2:])  # (longer words: a space less)
        if last["magic"] is not None:
            lines.append(say("%s kept the magic: +10") % m.name(last["magic"]))
        if last["returned"]:
            lines += wrap(table.describe(last["out"], last["returned"]))
        elif last["out"] is None:
            lines.append(say("Everybody quit."))
        b = ui.message(
            say("Round %d over") % last["round"],
            lines[: v.LINES_WITH_CARDS],
            ui.footer(say("scores"), menu=say("log"), move=say("hands")),
            cards=hands[q],
            keys=keys,
        )
        if b & (hal.LEFT | hal.UP):
            q = (q - 1) % g.players
        elif b & (hal.RIGHT | hal.DOWN):  # (a tap goes on, as A)
            q = (q + 1) % g.players
        elif b & (hal.B | hal.START):  # the round's log (play/recap.py), then this screen again
            app.screen(_LOG, app, -1)
        else:
            break


def scores(table):
    """The scores, fewest points first: True when the game is over."""
    g = table.game
    m = table.match
    ui = table.ui
    lines = []
    for p in sorted(range(g.players), key=g.score):
        w, b, _ = g.tokens(p)
        k = g.score(p)
        lines.append("%-4s %3d %-6s %2d\x05 %2d\x06" % (m.name(p), k, plural(k, "point", "points"), w, b))
    over = g.is_over()
    ui.message(
        say("Final scores") if over else say("Scores"),
        lines,
        ui.footer(say("the winner") if over else say("next round")),
    )
    return over


def winners(table):
    """Game over: the winners, every player's total (and the hints each human asked for), the rounds."""
    g = table.game
    m = table.match
    app = table.app
    ui = table.ui
    best = g.winners()
    names = [m.name(p) for p in best]
    lines = wrap(plural(len(names), "%s wins!", "%s win!") % (" %s " % say("and")).join(names))
    for p in sorted(range(g.players), key=g.score):
        k = g.score(p)
        n = m.hints[p]
        text = "%-4s " % m.name(p) + plural(k, "%d point", "%d points") % k
        if m.kinds[p] == mt.HUMAN:
            text += ", " + plural(n, "%d hint", "%d hints") % n
        lines.append(text)
    if len(lines) < v.LINES:
        lines.append(say("Rounds played: %d") % g.round_number)
    app.light(best[0])  # the lights in the winner's colour, and the game's end sounds
    app.beep(hal.BEEP_OVER)
    ui.message(say("Game over"), lines[: v.LINES], ui.footer(say("title")), v.GOOD)
    app.light(-1)
