"""tools/deploy against temporary folders, and tools/libs installing real Adafruit wheels from PyPI."""

import errno
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    loader = importlib.machinery.SourceFileLoader("tool_" + name, os.path.join(ROOT, "tools", name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


deploy = load("deploy")
libs = load("libs")
sys.path.insert(0, ROOT)
from tools import cpboard, pystack  # noqa: E402


def tool(name, *args, env=None):
    environ = dict(os.environ)
    environ.pop("LAMA_MPY_CROSS", None)  # each test says which compiler it means
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", name)] + list(args),
        capture_output=True,
        text=True,
        timeout=120,
        env=environ,
    )


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY_X"
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n")
    (d / "settings.toml").write_text('LAMA_BUTTON_A = "D5"\n')
    return d


def test_deploy_copies_the_game_then_only_what_changed(drive):
    # Sources (--py): the copying alone, whatever compilers LAMA_CIRCUITPYTHON holds.
    done = tool("deploy", str(drive), "--py")
    assert done.returncode == 0, done.stderr
    with open(os.path.join(ROOT, "code.py"), "rb") as f:
        assert (drive / "code.py").read_bytes() == f.read()
    for rel in (
        "boot.py",
        "engine/game.py",
        "play/view.py",
        "hal/__init__.py",
        "hal/board.py",
        "hal/render/__init__.py",
        "hal/keys.py",
        "hal/saves/__init__.py",
    ):
        assert (drive / rel).is_file(), rel
    assert not (drive / "hal" / "desktop").exists() and not (drive / "hal" / "mock.py").exists()
    assert not (drive / "desktop.py").exists()  # (the simulator's entry)
    assert not (drive / "main.py").exists() and not list(drive.rglob("*.pyc"))
    n = len(deploy.game_files())
    assert "copy code.py" in done.stdout and "%d file(s) copied, 0 unchanged" % n in done.stdout
    again = tool("deploy", str(drive), "--py")
    assert "0 file(s) copied, %d unchanged" % n in again.stdout
    (drive / "hal" / "keys.py").write_text("# edited on the drive\n")
    third = tool("deploy", str(drive), "--py")
    assert "copy hal/keys.py" in third.stdout and "1 file(s) copied" in third.stdout
    assert (drive / "settings.toml").read_text() == 'LAMA_BUTTON_A = "D5"\n'  # the player's own file


needs_cross = pytest.mark.skipif(cpboard.cross() is None, reason=cpboard.missing(cpboard.VERSIONS[0]) or "")
CROSS_9 = os.path.join(cpboard.base(), "9.2.9", "mpy-cross")


@pytest.mark.skipif(
    not os.access(CROSS_9, os.X_OK),
    reason="CircuitPython 9.2.9's mpy-cross not found at %s: set LAMA_CIRCUITPYTHON" % CROSS_9,
)
def test_a_9x_drive_gets_9x_byte_code_from_the_9x_compiler_found_in_lama_circuitpython(drive):
    # The drive says CircuitPython 9.2.1: tools/deploy picks 9.2.9/mpy-cross (not 10.2.1's).
    done = tool("deploy", str(drive))
    assert done.returncode == 0, done.stderr
    assert "compiled with %s" % CROSS_9 in done.stdout
    said = subprocess.run([CROSS_9, "--version"], capture_output=True, text=True).stdout
    assert "CircuitPython 9." in said
    assert (drive / "engine" / "game.mpy").read_bytes()[:1] == b"C" and not (drive / "engine" / "game.py").exists()
    assert sorted(str(p.relative_to(drive)) for p in drive.rglob("*.py")) == ["boot.py", "code.py"]


@needs_cross
def test_deploy_compiles_all_but_code_and_boot_to_circuitpython_mpy(drive):
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2026-12-01; Adafruit PyBadge\n")
    assert tool("deploy", str(drive), "--py").returncode == 0  # first the sources, as an older deploy did
    done = tool("deploy", str(drive), "--mpy-cross", cpboard.cross())
    assert done.returncode == 0, done.stderr
    assert (drive / "code.py").is_file() and (drive / "boot.py").is_file()
    sources = sorted(str(p.relative_to(drive)) for p in drive.rglob("*.py"))
    assert sources == ["boot.py", "code.py"]  # every .py twin of a new .mpy is gone
    mpys = list(drive.rglob("*.mpy"))
    catalogs = [rel for _, rel in deploy.game_files() if rel.endswith(".bin")]  # the languages' (play/lang.py)
    assert sorted(catalogs) == ["play/text/de.bin", "play/text/fr.bin"]
    assert all((drive / rel).is_file() for rel in catalogs)
    assert len(mpys) == len(deploy.game_files()) - 2 - len(catalogs)
    assert all(p.read_bytes()[:1] == b"C" for p in mpys)  # CircuitPython's .mpy, not MicroPython's "M"
    assert (drive / "engine" / "game.mpy").is_file() and not (drive / "hal" / "mock.mpy").exists()
    # Each names itself by the __file__ the board imports it as (one qstr on the heap, not two).
    for p in mpys:
        rel = p.relative_to(drive).as_posix()
        assert pystack.source_name(str(p)) == ("/" + rel if rel.startswith("lib/") else rel)
    again = tool("deploy", str(drive), "--mpy-cross", cpboard.cross())
    assert "0 file(s) copied" in again.stdout


@needs_cross
def test_deploy_refuses_an_mpy_cross_of_another_major_version(drive):
    # The drive's boot_out.txt says 9.2.1; the compiler is 10.x.
    done = tool("deploy", str(drive), "--mpy-cross", cpboard.cross())
    assert done.returncode != 0 and "CircuitPython 10" in done.stderr and "9.2.1" in done.stderr
    assert sorted(os.listdir(drive)) == ["boot_out.txt", "settings.toml"]
    env_given = tool("deploy", str(drive), env={"LAMA_MPY_CROSS": cpboard.cross()})
    assert env_given.returncode != 0 and "mpy-cross" in env_given.stderr


def test_deploy_refuses_micropythons_mpy_cross(drive):
    mp_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    done = tool("deploy", str(drive), "--mpy-cross", mp_cross)
    assert done.returncode != 0 and "not CircuitPython's mpy-cross" in done.stderr


def test_an_mpy_cross_that_is_not_there_is_named_not_found(drive, tmp_path):
    gone = str(tmp_path / "mpy-cross-10.2.1")
    done = tool("deploy", str(drive), "--mpy-cross", gone)
    assert done.returncode != 0 and "%s not found" % gone in done.stderr, done.stderr
    assert "does not run" not in done.stderr
    assert sorted(os.listdir(drive)) == ["boot_out.txt", "settings.toml"]


@needs_cross
def test_an_mpy_cross_without_its_run_bit_is_named_not_executable(drive, tmp_path):
    # As a fresh download is: the file is there, its run bit is not.
    downloaded = tmp_path / "Downloads" / "mpy-cross-10.2.1"
    downloaded.parent.mkdir()
    shutil.copyfile(cpboard.cross(), downloaded)
    os.chmod(downloaded, 0o644)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2026-12-01; Adafruit PyBadge\n")
    done = tool("deploy", str(drive), "--mpy-cross", str(downloaded))
    assert done.returncode != 0 and "not executable (chmod +x %s)" % downloaded in done.stderr, done.stderr
    assert "does not run" not in done.stderr
    # Found by itself under LAMA_CIRCUITPYTHON: the same reason, and the sources are copied.
    folder = tmp_path / "cp" / "10.2.1"
    folder.mkdir(parents=True)
    shutil.copyfile(downloaded, folder / "mpy-cross")
    found = tool("deploy", str(drive), env={"LAMA_CIRCUITPYTHON": str(tmp_path / "cp")})
    assert found.returncode == 0 and "not executable (chmod +x" in found.stdout, found.stdout + found.stderr
    assert (drive / "engine" / "game.py").is_file()


def test_the_readme_example_sets_the_run_bit_first():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    example = text[text.index("tools/deploy /media/") - 400 : text.index("tools/deploy /media/")]
    assert "chmod +x" in example


def complete(drive):
    """True when ``drive`` holds every file of the game, each with its bytes (a --py deploy)."""
    for src, rel in deploy.game_files():
        with open(src, "rb") as f:
            if not (drive / rel).is_file() or (drive / rel).read_bytes() != f.read():
                return False
    return True


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_deploy_piped_into_head_finishes_the_drive_without_a_traceback(drive, buffered):
    # tools/deploy ... | head: the reader goes away after a line; the copying must go on.
    environ = dict(os.environ)
    environ.pop("LAMA_MPY_CROSS", None)
    if not buffered:
        environ["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "tools", "deploy"), str(drive), "--py"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environ,
    )
    assert proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode == 0 and "Traceback" not in err and "BrokenPipeError" not in err, err
    assert complete(drive)


def test_a_deploy_cut_short_leaves_a_drive_that_runs_nothing_and_the_next_one_finishes_it(drive):
    lines = []

    def cut(line):
        lines.append(line)
        if len(lines) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        deploy.deploy(str(drive), log=cut)
    # Some modules are there, but neither code.py nor boot.py: the board runs no half-new game.
    assert (drive / "engine").is_dir() and not (drive / "code.py").exists() and not (drive / "boot.py").exists()
    finished = []
    deploy.deploy(str(drive), log=finished.append)
    assert complete(drive)
    assert [line.split()[1] for line in finished[-2:]] == ["boot.py", "code.py"]  # written last
    # An update cut short removes the entry points of the older game first, too.
    (drive / "hal" / "keys.py").write_text("# older\n")

    def stop(line):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        deploy.deploy(str(drive), log=stop)
    assert not (drive / "code.py").exists() and (drive / "hal" / "keys.py").read_text() == "# older\n"
    deploy.deploy(str(drive), log=finished.append)
    assert complete(drive)


def test_deploy_without_an_mpy_cross_copies_sources_with_a_warning(drive, tmp_path):
    done = tool("deploy", str(drive), env={"LAMA_CIRCUITPYTHON": str(tmp_path / "none")})
    assert done.returncode == 0 and "warning: no CircuitPython mpy-cross" in done.stdout
    assert (drive / "engine" / "game.py").is_file() and not list(drive.rglob("*.mpy"))


def test_deploy_removes_files_an_earlier_deploy_left_that_the_game_dropped(drive):
    assert tool("deploy", str(drive)).returncode == 0
    (drive / "hal" / "old.py").write_text("x = 1\n")
    (drive / "notes.txt").write_text("mine\n")
    with open(drive / deploy.MANIFEST, "a") as f:
        f.write("hal/old.py\n")
    done = tool("deploy", str(drive))
    assert "remove hal/old.py" in done.stdout and "1 removed" in done.stdout
    assert not (drive / "hal" / "old.py").exists() and (drive / "notes.txt").exists()


def test_deploy_refuses_a_folder_that_is_not_circuitpy_unless_forced(tmp_path):
    done = tool("deploy", str(tmp_path))
    assert done.returncode == 2 and "does not look like a CIRCUITPY drive" in done.stderr
    assert os.listdir(tmp_path) == []
    assert tool("deploy", str(tmp_path / "missing")).returncode == 2
    forced = tool("deploy", str(tmp_path), "--force")
    assert forced.returncode == 0 and (tmp_path / "code.py").exists()


def test_dry_run_copies_nothing(drive):
    done = tool("deploy", str(drive), "--dry-run")
    assert done.returncode == 0 and "would copy code.py" in done.stdout
    assert sorted(os.listdir(drive)) == ["boot_out.txt", "settings.toml"]


def test_a_read_only_drive_gets_a_clear_message(drive, monkeypatch, capsys):
    real_open = open

    def ro_open(path, mode="r", *a, **k):
        if "w" in mode and str(drive) in str(path):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, mode, *a, **k)

    monkeypatch.setattr("builtins.open", ro_open)
    assert deploy.main([str(drive)]) == 1
    err = capsys.readouterr().err
    assert "read-only" in err and "hold a button" in err


