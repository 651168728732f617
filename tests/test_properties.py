"""Property tests over thousands of random games (hypothesis drives the seeds).

The bulk invariants (cards accounted for, token points conserved, illegal
actions refused, save round trip, round and game end) are the engine's own
self-test, ``engine.selftest.play_one``, so that exactly these checks also run
under MicroPython (tests/test_micropython.py). The tests here add what needs
CPython: an independent R8 oracle, trying every action code, and replay.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards, game, rng, selftest

seeds = st.integers(min_value=0, max_value=2**40)
player_counts = st.integers(min_value=2, max_value=6)
variants = st.sampled_from(cards.VARIANTS)


@settings(max_examples=2000, deadline=None)
@given(seed=seeds, choose=seeds, players=player_counts, variant=variants)
def test_random_games_keep_every_invariant(seed, choose, players, variant):
    moves = selftest.play_one(seed, players, variant, rng.Rng(choose))
    assert moves > 0


def _values(c):
    return {cards.LOW[c], cards.HIGH[c]}


def _r8(card, top):
    """R8 from its wording: a value equal to one of the top's, or one above its highest."""
    above = 1 if cards.HIGH[top] == 7 else cards.HIGH[top] + 1
    return bool(_values(card) & (_values(top) | {above}))


def _random_game(seed, choose, players, variant, every_step):
    g = game.new_game(players, seed, variant)
    pick = rng.Rng(choose)
    while not g.is_over():
        every_step(g)
        legal = g.legal_actions()
        g.apply(legal[pick.below(len(legal))])
    every_step(g)
    return g


@settings(max_examples=60, deadline=None)
@given(seed=seeds, choose=seeds, players=player_counts, variant=variants)
def test_exactly_the_legal_actions_are_accepted(seed, choose, players, variant):
    def check(g):
        legal = g.legal_actions()
        assert len(set(legal)) == len(legal)
        before = g.to_bytes()
        for a in range(game.NUM_ACTIONS):
            trial = game.Game.from_bytes(before)
            if a in legal:
                trial.apply(a)
            else:
                try:
                    trial.apply(a)
                except ValueError:
                    assert trial.to_bytes() == before
                else:
                    raise AssertionError("accepted illegal %s" % game.action_name(a))
        # Plays offered are exactly the hand's cards R8 allows (outside a show).
        p = g.current_player
        if g.phase == game.PLAY and not g.show_active:
            plays = sorted(a for a in legal if a < cards.COUNT)
            want = sorted(set(c for c in g.hand(p) if _r8(c, g.top_card)))
            assert plays == want

    _random_game(seed, choose, players, variant, check)


@settings(max_examples=300, deadline=None)
@given(seed=seeds, choose=seeds, players=player_counts, variant=variants)
def test_same_seed_and_actions_replay_the_same_game(seed, choose, players, variant):
    trace = []
    g = _random_game(seed, choose, players, variant, lambda g: trace.append(g.to_bytes()))
    h = _random_game(seed, choose, players, variant, lambda g: None)
    assert g.to_bytes() == h.to_bytes() == trace[-1]


@settings(max_examples=300, deadline=None)
@given(seed=seeds, choose=seeds, players=player_counts)
def test_the_magic_token_is_always_in_exactly_one_place(seed, choose, players):
    def check(g):
        holders = [p for p in range(players) if g.tokens(p)[2]]
        on_stage = g.stage()[2]
        assert len(holders) + on_stage <= 1
        where = g.magic_holder
        assert (
            (where in holders)
            or (where == game.STAGE and on_stage)
            or (where == game.SUPPLY and not holders and not on_stage)
        )

    _random_game(seed, choose, players, "kadabra", check)


@settings(max_examples=200, deadline=None)
@given(seed=seeds, data=st.binary(min_size=0, max_size=300))
def test_damaged_saves_raise_value_error_never_a_broken_game(seed, data):
    g = game.new_game(2 + seed % 5, seed)
    good = bytearray(g.to_bytes())
    for blob in (data, bytes(good[: len(data) % len(good)]), _flip(good, seed)):
        try:
            loaded = game.Game.from_bytes(blob)
        except ValueError:
            continue
        loaded.validate()  # whatever loads obeys the rules


def _flip(buf, seed):
    out = bytearray(buf)
    out[seed % len(out)] ^= 1 << (seed % 8)
    return bytes(out)
