"""The desktop's save paths, command line and signals (issue 36, items 1, 5, 7, 10 and 12).

* A save path that is not a regular file (a folder, a FIFO, a device, a link to one) is never
  read, replaced nor waited on: the game says so in words and plays with saves in memory.
* Every error the player sees is in words (play/ui.py's errno()), never a bare number.
* A headless run ends when its script does; bad --screenshot folders, --board in capitals and
  --seed out of LAMA_SEED's range get a message, never a traceback.
* SIGTERM and Ctrl-C end the program at once, in the window (headless) and the terminal.
* A save cut down to its header is refused, kept aside and reported, not taken for "no save".
* No test writes into the real home folder (tests/conftest.py points HOME into a temporary one).
"""

import os
import re
import signal
import stat
import subprocess
import time

import pytest

from hal import desktop, settings
from hal.desktop import store as desktop_store
from hal.saves import files, slots
from play import match as mt
from play import ui
from tests import conftest
from tests.helpers import machine

ROOT = conftest.ROOT
PY = os.path.join(ROOT, ".venv", "bin", "python")
MOVES = "A A Right A A A A A A"


def _desktop(*argv, timeout=60, stdin=subprocess.DEVNULL):
    return subprocess.run(
        [PY, "desktop.py"] + list(argv), cwd=ROOT, capture_output=True, text=True, timeout=timeout, stdin=stdin
    )


def _device(tmp_path):
    """A character device like /dev/null in ``tmp_path`` (never the real one: the old code, run as
    root, replaced /dev/null with a regular file); skipped where nodes cannot be made (not root)."""
    path = str(tmp_path / "null")
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (OSError, AttributeError):
        pytest.skip("no device node can be made here (mknod needs root)")
    return path


def _odd_paths(tmp_path, which):
    """(path, check) of a save path that is no file; ``check()`` is true while it is intact."""
    if which == "folder":
        folder = tmp_path / "folder"
        folder.mkdir()
        return str(folder), lambda: folder.is_dir() and not os.listdir(folder)
    if which == "fifo":
        fifo = str(tmp_path / "fifo")
        os.mkfifo(fifo)
        return fifo, lambda: stat.S_ISFIFO(os.stat(fifo).st_mode)
    if which == "device":
        dev = _device(tmp_path)
        return dev, lambda: stat.S_ISCHR(os.lstat(dev).st_mode)
    if which == "link to a folder":
        folder = tmp_path / "folder"
        folder.mkdir()
        link = tmp_path / "link-to-folder"
        link.symlink_to(folder)
        return str(link), lambda: link.is_symlink() and folder.is_dir() and not os.listdir(folder)
    dev = _device(tmp_path)
    link = tmp_path / "link-to-null"
    link.symlink_to(dev)
    return str(link), lambda: link.is_symlink() and stat.S_ISCHR(os.lstat(dev).st_mode)


@pytest.mark.parametrize("which", ["folder", "fifo", "device", "link to a folder", "link to a device"])
def test_a_save_path_that_is_not_a_file_is_left_alone_said_in_words_and_the_game_plays_unsaved(which, tmp_path):
    # Before: /dev/null became a regular file (as root), a folder said "Can't read the save (error
    # 21)" and "not saved: error 21" three times, a FIFO hung the game for good (open() blocks).
    path, intact = _odd_paths(tmp_path, which)
    done = _desktop("--terminal", "--fast", "--seed", "1", "--save", path, "--script", MOVES, timeout=30)
    text = " ".join(done.stdout.split())
    assert done.returncode == 0, done.stderr
    assert "Saves off: %s is " % files.short(path) in text and "not a save file; it is left as it is" in text
    assert "lama: Saves off: %s is " % path in done.stderr
    assert "error 2" not in text + done.stderr and "not saved" not in done.stdout + done.stderr
    assert "Round" in text or "Your turn" in text or "Pass" in text or "= Ana" in text or "Normal" in text
    assert intact(), which
    notices = []
    store = desktop_store.make_storage(desktop.parser().parse_args(["--save", path]), notices)
    assert isinstance(store, desktop_store.MemoryStore) and len(notices) == 1


