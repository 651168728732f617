"""Shared pytest set-up: every test starts in a working directory that exists, and no test (nor a
program a test starts) writes into the real home folder: HOME and XDG_DATA_HOME point into a
temporary folder for the whole run (the desktop's default save is under them)."""

import atexit
import os
import shutil
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

REAL_HOME = os.path.expanduser("~")  # (tests/test_desktop_saves.py checks it is left alone)
HOME = tempfile.mkdtemp(prefix="lama-home-")
os.environ["HOME"] = HOME
os.environ["XDG_DATA_HOME"] = os.path.join(HOME, ".local", "share")
# The game speaks the desktop's language (LC_ALL, LC_MESSAGES, LANG): the tests read English.
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
atexit.register(shutil.rmtree, HOME, True)


@pytest.fixture(autouse=True)
def _working_directory_exists():
    """A test that left the process in a removed temporary folder must not fail the next one's
    ``monkeypatch.chdir`` (which reads the current directory first): go back to the project."""
    try:
        os.getcwd()
    except FileNotFoundError:
        os.chdir(ROOT)
