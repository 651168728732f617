#!/usr/bin/env python3
"""Benchmark of the engine: speed, state size and heap, on CPython and MicroPython.

    python tools/bench.py            # all figures
    python tools/bench.py --quick    # fewer games
    python tools/bench.py --board    # CircuitPython 10.2.1 only: board flow heap (on the C displayio
                                     # objects and on the stand-ins), Hard move on a SAMD51
    python tools/bench.py --board --all   # and the heap table over both versions and forms
    python tools/bench.py --startup  # start-up to the title on a SAMD51 (also in --board)
    python tools/bench.py --screen   # one screen update: pixels pushed, objects changed
    python tools/bench.py --bundle   # the project bundle: its size, each folder's board flow heap
    python tools/bench.py --erases   # nvm erases per game and per human turn (also in the default run)

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

from hal.desktop.venv import again  # noqa: E402

if __name__ == "__main__":
    again(sys.argv)  # in any shell: run again by the project's .venv (hal/desktop/venv.py)

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

# The head of both CircuitPython runs below: pystone, with a clock of microseconds since the run
# began. Its own clock is ticks_ms() / 1000 in single-precision floats, whose steps at a
# long-running clock's values are tens of ms (runs read 197k, 233k, 301k pystones/s).
PYSTONE = """
import time
import pystone
_zero = time.ticks_us()
pystone.time = lambda: time.ticks_diff(time.ticks_us(), _zero) / 1000000
PASSES = %d
"""

# Under CircuitPython: pystone, then Hard decisions in 4-player games (Hard in seat 0, Normal
# elsewhere), timed with ticks_us, then pystone again, in one run (the mean of the two: this
# machine's speed drifts). Only decisions that search count (a forced or obvious move returns at
# once and would flatter the mean); the slowest is printed too.
CP_SPEED = (
    PYSTONE
    + """
from engine import bots, game, rng
t, before = pystone.pystones(PASSES)
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
t, after = pystone.pystones(PASSES)
print(int((before + after) / 2), n, spent, steps, slowest)
"""
)

# Start-up to the title: the board flow's code.py (tools/deploy's .mpy files, the C displayio
# objects where that build is here) from its first line until the keypad stand-in's first poll
# after the title was drawn (work the game puts off until then, play/ui.py's Ui.later, comes
# after it; a budget of 0 presses ends the run soon after), pystone first in the same run, and
# again after it: the start-up takes ~20 ms here, a pystone run of a few thousand
# passes as long, so the two runs around it see the machine's load as the start-up did (the
# mean of the two is the figure). Waits (hal.board.Clock.sleep_ms: the keys' settling scans)
# take as long on a board as here: they are counted, not slept, and added unscaled. pystone and
# this script take the host's clock before the stand-ins come (supervisor.py's clock is virtual).
CP_STARTUP = (
    PYSTONE
    + """
import gc
import %s
t, stones = pystone.pystones(PASSES)
from hal import board as _hb
slept = [0]
def _sleep(self, ms):
    if not title[0]:
        slept[0] += ms
_hb.Clock.sleep_ms = _sleep
import keypad as _kp
import busdisplay as _bd
title = [0]
_tick = _kp.tick
def _poll():
    if not title[0] and _bd.shown:
        title[0] = time.ticks_us()
    _tick()
_kp.tick = _poll
gc.collect()
t0 = time.ticks_us()
f = open("%s/code.py")
main = compile(f.read(), "code.py", "exec")
f.close()
del f
try:
    exec(main, {"__name__": "__main__"})
except SystemExit:
    pass
