"""What goes onto a CIRCUITPY drive, and the compiler that makes it: shared by tools/deploy and tools/bundle.

* :func:`game_files`: every file the board runs (``code.py``, ``boot.py``, ``engine/``, ``play/``, the
  board half of ``hal/``, the libraries tools/libs installed in ``lib/``), as (source, path on the drive).
* :func:`find_cross`, :func:`release_cross`, :func:`check_cross`: CircuitPython's own ``mpy-cross``,
  found under ``LAMA_CIRCUITPYTHON`` (a folder of ``<release>/mpy-cross``, default
  ``../shared/circuitpython`` beside the project) and checked: a path that is not there, a file without
  its run bit (as a fresh download is), a program that does not run, MicroPython's compiler.
* :func:`compile_files`: every module but ``code.py`` and ``boot.py`` to CircuitPython ``.mpy``.
* :func:`board_files`: of those, the ones the board imports from ``code.py`` and ``boot.py``,
  transitively (what tools/bundle ships), and :func:`importers`: who imports each.
"""

import ast
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "play", "hal")  # the game's packages, all of them on the board...
DESKTOP_ONLY = ("mock.py", "script.py")  # ...but these hal modules, and the desktop's (hal/desktop/)
AS_SOURCE = ("code.py", "boot.py")  # CircuitPython runs these two by name, as .py
DATA = ("play/text",)  # files read as data, copied as they are: the languages' catalogs (play/lang.py)
CROSS_HELP = (
    "get the mpy-cross of your CircuitPython release from the CircuitPython downloads "
    "(circuitpython.org, 'mpy-cross' for your computer)"
)


def say(*parts, file=None):
    """print() that a closed pipe cannot stop (``tools/deploy ... | head``): once the reader has gone,
    the rest of the output goes to /dev/null and the work goes on (a deploy stopped there would
    leave a half-written drive)."""
    stream = file or sys.stdout
    try:
        print(*parts, file=stream)
        stream.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # also what Python flushes at exit: no second error then
        os.close(devnull)


class Refused(Exception):
    """A compiler or a file the tools cannot use; the message says why and what to do."""


def game_files(root=ROOT):
    """[(source path, path on the drive)] of everything the board runs."""
    out = [(os.path.join(root, name), name) for name in AS_SOURCE]
    for package in PACKAGES:
        for rel in _modules(os.path.join(root, package), package):
            if rel not in ["hal/" + name for name in DESKTOP_ONLY] and not rel.startswith("hal/desktop"):
                out.append((os.path.join(root, *rel.split("/")), rel))
    for folder in DATA:
        where = os.path.join(root, *folder.split("/"))
        for name in sorted(os.listdir(where)) if os.path.isdir(where) else ():
            if name.endswith(".bin"):
                out.append((os.path.join(root, *folder.split("/"), name), folder + "/" + name))
    # lib/: exactly the files tools/libs installed (lib/.files), nothing left over by hand.
    lib = os.path.join(root, "lib")
    for rel in lines(os.path.join(lib, ".files")):
        if rel.endswith(".py") and not rel.startswith("/") and ".." not in rel.split("/"):
            out.append((os.path.join(lib, *rel.split("/")), "lib/" + rel))
    return out


def module_name(rel):
    """The module a drive path holds: 'engine/game.py' -> 'engine.game', 'hal/boards/__init__.py' ->
    'hal.boards', 'lib/adafruit_ticks.py' -> 'adafruit_ticks' (the board finds lib/ on its path)."""
    parts = (rel[4:] if rel.startswith("lib/") else rel).rsplit(".", 1)[0].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _parse(src, name, package):
    """What module ``name`` (its source at ``src``; ``package``: an __init__) may import:
    (the names its import statements and ``__import__("literal")`` calls give, the prefixes of its
    computed ``__import__(prefix + ...)`` calls ("" for ``__import__(a_name)``), its string
    constants, and their words)."""
    with open(src) as f:
        tree = ast.parse(f.read(), src)
    here = name if package else name.rpartition(".")[0]
    names, prefixes, strings, words = set(), set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")[: len(here.split(".")) - node.level + 1] if here else []
                base = ".".join(up + ([node.module] if node.module else []))
            names.add(base)
            names.update(base + "." + alias.name for alias in node.names)  # (a submodule, when one)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names.add(arg.value)
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
                prefixes.add(arg.left.value)
            else:
                prefixes.add("")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.add(node.value)
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", node.value))  # (a table's columns too)
    return names, prefixes, strings, words


