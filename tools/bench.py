"""Benchmark of the engine: speed, state size and heap, on CPython and MicroPython.

    python tools/bench.py            # all figures
    python tools/bench.py --quick    # fewer games
    python tools/bench.py --board    # CircuitPython 10.2.1 only: board flow heap, Hard move on a SAMD51
    python tools/bench.py --board --all   # and the heap table over both versions and forms
    python tools/bench.py --screen   # one screen update: pixels pushed, objects changed

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
from tools import cpboard, mpy  # noqa: E402

# Metro M4 Express (SAMD51, 120 MHz, the PyBadge/PyGamer chip) under CircuitPython: ~1,450-1,520
# pystones/s (../shared/circuitpython/README.md). A board time is a time measured under the unix
# port times (the port's pystones/s, measured in the same run) / this.
BOARD_PYSTONES = 1500
# Presses of the board flow's heap figure: the first human turns at the Instant speed (A on
# every screen). The live heap peaks there already (a whole game measured: within 1 KB), and
# tests/test_circuitpython.py plays a whole game to its end within the goal. A MemoryError that
# the game survives is reported on the console, so a run that hit one does not count as passing.
FLOW_PRESSES = 40

# Under CircuitPython: pystone, then Hard decisions in 4-player games (Hard in seat 0, Normal
# elsewhere), timed with ticks_us, in one run. Only decisions that search count (a forced or
# obvious move returns at once and would flatter the mean); the slowest is printed too.
CP_SPEED = """
import time
import pystone
from engine import bots, game, rng
t, stones = pystone.pystones(%d)
r = rng.Rng(7)
spent = 0
n = 0
steps = 0
slowest = 0
for seed in range(%d):
    g = game.new_game(4, seed)
    while not g.is_over():
        p = g.current_player
        if p == 0:
            t0 = time.ticks_us()
            a = bots.choose(g, p, bots.HARD, r)
            us = time.ticks_diff(time.ticks_us(), t0)
            if bots.last_steps:
                spent += us
                steps += bots.last_steps
                slowest = max(slowest, us)
                n += 1
        else:
            a = bots.choose(g, p, bots.NORMAL, r)
        g.apply(a)
print(int(stones), n, spent, steps, slowest)
"""

# Heap checks for the table (--all): each the smallest -X heapsize in which it exits 0.
CP_HARD_GAME = """
from engine import bots, game, rng
r = rng.Rng(1)
g = game.new_game(4, 5)
while not g.is_over():
    p = g.current_player
    g.apply(bots.choose(g, p, bots.HARD if p == 0 else bots.NORMAL, r))