us = time.ticks_diff(title[0] or time.ticks_us(), t0)
t, after = pystone.pystones(PASSES)
print("startup", us, int(stones + after) // 2, slept[0])
"""
)


def startup_runs(runs=11, version=None, heap="192k", lang=""):
    """[(us of work from code.py's start to the title, pystones/s, ms waited)] of ``runs`` runs of the board flow."""
    import tempfile

    version = version or (
        cpboard.REAL_DISPLAYIO if not cpboard.missing(cpboard.REAL_DISPLAYIO) else cpboard.VERSIONS[0]
    )
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        flow = cpboard.Flow(tmp, True)
        with open(os.path.join(flow.work, "keys.txt"), "w") as f:
            f.write("0\n")  # no press: the run ends at the title
        with open(os.path.join(flow.work, "settings.toml"), "w") as f:
            f.write(cpboard.SETTINGS + ('LAMA_LANG = "%s"\n' % lang if lang else ""))
        drive = os.path.relpath(flow.drive, flow.work)
        code = CP_STARTUP % (15000, ", ".join(cpboard.standin_modules(version)), drive)
        path = [drive, os.path.join(drive, "lib"), os.path.relpath(flow.standins, flow.work), cpboard.base()]
        for _ in range(runs):
            done = cpboard.run(version, code, heap, path, cwd=flow.work, timeout=120)
            words = done.stdout.split()
            if "startup" not in words or "standin: budget spent" not in done.stdout:
                raise RuntimeError("the start-up run did not reach the title:\n" + done.stdout + done.stderr)
            at = words.index("startup")
            out.append(tuple(int(w) for w in words[at + 1 : at + 4]))
    return version, out


def startup_figure(runs=11, lang=""):
    """Print the start-up to the title on a SAMD51, by the pystone calibration: the median of
    ``runs`` runs' estimates (each its work time scaled by the pystones/s around it), with their
    spread: a shared machine's load shifts single runs either way. ``lang``: the game's language
    (LAMA_LANG; "": English)."""
    version, rows = startup_runs(runs, lang=lang)
    each = sorted((u / 1e6 * st / BOARD_PYSTONES + w / 1000.0, u, st, w) for u, st, w in rows)
    est, us, stones, slept = each[len(each) // 2]
    print("start-up to the title on a SAMD51%s, estimate: %.2f s" % (", " + lang if lang else "", est))
    print(
        "  (CircuitPython %s here, .mpy: code.py to the title in %.1f ms of work at %d pystones/s, so %.2f s on a "
        "board, + %d ms of waits (the keys' settling scans); the median of %d runs, %.2f-%.2f s)"
        % (version, us / 1000.0, stones, us / 1e6 * stones / BOARD_PYSTONES, slept, len(rows), each[0][0],
           each[-1][0])
    )  # fmt: skip
    return est


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
    # The figure of record is on CircuitPython's own displayio C objects (10.2.1-displayio),
    # where that build is here; the Python stand-ins' figure beside it (they cost what the C
    # objects do, but their names take qstrs a board keeps in flash: see tools/standins/README.md).
    flows = [version]
    if not cpboard.missing(cpboard.REAL_DISPLAYIO):
        flows.insert(0, cpboard.REAL_DISPLAYIO)
    for v in flows:
        for mpy_form in (True, False):
            kb, stand = cpboard.smallest_flow_heap(mpy_form, v, budget=FLOW_PRESSES)
            form = ".mpy" if mpy_form else ".py"
            objects = "the C objects" if cpboard.real_displayio(v) else "the Python stand-ins"
            print("board flow heap, %s, %s: %.1f KB" % (form, objects, kb - stand / 1024))
            print(
                "  (CircuitPython %s, smallest -X heapsize %.2f KB minus the stand-ins' own %d bytes; "
                "a human game through code.py, tools/deploy's files)" % (v, kb, stand)
            )
    # The game in German and in French (issue 38): the same flow, LAMA_LANG in settings.toml.
    for lang in ("de", "fr"):
        kb, stand = cpboard.smallest_flow_heap(True, flows[0], budget=FLOW_PRESSES, lang=lang)
        objects = "the C objects" if cpboard.real_displayio(flows[0]) else "the Python stand-ins"
        print("board flow heap, .mpy, %s, %s: %.1f KB" % (objects, lang, kb - stand / 1024))
    startup_figure()
    for lang in ("de", "fr"):
        startup_figure(lang=lang)
    # Issue 25's screens opened mid-game from the turn's menu (the recap comes at every turn of
    # the flows above): 20 presses in, a hint, or the round's log with its pages turned.
    for name, keys in (("a hint", "Start Down A A B"), ("the round's log", "Start Down Down A Right Right A B")):
        keys = cpboard.FIRST_RUN + " A" * 20 + " " + keys
        row = []
        for mpy_form in (True, False):
            kb, stand = cpboard.smallest_flow_heap(mpy_form, flows[0], keys=keys, budget=FLOW_PRESSES + 20)
            row.append(kb - stand / 1024)
        print("board flow heap with %s: %.1f KB .mpy, %.1f KB .py (%s)" % (name, row[0], row[1], flows[0]))
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
        py_drive = cpboard.make_drive(os.path.join(tmp, "PY"), False, extra=("hal/mock.py", "hal/script.py"))
        mpy_drive = cpboard.make_drive(os.path.join(tmp, "MPY"), True, extra=("hal/mock.py", "hal/script.py"))
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
        if not cpboard.missing(cpboard.REAL_DISPLAYIO):
            row = []
            for mpy_form in (True, False):
                kb, stand = cpboard.smallest_flow_heap(mpy_form, cpboard.REAL_DISPLAYIO, budget=FLOW_PRESSES)
                row.append("%d" % (kb - stand // 1024))
            print("  %-26s %8s %8s %8s %8s" % tuple(["  the same, C displayio"] + row + ["", ""]))


def profile_figures():
    """Every profile's board flow heap (whole KB for the game, the stand-ins' bytes on top): the check
    of tests/test_circuitpython.py (each board's own inputs, a power cut, the resume to the game's
    end), bisected on CircuitPython's own displayio C objects (10.2.1-displayio), the shipped .mpy."""
    from hal import boards

    reason = cpboard.missing(cpboard.REAL_DISPLAYIO)
    if reason:
        print("profile figures skipped: " + reason)
        return
    print("board flow heap per profile (.mpy, the C displayio, the stand-ins' bytes on top; goal 90 KB):")
    for name in boards.names():
        print("  %-24s %4d KB" % (name, cpboard.smallest_profile_heap(name)))


def flow_erases(kinds, games=12, rule="samd51", seed=0, stats=None):
    """(erases, human turns, human decisions, the most erases in one game) of ``games`` games
    through the real flow; ``stats``, a list, gets the erases of each statistics save (play/stats.py).

    play.app over hal.mock, the store a board of that port gets (tools/nvmflash.store_for: slots,
    or the log on "rp2040") on tools/standins' nvm that counts erases by the port's rule; the humans play
    as Normal bots do (tests/flow_driver.py presses the buttons); one device: the games follow
    each other on the same nvm, each after a power-up. A human turn is a run of decisions of one
    seat that nothing else came between (an exchange, or a give-away or return prompt after a
    card, goes on with the same turn).
    """
    from engine import bots
    from hal import mock
    from play import app as appmod
    from tests.flow_driver import Driver, new_game_script
    from tools.nvmflash import Flash, store_for

    nvm = Flash(4096 if rule == "rp2040" else 8192, rule)
    counts = {"turns": 0, "decisions": 0}
    after = [None]  # (seat, the game after its decision, whether its turn goes on)
    worst = 0
    for k in range(games):
        erased = nvm.erases
        hw = mock.Hardware(new_game_script(kinds) if k == 0 else "A A", seed=seed + k, keep=False)
        hw.storage = store = store_for(nvm)
        if stats is not None:
            inner = store.save

            def save(data, key=0, inner=inner):
                erased = nvm.erases
                inner(data, key)
                if key:
                    stats.append(nvm.erases - erased)

            store.save = save
        app = appmod.App(hw)
        pick = rng.Rng(seed + k)

        def choose(g, legal, pick=pick):
            p = g.current_player
            a = bots.choose(g, p, bots.NORMAL, pick)
            prev = after[0]
            if prev is None or prev[0] != p or not prev[2] or prev[1] != g.to_bytes():
                counts["turns"] += 1
            counts["decisions"] += 1
            nxt = g.copy()
            nxt.apply(a)
            prompt = nxt.phase in (game.CHOOSE_GIVE, game.CHOOSE_RETURN)
            goes_on = nxt.current_player == p and (a == game.EXCHANGE or prompt)
            after[0] = (p, nxt.to_bytes(), goes_on)
            return a

        hw.buttons.feed = Driver(app, choose, 20000, None)
        try:
            app.run()
        except mock.Done:
            pass
        if not app.match.game.is_over():
            raise RuntimeError("a bench game did not end")
        worst = max(worst, nvm.erases - erased)
    return nvm.erases, counts["turns"], counts["decisions"], worst


def erase_figures(games=12):
    """nvm erases counted through the flow (flow_erases): per game for each setup, per human turn."""
    setups = (("1 human + 3 bots", [0, 2, 2, 2]), ("1 human + 1 bot", [0, 2]), ("3 humans", [0, 0, 0]))
    erases = turns = 0
    for name, kinds in setups:
        e, t, d, w = flow_erases(kinds, games)
        erases += e
        turns += t
        print("nvm erases per game, %s: %.0f" % (name, e / games))
        print(
            "  (SAMD51: %d games, Kadabra, Normal bots; %.1f human turns, %.1f human decisions a game; "
            "at most %d in a game)" % (games, t / games, d / games, w)
        )
    print("nvm erases per human turn: %.2f" % (erases / turns))
    e, t, d, w = flow_erases(setups[0][1], games, "rp2040")
    print("nvm erases per game on RP2040, 1 human + 3 bots: %.1f" % (e / games))
    print(
        "  (the same games: records appended into erased flash, an erase when the 4 KB sector is full;"
        " at most %d in a game)" % w
    )
    for rule in ("samd51", "rp2040"):
        cost = []
        flow_erases(setups[2][1], games, rule, stats=cost)
        print(
            "nvm erases of a game's statistics, %s: %.2f (%d saves in %d games, at most %d)"
            % (rule, sum(cost) / games, len(cost), games, max(cost))
        )


def screen_figures(games=6, seed=3, sizes=((160, 128), (240, 135), (240, 240), (320, 240), (480, 320))):
    """The cost of one screen update on the board's renderer at each layout of ``sizes``."""
    for size in sizes:
        screen_figures_at(size, games, seed)


def screen_figures_at(size, games=6, seed=3):
    """The cost of one screen update on the board's renderer (hal/render/__init__.py through Blinka
    displayio) on a display of ``size``: pixels pushed (displayio's dirty areas, clipped; 2 bytes
    each to the display) and objects changed (TileGrids with a dirty area), by kind of update,
    over ``games`` games of one human (a random player) against three Normal bots."""
    import displayio
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
    display = desktop.make_display(window=False, size=size)
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
        displayio.release_displays()
    full = display.width * display.height
    print(
        "screen updates (hal/render/__init__.py, %dx%d = %d pixels; %d games, 1 human vs 3 Normal):"
        % (display.width, display.height, full, games)
    )
    print("  %-42s %6s %16s %16s" % ("update", "count", "pixels median/max", "objects med/max"))
    for kind in sorted(kinds):
        rows = kinds[kind]
        px = sorted(r[0] for r in rows)
        ob = sorted(r[1] for r in rows)
        print("  %-42s %6d %8d/%-7d %8d/%-7d" % (kind, len(rows), px[len(px) // 2], px[-1], ob[len(ob) // 2], ob[-1]))


def bundle_figures():
    """The project bundle (tools/bundle): the zip's size, each folder's board flow heap on its release."""
    import importlib.machinery
    import importlib.util
    import shutil
    import subprocess
    import tempfile
    import zipfile

    loader = importlib.machinery.SourceFileLoader("tool_bundle", os.path.join(cpboard.ROOT, "tools", "bundle"))
    bundle = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(bundle)
    with tempfile.TemporaryDirectory() as tmp:
        tool = os.path.join(cpboard.ROOT, "tools", "bundle")
        done = subprocess.run([sys.executable, tool, "--out", tmp], capture_output=True, text=True)
        if done.returncode:
            print("bundle figures skipped: " + done.stderr.strip())
            return
        zipped = os.path.join(tmp, "%s-%s.zip" % (bundle.NAME, bundle.VERSION))
        print("project bundle %s: %d bytes" % (os.path.basename(zipped), os.path.getsize(zipped)))
        with zipfile.ZipFile(zipped) as z:
            z.extractall(os.path.join(tmp, "unzipped"))
        for folder, release in bundle.FOLDERS:
            if cpboard.missing(release):
                print("  %s: skipped, %s" % (folder, cpboard.missing(release)))
                continue
            card = os.path.join(tmp, release, "CIRCUITPY")  # copied onto a drive, as a person does
            shutil.copytree(os.path.join(tmp, "unzipped", "%s-%s" % (bundle.NAME, bundle.VERSION), folder), card)
            kb, stand = cpboard.smallest_flow_heap(version=release, budget=FLOW_PRESSES, drive=card)
            print(
                "  %s on CircuitPython %s: board flow heap %.1f KB (smallest -X heapsize %.2f KB minus the "
                "stand-ins' own %d bytes)" % (folder, release, kb - stand / 1024, kb, stand)
            )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games")
    ap.add_argument("--board", action="store_true", help="only the CircuitPython figures (10.2.1)")
    ap.add_argument("--all", action="store_true", help="with --board: the heap table of both versions")
    ap.add_argument("--profiles", action="store_true", help="only every board profile's flow heap (10.2.1-displayio)")
    ap.add_argument("--startup", action="store_true", help="only the start-up to the title (CircuitPython 10.2.1)")
    ap.add_argument("--screen", action="store_true", help="only the screen-update figures (pixels, objects)")
    ap.add_argument("--bundle", action="store_true", help="only the project bundle's figures (tools/bundle)")
    ap.add_argument("--erases", action="store_true", help="only the nvm erase figures (also in the default run)")
    args = ap.parse_args()
    if args.bundle:
        bundle_figures()
        return
    if args.profiles:
        profile_figures()
        return
    if args.startup:
        startup_figure()
        return
    if args.screen:
        screen_figures()
        return
    if args.erases:
        erase_figures()
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
    sizes = ["%dp %d+%d" % (n, len(g.state), len(g.result)) for n in range(2, 7) for g in [game.new_game(n, 1)]]
    classic = game.new_game(6, 1, "classic")
    print(
        "state bytes (state + last-round result):    "
        + ", ".join(sizes)
        + "; classic 6p %d+%d" % (len(classic.state), len(classic.result))
    )
    print("save record bytes, 6 players:               %d" % len(game.new_game(6, 1).to_bytes()))
    erase_figures()  # 12 games each even with --quick: a few seconds, and short runs mislead (game lengths vary)

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
