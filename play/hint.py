"""A hint on a human's turn (issue 25): what the Normal player would do, and why, in one line.

``App.screen(HINT, app)`` from the turn's menu. The choice is Normal's own
(engine/bots.py: it decides on a view in which every card the seat cannot see is dealt anew),
and the reason reads only what the seat may know: its hand and tokens, the top card, the stage
and how many cards each seat holds. Each hint is counted for the seat (``Match.hints``, in the
save: shown at game over and added to the statistics).
"""

from engine import bots, cards
from engine.cards import LLAMA
from engine.rules import COLLECT, DRAW, EXCHANGE, QUIT, SKIP
from play import view as v
from play.lang import say
from play.ui import wrap


def hint(app):
    """Show Normal's choice for the seat to act, with its reason; count it."""
    m = app.match
    g = m.game
    p = g.current_player
    a = bots.normal(g, p, None)  # (Normal draws no random numbers)
    if m.hints[p] < 255:
        m.hints[p] += 1
    app.ui.message(
        say("Hint"), [say("The Normal player")] + wrap(describe(g, p, a)), app.ui.footer(say("back")), cards=(a,)
    )


def describe(g, p, a):
    """``"plays 5: keeps a card that can follow"``: action ``a`` of seat ``p`` and why, from what ``p`` sees
    (what "The Normal player" does: each text a whole phrase, said in the language in use)."""
    if a == EXCHANGE:
        return say("swaps 10 whites for a black: the next token to go is the black")
    if a == COLLECT:
        return say("takes the stage: no llama to play")
    if a == SKIP:
        if g.show_active:
            return say("skips: gives the magic token back, the show goes on")
        near = 99
        for q in range(g.players):
            if q != p and g.in_round(q) and g.hand_size(q) < near:
                near = g.hand_size(q)
        if near <= 2:
            return say("skips: the magic token back before someone goes out")
        return say("skips: no card fits, the magic token goes back")
    hand = g.hand(p)
    pts = cards.hand_points(g.state, g.hand_at(p))
    if a == DRAW:
        return say("draws: no card fits and your hand is worth %d") % pts
    if a == QUIT:
        return say("quits: no card fits, the hand costs only %d") % pts
    if a >= cards.COUNT:  # a rule decision: the prompts have no menu, but say something
        return bots.game.action_name(a)
    c = v.label(a)
    if len(hand) == 1:
        return say("plays %s: goes out: the round ends") % c
    if g.show_active:
        return say("plays %s: a llama keeps the stage's tokens away") % c
    icon = cards.ICON[a]
    if icon == cards.ICON_CIRCLE:
        return say("plays %s: gives a token away") % c
    if icon == cards.ICON_SQUARE:
        return say("plays %s: the next player draws") % c
    if icon == cards.ICON_STAR:
        return say("plays %s: takes the magic token") % c
    for i in range(len(hand)):
        if cards.plays_on(hand[i], a) and (hand[i] != a or hand.count(a) > 1):
            return say("plays %s: keeps a card that can follow") % c
    if a == LLAMA:
        return say("plays %s: the llama sheds most points") % c
    return say("plays %s: the highest card that fits") % c
