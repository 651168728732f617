"""Issue 39's experiments: tools/decisions.py (Hard's choices scored on the real game), tools/policy.py
(deals a model of each opponent explains), tools/plan.py (the seat's next move planned) and
tools/spsa.py (Hard's settings fitted on paired positions)."""

from engine import bots, cards, game, rng, search
from tests.test_bots import _shuffle_hidden
from tests.test_table import _positions
from tools import arena, decisions, plan, policy, spsa


def _normal_round(g, seat):
    """The seat's outcome of Normal's choice, played out with bots.choose (every seat Normal)."""
    w = g.copy()
    start = [w.score(q) for q in range(4)]
    r0 = w.round_number
    pick = rng.Rng(1)
    while not w.is_over() and w.round_number == r0:
        w.apply(bots.choose(w, w.current_player, bots.NORMAL, pick))
    return sum(w.score(q) - start[q] for q in range(4) if q != seat) - 3 * (w.score(seat) - start[seat])


def test_an_outcome_is_the_round_played_out_by_normal_and_counted_as_hard_counts():
    for g in _positions(12, 31, opponents=bots.NORMAL):
        seat = g.current_player
        normal = bots.normal(g, seat, None)
        assert decisions.outcome(g, seat, normal, bots.NORMAL) == _normal_round(g, seat)


def test_normal_scores_nothing_over_itself_and_the_best_choice_scores_perfect():
    data = decisions.positions(3, "classic", 4, bots.NORMAL, budget=60)
    assert data
    mean, half, same, perfect = decisions.score(data, lambda g, p: bots.normal(g, p, None))
    assert (mean, half, same) == (0, 0, 1)
    best = {}
    for state, _, _, seat, _, outcomes in data:
        best[state] = max(outcomes, key=outcomes.get)
    mean, _, _, perfect = decisions.score(data, lambda g, p: best[bytes(g.state)])
    assert perfect > 0 and abs(mean - perfect) < 1e-9
    for *_, normal, outcomes in data:  # the positions are those Hard searches: two candidates or more
        assert normal in outcomes and len(outcomes) >= 2
    # by what Normal chose there: the kinds add up to the means
    rows = decisions.by_kind(data, [best[s] for s, *_ in data])
    assert sum(r[0] for r in rows.values()) == len(data)
    assert abs(sum(r[1] for r in rows.values()) - perfect) < 1e-9
    assert abs(sum(r[3] for r in rows.values()) - perfect) < 1e-9
    assert all(0 <= r[2] <= r[3] + 1e-9 for r in rows.values())
    normal_rows = decisions.by_kind(data, [normal for *_, normal, _ in data])
    assert all(r[1] == 0 for r in normal_rows.values())


def test_normal_s_rule_explains_what_a_normal_opponent_did_with_its_real_hand():
    # Deterministic Normal: its real hand explains its plays, draws and quits since its last draw,
    # but where the magic token or the stage changed since (read as they are now).
    for model, opponents, least in (
        ("normal", bots.NORMAL, 0.97),
        ("jsai", arena.JSAI, 1.0),
        ("either", arena.JSAI, 1.0),
    ):
        policy.settings["model"] = model
        told = agree = 0
        for g in _positions(60, 17, opponents=opponents):
            policy.read(g, bots._view(g, 0), 0)
            for q in policy.moves:
                told += 1
                agree += policy.explains(bytes(g.state), q, g.hand(q))
        assert told > 40 and agree >= least * told, (model, agree, told)
    policy.settings["model"] = "normal"


def test_a_hand_the_model_cannot_explain_is_refused():
    # A seat that quit with a card playable on the top then: no model explains that.
    for g in _positions(80, 23, opponents=bots.NORMAL):
        policy.read(g, bots._view(g, 0), 0)
        for q, seen in policy.moves.items():
            for kind, top, _, _ in seen:
                if kind == policy.QUIT:
                    playable = [c for c in range(cards.COUNT) if cards.VALUE_BITS[c] & cards.accepts(top)]
                    assert not policy.explains(bytes(g.state), q, g.hand(q) + [playable[0]])
                    return
    raise AssertionError("no quit seen")


