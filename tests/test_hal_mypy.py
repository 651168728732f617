"""The board-side HAL type-checks against CircuitPython's own stubs (circuitpython-stubs).

hal/mypy.ini lists the files (hal/board.py, boardopen.py, settings.py, crash.py, console.py, keypads.py, the board
families of hal/boards/, fx.py, fxopen.py, render.py, keys.py, saves.py, nvmaside.py, nvmesp.py, nvmlog.py,
filestore.py, boot.py, code.py). hal/desktop/ and hal/mock.py run on
CPython with Blinka and pygame and are left to the other tests.
"""

import os
import subprocess
import sys

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
