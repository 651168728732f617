#!/usr/bin/env python3
"""CircuitPython itself on the desktop: its unix ports, a drive as tools/deploy writes it, a hard heap.

CircuitPython is on no package registry, so the interpreters are found through settings:

* ``LAMA_CIRCUITPYTHON``: a folder of builds, ``<version>/circuitpython`` and
  ``<version>/mpy-cross`` (default: ``../shared/circuitpython`` beside the project, where it
  exists). The checks use 10.2.1 and 9.2.9 (32-bit, as a board), and ``10.2.1-displayio``:
  10.2.1 with CircuitPython's own displayio, bitmaptools, vectorio, fontio and terminalio.FONT
  C code and ``displayrender`` (it has no mpy-cross of its own: 10.2.1's compiles for it).
* ``LAMA_MPY_CROSS``: CircuitPython's ``mpy-cross`` (default: the newest in that folder).

Everything runs from a *drive*: the files ``tools/deploy`` writes to a CIRCUITPY drive, as
CircuitPython ``.mpy`` or as ``.py`` sources (which the interpreter then compiles on its heap,
as a board does), with the real Adafruit libraries from ``lib/``. The board flow adds the
stand-ins of ``tools/standins/`` for the native modules (compiled, imported first and counted
apart; on 10.2.1-displayio without those of displayio, bitmaptools, terminalio and vectorio) and
runs the drive's own ``code.py`` as ``__main__``.

    python tools/cpboard.py flow --heap 100 [--py] [--version 9.2.9]   # one board flow run: exit
                                                                       # status 0 when it ran clean
    python tools/cpboard.py flow --version 10.2.1-displayio --heap 100 # on the C displayio
    python tools/cpboard.py smallest [--py] [--version ...]            # bisect its heap

``--heap`` is what the game may take, as every heap figure of the project counts it: the stand-ins'
own bytes (the board's pins as objects, a display's band buffer: a board keeps those off its heap)
are measured by a first run and given on top.
"""

import argparse
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # run as a script too (python tools/cpboard.py)
from tools import drive as drive_files  # noqa: E402

VERSIONS = ("10.2.1", "9.2.9")
# CircuitPython 10.2.1 built with its real displayio, bitmaptools, vectorio, fontio and
# terminalio.FONT C code, plus displayrender (draws a Group as a display's refresh does).
REAL_DISPLAYIO = "10.2.1-displayio"
STANDINS = os.path.join(ROOT, "tools", "standins")
# Stand-ins a build with the real displayio does without (its C modules take their place).
DISPLAY_STANDINS = ("displayio", "bitmaptools", "terminalio", "vectorio")
STANDIN_MODULES = (
    "os",  # os.getenv reads settings.toml as the release running does
    "displayio",
    "bitmaptools",
    "terminalio",
    "busdisplay",
    "board",
    "keypad",
    "microcontroller",
    "supervisor",
    "storage",
    "digitalio",
    "neopixel_write",
    "pwmio",
    "vectorio",
)
# Stand-ins of one input class, imported by board.py for the profiles that need them (LAMA_STANDIN_BOARD):
# on a board these names are in flash; pre-imported on every board they would move the qstr pool steps.
BOARD_STANDINS = ("analogio", "busio", "fourwire", "framebufferio", "picodvi")
# On the real displayio build only: its C displayio with the release_displays that build lacks.
REAL_DISPLAYIO_STANDINS = ("displayio_c",)


def real_displayio(version):
    """True for a build with CircuitPython's own displayio C code (no display stand-ins)."""
    return version.endswith("-displayio")


def standin_modules(version):
    """The stand-in modules the board flow imports on ``version``."""
    if real_displayio(version):
        return REAL_DISPLAYIO_STANDINS + tuple(m for m in STANDIN_MODULES if m not in DISPLAY_STANDINS)
    return STANDIN_MODULES


base = drive_files.base  # the folder of CircuitPython builds (LAMA_CIRCUITPYTHON, else ../shared/circuitpython)


def binary(version):
    """Path of CircuitPython ``version``'s unix port, or None."""
    path = os.path.join(base(), version, "circuitpython")
    return path if os.access(path, os.X_OK) else None


