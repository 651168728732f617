"""How much of a board's pystack the game's calls take: its deepest chain of Python frames.

CircuitPython keeps every Python call's frame on a fixed *pystack* (``MICROPY_ENABLE_PYSTACK``,
py/circuitpy_mpconfig.h), not on the heap: ``CIRCUITPY_PYSTACK_SIZE`` bytes, 1,536 by default on
9.2.9 and 2,048 on 10.2.1 (main.c reads a larger size from settings.toml). A chain of calls
deeper than that stops the program with ``RuntimeError: pystack exhausted``. The unix ports the
checks run on have no pystack (their big frames go on the heap, small ones on the C stack), so
the figure is computed here:

* each function's frame from the ``.mpy`` files ``tools/deploy`` writes: py/objfun.c allocates
  ``sizeof(mp_code_state_t)`` (20 bytes on a 32-bit board) + 4 bytes for each of the function's
  ``n_state`` slots + 12 for each exception handler (``n_exc_stack``), rounded up to 8
  (py/pystack.c), both counts read from the bytecode's prelude (py/bc.h);
* the chains from games played on CPython with the mock HAL (``sys.setprofile``): at every call,
  the frames of the game's modules on the stack summed.

    python tools/pystack.py            # the deepest chain of a few games, frame by frame

The libraries' frames (adafruit_display_text...) are not counted: on CPython the games run the
desktop's copies, and they run at start-up only, in shallower chains than a Hard bot's move.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # run as a script too (python tools/pystack.py)

HEADER = 20  # sizeof(mp_code_state_t): fun_bc, ip, sp, n_state and exc_sp_idx, old_globals
ALIGN = 8  # MICROPY_PYSTACK_ALIGN
PYSTACK = {"9.2.9": 1536, "10.2.1": 2048}  # CIRCUITPY_PYSTACK_SIZE by default, a SAMD51's too


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def byte(self):
        self.at += 1
        return self.data[self.at - 1]

    def uint(self):
        n = 0
        while True:
            b = self.byte()
            n = n << 7 | b & 0x7F
            if not b & 0x80:
                return n

    def skip(self, n):
        self.at += n


def _obj(r):
    """Skip one constant of the object table (py/persistentcode.c's kinds)."""
    kind = r.byte()
    if kind == 10:  # a tuple
        for _ in range(r.uint()):
            _obj(r)
    elif kind > 4:  # str, bytes, int, float, complex: a length and the text (str, bytes: a NUL)
        r.skip(r.uint() + (kind in (5, 6)))


def _prelude(code):
    """(n_state, n_exc_stack, index of the simple name) from a bytecode function's prelude."""
    r = _Reader(code)
    z = r.byte()
    n_state = z >> 3 & 0xF
    n_exc = z >> 2 & 1
    n_pos = z & 3
    n_kw = 0
    n = 0
    while z & 0x80:  # xFSSKAED
        z = r.byte()
        n_state |= (z & 0x30) << 2 * n
        n_exc |= (z & 0x02) << n
        n_pos |= (z & 0x04) << n
        n_kw |= (z & 0x08) >> 3 << n
        n += 1
    while r.byte() & 0x80:  # the prelude's size
        pass
    return n_state + 1, n_exc, r.uint()


def _names(path):
    """(a reader past the names, the ``.mpy``'s qstr table, its number of constants)."""
    with open(path, "rb") as f:
        r = _Reader(f.read())
    if r.byte() != ord("C"):
        raise ValueError("%s: not a CircuitPython .mpy" % path)
    r.skip(3)
    n_qstr, n_obj = r.uint(), r.uint()
    names = []  # type: list
    for _ in range(n_qstr):
        n = r.uint()
        if n & 1:  # a static qstr: its index
            names.append(n >> 1)
        else:
            names.append(r.data[r.at : r.at + (n >> 1)].decode())
            r.skip((n >> 1) + 1)
    return r, names, n_obj


def source_name(path):
    """The file name ``.mpy`` file ``path`` gives its tracebacks (its first qstr; mpy-cross -s)."""
    return _names(path)[1][0]


def functions(path):
    """[(names, frame bytes)] of the functions in ``.mpy`` file ``path``, ``names`` the function's
    and its enclosing functions' and classes' from the outside in (the module's ``<module>`` first).
    A name is a str, or the index of a static qstr (the firmware's own names, as ``__init__``),
    which :func:`frame_sizes` resolves. A list, dict or set comprehension's frame is added to the
    function it is in (CPython 3.12 runs those without a frame of their own; here they count
    wherever their function is on the stack, which bounds them from above)."""
    r, names, n_obj = _names(path)
    for _ in range(n_obj):
        _obj(r)
    out = []

    def raw_code(outer):
        """Read one raw code and its children; its frame bytes when it is a comprehension."""
        kind_len = r.uint()
        if kind_len & 3:
            raise ValueError("%s: native code, not bytecode" % path)
        code = r.data[r.at : r.at + (kind_len >> 3)]
        r.skip(kind_len >> 3)
        n_state, n_exc, name = _prelude(code)
        size = (HEADER + 4 * n_state + 12 * n_exc + ALIGN - 1) & -ALIGN
        here = outer + (names[name],)
        at = len(out)
        out.append((here, size))
        folded = 0
        if kind_len >> 2 & 1:
            for _ in range(r.uint()):
                folded = max(folded, raw_code(here))
        out[at] = (here, size + folded)
        return size if names[name] in _COMPREHENSIONS else 0

    raw_code(())
    return out


def frame_sizes(drive, cross):
    """{"engine/game.py:step": frame bytes, ...} for every ``.mpy`` module of ``drive`` (the game's
    and the libraries'), a name taking its largest frame. Static names (``__init__``, ``run``...)
    are learnt by compiling, with the same ``cross``, a function of each name the sources use."""
    files = []
    for folder, _, names in os.walk(drive):
        files += [os.path.join(folder, n) for n in names if n.endswith(".mpy")]
    found = [(os.path.relpath(f, drive)[:-4] + ".py", functions(f)) for f in sorted(files)]
    static = {}
    if any(not isinstance(n, str) for _, fs in found for names, _ in fs for n in names):
        static = _static_names(cross)
    sizes = {}
    for module, fs in found:
        if module.startswith("lib" + os.sep):
            module = module[4:]
        for names, size in fs:
            names = [static.get(n, str(n)) for n in names[1:]]  # (without <module>)
            key = module + ":" + (".".join(names) or "<module>")
            sizes[key] = max(sizes.get(key, 0), size)
    return sizes


def _static_names(cross):
    """{static qstr index: name} for every function and class name of the project's sources."""
    import ast

    wanted = set()
    for folder in ("engine", "hal", "play"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            for n in names:
                if n.endswith(".py"):
                    with open(os.path.join(dirpath, n)) as f:
                        tree = ast.parse(f.read())
                    wanted |= {x.name for x in ast.walk(tree) if isinstance(x, (ast.FunctionDef, ast.ClassDef))}
    plain = sorted(w for w in wanted if w.isidentifier())
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "names.py")
        with open(src, "w") as f:
            f.write("".join("def %s():\n    pass\n" % w for w in plain) + _UNNAMED)
        subprocess.run([cross, "-o", src[:-3] + ".mpy", src], check=True)
        fs = functions(src[:-3] + ".mpy")
    # <module>, the functions in order, then the probe and its comprehensions and lambda
    names = ["<module>"] + plain + ["_probe_", "<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", "<lambda>"]
    return {n[-1]: w for (n, _), w in zip(fs, names) if not isinstance(n[-1], str)}


_COMPREHENSIONS = ("<listcomp>", "<dictcomp>", "<setcomp>")
# The functions a compiler names itself, in the order their raw codes follow _probe_'s.
_UNNAMED = """def _probe_():
    [x for x in ()]
    {x: x for x in ()}
    {x for x in ()}
    (x for x in ())
    lambda: 0
"""


class Tracer:
    """``sys.setprofile`` over the game's calls on CPython: ``deepest`` bytes and its ``chain``."""

    def __init__(self, sizes):
        self.sizes = sizes
        self.stack = []  # the frame bytes of each call on the stack (0: not the game's)
        self.total = 0
        self.deepest = 0
        self.chain = []
        self.prefix = ROOT + os.sep

    def size(self, code):
        f = code.co_filename
        if not f.startswith(self.prefix) or code.co_name in _COMPREHENSIONS:  # (in their function's)
            return 0
        return self.sizes.get(f[len(self.prefix) :] + ":" + code.co_qualname.replace(".<locals>", ""), 0)

    def __call__(self, frame, event, arg):
        if event == "call":
            n = self.size(frame.f_code)
            self.stack.append(n)
            self.total += n
            if self.total > self.deepest:
                self.deepest = self.total
                self.chain = []
                f = frame
                while f is not None:
                    n = self.size(f.f_code)
                    if n:
                        self.chain.append((n, f.f_code.co_filename[len(self.prefix) :] + ":" + f.f_code.co_qualname))
                    f = f.f_back
                self.chain.reverse()
        elif event == "return" and self.stack:
            self.total -= self.stack.pop()

    def run(self, fn, *args):
        sys.setprofile(self)
        try:
            return fn(*args)
        finally:
            sys.setprofile(None)


def game_frames(cross):
    """:func:`frame_sizes` of what a board runs, compiled as tools/deploy compiles it (-O3) by
    ``cross``, with code.py (which the board compiles from source) as ``code.py:<module>``."""
    from tools import drive as drive_files

    files = [(src, rel) for src, rel in drive_files.game_files() if rel.endswith(".py")]
    with tempfile.TemporaryDirectory() as tmp:
        drive_files.compile_files(files, cross, tmp)
        subprocess.run([cross, "-o", os.path.join(tmp, "code.mpy"), os.path.join(ROOT, "code.py")], check=True)
        return frame_sizes(tmp, cross)


def board_use(sizes, screens=2500):
    """(bytes, chain) of the deepest pystack the games of :func:`games` take on a board: their
    deepest chain, under code.py's frame and play/app.py's ``run`` (code.py calls it; the games
    here call ``App.run`` themselves)."""
    tracer = Tracer(sizes)
    games(tracer, screens)
    top = [(sizes["code.py:<module>"], "code.py:<module>"), (sizes["play/app.py:run"], "play/app.py:run")]
    chain = top + tracer.chain
    return sum(n for n, _ in chain), chain


def games(tracer, screens=2500):
    """Games on the mock HAL under ``tracer``: Hard bots at a full table and a small one, the
    random test player choosing moves, menus and screens (tests/flow_driver.py)."""
    from play import match as mt
    from tests.flow_driver import new_game_script
    from tests.test_flow import play

    for kinds, seed in (([mt.HUMAN, 3, 3, 3, 3, 3], 1), ([mt.HUMAN, mt.HUMAN, 3], 2), ([mt.HUMAN, 3, 2, 1], 3)):
        tracer.run(play, new_game_script(kinds), seed, seed, None, screens)


def main():
    from tools import cpboard

    sizes = game_frames(cpboard.cross())
    use, chain = board_use(sizes)
    for n, name in chain:
        print("%5d  %s" % (n, name))
    print("pystack at the deepest: %d bytes; CircuitPython's CIRCUITPY_PYSTACK_SIZE by default: %s" % (
        use, ", ".join("%d on %s" % (PYSTACK[v], v) for v in sorted(PYSTACK))))


if __name__ == "__main__":
    main()
