"""Computer players against each other: win rates with 95% intervals.

    python tools/arena.py --games 2000 --players 4 --seats hard,normal,easy,random
    python tools/arena.py --measure        # Hard's cost and the bots' heap on MicroPython

Seat ``i`` of game ``k`` is played by ``seats[(i + k) % players]``, so over
every ``players`` games each level sits at each position once (round 1 starts
at seat 0, R6). ``random`` picks uniformly among the legal actions. A game's
winners are the seats with the fewest points (R22); ties share the win, each
of ``t`` tied winners counting ``1/t`` of a win. A level's win rate is its
wins over its player-games; the interval is Wilson's 95% score interval.

Every game and every seat's generator are seeded from ``--seed`` and the
game's index, so a run is reproducible whatever ``--jobs`` is.
"""

import argparse
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, rng  # noqa: E402

NAMES = ("easy", "normal", "hard", "random", "jsai")
RANDOM = 3
JSAI = 4


def jsai(g, buf, n):
    """The rule of a public JavaScript L.L.A.M.A.'s computer player (issue 10), ported.

    Plays the playable card worth the most penalty points (its values, a
    llama 10; the first of equals in code order); with none to play, draws
    when the hand's penalty (R19: distinct values, 10 for any llama) is over
    5, else quits. Kadabra's decisions added minimally: in a show a llama,
    else collect; give to the leader; return the most valuable token; never
    skips nor exchanges. Reads only its own hand and public fields.
    """
    phase = g.phase
    if phase == game.CHOOSE_GIVE:
        return bots.leader(g, buf, n)
    if phase == game.CHOOSE_RETURN:
        return game.RETURN_BLACK if game.RETURN_BLACK in buf[:n] else buf[0]
    if g.show_active:
        return buf[0] if buf[0] == cards.LLAMA else game.COLLECT
    best = -1
    worth = -1
    for i in range(n):
        c = buf[i]
        if c >= cards.COUNT:
            break
        w = 10 if c == cards.LLAMA else cards.LOW[c] + (cards.HIGH[c] if cards.HIGH[c] != cards.LOW[c] else 0)
        if w > worth:
            worth = w
            best = c
    if best >= 0:
        return best
    x = cards.points_for(cards.packed_values(g.state, g.hand_at(g.current_player)))
    if (x & 31) + 10 * (x >> 5) > 5 and game.DRAW in buf[:n]:
        return game.DRAW
    return game.QUIT


def play_game(index, seats, seed=1, variant="kadabra", budget=bots.HARD_BUDGET):
    """Play game ``index``; return (points per seat, winners, moves, hard decisions, hard steps)."""
    n = len(seats)
    g = game.new_game(n, seed * 1000003 + index, variant)
    levels = [seats[(i + index) % n] for i in range(n)]
    pickers = [rng.Rng(seed * 7919 + index * 8 + i) for i in range(n)]
    buf = bytearray(game.NUM_ACTIONS)
    moves = decisions = steps = 0
    while not g.is_over():
        p = g.current_player
        level = levels[p]
        if level == RANDOM:
            a = buf[pickers[p].below(g.legal_into(buf))]
        elif level == JSAI:
            a = jsai(g, buf, g.legal_into(buf))
        else:
            a = bots.choose(g, p, level, pickers[p], budget)
            if level == bots.HARD:
                decisions += 1
                steps += bots.last_steps
        g.apply(a)  # checked: an illegal choice raises ValueError
        moves += 1
    return g.scores(), g.winners(), levels, moves, decisions, steps


def _chunk(job):
    first, count, seats, seed, variant, budget = job
    out = []
    for k in range(first, first + count):
        out.append(play_game(k, seats, seed, variant, budget))
    return out


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of a proportion, as (low, high)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def forked(jobs):
    """How many worker processes ``run`` may use once a tool has patched the engine (bots.hard,
    search.decide, ...): ``jobs``, the workers forked so that they inherit the patch; 1 (no
    workers) where the platform cannot fork."""
    if "fork" in multiprocessing.get_all_start_methods():
        multiprocessing.set_start_method("fork", force=True)
        return jobs
    return 1


def win_rate(games, seats, seed=1, variant="kadabra", budget=bots.HARD_BUDGET, jobs=1):
    """``run``'s win rate of the first seat's level and its 95% interval, in %: (rate, low, high)."""
    t = run(games, seats, seed, variant, budget, jobs)["levels"][seats[0]]
    lo, hi = wilson(t[1], t[0])
    return 100.0 * t[1] / t[0], 100.0 * lo, 100.0 * hi