def test_tools_play_with_a_device_as_the_save_leaves_it_a_device(tmp_path):
    # The issue's own command (there with /dev/null, which the old code turned into a regular file).
    dev = _device(tmp_path)
    done = subprocess.run(
        [os.path.join(ROOT, "tools", "play"), "--headless", "--fast", "--seed", "1", "--save", dev]
        + ["--script", MOVES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert stat.S_ISCHR(os.lstat(dev).st_mode) and "is a device" in done.stderr


def test_the_file_store_never_reads_writes_nor_replaces_what_is_not_a_file(tmp_path):
    # The store itself (on a board too): a folder or a FIFO at the save's place, or at its .new.
    for target in ("save", "new"):
        for kind in ("folder", "fifo"):
            d = tmp_path / (target + kind)
            d.mkdir()
            for cls in (files.FileStore, desktop_store.DesktopFileStore):
                store = cls(str(d / "lama.sav"))
                odd = store.path if target == "save" else store.new
                if not os.path.exists(odd):
                    os.mkdir(odd) if kind == "folder" else os.mkfifo(odd)
                with pytest.raises(OSError) as e:
                    store.save(b"x" * 50)
                assert ui.errno(e.value) in ("is a directory", "illegal seek")
                assert os.path.isdir(odd) if kind == "folder" else stat.S_ISFIFO(os.stat(odd).st_mode)
                if target == "save":
                    with pytest.raises(OSError):
                        store.load()


def test_a_fifo_save_path_never_blocks_the_game(tmp_path):
    fifo = str(tmp_path / "f")
    os.mkfifo(fifo)
    start = time.monotonic()
    done = _desktop("--headless", "--fast", "--seed", "1", "--save", fifo, "--script", "A A", timeout=30)
    assert done.returncode == 0 and time.monotonic() - start < 30
    # The desktop store opens without blocking: a FIFO that turns up at .new after the checks.
    store = desktop_store.DesktopFileStore(str(tmp_path / "s.sav"))
    os.mkfifo(store.new)
    with pytest.raises(OSError):
        store._write(store.new, b"abc")


@pytest.mark.parametrize("mode", ["headless", "terminal"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_ctrl_c_end_the_program_promptly(mode, sig):
    argv = ["--headless", "--script", "A", "--stay"] if mode == "headless" else ["--terminal"]
    p = subprocess.Popen(
        [PY, "desktop.py", "--no-save", "--seed", "1"] + argv,
        cwd=ROOT,
        stdin=subprocess.PIPE,  # (open and silent: the terminal waits for keys)
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        time.sleep(2.5)
        assert p.poll() is None  # playing, waiting for a key
        p.send_signal(sig)
        rc = p.wait(5)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert rc == (143 if sig == signal.SIGTERM else 0), p.stderr.read()


# ---- the command line ---------------------------------------------------------------------------
@pytest.mark.parametrize("script", [None, ""])
def test_a_headless_run_ends_when_its_script_does(script):
    argv = ["--headless", "--fast", "--no-save", "--seed", "1"] + ([] if script is None else ["--script", script])
    done = _desktop(*argv, timeout=30)  # before: never ended, one core at 100%
    assert done.returncode == 0, done.stderr


def test_a_screenshot_folder_that_cannot_be_made_is_a_message_not_a_traceback():
    done = _desktop("--headless", "--fast", "--no-save", "--screenshot", "/etc/hostname/shots", "--script", "A")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Can't save screenshots in /etc/hostname/shots: Not a directory." in done.stderr


def test_board_names_are_matched_without_case():
    assert desktop.parser().parse_args(["--board", "CLUE"]).board.name == "clue"
    assert desktop.parser().parse_args(["--board", "PyPortal"]).board.name == "pyportal"


@pytest.mark.parametrize("text", ["-5", str(10**20), "1000000000", "1e3", " ", "²"])
def test_seed_takes_lama_seeds_range_and_nothing_else(text):
    os.environ["LAMA_SEED"] = text.strip()
    try:
        assert settings.seed([]) is None  # (LAMA_SEED on a board: the same range)
    finally:
        del os.environ["LAMA_SEED"]
    with pytest.raises(SystemExit):
        desktop.parser().parse_args(["--seed", text])


def test_seed_accepts_lama_seeds_range():
    for n in (0, 1, 999999999):
        assert desktop.parser().parse_args(["--seed", str(n)]).seed == n
    notes = []
    os.environ["LAMA_SEED"] = "-5"
    try:
        assert settings.seed(notes) is None and notes
    finally:
        del os.environ["LAMA_SEED"]


# ---- errors in words ----------------------------------------------------------------------------
def test_every_os_error_is_said_in_words_never_a_bare_number():
    # Before: "error 21" (and "Can't read the save (error 21)"). Words: the storage's own for 28 and
    # 30, CPython's os.strerror on the desktop, "storage error" where there are none (a board: no
    # os.strerror there, and no heap for a table of its own, tests/test_circuitpython.py).
    for code in range(0, 200):
        for e in (OSError(code), OSError(code, "x"), OSError(code, "x", "f")):
            words = ui.errno(e)
            assert words and re.search("[a-z]{2}", words) and not re.search(r"error \d", words), (code, words)
    assert ui.errno(OSError(28, "")) == "storage full" and ui.errno(OSError(30, "")) == "storage read-only"
    assert ui.errno(OSError(21, "")) == "is a directory" and ui.errno(OSError(13, "")) == "permission denied"
    assert ui.errno(OSError(999, "")) == "storage error" and ui.errno(OSError()) == "storage error"


def test_on_a_board_without_os_strerror_an_error_is_storage_error(monkeypatch):
    import os as _os

    monkeypatch.delattr(_os, "strerror")
    assert ui.errno(OSError(21, "")) == "storage error" and ui.errno(OSError(28, "")) == "storage full"


# ---- a save cut down to its header --------------------------------------------------------------
HEADER_ONLY = bytes.fromhex("4c4b5301e300ee17")


def test_a_save_cut_down_to_its_header_is_kept_aside_and_the_player_told(tmp_path):
    # Before: loaded as "no save", no message, no .bad, and the next save overwrote it.
    path = tmp_path / "lama.sav"
    path.write_bytes(HEADER_ONLY)
    hw, _ = machine("A", storage=files.FileStore(str(path)), run=True)
    first = " ".join(" ".join(hw.screen.screens[0]).split())
    assert first.startswith("= Save not loaded") and "Kept as lama.bad" in first
    assert (tmp_path / "lama.bad").read_bytes() == HEADER_ONLY and not path.exists()


def test_an_empty_save_file_is_no_save_and_no_message(tmp_path):
    path = tmp_path / "lama.sav"
    path.write_bytes(b"")
    hw, _ = machine("A", storage=files.FileStore(str(path)), run=True)
    assert hw.screen.screens[0][0] == "= L.A.M.A. Kadabra"


def test_a_record_cut_down_to_its_header_in_nvm_is_refused_and_kept_aside():
    # The nvm stores had no such hole: a cell is read whole, so a header alone reads as a damaged
    # record of the length it announces (what follows it in the cell), refused and set aside.
    nvm = bytearray(8192)
    nvm[0:8] = HEADER_ONLY
    store = slots.NvmStore(nvm)
    assert len(store.load()) == 0xE3 and store.lost
    hw, _ = machine("A", storage=slots.NvmStore(nvm), run=True)
    assert hw.screen.screens[0][0] == "= Save not loaded"


@pytest.mark.parametrize("data", [None, 5, "LKSV", 3.5, [1, 2]])
def test_match_from_bytes_refuses_what_is_not_bytes_with_a_value_error(data):
    with pytest.raises(ValueError):
        mt.Match.from_bytes(data)


# ---- the real home folder -----------------------------------------------------------------------
def _snapshot(folder):
    out = {}
    for base, dirs, names in os.walk(folder):
        for f in dirs + names:
            p = os.path.join(base, f)
            st = os.lstat(p)
            out[p] = (st.st_size, st.st_mtime_ns)
    return out if os.path.exists(folder) else None


def test_no_test_writes_into_the_real_home_folder():
    # Before: ~/.local/share/lama-kadabra/ was made (and saved into) in the real home by the tests
    # that play with the default save path.
    real = os.path.join(conftest.REAL_HOME, ".local", "share", "lama-kadabra")
    before = _snapshot(real)
    assert os.path.expanduser("~") == conftest.HOME != conftest.REAL_HOME
    assert desktop_store.default_save_path().startswith(conftest.HOME + os.sep)
    done = _desktop("--terminal", "--fast", "--seed", "1", "--script", MOVES, timeout=30)
    assert done.returncode == 0 and "Saves off" not in done.stdout
    assert os.path.exists(os.path.join(conftest.HOME, ".local", "share", "lama-kadabra", "save.bin"))
    assert _snapshot(real) == before