"""


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


def board_figures(everything):
    """The CircuitPython figures: board flow heaps, the Hard move estimate (and the heap table)."""
    import tempfile

    reason = cpboard.missing(cpboard.VERSIONS[0])
    if reason:
        print("CircuitPython figures skipped: " + reason)
        return
    version = cpboard.VERSIONS[0]
    for mpy_form in (True, False):
        kb, stand = cpboard.smallest_flow_heap(mpy_form, version, budget=FLOW_PRESSES)
        form = ".mpy" if mpy_form else ".py"
        # To a tenth: stand-ins a few bytes either side of a whole KB moved a whole-KB figure by one.
        print("board flow heap, %s: %.1f KB" % (form, kb - stand / 1024))
        print(
            "  (CircuitPython %s, smallest -X heapsize %d KB minus the stand-ins' own %d bytes; "
            "a human game through code.py, tools/deploy's files)" % (version, kb, stand)
        )
    with tempfile.TemporaryDirectory() as tmp:
        drive = cpboard.make_drive(os.path.join(tmp, "CIRCUITPY"), True)
        path = [drive, os.path.join(drive, "lib"), cpboard.base()]  # pystone.py lies there
        done = cpboard.run(version, CP_SPEED % (20000, 2), "256k", path, timeout=300)
        if done.returncode:
            print("CircuitPython speed run failed:\n" + done.stdout + done.stderr)
            return
        stones, n, spent_us, steps, slowest = map(int, done.stdout.split())
        per_move = spent_us / 1e6 / max(n, 1)
        factor = stones / BOARD_PYSTONES
        print("Hard move on a SAMD51, estimate: %.2f s" % (per_move * factor))
        print(
            "  (CircuitPython %s here: %d pystones/s, so a board is %.0fx slower; %d searching Hard "
            "decisions of %.1f ms, %d steps each; the slowest %.2f s on the board)"
            % (version, stones, factor, n, per_move * 1000, steps // max(n, 1), slowest / 1e6 * factor)
        )
        if not everything:
            return
        print("heap table (smallest -X heapsize, KB; board flow without the stand-ins):")
        print("  %-26s %8s %8s %8s %8s" % ("check", "10.2.1", "", "9.2.9", ""))
        print("  %-26s %8s %8s %8s %8s" % ("", ".mpy", ".py", ".mpy", ".py"))
        py_drive = cpboard.make_drive(os.path.join(tmp, "PY"), False, extra=("hal/mock.py",))
        mpy_drive = cpboard.make_drive(os.path.join(tmp, "MPY"), True, extra=("hal/mock.py",))
        from tests.test_micropython import FLOW as MOCK_FLOW

        checks = (
            ("a random 6-player game", MP_ONE_GAME),
            ("self-test, 200 games", "import engine.selftest as t; t.main(200)"),
            ("a game with a Hard bot", CP_HARD_GAME),
            ("mock flow, a bot game", MOCK_FLOW % 3),
        )
        for name, code in checks:
            row = []
            for v in cpboard.VERSIONS:
                for d in (mpy_drive, py_drive):
                    p = [d, os.path.join(d, "lib")]

                    def ok(kb, code=code, v=v, p=p):
                        return cpboard.run(v, code, "%dk" % kb, p).returncode == 0

                    row.append("%d" % cpboard.smallest(ok, 8, 256) if not cpboard.missing(v) else "-")
            print("  %-26s %8s %8s %8s %8s" % tuple([name] + row))
        row = []
        for v in cpboard.VERSIONS:
            for mpy_form in (True, False):
                kb, stand = cpboard.smallest_flow_heap(mpy_form, v, budget=FLOW_PRESSES)
                row.append("%d" % (kb - stand // 1024))
        print("  %-26s %8s %8s %8s %8s" % tuple(["board flow, human game"] + row))


def screen_figures(games=6, seed=3):
    """The cost of one screen update on the board's renderer (hal/render.py through Blinka
    displayio): pixels pushed (displayio's dirty areas, clipped; 2 bytes each to the display)
    and objects changed (TileGrids with a dirty area), by kind of update, over ``games`` games
    of one human (a random player) against three Normal bots."""
    from displayio import TileGrid

    from hal import desktop, mock
    from play import app as appmod
    from play import match as mt
    from tests.flow_driver import Driver, new_game_script, random_choice

    changed = [0]
    inner_areas = TileGrid._get_refresh_areas

    def counting(self, areas):
        n = len(areas)
        inner_areas(self, areas)
        if len(areas) > n:
            changed[0] += 1

    TileGrid._get_refresh_areas = counting
    display = desktop.make_display(window=False)
    screen = desktop.DisplayScreen(display)
    kinds = {}
    last = [None]
    mock_show = None

    def record(view):
        changed[0] = 0
        mock_show(view)  # the mock keeps the view, for the test player
        screen.show(view)
        hand = bytes(view.cards[: view.ncards])
        key = (view.title, view.to_act, hand, view.seats)
        if not view.seats:
            kind = "text screen (menu, message)"
        elif last[0] is not None and last[0][:3] == key[:3]:
            kind = "table: the cursor moved"
        elif view.title.endswith("(bot)"):
            kind = "table: a bot's move (thinking, then done)"
        else:
            kind = "table: a human's turn begins"
        last[0] = key
        kinds.setdefault(kind, []).append((display.pushed, changed[0]))

    try:
        for k in range(games):
            hw = mock.Hardware(new_game_script([mt.HUMAN, 2, 2, 2]), seed=seed + k, keep=False)
            app = appmod.App(hw)
            hw.buttons.feed = Driver(app, random_choice(rng.Rng(seed + k)), 3000, None)
            mock_show = hw.screen.show
            hw.screen.show = record
            try:
                app.run()
            except mock.Done:
                pass
    finally:
        TileGrid._get_refresh_areas = inner_areas
    full = display.width * display.height
    print("screen updates (hal/render.py, %dx%d = %d pixels; %d games, 1 human vs 3 Normal):" % (
        display.width, display.height, full, games))
    print("  %-42s %6s %16s %16s" % ("update", "count", "pixels median/max", "objects med/max"))
    for kind in sorted(kinds):
        rows = kinds[kind]
        px = sorted(r[0] for r in rows)
        ob = sorted(r[1] for r in rows)
        print("  %-42s %6d %8d/%-7d %8d/%-7d" % (kind, len(rows), px[len(px) // 2], px[-1], ob[len(ob) // 2], ob[-1]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games")
    ap.add_argument("--board", action="store_true", help="only the CircuitPython figures (10.2.1)")
    ap.add_argument("--all", action="store_true", help="with --board: the heap table of both versions")
    ap.add_argument("--screen", action="store_true", help="only the screen-update figures (pixels, objects)")
    args = ap.parse_args()
    if args.screen:
        screen_figures()
        return
    if args.board:
        board_figures(args.all)
        return
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