def importers(files, roots=AS_SOURCE):
    """{module: (the module that imports it, how)} of every module of ``files`` ((source, drive
    path), as :func:`game_files` gives them) that the board loads, starting from ``roots`` (the
    files CircuitPython runs by name: code.py, boot.py; their importer is None).

    Read from the sources, not run: ``import`` and ``from ... import`` statements anywhere (in a
    function or a ``try`` too), a package for each of its modules, ``__import__("a.b")``; a
    computed ``__import__("play." + module)`` is resolved against every word of the string
    constants of the modules reached (``"screens setup|..."``, a profile's family in hal/boards' table),
    ``__import__(name)`` against every string constant (the names of play/app.py's NOW_AND_THEN)."""
    by_name = dict((module_name(rel), (src, rel)) for src, rel in files)
    out = dict((module_name(rel), (None, "run by CircuitPython")) for _, rel in files if rel in roots)
    parsed, held, dynamic = {}, ({}, {}), []  # held: {string: its module}, {word: its module}
    while True:
        new = [m for m in out if m not in parsed]
        for m in new:
            src, rel = by_name[m]
            parsed[m] = _parse(src, m, rel.endswith("__init__.py"))
            for i in (0, 1):
                for text in parsed[m][2 + i]:
                    held[i].setdefault(text, m)
            dynamic += [(m, prefix) for prefix in parsed[m][1]]
        found = []
        for m in new:
            found += [(n, m, "import") for n in sorted(parsed[m][0])]
        for m, prefix in dynamic:
            texts = held[1] if prefix else held[0]
            how = "__import__(%r + ...)" % prefix if prefix else "__import__(a name)"
            found += [(prefix + t, m, "%s, named in %s" % (how, texts[t])) for t in sorted(texts)]
        added = False
        for name, importer, how in found:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # a module's packages load first
                owner = ".".join(parts[:i])
                if owner in by_name and owner not in out:
                    out[owner] = (importer, how if i == len(parts) else "package of " + name)
                    added = True
        if not added and not [m for m in out if m not in parsed]:
            return out


def board_files(root=ROOT):
    """The (source, drive path) of :func:`game_files` that the board loads (:func:`importers`): what
    a bundle ships. engine/selftest.py (run by hand and by the tests) and the library modules the
    game never imports are left out."""
    files = game_files(root)
    loaded = importers(files)
    # (the languages' catalogs: data the game reads, play/catalog.py, not modules)
    return [(src, rel) for src, rel in files if module_name(rel) in loaded or not rel.endswith(".py")]


def _modules(folder, rel):
    """The .py files under ``folder`` (a package's subpackages too), as sorted drive paths under ``rel``."""
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".py") and os.path.isfile(path):
            out.append(rel + "/" + name)
        elif os.path.isdir(path) and os.path.isfile(os.path.join(path, "__init__.py")):
            out += _modules(path, rel + "/" + name)
    return out


def lines(path):
    """The lines of a text file without comments and blanks ([] when it is missing)."""
    try:
        with open(path) as f:
            return [line.split("#")[0].strip() for line in f if line.split("#")[0].strip()]
    except OSError:
        return []


def package_name(requirement):
    """The normalised package name of a pip requirement line ('adafruit-circuitpython-ticks')."""
    return re.sub(r"[-_.]+", "-", re.split(r"[\s<>=!~;\[(]", requirement, 1)[0]).lower()


def package_names(requirements):
    """The normalised package names of pip requirement lines."""
    return set(package_name(r) for r in requirements)


def pinned(requirements):
    """{package name: version} of the lines that pin one (``name==version``)."""
    return dict((package_name(r), r.split("==", 1)[1].strip()) for r in requirements if "==" in r)


def libs_stale(root=ROOT):
    """True when lib/ does not hold what lib/requirements.txt lists, at the versions it pins (tools/libs is
    then run)."""
    lib = os.path.join(root, "lib")
    wanted = lines(os.path.join(lib, "requirements.txt"))
    installed = lines(os.path.join(lib, ".installed"))
    have = pinned(installed)
    if any(have.get(name) != version for name, version in pinned(wanted).items()):
        return True
    return not package_names(wanted) <= package_names(installed) or (not wanted and bool(installed))