def cross():
    """Path of CircuitPython's mpy-cross (LAMA_MPY_CROSS, else the newest under base()), or None."""
    given = os.environ.get("LAMA_MPY_CROSS")
    if given:
        return given if os.access(given, os.X_OK) else None
    try:
        versions = sorted(os.listdir(base()), key=lambda v: [int(p) for p in v.split(".") if p.isdigit()], reverse=True)
    except OSError:
        return None
    for v in versions:
        path = os.path.join(base(), v, "mpy-cross")
        if os.access(path, os.X_OK):
            return path
    return None


def missing(version):
    """Why CircuitPython ``version`` cannot be run here (a sentence naming the setting), or None."""
    if binary(version) is None:
        return (
            "CircuitPython %s not found at %s: set LAMA_CIRCUITPYTHON to a folder holding "
            "<version>/circuitpython (see tools/cpboard.py)" % (version, os.path.join(base(), version))
        )
    if cross() is None:
        return "CircuitPython's mpy-cross not found: set LAMA_MPY_CROSS (or LAMA_CIRCUITPYTHON)"
    return None


def _deploy_module():
    loader = importlib.machinery.SourceFileLoader("lama_deploy", os.path.join(ROOT, "tools", "deploy"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def make_drive(dest, mpy=True, extra=()):
    """Write a CIRCUITPY drive into ``dest`` with tools/deploy (``.mpy``, or ``.py`` sources).

    ``extra``: paths of test-only modules (e.g. ``hal/mock.py``) added in the same form.
    Returns ``dest``.
    """
    deploy = _deploy_module()
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "boot_out.txt"), "w") as f:
        f.write("Adafruit CircuitPython %s on 2026-12-01; Adafruit PyBadge with samd51j19\n" % VERSIONS[0])
    if deploy.libs_stale():
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "libs")], check=True, capture_output=True)
    compiler = deploy.choose_cross(dest, cross(), log=lambda *a: None) if mpy else None
    if mpy and compiler is None:
        raise RuntimeError("no CircuitPython mpy-cross to build a .mpy drive")
    deploy.deploy(dest, log=lambda *a: None, cross=compiler)
    files = [(os.path.join(ROOT, rel), rel) for rel in extra]
    if compiler:
        with tempfile.TemporaryDirectory() as tmp:
            for src, rel in deploy.compile_files(files, compiler, tmp):
                shutil.copyfile(src, os.path.join(dest, rel))
    else:
        for src, rel in files:
            shutil.copyfile(src, os.path.join(dest, rel))
    return dest


def compile_standins(dest):
    """The stand-ins of tools/standins compiled to .mpy in ``dest`` (so that their code costs little).

    Without a source file name (``-s ""``): on a board these modules are built in and name no
    file, and each name is one more qstr on the heap. The game's qstrs come after the
    stand-ins' in CircuitPython's qstr pools, which double in size (20, 40, ... 640, 1280
    entries): every stand-in qstr brings the game nearer to the next, bigger pool."""
    os.makedirs(dest, exist_ok=True)
    for name in STANDIN_MODULES + BOARD_STANDINS + REAL_DISPLAYIO_STANDINS:
        subprocess.run(
            [cross(), "-o", os.path.join(dest, name + ".mpy"), "-s", "", os.path.join(STANDINS, name + ".py")],
            check=True,
        )
    return dest


def run(version, code, heap, path, cwd=None, timeout=600, env=None):
    """Run ``code`` under CircuitPython ``version`` with ``-X heapsize=heap`` and ``path`` as sys.path."""
    environ = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
    environ.update(env or {})
    return subprocess.run(
        [binary(version), "-X", "heapsize=%s" % heap, "-c", code],
        cwd=cwd or path[0],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environ,
    )


def smallest(ok, low=16, high=256):
    """The smallest whole number of KB in ``low..high`` for which ``ok(kb)`` holds, by bisection."""
    if not ok(high):
        raise RuntimeError("fails even in %d KB" % high)
    while low < high:
        mid = (low + high) // 2
        if ok(mid):
            high = mid
        else:
            low = mid + 1
    return low


