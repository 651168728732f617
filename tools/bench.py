"""Benchmark of the engine: speed, state size and heap, on CPython and MicroPython.

    python tools/bench.py            # all figures
    python tools/bench.py --quick    # fewer games

Prints random-play moves per second (whole games: deals and scoring
included), the bytes of one game state per player count, and under the real
MicroPython unix binary: moves per second, the heap the engine's code takes
after import, the peak heap while a full game is played, and the smallest
``-X heapsize`` in which a whole game runs. Figures, not assertions: nothing
here fails on a slow machine.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import game, rng  # noqa: E402
from tools import mpy  # noqa: E402


def cpython_moves_within_rounds(games):
    """Moves/s of legal_into + step, leaving out the moves that end a round (scoring, deal)."""
    pick = rng.Rng(2)
    buf = bytearray(game.NUM_ACTIONS)
    clock = time.perf_counter_ns
    spent = 0
    moves = 0
    for seed in range(games):
        g = game.new_game(4, seed)
        while not g.is_over():
            rnd = g.round_number
            t0 = clock()
            g.step(buf[pick.below(g.legal_into(buf))])
            t1 = clock()
            if g.round_number == rnd and g.phase == game.PLAY:
                spent += t1 - t0
                moves += 1
    return moves * 1e9 / spent


def cpython_moves_per_second(games, public):
    pick = rng.Rng(1)
    buf = bytearray(game.NUM_ACTIONS)
    moves = 0
    start = time.process_time()  # CPU time: steadier than wall time on a busy machine
    for seed in range(games):
        g = game.new_game(4, seed)
        if public:
            while not g.is_over():
                legal = g.legal_actions()
                g.apply(legal[pick.below(len(legal))])
                moves += 1
        else:
            while not g.is_over():
                g.step(buf[pick.below(g.legal_into(buf))])
                moves += 1
    return moves / (time.process_time() - start), moves


# Run under MicroPython: moves/s and heap figures of random 4-player games.
MP_BENCH = """
import gc, time
gc.collect()
base = gc.mem_alloc()
from engine import game, rng
gc.collect()
code = gc.mem_alloc() - base
pick = rng.Rng(1)
buf = bytearray(game.NUM_ACTIONS)
moves = 0
peak = 0
t0 = time.ticks_ms()
for seed in range(%d):
    gc.collect()
    start = gc.mem_alloc()
    g = game.new_game(4, seed)
    while not g.is_over():
        g.step(buf[pick.below(g.legal_into(buf))])
        moves += 1
        peak = max(peak, gc.mem_alloc() - start)
ms = time.ticks_diff(time.ticks_ms(), t0)
print(moves, ms, code, peak)
"""

# The smallest heap a whole 6-player game (imports included) runs in.
MP_ONE_GAME = """
from engine import game, rng
pick = rng.Rng(1)
buf = bytearray(game.NUM_ACTIONS)
g = game.new_game(6, 5)
while not g.is_over():
    g.step(buf[pick.below(g.legal_into(buf))])
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games")
    args = ap.parse_args()
    games = 300 if args.quick else 3000

    print("L.A.M.A. Kadabra engine benchmark (%s)" % sys.version.split()[0])
    rate, moves = cpython_moves_per_second(games, public=False)
    print(
        "CPython  random play, step/legal_into:      %9.0f moves/s  (%d moves, %d games, 4 players)"
        % (rate, moves, games)
    )
    print(
        "CPython  the same, moves within a round:    %9.0f moves/s  (round ends and deals left out)"
        % cpython_moves_within_rounds(games)
    )
    rate, moves = cpython_moves_per_second(games, public=True)
    print("CPython  random play, apply/legal_actions:  %9.0f moves/s" % rate)
    sizes = ["%dp %d+%d" % (n, len(g.s), len(g.r)) for n in range(2, 7) for g in [game.new_game(n, 1)]]
    classic = game.new_game(6, 1, "classic")
    print(
        "state bytes (state + last-round result):    "
        + ", ".join(sizes)
        + "; classic 6p %d+%d" % (len(classic.s), len(classic.r))
    )
    print("save record bytes, 6 players:               %d" % len(game.new_game(6, 1).to_bytes()))

    done = mpy.run(MP_BENCH % (games // 10), heap="64k")
    if done.returncode:
        print("MicroPython benchmark failed:\n" + done.stdout + done.stderr)
        sys.exit(1)
    moves, ms, code, peak = map(int, done.stdout.split())
    print(
        "MicroPython random play, step/legal_into:   %9.0f moves/s  (%d moves)" % (moves * 1000.0 / max(ms, 1), moves)
    )
    print("MicroPython heap of engine code (rules+rng+cards): %d bytes" % code)
    print("MicroPython peak heap of a game's own data:  %d bytes" % peak)
    print("MicroPython smallest heap for a whole game:  %d KB (imports included)" % mpy.smallest_heap(MP_ONE_GAME))
    print(
        "MicroPython smallest heap for the self-test (200 games, all checks): %d KB"
        % mpy.smallest_heap("import engine.selftest as t; t.main(200)")
    )


if __name__ == "__main__":
    main()
