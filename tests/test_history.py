"""The round's public history (issue 25): Game.history() is exactly the actions applied since the
deal, as (seat, action) pairs, kept through to_bytes/from_bytes, bounded, and public."""

import random

from engine import bots, cards, codec, game, history, rng


def _games(count, seed=3):
    """(game, its actions since the deal after every apply) along random games of every size."""
    r = random.Random(seed)
    pick = rng.Rng(seed)
    for i in range(count):
        g = game.new_game(2 + i % 5, seed + i, cards.VARIANTS[i % 2])
        since = []
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            a = r.choice(legal) if i % 3 else bots.choose(g, p, i % 2, pick)
            rnd = g.round_number
            g.apply(a)
            since.append((p, a))
            finished = list(since)
            if g.round_number != rnd:
                since = []
            yield g, since, finished


def test_history_is_the_actions_applied_since_the_deal_after_every_action():
    deals = 0
    for g, since, finished in _games(120):
        assert g.history() == since
        if not since:  # a deal just happened: the round just over stays for its summary
            deals += 1
            assert g.last_history() == finished
        elif g.is_over():  # no deal after the last round: both say its actions
            assert g.last_history() == since
        else:
            assert g.last_history() == []
    assert deals > 100


def test_history_survives_the_record_exactly():
    for g, since, _ in _games(40, seed=9):
        back = game.Game.from_bytes(g.to_bytes())
        assert back.history() == g.history() == since
        assert back.last_history() == g.last_history()
        assert history.entries(back.moves) == history.entries(g.moves)


def test_a_record_of_version_1_loads_with_an_empty_history():
    g = game.new_game(3, 5)
    for _ in range(7):
        g.apply(g.legal_actions()[0])
    old = codec.frame(codec.GAME_MAGIC, 1, bytes((len(g.state),)), g.state, g.result)
    back = game.Game.from_bytes(old)
    assert back.state == g.state and back.result == g.result and back.history() == [] and len(g.history()) == 7


def test_a_draw_is_only_draw_and_the_details_name_what_the_action_alone_does_not():
    gave = took = 0
    for g, since, _ in _games(200, seed=21):
        for seat, action, detail in history.entries(g.moves):
            assert 0 <= seat < g.players and 0 <= action < game.NUM_ACTIONS
            if game.GIVE <= action < game.RETURN_WHITE:
                assert detail in (0, 1, 2)
                gave += 1
            elif action == game.COLLECT:
                assert detail >= 1
                took += 1
            else:
                assert detail == -1  # a draw says nothing of the card
    assert gave and took


def test_a_round_past_the_cap_keeps_its_newest_actions():
    h = history.new()
    for i in range(400):
        history.add(h, i % 6, game.EXCHANGE if i % 5 else game.COLLECT, -1 if i % 5 else 3)
        assert h[1] <= history.CAP
    got = history.entries(h)
    assert len(got) < 400 and got[-1] == (399 % 6, game.EXCHANGE, -1)
    # Every entry kept is whole: a detail never lost its action.
    assert all(d == -1 or a == game.COLLECT for _, a, d in got)


def test_a_damaged_history_is_refused_with_a_reason():
    g = game.new_game(4, 2)
    g.apply(g.legal_actions()[0])
    data = bytearray(g.to_bytes())
    # The first entry names seat 7: no such seat. The record is sealed again: only the rule check
    # can find it.
    body = bytearray(codec.unframe(data, codec.GAME_MAGIC, 2))
    at = 1 + body[0]
    at += 1 + body[at]
    body[at + 2] = 7 << 5 | game.DRAW
    forged = codec.frame(codec.GAME_MAGIC, 2, body)
    try:
        game.Game.from_bytes(forged)
    except ValueError as e:
        assert "history" in str(e)
    else:
        raise AssertionError("a history naming seat 7 was accepted")


def test_partial_is_the_value_the_loader_writes():
    # engine/checks.py marks an older record's history as a part of its round with the literal 2
    # (a name from another module costs the board's heap there): the two must agree.
    assert history.PARTIAL == 2 and not history.PARTIAL & history.FINISHED
