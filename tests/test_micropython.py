"""The engine on the real MicroPython unix binary, with a hard heap limit."""

import subprocess
import sys

from tools import mpy

# Plays one random game with the engine's own PRNG choosing, printing the deal
# and every action, so CPython and MicroPython can be compared (R24).
TRACE = """
from engine import game, rng
for seed in (0, 1, 77, 123456789, 2**40 + 5):
    g = game.new_game(2 + seed % 5, seed, ("kadabra", "classic")[seed % 2])
    pick = rng.Rng(seed)
    out = [g.hand(p) for p in range(g.players)] + [g.top_card]
    while not g.is_over():
        legal = g.legal_actions()
        a = legal[pick.below(len(legal))]
        out.append(a)
        g.apply(a)
    print(out, g.scores(), g.round_number)
"""


def test_selftest_200_games_in_a_44k_heap():
    # 64-bit objects: CircuitPython (32-bit, tests/test_circuitpython.py) runs it in 32 KB. (34k
    # before engine/rules.py and the round's history: two modules, 2 x 255 bytes a game, and the
    # self-test's own buffers to check the history and round-trip the longer record.)
    done = mpy.run("import engine.selftest as t; t.main(200)", heap="44k")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "selftest ok: 200 games" in done.stdout


def test_the_heap_limit_is_real():
    # The same run in 12 KB must fail with MemoryError: the limit bites.
    done = mpy.run("import engine.selftest as t; t.main(200)", heap="12k")
    assert done.returncode != 0 and "MemoryError" in done.stdout + done.stderr


def test_r24_same_seed_same_deal_and_game_on_micropython_and_cpython():
    done = mpy.run(TRACE, heap="64k")
    assert done.returncode == 0, done.stderr
    here = subprocess.run([sys.executable, "-c", TRACE], cwd=mpy.ROOT, capture_output=True, text=True, check=True)
    assert len(done.stdout.splitlines()) == 5
    assert done.stdout == here.stdout


# Every step of random games, round ends and deals included, after a few warm-up games (a code
# path's first run may allocate once); gc off while a step is measured, so none hides in a collection.
NO_ALLOC_MOVES = """
import gc
from engine import game, rng
buf = bytearray(game.NUM_ACTIONS)
pick = rng.Rng(3)
worst = 0
moves = 0
for seed in range(30):
    g = game.new_game(2 + seed % 5, seed, ("kadabra", "classic")[seed % 2])
    while not g.is_over():
        n = g.legal_into(buf)
        a = buf[pick.below(n)]
        gc.disable()
        before = gc.mem_alloc()
        g.step(a)
        used = gc.mem_alloc() - before
        gc.enable()
        if seed >= 10:
            worst = max(worst, used)
            moves += 1
print(moves, worst)
"""


def test_a_move_allocates_nothing_on_micropython():
    done = mpy.run(NO_ALLOC_MOVES, heap="64k")
    assert done.returncode == 0, done.stderr
    moves, worst = map(int, done.stdout.split())
    assert moves > 300 and worst == 0


# A whole game of four Normal bots through the real flow and the mock HAL:
# New game, make P1 a bot, watch; A on every summary; stop at the title.
FLOW = """
import gc
# Import the big modules one by one, collecting in between (as code.py does).
for name in ("engine.game", "engine.bots", "play.table", "play.app", "hal.mock"):
    __import__(name)
    gc.collect()
from hal import mock
from play import app
hw = mock.Hardware("A Up Up Up Up Right Right Down Down Down Down A", seed=%d, keep=False)
games = []
def feed():
    if hw.screen.view.title == "L.A.M.A. Kadabra":
        return ""
    return "A"
hw.buttons.feed = feed
a = app.App(hw)
try:
    a.run()
except mock.Done:
    pass
g = a.match.game
gc.collect()
print(g.is_over(), g.round_number, hw.screen.count, hw.storage.saves, gc.mem_alloc())
"""


def test_the_whole_flow_plays_a_bot_game_in_a_93k_heap():
    # 64-bit MicroPython: the table view's fields took it past 64k, engine/rules.py and the
    # bots' evaluation parameter to 70k (68k ran out at one allocation in a fragmented heap),
    # the round's history (engine/history.py, engine/record.py and a longer save) to 76k; issue
    # 23 and 25 (the boards' keys, the flow under every scheme, recap and hints) to 80k, and the
    # mock's scripts in a board's own inputs (hal/script.py, imported by hal/mock.py: ~2 KB) to
    # 82k (measured: 80k ran out); issue 38's languages (every text said through play/lang.py, the
    # recap's templates, the rule prompts and the stopped-game message compiled from source when
    # they come) to 91k (measured: 89k ran out; a kilobyte of margin); issue 36's menus as tall as
    # the screen (the View made with the screen's lines, its code) to 93k: 91k ran out where 90k and
    # 92k ran (a fragmented heap: where a compile's block falls), 93k keeps the kilobyte of margin.
    # The 32-bit CircuitPython run in tests/test_circuitpython.py keeps 64k.
    done = mpy.run(FLOW % 3, heap="93k", packages=("engine", "play", "hal"))
    assert done.returncode == 0, done.stdout + done.stderr
    over, rounds, screens, saves, _ = done.stdout.split()
    # A game of bots alone is saved when it ends (bots replay: no save is needed before).
    assert over == "True" and int(rounds) >= 1 and int(screens) > 50 and int(saves) >= 1