# The board flow: the stand-ins first (their bytes printed, to be subtracted), then the
# drive's code.py (or boot.py) as __main__, as CircuitPython runs it.
FLOW = """
import gc
gc.collect()
a = gc.mem_alloc()
import %s
gc.collect()
print("standin bytes", gc.mem_alloc() - a)
del a
f = open("%s/%s")
main = compile(f.read(), "%s", "exec")
f.close()
del f
gc.collect()
try:
    exec(main, {"__name__": "__main__"})
finally:  # (after the run: the language the game spoke, play/lang.py's code; nothing counted)
    import sys
    if "play.lang" in sys.modules:
        print("lama language", sys.modules["play.lang"].code)
"""

# The board flow's settings.toml: every new game dealt from seed 1, so that runs repeat exactly.
SETTINGS = 'LAMA_SEED = "1"\n'

# A human game on the default table (you and three Normal bots): bots to Instant speed
# (Speed: Down Down, A twice), back up, New game, Start, then A on every screen.
FIRST_RUN = "Down Down A A Up Up A A"


def board_scripts(name, presses=None, resume=400):
    """The board flow's scripts in board ``name``'s own inputs (a profile of hal/boards, played by the
    stand-ins as ``LAMA_STANDIN_BOARD``): (first run, resume). The first run sets the game up, then
    makes ``presses`` more (default: 40 with buttons, as the tests' flow; 160 taps on a touchscreen,
    where a sweep takes ~40 to play a card), the resume Continue and then (a touchscreen) ``resume`` taps;
    with buttons the stand-in goes on pressing the act key (a run ends when its budget is spent).

    The first run is :data:`FIRST_RUN` on that board: the Instant speed, New game, Start. Without
    Up/Down the next and previous keys move the menus (three buttons); with one mover alone it goes
    round (two buttons: from Speed round to New game, :func:`title_rows`). A touchscreen taps those lines at
    their pixels (the layout of hal/render/build.py for its size), then sweeps the hand's row, each
    spot between its arrows tapped twice: the first tap puts the cursor on the item there, the
    second plays it, so a card that may go or the Draw, Take or Quit button is played within a
    sweep; then the footer's act part (Quit's question: yes); then the ``>`` zone, which steps the
    cursor to the row's end (a Take beyond a long hand); then the first answer of a question (the
    third line), and the footer's act part twice (the row's end: Quit, and yes). Any tap closes a
    message. The resume is Continue (the act key on the title's first row, or a tap there)."""
    import hal as h
    from hal import boards

    profile = boards.get(name)
    if profile.scheme == h.SCHEME_TOUCH:
        return _touch_scripts(profile, 160 if presses is None else presses, resume)
    presses = 40 if presses is None else presses

    def key(bit):
        for n, word in enumerate(profile.keys):
            if (profile.map[2 * n] if profile.map else 1 << n) & bit:
                return word
        return None

    act, down, up = key(h.A), key(h.DOWN) or key(h.RIGHT), key(h.UP) or key(h.LEFT)
    back = [up, up] if up else [down] * (title_rows(profile) - 2)  # Speed (row 2) round to New game (row 0)
    # (the resume: Continue, then the stand-in goes on pressing the act key)
    return " ".join([down, down, act, act] + back + [act, act] + [act] * presses), act


def title_rows(profile):
    """The rows of the title's menu on a first run of ``profile``'s stand-ins: New game, Rules,
    Speed, Lights (a board with NeoPixels), Sound (a speaker the game drives: play/app.py offers it
    only then; the stand-ins have no SPEAKER pin), Language, Statistics, About."""
    return 6 + (1 if profile.lights else 0)


