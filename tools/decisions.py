"""Hard's choices scored on the real game, paired against Normal's: what a search's choice is worth.

    python tools/decisions.py --games 150 --variant kadabra --arms hard,hands,policy --budgets 250,500,2000

An arena row tells what a Hard wins; this tells what its choices are worth, one at a time, next
to Normal's choice and to a player told every card. Positions are taken from games of one Hard against
three ``--opponent`` bots (the positions where Hard searches: two candidates or more); each legal
action of a position is then played out *on the real game* (the real hands and pile), the
opponents by their own rule and the seat by Normal's, to the round's end. An action's *outcome*
is the points the other seats gained minus (players - 1) x the seat's own (Hard's utility,
engine/search.py, in points). A way of deciding is scored by the mean outcome of its choice less
that of Normal's choice, over every position, with a 95% interval (paired: the same positions,
and where both choose alike the difference is 0). "perfect" is the mean of the best outcome: a
player told every card, Normal afterwards.

Arms: ``hard`` (the real Hard at each of ``--budgets``), a tools/oracle.py name (``hands``,
``pool``, ``pile``, ``near``, ``all``: the same search told that much) and ``policy``
(tools/policy.py's deals, Normal's rule as the model). The positions are kept in ``--cache``.

Measured (docs/BOTS.md, issue 39): one searched decision's gain over Normal of about 1 point
(out of ~14 for "perfect") is worth ~4-6 points of win rate; told the hands, the same search
gains ~3.8 (Kadabra), which the arena saw as +11 points. So its ±0.7 over 150 games (a minute
at 500 steps) is about as precise as a 2,000-game arena row (3 minutes on two cores): it does
not replace the arena, it shows where a search's gain comes from.
"""

import argparse
import math
import os
import pickle
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, rng  # noqa: E402
from tools import arena, oracle, policy  # noqa: E402


def _play(g, p, opponent, hard_seat, buf):
    """The action of seat ``p`` in an outcome's play-out: the opponents' rule, else Normal's."""
    if p != hard_seat and opponent == arena.JSAI:
        return arena.jsai(g, buf, g.legal_into(buf))
    return bots._normal(g, p, buf, g.legal_into(buf))  # on the real game: it reads only p's hand


def outcome(g, seat, action, opponent):
    """``action``'s outcome for ``seat`` on the real game ``g`` (points; see the docstring)."""
    w = g.copy()
    n = w.players
    start = [w.score(q) for q in range(n)]
    r0 = w.round_number
    buf = bytearray(32)
    w.step(action)
    while not w.is_over() and w.round_number == r0:
        w.step(_play(w, w.current_player, opponent, seat, buf))
    u = 0
    for q in range(n):
        d = w.score(q) - start[q]
        u += -(n - 1) * d if q == seat else d
    return u


def positions(games, variant, seed, opponent, budget=bots.HARD_BUDGET):
    """[(state, result, history, seat, Normal's choice, {action: outcome})] where Hard searched,
    in ``games`` games of one Hard (seats rotated) against three ``opponent`` bots."""
    out = []
    buf = bytearray(32)
    for k in range(games):
        g = game.new_game(4, seed * 1000003 + k, variant)
        pick = rng.Rng(seed * 7919 + k)
        hard_seat = k % 4
        while not g.is_over():
            p = g.current_player
            if p != hard_seat:
                g.apply(_play(g, p, opponent, hard_seat, buf))
                continue
            a = bots.choose(g, p, bots.HARD, pick, budget)
            if bots.last_steps:  # Hard searched: two candidates or more
                n = g.legal_into(buf)
                outcomes = {x: outcome(g, p, x, opponent) for x in buf[:n]}
                normal = bots.normal(g, p, None)
                out.append((bytes(g.state), bytes(g.result), bytes(g.moves), p, normal, outcomes))
            g.apply(a)
    return out


def choices(data, decide):
    """The action ``decide(game, seat)`` takes at every position."""
    return [decide(game.Game(bytearray(s), bytearray(r), bytearray(m)), seat) for s, r, m, seat, *_ in data]


def load(path, games, variant, seed, opponent):
    """:func:`positions`, kept in the file ``path`` (made when missing; None: not kept)."""
    if path and os.path.exists(path):
        with open(path, "rb") as f:
            return pickle.load(f)
    data = positions(games, variant, seed, opponent)
    if path:
        with open(path, "wb") as f:
            pickle.dump(data, f)
    return data