def test_the_policy_deals_keep_every_count_and_what_the_seat_sees():
    for g in _positions(10, 41, opponents=bots.NORMAL):
        v = bots._view(g, 0)
        policy.read(g, v, 0)
        base = game.Game(bytearray(v.state), bytearray(v.result), bytearray(2))
        before = [base.hand_size(q) for q in range(4)], base.hand(0), base.draw_pile_size
        pool = sorted(c for q in range(1, 4) for c in g.hand(q)) + sorted(g.state[g.state[8] :])
        policy.deal(base, 0, rng.Rng(3))
        assert ([base.hand_size(q) for q in range(4)], base.hand(0), base.draw_pile_size) == before
        dealt = sorted(c for q in range(1, 4) for c in base.hand(q)) + sorted(base.state[base.state[8] :])
        assert sorted(dealt) == sorted(pool)


def test_planning_reads_no_hidden_card_keeps_its_budget_and_off_is_the_real_hard():
    # tools/plan.py's search through bots.hard: the same decision when every card seat 0 has not
    # seen is dealt anew (a fixed random stream), never more steps than its budget, and switched
    # off exactly engine/search.py's.
    search.decide = plan.decide
    try:
        searched = 0
        for i, g in enumerate(_positions(30, 9, bots.NORMAL)):
            plan.settings["on"] = True
            h = g.copy()
            _shuffle_hidden(h, 0, rng.Rng(900 + i))
            a = bots.choose(g, 0, bots.HARD, rng.Rng(i), 300)
            assert search.last_steps <= 300
            searched += search.last_steps > 0
            assert bots.choose(h, 0, bots.HARD, rng.Rng(i), 300) == a
            plan.settings["on"] = False
            off = bots.choose(g, 0, bots.HARD, rng.Rng(i), 300)
            search.decide = plan._flat
            assert off == bots.choose(g, 0, bots.HARD, rng.Rng(i), 300)
            search.decide = plan.decide
        assert searched > 5
    finally:
        search.decide = plan._flat
        plan.settings["on"] = True


def test_spsa_s_setting_decides_inside_hard_only_and_the_engine_s_setting_is_the_real_hard():
    positions = list(_positions(30, 13, bots.NORMAL))
    engine = spsa.start()
    same = spsa.hard_with(engine)
    other = dict(engine, _B_FOLLOW=-6, _H_PRIOR=0, _DEPTH=4, EVAL8=3)
    changed = spsa.hard_with(other)
    differ = 0
    for i, g in enumerate(positions):
        p = g.current_player
        real = bots.hard(g, p, rng.Rng(i), 200)
        assert same(g, p, rng.Rng(i), 200) == real
        differ += changed(g, p, rng.Rng(i), 200) != real
        assert spsa.start() == engine  # every constant put back
        assert bots.normal(g, p, None) == bots._normal(
            bots._view(g, p), p, bots._buf, bots._view(g, p).legal_into(bots._buf)
        )
    assert differ > 0


def test_spsa_scores_a_setting_by_its_gain_over_normal_on_the_same_deals():
    data = decisions.positions(3, "kadabra", 4, bots.NORMAL, budget=60)
    a = spsa.gains(spsa.start(), data, 120)
    assert a == spsa.gains(spsa.start(), data, 120)  # each position's own random stream
    told = [
        o[
            spsa.hard_with(spsa.start())(
                game.Game(bytearray(s), bytearray(r), bytearray(m)), p, rng.Rng(5 * 100003 + i), 120
            )
        ]
        - o[n]
        for i, (s, r, m, p, n, o) in enumerate(data)
    ]
    assert a == told
    theta = spsa.parse("_H_PRIOR=100000")  # Normal's choice credited far beyond any deal: Normal
    assert spsa.gains(theta, data, 120) == [0] * len(data)