def _touch_scripts(profile, presses, resume):
    """(first run, resume) on a touchscreen (see board_scripts)."""
    from hal.render import art, build
    from play import ui

    p = build.plan(*profile.size)
    k = p["scale"]

    def line(i):  # a tap in the middle of text line i
        return "tap:%d,%d" % (p["x"] + k * (p["w"] // 2), p["y"] + k * (p["y1"] + i * p["pitch"] + p["pitch"] // 2))

    step = (art.CARD_W + art.GAP) * p["hand"] // 2
    y = p["y"] + k * (p["band"] + p["hand"] * (art.RAISE + art.CARD_H // 2))
    arrow = art.ARROW_W * p["hand"]  # the row's < and > zones: a tap there steps the cursor that way
    sweep = []
    for x in range(arrow + step // 2, p["w"] - arrow, step):
        sweep += ["tap:%d,%d" % (p["x"] + k * x, y)] * 2

    # The footer's act part ("tap: quit" when the sweep's Quit asks; else as the act key): the
    # question's yes, where any other tap is its no.
    class Asked:  # the question's footer as play/ui.py words it for this board's inputs
        hw = type("hw", (), {"buttons": profile})

    bar = p["bar"]
    n = len(ui.Ui.footer(Asked, "quit", "no"))
    left = p["x0"] if bar == p["text"] else (p["w"] - n * art.GLYPH_W * bar) // 2  # as hal/render/__init__.py places it
    yes = "tap:%d,%d" % (p["x"] + k * (left + art.GLYPH_W * bar), p["y"] + k * (p["tail"] + p["head"] // 2))
    sweep.append(yes)
    sweep += ["tap:%d,%d" % (p["x"] + k * (p["w"] - arrow // 2), y)] * 16  # the row's end in sight
    sweep.append(line(2))  # a question's first answer (who gets your token), under its two lines
    sweep += [yes, yes]  # the row's end (Quit, asked), then the question's yes
    items = title_rows(profile)  # the title of a first run: New game, Rules, Speed ... under a header
    header = min(2, p["lines"] - items)  # (play/app.py's title: two lines at most)
    setup_start = 2 + 4  # the setup's Start row: Players, Game, the four seats of the default table
    first = [line(header + 2)] * 2 + [line(header), line(setup_start)]
    more = sweep * (max(presses, resume) // len(sweep) + 1)
    resumed = line(max(0, min(2, p["lines"] - items - 1)))  # Continue, on top of the items, under a header
    return " ".join(first + more[:presses]), " ".join([resumed] + more[:resume])


class Flow:
    """Runs of the board flow in one folder: the drive, compiled stand-ins, keys.txt, nvm.bin."""

    def __init__(self, folder, mpy=True, drive=None):
        """``drive``: a drive folder already written (e.g. a bundle's folder); else tools/deploy writes one."""
        self.folder = folder
        self.drive = drive or make_drive(os.path.join(folder, "CIRCUITPY"), mpy)
        self.standins = compile_standins(os.path.join(folder, "standins"))
        self.work = os.path.join(folder, "run")
        os.makedirs(self.work, exist_ok=True)
        self.power_on(erase=True)

    def power_on(self, erase=False):
        """Fresh nvm (erased: 0xFF) or the one the last run left; empty save and erase logs."""
        if erase:
            with open(os.path.join(self.work, "nvm.bin"), "wb") as f:
                f.write(b"\xff" * 8192)
        for name in ("nvm.log", "nvm-erases.log"):
            with open(os.path.join(self.work, name), "wb"):
                pass

    def run(self, keys, budget, heap, version=VERSIONS[0], env=None, settings=SETTINGS, absent=(), script="code.py"):
        """One run (until the budget of presses is spent or a CUT): a CompletedProcess.

        ``settings``: the text of the board's settings.toml, read by the stand-in os.getenv as
        ``version`` reads it (default: new games dealt from LAMA_SEED 1, so that runs repeat).
        ``absent``: stand-in modules left out, as firmware without them (e.g. ``("terminalio",)``).
        ``env``: the process environment (the harness's own settings, e.g. LAMA_DISPLAY).
        ``script``: the drive's file run as ``__main__`` (``boot.py`` runs that instead)."""
        with open(os.path.join(self.work, "keys.txt"), "w") as f:
            f.write("%d %s\n" % (budget, keys))
        with open(os.path.join(self.work, "settings.toml"), "w") as f:
            f.write(settings)
        # Each imported module keeps its file name on the heap (``__file__``, a qstr). A board finds
        # the drive's modules through sys.path's "" ("engine/game.mpy") and its libraries through
        # "/lib" (main.c): the run folder links the drive's folders in, so that the names are the
        # board's ("./lib/..." one byte longer). A temporary folder's name would cost ~1 KB more.
        drive = os.path.relpath(self.drive, self.work)
        lib = self._link_drive()
        code = FLOW % (", ".join(m for m in standin_modules(version) if m not in absent), drive, script, script)
        path = [lib, drive, os.path.join(drive, "lib"), os.path.relpath(self._standins_without(absent), self.work)]
        return run(version, code, heap, path, cwd=self.work, env=env)

    def _link_drive(self):
        """Link the drive's folders into the run folder (sys.path's "" finds them there, as on a
        board): "./lib", or the drive's own path to its lib where links cannot be made."""
        try:
            for name in os.listdir(self.drive):
                at = os.path.join(self.work, name)
                if os.path.isdir(os.path.join(self.drive, name)) and not os.path.lexists(at):
                    os.symlink(os.path.join(os.path.relpath(self.drive, self.work), name), at)
        except OSError:  # (no symbolic links here: the longer names, a few hundred bytes more)
            return os.path.join(os.path.relpath(self.drive, self.work), "lib")
        return "./lib"

    def _standins_without(self, absent):
        """The compiled stand-ins, or a copy of them without the modules ``absent``."""
        if not absent:
            return self.standins
        folder = self.standins + "-without-" + "-".join(sorted(absent))
        if not os.path.isdir(folder):
            os.makedirs(folder)
            for name in STANDIN_MODULES + BOARD_STANDINS + REAL_DISPLAYIO_STANDINS:
                if name not in absent:
                    shutil.copyfile(os.path.join(self.standins, name + ".mpy"), os.path.join(folder, name + ".mpy"))
        return folder

    def heap_for(self, goal, version=REAL_DISPLAYIO, name="pybadge", keys=""):
        """The -X heapsize that gives the game ``goal`` KB on board ``name``: the stand-ins' own bytes
        (a run with no presses measures them; a board keeps them off its heap) go on top, in
        whole KB and one more. ``keys``: the run's script, which the stand-ins hold (a resume's 400
        taps are a list of 1.6 KB)."""
        probe = self.run(keys, 0, "256k", version, {"LAMA_STANDIN_BOARD": name})
        return "%dk" % (goal + Flow.standin_bytes(probe) // 1024 + 1)

    def cut_and_resume(self, name, goal, version=REAL_DISPLAYIO, frame=None):
        """The board flow of profile ``name`` with a power cut (:func:`board_scripts`), each run in a
        heap that gives the game ``goal`` KB (:meth:`heap_for`, with that run's script): the first run
        from an erased nvm (set up, 40 presses or 160 taps, CUT) and, when it ran clean to the cut,
        the resume to the budget's end (400: the game over). Returns (first run, its nvm log, the
        nvm at the cut, the resume or None); the runs are CompletedProcesses. ``frame``: the file
        the resume's last frame is drawn into (LAMA_FRAME)."""
        env = {"LAMA_STANDIN_BOARD": name}
        first, resume = board_scripts(name)
        first += " CUT"
        # (the probes first: each one starts the game, on whatever the nvm holds)
        heaps = self.heap_for(goal, version, name, first), self.heap_for(goal, version, name, resume)
        self.power_on(erase=True)
        cut = self.run(first, 1000, heaps[0], version, env)
        log = self.nvm_log()
        with open(os.path.join(self.work, "nvm.bin"), "rb") as f:
            at_cut = f.read()
        if "standin: power cut" not in cut.stdout or not Flow.clean(cut, "power cut"):
            return cut, log, at_cut, None
        self.power_on()
        if frame:  # (its name relative to the run folder: the same few bytes wherever the flow is)
            env = dict(env, LAMA_FRAME=os.path.relpath(frame, self.work))
        return cut, log, at_cut, self.run(resume, 400, heaps[1], version, env)

    def nvm_log(self):
        """The stand-in's record of every nvm write of the last run (read it with nvm_images)."""
        with open(os.path.join(self.work, "nvm.log"), "rb") as f:
            log = f.read()
        return log

    @staticmethod
    def standin_bytes(done):
        for line in done.stdout.splitlines():
            if line.startswith("standin bytes"):
                return int(line.split()[2])
        return 0

    @staticmethod
    def clean(done, end="standin: budget spent"):
        """True when a run ended as planned (``end`` printed), with no crash, no MemoryError and no
        save refused (the game plays on after one: play/app.py prints it)."""
        out = done.stdout + done.stderr
        return end in out and "stopped" not in out and "Error" not in out and "not saved" not in out


def nvm_images(log, start):
    """The nvm after each write recorded in ``log`` (the stand-in's nvm.log), from ``start``."""
    nvm = bytearray(start)
    at = 0
    out = []
    while at + 4 <= len(log):
        off = log[at] | log[at + 1] << 8
        n = log[at + 2] | log[at + 3] << 8
        nvm[off : off + n] = log[at + 4 : at + 4 + n]
        at += 4 + n
        out.append(bytes(nvm))
    return out


# The step of a heap figure below the whole KB: a figure is the heap bisected in whole KB, then
# stepped down within that KB while every step runs clean (a fragmented heap can fail at a size
# above one where it ran: the figure is the smallest from which every size up runs).
STEP = 256


def smallest_flow_heap(mpy=True, version=VERSIONS[0], keys=FIRST_RUN, budget=400, drive=None, lang=""):
    """(smallest heap in KB for a board flow run, to :data:`STEP` bytes, the stand-ins' bytes in it);
    ``drive``: see Flow; ``lang``: the game's language (LAMA_LANG in the board's settings.toml; "":
    English). Whole KB alone put a figure up to 1 KB high: the stand-ins' bytes, subtracted after,
    are no whole KB."""
    settings = SETTINGS + ('LAMA_LANG = "%s"\n' % lang if lang else "")
    with tempfile.TemporaryDirectory() as tmp:
        flow = Flow(tmp, mpy, drive)
        seen = []

        def ok(size):  # (a size: "100k", "102400")
            flow.power_on(erase=True)
            done = flow.run(keys, budget, size, version, settings=settings)
            if Flow.clean(done):
                seen.append(Flow.standin_bytes(done))
                return True
            return False

        kb = smallest(lambda kb: ok("%dk" % kb), 40, 256)
        stand = seen[-1]
        size = kb * 1024
        while size > (kb - 1) * 1024 and ok("%d" % (size - STEP)):
            size -= STEP
        return size / 1024, stand


def smallest_profile_heap(name, version=REAL_DISPLAYIO, low=80, high=200):
    """The smallest goal (whole KB for the game, the stand-ins' bytes on top: Flow.heap_for) in which
    profile ``name``'s board flow runs clean through its power cut and resume: the heap check of
    tests/test_circuitpython.py, bisected (tools/bench.py --profiles)."""
    with tempfile.TemporaryDirectory() as tmp:
        flow = Flow(tmp)

        def ok(goal):
            # (the resume's frames drawn into a file, as the check has them)
            frame = os.path.join(flow.folder, "frame.bin")
            _, _, _, resume = flow.cut_and_resume(name, goal, version, frame)
            return resume is not None and Flow.clean(resume)

        return smallest(ok, low, high)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["flow", "smallest"])
    ap.add_argument(
        "--heap",
        type=int,
        default=160,
        help="KB the game may take (flow): the stand-ins' own bytes, which a board keeps off its heap, go on top",
    )
    ap.add_argument("--py", action="store_true", help="a drive of .py sources")
    ap.add_argument("--version", default=VERSIONS[0])
    ap.add_argument("--keys", default=FIRST_RUN)
    ap.add_argument("--budget", type=int, default=400)
    args = ap.parse_args()
    reason = missing(args.version)
    if reason:
        sys.exit(reason)
    if args.what == "smallest":
        kb, stand = smallest_flow_heap(not args.py, args.version, args.keys, args.budget)
        print("smallest heap %.2f KB, stand-ins %d bytes: %.1f KB for the game" % (kb, stand, kb - stand / 1024))
        return
    with tempfile.TemporaryDirectory() as tmp:
        flow = Flow(tmp, not args.py)
        # The stand-ins' own bytes (board pins, a display's band buffer, ...): a first run with no
        # presses measures them, and they go on top of the game's heap, as every figure here does.
        stand = Flow.standin_bytes(flow.run("", 0, "256k", args.version))
        flow.power_on(erase=True)
        heap = args.heap * 1024 + stand
        print("heap %d bytes: %d KB for the game, %d bytes of stand-ins" % (heap, args.heap, stand))
        done = flow.run(args.keys, args.budget, "%d" % heap, args.version)
        sys.stdout.write(done.stdout[-6000:])
        sys.stderr.write(done.stderr[-3000:])
        clean = Flow.clean(done)
        saves = len(nvm_images(flow.nvm_log(), b"\xff" * 8192))
        print("rc", done.returncode, "clean", clean, "saves", saves)
        sys.exit(0 if clean else 1)


if __name__ == "__main__":
    main()
