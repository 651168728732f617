"""The house's layers (docs/DESIGN.md): engine/ imports nothing of play/ or hal/; play/ uses of
hal/ only the interface (hal/__init__.py); hal/ knows of play/ only the View it draws (play/view.py:
the programs' entries, code.py and desktop.py, start play); hal/__init__.py imports nothing of the
game; and no module imports one that imports it back, not even inside a function."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "play", "hal")


def modules():
    """{dotted name: path} of every module of the three packages (subpackages included)."""
    out = {}
    for package in PACKAGES:
        for folder, _, files in os.walk(os.path.join(ROOT, package)):
            for name in files:
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, name), ROOT)[:-3].replace(os.sep, ".")
                    out[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(folder, name)
    return out


def imports(path, known):
    """The modules of ``known`` that the file imports, anywhere in it (functions included)."""
    with open(path) as f:
        tree = ast.parse(f.read())
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # ``from package import module`` depends on that module, as ``import package.module``
            # does (a package is one unit with its modules); ``from module import name`` on the module.
            names = [
                node.module + "." + a.name if node.module + "." + a.name in known else node.module for a in node.names
            ]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names = [arg.value]
        for name in names:
            if name in known:
                found.add(name)
    return found


def graph():
    known = modules()
    # (``from hal import script`` in hal/__init__.py names hal itself: no edge to itself)
    return {name: imports(path, known) - {name} for name, path in known.items()}


def test_the_rules_import_nothing_of_the_program_or_the_hardware():
    for name, deps in graph().items():
        if name.split(".")[0] == "engine":
            assert all(d.split(".")[0] == "engine" for d in deps), (name, deps)


def test_the_program_uses_the_hardware_only_through_its_interface():
    for name, deps in graph().items():
        if name.split(".")[0] == "play":
            assert all(d.split(".")[0] != "hal" or d == "hal" for d in deps), (name, deps)
    assert not [d for d in graph()["hal"] if d.split(".")[0] in ("engine", "play")]


def test_the_hardware_knows_of_the_program_only_its_view():
    for name, deps in graph().items():
        if name.split(".")[0] == "hal":
            assert all(d.split(".")[0] != "play" or d == "play.view" for d in deps), (name, deps)
    # (importing play.view runs play/__init__.py first: it imports nothing)
    assert not imports(os.path.join(ROOT, "play", "__init__.py"), modules())


def test_no_module_imports_one_that_imports_it_back():
    g = graph()
    for start in g:
        # Every module reachable from ``start``; ``start`` itself must not be among them.
        seen = set()
        todo = list(g[start] - {start})
        while todo:
            m = todo.pop()
            if m in seen:
                continue
            seen.add(m)
            todo.extend(g.get(m, ()))
        # A package and its own submodules are one unit (hal.forget drops a module from its package).
        back = [m for m in seen if start in g.get(m, ()) and not _same_package(m, start)]
        assert not back, "%s imports %s, which imports it back" % (start, back)


def _same_package(a, b):
    return a.startswith(b + ".") or b.startswith(a + ".")
