"""Each object owns its state (issue 37): no shipped module uses a private name (a leading
underscore) of another object or module. What another module needs is public and named for what
it is (hal/render/__init__.py's Renderer takes the parts hal/render/build.py makes and names them; the hit
test, hal/render/hit.py, reads those). Shipped: what goes onto a board or runs the desktop game,
engine/, play/, hal/, code.py and boot.py (no tool of tools/ is shipped: tools/bundle copies those).

The one exception: the desktop window (hal/desktop/window.py) is a Blinka display whose refresh it
hooks, through Blinka's own private methods, listed in ALLOWED with the reason of each.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIPPED = ("engine", "play", "hal", "code.py", "boot.py")

# Private names of other code that a shipped module may use: {name: (the files, why)}.
ALLOWED = {
    # Blinka's BusDisplay refreshes through these; the desktop window (a BusDisplay of its own)
    # overrides them to count the areas a board would push and to draw into its pygame window, and
    # calls Blinka's own from its overrides (as super() would). A Blinka Group's refresh walk clears
    # its TileGrids' changes: the window walks the tree once where Blinka's refresh does not.
    "_get_refresh_areas": (("hal/desktop/window.py",), "Blinka's refresh: the window counts its areas"),
    "_refresh_display": (("hal/desktop/window.py",), "Blinka's refresh: the window draws after it"),
    "_release": (("hal/desktop/window.py",), "Blinka's release_displays: the window closes with it"),
    # Blinka's displayio refreshes from a background thread every millisecond; the window refreshes
    # when the game shows a screen, and stops it (where the Blinka release has it).
    "_stop_background": (("hal/desktop/window.py",), "Blinka's refresh thread, not needed here"),
}


def shipped_files():
    for top in SHIPPED:
        path = os.path.join(ROOT, top)
        if top.endswith(".py"):
            yield top
            continue
        for folder, _, files in os.walk(path):
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")


def private(name):
    return name.startswith("_") and not name.startswith("__")


def foreign_privates(source):
    """(line, text) of each use of another object's or module's private name in ``source``:
    ``x._name`` where x is not ``self`` or ``cls``; ``from m import _name``; ``getattr(x, "_name")``
    (and setattr, hasattr, delattr) where x is not ``self`` or ``cls``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and private(node.attr):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                out.append((node.lineno, node.attr, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom) and not node.level:
            for alias in node.names:
                if private(alias.name):
                    out.append((node.lineno, alias.name, "from %s import %s" % (node.module, alias.name)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and private(node.args[1].value)
            and not (isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "cls"))
        ):
            out.append((node.lineno, node.args[1].value, ast.unparse(node)))
    return out


def test_no_shipped_module_uses_another_objects_private_names():
    found = []
    for path in shipped_files():
        with open(os.path.join(ROOT, path)) as f:
            for line, name, text in foreign_privates(f.read()):
                if path not in ALLOWED.get(name, ((), ""))[0]:
                    found.append("%s:%d %s" % (path, line, text))
    assert not found, "private names of other objects used:\n" + "\n".join(found)


def test_the_allowed_exceptions_are_still_used():
    # An exception no file needs any more is taken off the list (it would hide a new use).
    used = set()
    for path in shipped_files():
        with open(os.path.join(ROOT, path)) as f:
            used.update((name, path) for _, name, _ in foreign_privates(f.read()))
    for name, (files, why) in ALLOWED.items():
        assert why
        for path in files:
            assert (name, path) in used, (name, path)


def test_the_check_sees_each_kind_of_use():
    source = (
        "from m import _x\n"
        "class C:\n"
        "    def f(self, other):\n"
        "        self._a = other._b\n"  # other's: found; self's: not
        "        return getattr(other, '_c'), getattr(self, '_d'), cls._e, m._f\n"
    )
    assert [name for _, name, _ in sorted(foreign_privates(source))] == ["_x", "_b", "_c", "_f"]


def test_play_reads_the_hardware_as_declared_never_probing_it():
    # Every capability of the hardware is declared in hal/__init__.py (its Protocols; mypy holds
    # each implementation to them: tests/hal_contract.py), there on every implementation (None or
    # False where it is absent): the flow reads it plainly, never with getattr's default.
    runtime = {("gc", "mem_free"), ("self", "serial")}  # CircuitPython or CPython; a View's own field
    found = []
    for path in shipped_files():
        if not path.startswith("play/"):
            continue
        with open(os.path.join(ROOT, path)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and (ast.unparse(node.args[0]), node.args[1].value) not in runtime
            ):
                found.append("%s:%d %s" % (path, node.lineno, ast.unparse(node)))
    assert not found, "probes of the hardware:\n" + "\n".join(found)