def test_deploy_runs_the_installer_when_lib_does_not_hold_what_the_list_names(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "README.md").write_text("x")
    (lib / "requirements.txt").write_text("# nothing\n")
    assert not deploy.libs_stale(str(tmp_path))
    (lib / "requirements.txt").write_text("adafruit-circuitpython-display-text==5.0.6\n")
    assert deploy.libs_stale(str(tmp_path))
    (lib / ".installed").write_text("adafruit-circuitpython-display-text==5.0.6\nadafruit-circuitpython-ticks==1.1\n")
    assert not deploy.libs_stale(str(tmp_path))
    (lib / "requirements.txt").write_text("# none any more\n")
    assert deploy.libs_stale(str(tmp_path))  # libraries the list dropped: reinstall (removes them)


def test_deploy_ships_only_the_library_files_tools_libs_installed(tmp_path):
    lib = tmp_path / "lib"
    (lib / "adafruit_ticks").mkdir(parents=True)
    (lib / "adafruit_ticks" / "__init__.py").write_text("")
    (lib / "stray.py").write_text("")  # copied by hand: not shipped
    (lib / ".files").write_text("adafruit_ticks/__init__.py\n")
    for name in ("code.py", "boot.py"):
        (tmp_path / name).write_text("")
    for package in ("engine", "play", "hal"):
        (tmp_path / package).mkdir()
    rels = [rel for _, rel in deploy.game_files(str(tmp_path))]
    assert rels == ["code.py", "boot.py", "lib/adafruit_ticks/__init__.py"]


