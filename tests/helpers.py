"""Hand-built positions for the rule tests.

``deal(...)`` builds the ``deck`` list that ``new_game`` takes, from the hands,
the top card and the first cards of the draw pile; the rest of the deck
follows in code order. ``set_tokens``/``set_magic``/``set_stage`` edit a
game's state bytes at the offsets of the documented layout (engine/game.py,
"state layout", as ``Game.offsets()`` gives it), then check the result still obeys the rules.
"""

from engine import cards, game

OFF = game.Game.offsets()  # where the counters lie in the state (engine/game.py's layout)


def C(name):
    return cards.code(name)


def names(codes):
    return [cards.name(c) for c in codes]


def deal(hands, top, pile=(), variant="kadabra"):
    """A full deck list: the given hands (names), top card, pile start, then the rest."""
    left = list(cards.deck_cards(cards.VARIANTS.index(variant)))
    order = []
    for hand in hands:
        if len(hand) != 6:
            raise ValueError("each hand needs 6 cards, not %r" % (hand,))
    for n in [c for hand in hands for c in hand] + [top] + list(pile):
        c = C(n)
        left.remove(c)  # ValueError when the deck has no more of that card
        order.append(c)
    return order + left


def new(hands, top, pile=(), variant="kadabra", seed=1):
    return game.new_game(len(hands), seed, variant, deck=deal(hands, top, pile, variant))


def legal_names(g):
    return [g.action_name(a) for a in g.legal_actions()]


def act(g, text):
    """Apply the legal action named ``text`` ("play 3#", "give 2", ...)."""
    for a in g.legal_actions():
        if g.action_name(a) == text:
            g.apply(a)
            return
    raise AssertionError("%r is not legal; legal: %s" % (text, legal_names(g)))


def code_of(text):
    for a in range(game.NUM_ACTIONS):
        if game.action_name(a) == text:
            return a
    raise KeyError(text)


def _put16(g, at, v):
    g.state[at] = v & 0xFF
    g.state[at + 1] = v >> 8


def _done(g):
    g.validate()


def set_tokens(g, seat, white, black):
    base = OFF["seat"] + OFF["seat_size"] * seat
    _put16(g, base + OFF["whites"], white)
    _put16(g, base + OFF["blacks"], black)
    _done(g)


def set_magic(g, where):
    """where: a seat, game.SUPPLY or game.STAGE."""
    g.state[7] = where  # the magic token's place (engine/game.py: _MAGIC)
    _done(g)


def set_stage(g, white, black):
    _put16(g, OFF["stage"], white)
    _put16(g, OFF["stage"] + 2, black)
    _done(g)
