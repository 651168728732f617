"""Every command the README (and the docs/ pages it links) shows works as written in a fresh shell
after its two set-up commands (issue 36, item 8): with the system's ``python`` (no pygame, no
Blinka: the tools that need them run again under .venv/bin/python), tools/*.py it writes as
commands executable.

Each command found in README.md (its ```sh blocks, and inline `python ...`, `.venv/bin/python ...`
and `tools/...` commands) has a short form here that the test runs: the command itself when it is
quick, else the same program with fewer games or ``--help``. A command added to the README without
a short form here fails the test, so that it is tried too.
"""

import os
import re
import shutil
import subprocess

import pytest

from tests import conftest

ROOT = conftest.ROOT
CP = os.environ.get("LAMA_CIRCUITPYTHON")

PYPORTAL = (
    "python desktop.py --board pyportal --headless --fast --no-save --seed 1 --screenshot shots"
    ' --script "tap:40,30 tap:40,110"'
)
# README's command -> what the test runs (None: not run, with the reason in SKIP).
SHORT = {
    "tools/play": "tools/play --headless --fast --no-save --seed 1 --script 'A A'",
    "tools/test": "tools/test -q -p no:cacheprovider tests/test_layers.py",
    "tools/play --terminal": "tools/play --terminal --no-save --seed 1 --script A",
    "tools/play --help": "tools/play --help",
    "tools/play --list-boards": "tools/play --list-boards",
    "tools/play --board clue": "tools/play --board clue --headless --fast --no-save --script a",
    "python desktop.py --board NAME --headless --fast": "python desktop.py --board clue --headless --fast",
    PYPORTAL: PYPORTAL.replace("shots", "{shots}"),
    "python tools/screenshots.py": "python tools/screenshots.py --size 160x128 --out {shots}",
    "python tools/layoutcheck.py": "python tools/layoutcheck.py --sizes 160x128",
    "python tools/lang.py": "python tools/lang.py --check",
    "python tools/realdisplay.py": "python tools/realdisplay.py --sizes 160x128",
    "python tools/bench.py --erases": "python tools/bench.py --erases",
    "python tools/cpboard.py flow --version 10.2.1-displayio --heap 100": "python tools/cpboard.py flow --help",
    ".venv/bin/python -m mypy --config-file hal/mypy.ini": ".venv/bin/python -m mypy --version",
    "tools/bench.py --board": "tools/bench.py --help",
    "tools/bench.py --board --all": "tools/bench.py --help",
    "tools/bench.py --bundle": "tools/bench.py --help",
    "tools/bench.py --erases": "tools/bench.py --help",
    "tools/bench.py --profiles": "tools/bench.py --help",
    "tools/bench.py --screen": "tools/bench.py --help",
    "tools/bench.py --startup": "tools/bench.py --help",
    "tools/bundle": "tools/bundle --help",
    "tools/bundle --py": "tools/bundle --help",
    "python desktop.py": "python desktop.py --headless --fast --no-save --seed 1 --script A",
    "tools/deploy": "tools/deploy --help",
    "tools/deploy /media/$USER/CIRCUITPY --mpy-cross ~/Downloads/mpy-cross-10.2.1": "tools/deploy --help",
    "tools/libs": "tools/libs --help",
    "tools/cpboard.py smallest": "tools/cpboard.py smallest --help",
    "tools/tune.py --fit": "tools/tune.py --help",
    "python tools/tune.py --params _Q_BASE,_K_VAL,_B_FOLLOW --seats normal,jsai,jsai,jsai --games 600": "python "
    "tools/tune.py --help",
    "python tools/tune.py --fit --games 1500 --seed 91": "python tools/tune.py --help",
    "python tools/arena.py --games 2000 --players 4 --seats normal,jsai,jsai,jsai --variant classic": "python "
    "tools/arena.py --games 8 --players 4 --seats normal,jsai,jsai,jsai --variant classic",
    "python tools/arena.py --measure": "python tools/arena.py --help",
    "python tools/spsa.py": "python tools/spsa.py --help",  # (75 minutes on two cores)
    "python tools/decisions.py --by-kind": "python tools/decisions.py --games 1 --budgets 30 --by-kind",
    "chmod +x ~/Downloads/mpy-cross-10.2.1": None,  # (the user's download, not the project's)
}
NEEDS_CP = ("realdisplay.py", "cpboard.py flow")


def commands():
    """The commands README.md and the docs it links (docs/*.md) show: their ```sh blocks' lines and
    their inline commands."""
    docs = os.path.join(ROOT, "docs")
    paths = [os.path.join(ROOT, "README.md")] + [os.path.join(docs, n) for n in sorted(os.listdir(docs))]
    text = ""
    for path in paths:
        if path.endswith(".md"):
            with open(path) as f:
                text += f.read() + "\n"
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line:
                out.append(line)
    for span in re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.S)):
        s = " ".join(span.split())
        if not re.match(r"(python3? |\.venv/bin/python |tools/)", s):
            continue
        path = os.path.join(ROOT, s.split()[0])
        # `tools/x.py` alone names a file; with arguments, or an executable's name, it is a command
        if " " in s or os.path.isfile(path) and not s.endswith(".py") and os.access(path, os.X_OK):
            out.append(s)
    return sorted(set(out))


def fresh_env():
    """A new shell's environment: no .venv on PATH, no VIRTUAL_ENV, HOME the tests' own."""
    venv = os.path.realpath(os.path.join(ROOT, ".venv"))
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if not os.path.realpath(p).startswith(venv)]
    env = {"PATH": os.pathsep.join(path), "HOME": conftest.HOME, "LANG": os.environ.get("LANG", "C.UTF-8")}
    if CP:
        env["LAMA_CIRCUITPYTHON"] = CP
    return env


def test_every_readme_command_has_a_short_form_here():
    found = commands()
    assert "python tools/screenshots.py" in found and "tools/play" in found and len(found) > 20
    assert [c for c in found if c not in SHORT] == []


def test_the_readme_says_python_and_python_is_there():
    # The README writes `python`: a fresh shell here has it (else the tests would run `python3`).
    assert shutil.which("python", path=fresh_env()["PATH"]) is not None


@pytest.mark.parametrize("cmd", sorted({c for c in SHORT.values() if c}))
def test_a_readme_command_runs_in_a_fresh_shell(cmd):
    if not CP and any(k in cmd for k in NEEDS_CP):
        pytest.skip("needs LAMA_CIRCUITPYTHON (the README says so)")
    done = subprocess.run(
        ["bash", "-c", cmd.format(shots=os.path.join(conftest.HOME, "readme-shots"))],
        cwd=ROOT,
        env=fresh_env(),
        capture_output=True,
        text=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, (cmd, done.stdout[-800:], done.stderr[-1500:])
    assert "Traceback" not in done.stderr