def test_every_board_module_goes_to_the_drive_subpackages_too(tmp_path):
    # Whatever hal/ holds (a board profile's own package too), but the desktop's and the tests' modules.
    for name in ("code.py", "boot.py", "desktop.py"):
        (tmp_path / name).write_text("")
    for package in ("engine", "play", "hal", "hal/boards", "hal/desktop", "hal/__pycache__", "hal/notes"):
        (tmp_path / package).mkdir()
    for rel in (
        "engine/__init__.py",
        "hal/__init__.py",
        "hal/board.py",
        "hal/desktop/__init__.py",
        "hal/desktop/window.py",
        "hal/mock.py",
        "hal/boards/__init__.py",
        "hal/boards/pygamer.py",
        "hal/boards/mock.py",
        "hal/notes/x.py",
    ):
        (tmp_path / rel).write_text("")
    rels = [rel for _, rel in deploy.game_files(str(tmp_path))]
    assert rels == [
        "code.py",
        "boot.py",
        "engine/__init__.py",
        "hal/__init__.py",
        "hal/board.py",
        "hal/boards/__init__.py",
        "hal/boards/mock.py",
        "hal/boards/pygamer.py",
    ]


def test_the_board_library_list_pins_what_the_desktop_runs():
    # Every library the board gets is the very version the simulator and the tests use.
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        desktop = f.read().splitlines()
    for requirement in libs.listed():
        assert "==" in requirement and requirement in desktop, requirement


