"""tools/oracle.py: its deals keep what Hard is told and re-deal the rest, and "none" is the real Hard."""

from engine import bots, cards, game, rng
from engine.cards import COUNT
from tools import oracle


def _mid_round(seed, draws=2):
    """A 4-player game some moves into round 1, with cards drawn so the pile has moved."""
    g = game.new_game(4, seed)
    pick = rng.Rng(seed)
    moves = 0
    while moves < 14 or g.draw_pile_size > 60 - 25 - draws:
        g.apply(bots.choose(g, g.current_player, bots.NORMAL, pick))
        moves += 1
        if g.round_number != 1 or g.phase != game.PLAY:
            return _mid_round(seed + 100, draws)
    return g


def _hand(g, q):
    return [cards.packed_count(g.state, g.hand_at(q), c) for c in range(COUNT)]


def _pile(g):
    return bytes(g.state[g.state[game._DRAW] :])


def _told(g, seat, know, seed):
    oracle._know[0] = know
    oracle._true[0] = g
    base = g.copy()
    oracle._deal(base, seat, rng.Rng(seed))
    return base


def test_each_deal_keeps_what_it_tells_and_every_size_and_card():
    for seed in range(6):
        g = _mid_round(seed)
        seat = g.current_player
        others = [q for q in range(4) if q != seat]
        for know in oracle.KNOWS:
            changed = {"hands": False, "pile": False}
            for k in range(8):
                b = _told(g, seat, know, 1000 * seed + k)
                assert _hand(b, seat) == _hand(g, seat)
                total = [0] * COUNT
                for q in others:
                    assert b.hand_size(q) == g.hand_size(q)
                    for c, x in enumerate(_hand(b, q)):
                        total[c] += x
                for c in _pile(b):
                    total[c] += 1
                want = [0] * COUNT
                for q in others:
                    for c, x in enumerate(_hand(g, q)):
                        want[c] += x
                for c in _pile(g):
                    want[c] += 1
                assert total == want, (know, "the hidden cards are the same cards")
                for q in others:
                    if not (know in ("hands", "all") or (know == "near" and g.hand_size(q) <= 2)):
                        continue
                    assert _hand(b, q) == _hand(g, q), (know, q)
                if know in ("pile", "all"):
                    assert _pile(b) == _pile(g)
                    assert b.state[game._RNG : game._RNG + 4] == g.state[game._RNG : game._RNG + 4]
                if know == "pool":
                    assert sorted(_pile(b)) == sorted(_pile(g))
                if know == "all":
                    assert b.state == g.state
                changed["hands"] |= any(_hand(b, q) != _hand(g, q) for q in others)
                changed["pile"] |= b.state[game._RNG : game._RNG + 4] != g.state[game._RNG : game._RNG + 4]
            assert changed["hands"] == (know in ("none", "near", "pool", "pile")), know
            assert changed["pile"] == (know not in ("pile", "all"))


def test_told_nothing_it_is_the_real_hard():
    for seed in range(3):
        g = _mid_round(seed)
        seat = g.current_player
        oracle._know[0] = "hands"
        oracle._told(g, seat, rng.Rng(5))  # leaves its override on the scratch game...
        oracle._know[0] = "none"
        a = oracle._told(g, seat, rng.Rng(7), 300)
        assert "determinize" not in bots._games[1].__dict__  # ...which "none" takes away
        assert a == oracle._fair(g, seat, rng.Rng(7), 300)
