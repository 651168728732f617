"""What the tests build: positions, by hand and from random play, and the program on a mock board.

``deal(...)`` builds the ``deck`` list that ``new_game`` takes, from the hands,
the top card and the first cards of the draw pile; the rest of the deck
follows in code order. ``set_tokens``/``set_magic``/``set_stage`` edit a
game's state bytes at the offsets of the documented layout (engine/game.py,
"state layout", as ``Game.offsets()`` gives it; ``put16`` writes one of its counters), then
check the result still obeys the rules. ``positions(...)`` gives positions met in random games.
``machine(...)`` is the program on a mock board (hal/mock.py), the one way the tests build one.
"""

from engine import cards, game, rng

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


def put16(s, at, value):
    """Write the 16-bit counter at ``at`` of the state bytes ``s`` (a game's ``state``), low byte first."""
    s[at] = value & 0xFF
    s[at + 1] = value >> 8


def _done(g):
    g.validate()


def set_tokens(g, seat, white, black):
    base = OFF["seat"] + OFF["seat_size"] * seat
    put16(g.state, base + OFF["whites"], white)
    put16(g.state, base + OFF["blacks"], black)
    _done(g)


def set_magic(g, where):
    """where: a seat, game.SUPPLY or game.STAGE."""
    g.state[7] = where  # the magic token's place (engine/game.py: _MAGIC)
    _done(g)


def set_stage(g, white, black):
    put16(g.state, OFF["stage"], white)
    put16(g.state, OFF["stage"] + 2, black)
    _done(g)


def positions(count, seed=1, players=None, variant=None, phase=None):
    """``count`` positions met in random games played on by random legal actions (a copy each, to
    keep; the seat to act is its ``current_player``): games of ``players`` seats (else 2 to 6) in
    ``variant`` (else either), a position taken one time in four where the game is in ``phase``
    (else in any, the game not over)."""
    pick = rng.Rng(seed)
    out = []
    while len(out) < count:
        g = game.new_game(
            players or 2 + pick.below(5), pick.below(10000), variant or ("kadabra", "classic")[pick.below(2)]
        )
        while not g.is_over() and len(out) < count:
            legal = g.legal_actions()
            if (phase is None or g.phase == phase) and pick.below(4) == 0:
                out.append(g.copy())
            g.apply(legal[pick.below(len(legal))])
    return out


def machine(script="", storage=None, run=False, **kw):
    """(hw, app): a mock board (hal/mock.py's ``Hardware(script, **kw)``: ``seed``, ``save``,
    ``board``, ``keep``...) with the program on it (play/app.py's ``App``); ``storage``: a store of
    the test's in place of the mock's. ``run``: the program runs until the script's presses run out
    (the mock's ``Done``; the test fails if the program ends any other way)."""
    from hal import mock
    from play import app as appmod

    hw = mock.Hardware(script, **kw)
    if storage is not None:
        hw.storage = storage
    app = appmod.App(hw)
    if run:
        try:
            app.run()
        except mock.Done:
            pass
        else:
            raise AssertionError("the program ended before its script did")
    return hw, app