def ensure_libs(root=ROOT, quiet=False):
    """Run tools/libs when lib/ does not hold what lib/requirements.txt lists; its exit status (0: fine)."""
    if not libs_stale(root):
        return 0
    out = subprocess.DEVNULL if quiet else None
    return subprocess.run([sys.executable, os.path.join(root, "tools", "libs")], stdout=out).returncode


def base():
    """The folder of CircuitPython builds (LAMA_CIRCUITPYTHON, else ../shared/circuitpython)."""
    return os.environ.get("LAMA_CIRCUITPYTHON") or os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")


def release_key(release):
    """Sort key of a release folder's name: '10.2.1' after '9.2.9'."""
    return [int(p) for p in re.findall(r"\d+", release)]


def release_cross(release):
    """Where release ``release``'s mpy-cross belongs: ``base()/<release>/mpy-cross``."""
    return os.path.join(base(), release, "mpy-cross")


def find_cross(major=None):
    """The newest ``<release>/mpy-cross`` under base() of ``major`` (any when None), or None."""
    try:
        releases = sorted(os.listdir(base()), key=release_key, reverse=True)
    except OSError:
        return None
    for release in releases:
        if (major is None or release.split(".")[0] == str(major)) and os.path.isfile(release_cross(release)):
            return release_cross(release)
    return None


def version_major(text):
    """The major version in 'Adafruit CircuitPython 10.2.1 on ...' (boot_out.txt, mpy-cross --version)."""
    found = re.search(r"CircuitPython (\d+)\.", text or "")
    return int(found.group(1)) if found else None


def check_cross(cross):
    """What CircuitPython mpy-cross ``cross`` says it is ('... CircuitPython 10.2.1 ...'); Refused otherwise.

    The reason is the first thing wrong: not found, not executable (the run bit a downloaded file
    lacks), does not run, or not CircuitPython's (MicroPython's writes files CircuitPython rejects).
    """
    if not os.path.isfile(cross):
        raise Refused("%s not found" % cross)
    if not os.access(cross, os.X_OK):
        raise Refused("%s is not executable (chmod +x %s)" % (cross, cross))
    try:
        done = subprocess.run([cross, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        raise Refused("%s does not run (%s)" % (cross, e))
    said = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        raise Refused("%s does not run (exit status %d: %s)" % (cross, done.returncode, said[-200:]))
    if "CircuitPython" not in said or version_major(said) is None:
        raise Refused(
            "%s is not CircuitPython's mpy-cross (%s); CircuitPython rejects other .mpy files" % (cross, said)
        )
    return said


def board_file(rel):
    """The ``__file__`` CircuitPython gives the module at ``rel`` on the drive: found through
    ``sys.path``'s first entry, ``""``, from the drive's root ("engine/game.mpy"), and the
    libraries through ``/lib`` ("/lib/adafruit_display_text/label.mpy"; py/builtinimport.c)."""
    return "/" + rel if rel.startswith("lib/") else rel


def compile_files(files, cross, dest):
    """``files`` with every module but code.py and boot.py compiled by ``cross`` into ``dest``."""
    out = []
    for src, rel in files:
        if rel in AS_SOURCE or not rel.endswith(".py"):
            out.append((src, rel))
            continue
        mpy = rel[:-3] + ".mpy"
        target = os.path.join(dest, *mpy.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # -O3: no line numbers and no assert statements in the byte code, ~3 KB less heap on
        # the board (a traceback then names the file and function only; --py keeps the lines).
        # The file name a traceback gives (-s) is the one the board imports it by, its __file__:
        # every name of a loaded .mpy is a qstr on the heap for good, and that one is already
        # there (its .py name was one more a module: ~1 KB of the game's).
        done = subprocess.run([cross, "-O3", "-o", target, "-s", board_file(mpy), src], capture_output=True, text=True)
        if done.returncode != 0:
            raise Refused("%s could not compile %s:\n%s" % (cross, rel, done.stderr.strip()))
        out.append((target, mpy))
    return out
