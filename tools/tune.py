"""Tune the bots' constants offline by self-play: a coordinate search over arena games.

    python tools/tune.py --seats normal,jsai,jsai,jsai --variants classic,kadabra \\
        --params _Q_BASE,_Q_SIZE,_NEAR_DRAW --games 1000

Each named constant of ``engine.bots`` (a module global: on CPython
``const`` is ``int``, so the functions read it at run time) is moved by
``--steps`` in turn, up and down; a move is kept when the first seat's win
rate, averaged over ``--variants`` (and over ``--players`` player counts),
rises by more than ``--margin`` points. Every evaluation plays the same
games (``--seed``: common random numbers), so two settings differ only by
the constants. Repeats until no move helps or ``--rounds`` is reached, then
prints the best setting as Python assignments to paste into bots.py.

A level in ``--seats`` other than the first reads the same constants (an
``normal`` opponent changes with them): tune against ``jsai``, ``easy`` or
``random``, or tune Hard's constants with ``normal`` opponents.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots  # noqa: E402
from tools import arena  # noqa: E402


def evaluate(setting, seats, variants, players, games, seed, budget, jobs):
    """The first seat's mean win rate (in %) under ``setting`` (name -> value)."""
    for name, value in setting.items():
        setattr(bots, name, value)
    total = 0.0
    for variant in variants:
        for n in players:
            s = [seats[i % len(seats)] for i in range(n)]
            r = arena.run(games, s, seed, variant, budget, jobs)
            t = r["levels"][s[0]]
            total += 100.0 * t[1] / t[0]
    return total / (len(variants) * len(players))


def search(names, seats, variants, players, games, seed, budget, jobs, steps=(1,), margin=0.3, rounds=4, log=print):
    setting = {nm: getattr(bots, nm) for nm in names}
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
    ap.add_argument("--params", required=True, help="names of engine.bots constants, comma-separated")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--budget", type=int, default=bots.HARD_BUDGET)
    ap.add_argument("--steps", default="1", help="move sizes tried, comma-separated")
    ap.add_argument("--margin", type=float, default=0.3, help="win-rate points a move must gain")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
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
