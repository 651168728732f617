"""The board-side HAL type-checks against CircuitPython's own stubs (circuitpython-stubs).

hal/mypy.ini lists the files (hal/board.py, boardopen.py, settings.py, crash.py, console.py, keypads.py, the board
families of hal/boards/, fx.py, fxopen.py, render/__init__.py, render/build.py, render/hit.py, keys.py,
saves.py, aside.py, esp.py, log.py, files.py, boot.py, code.py) and tests/hal_contract.py: every
board's, the desktop's and the mock's hardware objects against the interface hal/__init__.py declares (its
Protocols). hal/desktop/ and hal/mock.py run on CPython with Blinka and pygame: their own code is left
to the other tests.
"""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = os.path.join(ROOT, "hal", "mypy.ini")


def mypy(tmp_path, *files):
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", CONFIG, "--cache-dir", str(tmp_path / "cache")] + list(files),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_board_side_hal_has_no_type_errors(tmp_path):
    done = mypy(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    listed = open(CONFIG).read().split("files = ")[1].split("\n")[0].count(".py")
    assert "Success" in done.stdout and "%d source files" % listed in done.stdout


def test_mypy_really_checks_circuitpython_calls(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import keypad\n"
        "import microcontroller\n"
        "k = keypad.Keys([], value_when_pressed=False, pul=True)\n"  # misspelt keyword
        "microcontroller.nvm[0:2] = 5\n"  # not a buffer
    )
    done = mypy(tmp_path, str(bad))
    assert done.returncode != 0
    assert 'Unexpected keyword argument "pul"' in done.stdout and "bad.py:4" in done.stdout


def test_the_declared_interface_names_every_capability_the_flow_reads(tmp_path):
    # A screen without ``motion`` (or ``text``), a store without ``path`` or ``room``, a hardware
    # object without ``pystones``: each is refused (tests/hal_contract.py holds the real ones to it).
    bad = tmp_path / "contract.py"
    bad.write_text(
        "import hal\n"
        "class Screen:\n"
        "    size = (160, 128)\n"
        "    text = True\n"
        "    def show(self, view): pass\n"
        "    def hit(self, x, y): return (0, 0)\n"
        "class Store:\n"
        "    lost = False\n"
        "    where = 'nvm'\n"
        "    def load(self, key=0): return None\n"
        "    def save(self, data, key=0): pass\n"
        "    def set_aside(self, key=0): return ''\n"
        "def check(screen: Screen, store: Store) -> None:\n"
        "    a: hal.Screen = screen\n"
        "    b: hal.Storage = store\n"
    )
    done = mypy(tmp_path, str(bad))
    assert done.returncode != 0
    assert "contract.py:14" in done.stdout and "motion" in done.stdout, done.stdout
    assert "contract.py:15" in done.stdout and "path, room" in done.stdout, done.stdout


def test_the_declared_interface_costs_a_board_nothing(tmp_path):
    # hal/__init__.py's types are in a block a board's compiler drops (a const 0): none of their
    # names is in its .mpy, and the module's globals are the same as without them.
    from tools import cpboard

    if cpboard.cross() is None:
        pytest.skip("no CircuitPython mpy-cross (LAMA_CIRCUITPYTHON)")
    out = tmp_path / "hal.mpy"
    subprocess.run([cpboard.cross(), "-o", str(out), "hal/__init__.py"], cwd=ROOT, check=True)
    data = out.read_bytes()
    assert b"Protocol" not in data and b"pystones" not in data and b"_TYPES" not in data
