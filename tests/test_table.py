"""No level reads more than its seat may see, the round's public history included (issue 39), and
what tools/infer.py (Hard reading the table, an experiment not kept) reads of the hidden hands."""

from engine import bots, cards, game, rng
from tests.test_bots import LEVELS, _shuffle_hidden
from tools import arena
from tools import infer as search


def _positions(count, seed, opponents=arena.JSAI, variant=None):
    """Mid-round positions of games played with ``apply`` (so with a history), seat 0 to act in
    the PLAY phase: seat 0 Normal, the others ``opponents`` (jsai or a level)."""
    pick = rng.Rng(seed)
    buf = bytearray(game.NUM_ACTIONS)
    out = []
    k = 0
    while len(out) < count:
        g = game.new_game(4, seed * 1000 + k, variant or cards.VARIANTS[k % 2])
        stop = 8 + k % 37
        moves = 0
        while not g.is_over():
            p = g.current_player
            if p == 0 and g.phase == game.PLAY and moves >= stop and len(g.history()) > 4:
                out.append(g)
                break
            if p == 0 or opponents != arena.JSAI:
                a = bots.choose(g, p, bots.NORMAL if p == 0 else opponents, pick, 60)
            else:
                a = arena.jsai(g, buf, g.legal_into(buf))
            g.apply(a)
            moves += 1
        k += 1
    return out


def test_no_level_reads_a_card_its_seat_has_not_seen_even_with_the_round_s_history():
    # Every card seat 0 has not seen (the other hands, the pile) dealt anew, sizes kept, the
    # round's public history the same (it names no hidden card: any such deal agrees with it,
    # as the rules go): at every level, for a fixed random stream, the same decision.
    changed = 0
    for i, g in enumerate(_positions(60, 3) + _positions(30, 4, bots.NORMAL)):
        h = g.copy()
        _shuffle_hidden(h, 0, rng.Rng(500 + i))
        changed += bytes(h.state) != bytes(g.state)
        assert h.history() == g.history() and h.legal_actions() == g.legal_actions()
        for level in LEVELS:
            a = bots.choose(g, 0, level, rng.Rng(i), 200)
            b = bots.choose(h, 0, level, rng.Rng(i), 200)
            assert a == b, (i, level, a, b)
    assert changed > 80


def _held(g, q):
    return [c for c in range(cards.COUNT) for _ in range(cards.packed_count(g.state, g.hand_at(q), c))]


def _agrees(g, e):
    """Whether constraint ``e`` of search._ev holds of the real hand."""
    q, top, allowed, kind = search._ev[4 * e : 4 * e + 4]
    hand = _held(g, q)
    if kind == search._CHEAP:
        return cards.hand_points(g.state, g.hand_at(q)) <= 5
    ok = cards.accepts(top)
    dear = [c for c in hand if cards.VALUE_BITS[c] & ok and (kind == 255 or search._WORTH[c] > search._WORTH[kind])]
    return len(dear) <= allowed


def test_what_the_history_says_of_the_hands_is_true_of_the_real_hands():
    # Against the JavaScript AI every constraint holds (its rule is the model); against Normal,
    # the draws' and quits' always, the plays' (a soft constraint) mostly.
    held = {"jsai": [0, 0], "normal": [0, 0], "normal plays": [0, 0]}
    for name, opponents in (("jsai", arena.JSAI), ("normal", bots.NORMAL)):
        for g in _positions(80, 11, opponents):
            search.read_table(g.moves, bots._view(g, 0), 0)
            for e in range(search._nev):
                key = name + " plays" if name == "normal" and search._ev[4 * e + 3] < cards.COUNT else name
                held[key][0] += 1
                held[key][1] += _agrees(g, e)
    assert all(n > 100 for n, _ in held.values()), held
    assert held["jsai"][1] == held["jsai"][0] and held["normal"][1] == held["normal"][0], held
    assert held["normal plays"][1] > 0.85 * held["normal plays"][0], held


def test_hard_deals_agree_with_the_history_and_place_more_cards_where_they_are():
    # The deals Hard's rollouts start from, against the JavaScript AI: the hidden cards keep
    # their counts, and more of them land in the hand that really holds them than at random.
    pick = rng.Rng(2)
    hits = [0, 0]
    total = read = 0
    for g in _positions(40, 5, variant="kadabra"):
        v = bots._view(g, 0)
        search.read_table(g.moves, v, 0)
        read += search._nev > 0
        for _ in range(10):
            for arm in (0, 1):
                d = v.copy()
                if arm:
                    search._deal(d.state, 0, pick)
                else:
                    d.determinize(0, pick)
                d.validate()
                for q in (1, 2, 3):
                    assert d.hand_size(q) == g.hand_size(q)
                    for c in range(cards.COUNT):
                        n = cards.packed_count(g.state, g.hand_at(q), c)
                        hits[arm] += min(n, cards.packed_count(d.state, d.hand_at(q), c))
                        total += n * (arm == 0)
    assert read > 30 and hits[1] > hits[0] * 1.08, (read, hits, total)