@pytest.fixture(scope="module")
def wheels(tmp_path_factory):
    """The Adafruit wheels, downloaded once from PyPI (skips when PyPI is out of reach)."""
    d = tmp_path_factory.mktemp("wheels")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--dest",
            str(d),
            "adafruit-circuitpython-display-text",
            "adafruit-circuitpython-bitmap-font",
            "adafruit-circuitpython-ticks",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        pytest.skip("PyPI not reachable: " + done.stderr.strip()[-200:])
    return d


def test_libs_installs_a_library_and_its_circuitpython_dependencies_not_blinka(tmp_path, wheels):
    target = tmp_path / "lib"
    done = tool(
        "libs",
        "--target",
        str(target),
        "--find-links",
        str(wheels),
        "--no-index",
        "adafruit-circuitpython-display-text",
    )
    assert done.returncode == 0, done.stderr
    installed = (target / ".installed").read_text().split()
    names = sorted(line.split("==")[0].lower().replace("_", "-") for line in installed)
    assert names == [
        "adafruit-circuitpython-bitmap-font",
        "adafruit-circuitpython-display-text",
        "adafruit-circuitpython-ticks",
    ]
    assert (target / "adafruit_display_text" / "bitmap_label.py").is_file()
    assert (target / "adafruit_ticks.py").is_file()
    files = [p for p in target.rglob("*") if p.is_file()]
    assert all(p.suffix == ".py" or p.name in (".installed", ".files") for p in files)
    assert not any("blinka" in str(p).lower() for p in files)
    # Installing again replaces what the last install put there, and only that.
    (target / "mine.py").write_text("")
    again = tool(
        "libs", "--target", str(target), "--find-links", str(wheels), "--no-index", "adafruit-circuitpython-ticks"
    )
    assert again.returncode == 0 and (target / "mine.py").exists()
    assert not (target / "adafruit_display_text").exists() and (target / "adafruit_ticks.py").exists()
    assert (target / ".installed").read_text().lower().startswith("adafruit-circuitpython-ticks==")


def test_libs_names_a_package_pip_cannot_find(tmp_path, wheels):
    done = tool(
        "libs",
        "--target",
        str(tmp_path),
        "--find-links",
        str(wheels),
        "--no-index",
        "adafruit-circuitpython-no-such-thing",
    )
    assert done.returncode != 0 and "could not download adafruit-circuitpython-no-such-thing" in done.stderr
