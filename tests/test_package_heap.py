"""What a sub-package costs on a board's heap (issue 37, item 6; docs/DESIGN.md's memory rules).

On CircuitPython 10.2.1's unix port (the displayio build, 32-bit as a board is), from ``.mpy``
files: ``N`` modules imported each in a package of its own (``hal/xNN/__init__.mpy`` +
``hal/xNN/build.mpy``) against the same ``N`` modules flat (``hal/xNNbuild.mpy``), with
``gc.mem_alloc()`` around the imports. The difference over ``N`` is one package: its module object
and globals dict (``__name__``, ``__file__``, ``__path__``, its loaded modules), one more
``sys.modules`` entry and its names, qstrs for good. Averaged over many, so that the steps of the
qstr pools and of the dicts' tables do not decide it. And a group whose main module becomes the
package's ``__init__`` (``hal/xNN.mpy`` + ``hal/xNNbuild.mpy`` -> ``hal/xNN/__init__.mpy`` +
``hal/xNN/build.mpy``): then the package costs far less, no module object of its own. Run with
``-s`` to see the figures.
"""

import os
import re
import subprocess

import pytest

from tools import cpboard

VERSION = cpboard.REAL_DISPLAYIO
pytestmark = pytest.mark.skipif(bool(cpboard.missing(VERSION)), reason=cpboard.missing(VERSION) or "")

MODULE = "X = 1\n\n\ndef f(a):\n    return a + X\n"
PROBE = """
import gc
import hal
_n = %s
gc.collect()
a = gc.mem_alloc()
%s
gc.collect()
print("delta", gc.mem_alloc() - a)
"""


def drive(folder, files):
    """``files`` ({path: source}) compiled to .mpy under ``folder``, as tools/deploy writes them."""
    for rel, text in files.items():
        src = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(src), exist_ok=True)
        with open(src, "w") as f:
            f.write(text)
        subprocess.run([cpboard.cross(), "-o", src[:-3] + ".mpy", "-s", rel, src], check=True, cwd=folder)
        os.remove(src)


def heap_of(folder, imports, names):
    """The bytes the ``imports`` (statements) leave on the heap; ``names``: strings interned before."""
    done = cpboard.run(VERSION, PROBE % (names, imports), "300k", ["."], cwd=folder, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return int(re.search(r"delta (-?\d+)", done.stdout).group(1))


def package_cost(tmp_path, n, interned, main=False):
    """Bytes one package costs: ``n`` modules in packages of their own against ``n`` flat; ``main``:
    each package's ``__init__`` is a module that was flat beside it (``hal/xNN.mpy``) too."""
    flat, packaged, names = {"hal/__init__.py": ""}, {"hal/__init__.py": ""}, []
    for i in range(n):
        if main:
            flat["hal/x%02d.py" % i] = MODULE
        flat["hal/x%02dbuild.py" % i] = MODULE
        packaged["hal/x%02d/__init__.py" % i] = MODULE if main else ""
        packaged["hal/x%02d/build.py" % i] = MODULE
        names += [w % i for w in ("hal/x%02dbuild.mpy", "hal.x%02dbuild", "x%02dbuild", "hal/x%02d/__init__.mpy")]
        names += [w % i for w in ("hal/x%02d", "hal.x%02d", "x%02d", "hal.x%02d.build", "hal/x%02d/build.mpy")]
        names += ["hal/x%02d.mpy" % i]
    names = repr(tuple(names + ["build", "__path__", "X", "f", "a"])) if interned else "None"
    drive(str(tmp_path / "flat"), flat)
    drive(str(tmp_path / "packaged"), packaged)
    first = "import hal.x%02d\n" if main else ""
    a = heap_of(
        str(tmp_path / "flat"),
        "\n".join((first + "import hal.x%02dbuild") % ((i, i) if main else i) for i in range(n)),
        names,
    )
    b = heap_of(
        str(tmp_path / "packaged"),
        "\n".join((first + "import hal.x%02d.build") % ((i, i) if main else i) for i in range(n)),
        names,
    )
    return (b - a) / n


@pytest.mark.parametrize("n", [32, 64])
def test_a_package_costs_about_a_fifth_of_a_kb(tmp_path, n):
    new = package_cost(tmp_path / "new", n, False)
    objects = package_cost(tmp_path / "interned", n, True)
    print("a package: %.0f B with its names new, %.0f B with them interned before (%d of each)" % (new, objects, n))
    # docs/DESIGN.md: about 205 B with the names (177-276 over 8 to 64 packages), 130-170 B without them.
    assert 100 < objects < 320 and 100 < new < 320, (objects, new)


def test_a_package_whose_init_is_the_groups_main_module_costs_far_less(tmp_path):
    n = 64
    new = package_cost(tmp_path / "new", n, False, main=True)
    objects = package_cost(tmp_path / "interned", n, True, main=True)
    alone = package_cost(tmp_path / "alone", n, False)
    print("a package holding the main module: %.0f B with its names new, %.0f B interned before" % (new, objects))
    # docs/DESIGN.md: about 65 B with the names (62-97 over 16 to 64 packages), about 30 B without them.
    assert 0 < objects < new < 130 and new < alone / 2, (objects, new, alone)