def run(games, seats, seed=1, variant="kadabra", budget=bots.HARD_BUDGET, jobs=1):
    """Play ``games`` games; a dict of totals per level and overall figures."""
    per = max(1, min(50, games // (4 * max(1, jobs)) or 1))
    work = [(k, min(per, games - k), seats, seed, variant, budget) for k in range(0, games, per)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_chunk, work)
    else:
        parts = [_chunk(w) for w in work]
    seconds = time.perf_counter() - start
    stats = {}
    moves = decisions = steps = 0
    for part in parts:
        for scores, winners, levels, m, d, st in part:
            moves += m
            decisions += d
            steps += st
            for q in range(len(levels)):
                t = stats.setdefault(levels[q], [0, 0.0, 0])  # player-games, wins, points
                t[0] += 1
                t[1] += (1.0 / len(winners)) if q in winners else 0.0
                t[2] += scores[q]
    return {"levels": stats, "games": games, "moves": moves, "seconds": seconds, "decisions": decisions, "steps": steps}


def table(result):
    lines = ["| level | player-games | win rate | 95% interval | avg points |", "|---|---|---|---|---|"]
    order = sorted(result["levels"], key=lambda lv: -result["levels"][lv][1] / result["levels"][lv][0])
    for lv in order:
        n, w, pts = result["levels"][lv]
        lo, hi = wilson(w, n)
        lines.append(
            "| %s | %d | %.1f%% | %.1f%% - %.1f%% | %.1f |"
            % (NAMES[lv].capitalize(), n, 100.0 * w / n, 100.0 * lo, 100.0 * hi, pts / n)
        )
    return "\n".join(lines)


# Under MicroPython: decisions of every level from random mid-game positions
# (the most any allocates), Hard's steps and time, and the heap the bots
# module takes after import.
MP_MEASURE = """
import gc, time
gc.collect()
from engine import game, rng
gc.collect()
before = gc.mem_alloc()
from engine import bots
gc.collect()
heap = gc.mem_alloc() - before
pick = rng.Rng(5)
buf = bytearray(32)
steps = us = decisions = 0
peak = 0
warm = False  # the first position's decisions make the scratch games: not counted
for seed in range(%d):
    g = game.new_game(4, seed)
    for _ in range(6 + seed %% 20):
        g.step(buf[pick.below(g.legal_into(buf))])
        if g.is_over():
            break
    if g.is_over() or g.phase != game.PLAY:
        continue
    for level in (0, 1):  # Easy and Normal: no allocation either
        m0 = gc.mem_alloc()
        bots.choose(g, g.current_player, level, pick)
        if warm:
            peak = max(peak, gc.mem_alloc() - m0)
    gc.collect()
    m0 = gc.mem_alloc()
    t0 = time.ticks_us()
    bots.hard(g, g.current_player, pick, %d)
    us += time.ticks_diff(time.ticks_us(), t0)
    if warm:
        peak = max(peak, gc.mem_alloc() - m0)
    warm = True
    if bots.last_steps:
        decisions += 1
        steps += bots.last_steps
print(heap, decisions, steps, us, peak)
"""


# The smallest heap for a 4-player game of Hard bots (at most 200 moves), imports included.
MP_HARD_GAME = """
from engine import game, rng, bots
pick = rng.Rng(1)
g = game.new_game(4, 3)
moves = 0
while not g.is_over() and moves < 200:
    g.apply(bots.choose(g, g.current_player, bots.HARD, pick, %d))
    moves += 1
"""


def measure(positions=600, budget=bots.HARD_BUDGET, heap="64k", smallest=True):
    """Under MicroPython: the bots' heap, Hard's steps and time, the most a decision allocates."""
    from tools import mpy

    done = mpy.run(MP_MEASURE % (positions, budget), heap=heap)
    if done.returncode:
        raise RuntimeError(done.stdout + done.stderr)
    heap, decisions, steps, us, peak = map(int, done.stdout.split())
    small = mpy.smallest_heap(MP_HARD_GAME % budget) if smallest else None
    return {"heap": heap, "decisions": decisions, "steps": steps, "us": us, "peak": peak, "smallest": small}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument(
        "--seats",
        default="hard,normal,easy,random",
        help="comma-separated levels (easy, normal, hard, random, jsai), repeated to fill the seats",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="kadabra", choices=("kadabra", "classic"))
    ap.add_argument("--budget", type=int, default=bots.HARD_BUDGET, help="Hard's steps per decision")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--measure", action="store_true", help="Hard's cost and heap under MicroPython")
    args = ap.parse_args()

    if args.measure:
        m = measure(budget=args.budget)
        rate = m["steps"] * 1e6 / max(m["us"], 1)
        print("MicroPython unix: bots module heap after import %d bytes" % m["heap"])
        print(
            "Hard, budget %d: %d searched decisions, %.0f steps each, %.1f ms each, %.0f steps/s (policy included)"
            % (
                args.budget,
                m["decisions"],
                m["steps"] / max(1, m["decisions"]),
                m["us"] / 1000.0 / max(1, m["decisions"]),
                rate,
            )
        )
        print("heap a decision allocates (after the first): at most %d bytes" % m["peak"])
        print("smallest heap for a 4-player game of Hard bots (imports included): %d KB" % m["smallest"])
        for factor in (20, 30, 40):
            print(
                "board estimate at %dx slower: %.2f s per Hard move"
                % (factor, factor * m["us"] / 1e6 / max(1, m["decisions"]))
            )
        return
    names = args.seats.split(",")
    for nm in names:
        if nm not in NAMES:
            ap.error("unknown level %r" % nm)
    seats = [NAMES.index(names[i % len(names)]) for i in range(args.players)]
    r = run(args.games, seats, args.seed, args.variant, args.budget, args.jobs)
    print(
        "%d games, %d players, seats %s, %s, seed %d, Hard budget %d"
        % (args.games, args.players, ",".join(NAMES[s] for s in seats), args.variant, args.seed, args.budget)
    )
    print(table(r))
    print(
        "%.1f games/s, %d moves, %.1f s on %d jobs" % (r["games"] / r["seconds"], r["moves"], r["seconds"], args.jobs)
    )
    if r["decisions"]:
        print(
            "Hard: %d decisions, %.0f steps per decision on average (searched or not)"
            % (r["decisions"], r["steps"] / r["decisions"])
        )


if __name__ == "__main__":
    main()