def gains(data, chosen):
    """Per position, the outcome of the action ``chosen`` there less that of Normal's choice."""
    return [outcomes[a] - outcomes[normal] for (*_, normal, outcomes), a in zip(data, chosen)]


def mean_half(xs):
    """The mean of ``xs`` and its 95% half-width."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def score(data, decide, chosen=None):
    """(mean gain over Normal, its 95% half-width, share choosing as Normal, perfect's mean);
    ``chosen``: the choices, when already made."""
    chosen = chosen or choices(data, decide)
    mean, half = mean_half(gains(data, chosen))
    same = sum(a == normal for (*_, normal, _), a in zip(data, chosen))
    perfect = sum(max(o.values()) - o[normal] for *_, normal, o in data) / len(data)
    return mean, half, same / len(data), perfect


KINDS = ("a card", "draw", "skip", "quit")


def kind(normal):
    """What Normal chose at a position, as one of KINDS."""
    if normal < cards.COUNT:
        return KINDS[0]
    return {game.DRAW: KINDS[1], game.SKIP: KINDS[2]}.get(normal, KINDS[3])


def by_kind(data, choices):
    """{kind: [positions, gain of ``choices`` (one action a position), perfect among the cards,
    perfect]}, each gain a share of the mean over all positions (the kinds add up to the mean)."""
    out = {k: [0, 0.0, 0.0, 0.0] for k in KINDS}
    n = len(data)
    for (*_, normal, outcomes), a in zip(data, choices):
        row = out[kind(normal)]
        base = outcomes[normal]
        row[0] += 1
        row[1] += (outcomes[a] - base) / n
        row[2] += max([base] + [v for x, v in outcomes.items() if x < cards.COUNT]) / n - base / n
        row[3] += (max(outcomes.values()) - base) / n
    return out


def decider(arm, budget, seed):
    """A function (game, seat) -> action for ``arm`` at ``budget`` steps."""
    chooser = rng.Rng(seed)
    bots._scratch(game.new_game(4, 1), 3)[1].__dict__.pop("determinize", None)  # no arm's override left
    if arm == "hard":
        return lambda g, p: bots.hard(g, p, chooser, budget)
    if arm == "policy":
        policy.settings.update(on=True, model="normal")
        return lambda g, p: policy.reading(g, p, chooser, budget)
    if arm in oracle.KNOWS:
        oracle._know[0] = arm
        return lambda g, p: oracle._told(g, p, chooser, budget)
    raise ValueError("unknown arm: " + arm)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150, help="games the positions come from")
    ap.add_argument("--variant", default="kadabra", choices=("kadabra", "classic"))
    ap.add_argument("--opponent", default="normal", choices=("normal", "jsai"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--arms", default="hard", help="comma-separated: hard, policy, " + ", ".join(oracle.KNOWS[1:]))
    ap.add_argument("--budgets", default=str(bots.HARD_BUDGET), help="Hard's steps, comma-separated")
    ap.add_argument("--cache", help="a file keeping the positions (made when missing)")
    ap.add_argument("--by-kind", action="store_true", help="also each arm's gain by what Normal chose there")
    args = ap.parse_args()
    opponent = arena.NAMES.index(args.opponent)
    data = load(args.cache, args.games, args.variant, args.seed, opponent)
    print("%d positions (%s, vs 3x %s, seed %d)" % (len(data), args.variant, args.opponent, args.seed))
    print("| arm | budget | gain over Normal | same choice as Normal | perfect |")
    print("|---|---|---|---|---|")
    for arm in args.arms.split(","):
        for budget in map(int, args.budgets.split(",")):
            chosen = choices(data, decider(arm, budget, 5))
            mean, half, same, perfect = score(data, None, chosen)
            print(
                "| %s | %d | %.2f (±%.2f) | %.0f%% | %.2f |" % (arm, budget, mean, half, 100 * same, perfect),
                flush=True,
            )
            if args.by_kind:
                for k, (n, gain, cards_only, best) in by_kind(data, chosen).items():
                    row = (k, n, gain, best, cards_only)
                    print("|   where Normal chose %s (%d) | | %.2f | | %.2f (a card only %.2f) |" % row)


if __name__ == "__main__":
    main()
