#!/usr/bin/env python3
"""Tune the bots' constants offline by self-play: a coordinate search over arena games.

    python tools/tune.py --seats normal,jsai,jsai,jsai --variants classic,kadabra \\
        --params _Q_BASE,_Q_SIZE,_NEAR_DRAW --games 1000

Each named constant of ``engine.bots`` or ``engine.search`` (Hard's; a module global: on CPython
``const`` is ``int``, so the functions read it at run time) is moved by
``--steps`` in turn, up and down; a move is kept when the first seat's win
rate, averaged over ``--variants`` (and over ``--players`` player counts),
rises by more than ``--margin`` points. Every evaluation plays the same
games (``--seed``: common random numbers), so two settings differ only by
the constants. Repeats until no move helps or ``--rounds`` is reached, then
prints the best setting as Python assignments to paste into engine/bots.py or engine/search.py.

A level in ``--seats`` other than the first reads the same constants (an
``normal`` opponent changes with them): tune against ``jsai``, ``easy`` or
``random``, or tune Hard's constants with ``normal`` opponents.

    python tools/tune.py --fit --games 1500 --seed 91

fits Hard's static evaluation instead (``engine.search._EVAL``): 4-player games
of Normal bots, each variant; at every turn, for every seat still in the
round, its hand size (1..9, more as 9) and hand points // 4 (8 buckets)
against the points it gains by the round's end (the token it returns after
going out included). A cell's mean is shrunk towards its row's least-squares
line by ``n / (n + 300)``, then stored in eighths of a point, one byte a cell.
Prints the two tables as the Python bytes literals engine/search.py holds.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, rng  # noqa: E402
from engine import search as hard  # noqa: E402  (Hard's constants)
from tools import arena  # noqa: E402

EVAL_SIZES = 9  # hand sizes 1..9 (more counts as 9)
EVAL_BUCKETS = 8  # hand points // 4


def _round_gains(players, variant, games, seed):
    """(hand size, points bucket) -> [turns seen, points gained by the round's end], seats still in."""
    cells = {}
    for k in range(games):
        g = game.new_game(players, seed * 100000 + k, variant)
        pick = rng.Rng(k)
        while not g.is_over():
            r0 = g.round_number
            seen = []
            while not g.is_over() and g.round_number == r0 and g.phase != game.CHOOSE_RETURN:
                if g.phase == game.PLAY:
                    for q in range(players):
                        if g.in_round(q):
                            h = min(g.hand_size(q), EVAL_SIZES)
                            seen.append((q, (h, cards.hand_points(g.state, g.hand_at(q)) >> 2), g.score(q)))
                g.step(bots.choose(g, g.current_player, bots.NORMAL, pick))
            if g.phase == game.CHOOSE_RETURN:
                g.step(bots.choose(g, g.current_player, bots.NORMAL, pick))
            for q, key, before in seen:
                c = cells.setdefault(key, [0, 0])
                c[0] += 1
                c[1] += g.score(q) - before
    return cells


def fit_eval(games, seed, players=4, shrink=300.0):
    """search._EVAL for each variant (see the module docstring), as bytes."""
    out = []
    for variant in ("kadabra", "classic"):
        cells = _round_gains(players, variant, games, seed)
        table = bytearray()
        for h in range(1, EVAL_SIZES + 1):
            row = [(b, cells[(h, b)]) for b in range(EVAL_BUCKETS) if (h, b) in cells]
            n = sum(c[0] for _, c in row)
            sx = sum(b * c[0] for b, c in row)
            sy = sum(c[1] for _, c in row)
            sxx = sum(b * b * c[0] for b, c in row)
            sxy = sum(b * c[1] for b, c in row)
            slope = (n * sxy - sx * sy) / (n * sxx - sx * sx) if n * sxx - sx * sx else 0.0
            base = (sy - slope * sx) / n
            for b in range(EVAL_BUCKETS):
                seen, gained = cells.get((h, b), (0, 0))
                w = seen / (seen + shrink)
                mean = gained / seen if seen else 0.0
                table.append(max(0, min(255, int(round(8 * (w * mean + (1 - w) * (base + slope * b)))))))
        out.append(bytes(table))
    return out


def holder(name):
    """The module whose global ``name`` is: engine.bots (Easy, Normal) or engine.search (Hard's)."""
    return bots if hasattr(bots, name) else hard


def evaluate(setting, seats, variants, players, games, seed, budget, jobs):
    """The first seat's mean win rate (in %) under ``setting`` (name -> value)."""
    for name, value in setting.items():
        setattr(holder(name), name, value)
    total = 0.0
    for variant in variants:
        for n in players:
            s = [seats[i % len(seats)] for i in range(n)]
            r = arena.run(games, s, seed, variant, budget, jobs)
            t = r["levels"][s[0]]
            total += 100.0 * t[1] / t[0]
    return total / (len(variants) * len(players))


def search(names, seats, variants, players, games, seed, budget, jobs, steps=(1,), margin=0.3, rounds=4, log=print):
    setting = {nm: getattr(holder(nm), nm) for nm in names}
    best = evaluate(setting, seats, variants, players, games, seed, budget, jobs)
    log("start %s: %.2f%%" % (setting, best))
    for _ in range(rounds):
        moved = False
        for nm in names:
            for d in steps:
                for sign in (1, -1):
                    trial = dict(setting)
                    trial[nm] = setting[nm] + sign * d
                    score = evaluate(trial, seats, variants, players, games, seed, budget, jobs)
                    log("  %s=%d: %.2f%%" % (nm, trial[nm], score))
                    if score > best + margin:
                        best = score
                        setting = trial
                        moved = True
                        log("kept %s=%d: %.2f%%" % (nm, trial[nm], best))
        if not moved:
            break
    evaluate(setting, seats, variants, players, 1, seed, budget, 1)  # leave the module at the best
    return setting, best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", default="normal,jsai,jsai,jsai")
    ap.add_argument("--variants", default="classic,kadabra")
    ap.add_argument("--players", default="4", help="player counts, comma-separated")
    ap.add_argument("--params", help="names of engine.bots or engine.search constants, comma-separated")
    ap.add_argument("--fit", action="store_true", help="fit Hard's static evaluation (search._EVAL) instead")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--budget", type=int, default=bots.HARD_BUDGET)
    ap.add_argument("--steps", default="1", help="move sizes tried, comma-separated")
    ap.add_argument("--margin", type=float, default=0.3, help="win-rate points a move must gain")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.fit:
        for table in fit_eval(args.games, args.seed):
            print(repr(table))
        return
    if not args.params:
        ap.error("--params or --fit")
    seats = [arena.NAMES.index(nm) for nm in args.seats.split(",")]
    setting, best = search(
        args.params.split(","),
        seats,
        args.variants.split(","),
        [int(x) for x in args.players.split(",")],
        args.games,
        args.seed,
        args.budget,
        args.jobs,
        [int(x) for x in args.steps.split(",")],
        args.margin,
        args.rounds,
    )
    print("best: %.2f%%" % best)
    for nm in sorted(setting):
        print("%s = const(%d)" % (nm, setting[nm]))


if __name__ == "__main__":
    main()
