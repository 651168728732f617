"""The desktop simulator: scripted runs of the real flow in --terminal and --screenshot modes,
a real tty (arrow keys in cbreak mode), the pygame key map, and the desktop hardware object."""

import os
import select
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import hal  # noqa: E402
from hal import desktop  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Title: New game; setup (its cursor starts on "Start the game": you against 3 bots).
NEW_GAME = "A A"


def run(args, stdin=None, timeout=60, env=None):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "desktop.py"] + args,
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=e,
    )


def screens(text):
    """The screens a --terminal run printed, as lists of lines."""
    out = []
    for block in text.split("-" * 30 + "\n")[1:]:
        out.append(block.rstrip("\n").split("\n"))
    return out


def test_terminal_mode_plays_the_flow_from_a_script(tmp_path):
    done = run(
        [
            "--terminal",
            "--fast",
            "--seed",
            "3",
            "--save",
            str(tmp_path / "s.bin"),
            "--script",
            NEW_GAME + " A A A A A A",
        ]
    )
    assert done.returncode == 0, done.stderr
    shown = screens(done.stdout)
    assert shown[0][0] == "= L.A.M.A. Kadabra" and "> New game" in shown[0]
    assert shown[1][0] == "= New game" and "> Start the game" in shown[1]
    turns = [s for s in shown if s[0].startswith("= Round 1 - ")]
    assert turns and any("<[" in line or "< " in line for s in turns for line in s)
    assert os.path.getsize(tmp_path / "s.bin") > 100  # the flow saved through the FileStore


def test_terminal_mode_reads_keys_from_a_pipe_and_quits_on_q(tmp_path):
    done = run(["--terminal", "--fast", "--no-save"], stdin="ssxq")
    assert done.returncode == 0, done.stderr
    assert "Keys: arrows or w/a/s/d" in done.stdout
    shown = screens(done.stdout)
    assert [s[0] for s in shown[:3]] == ["= L.A.M.A. Kadabra"] * 3
    assert "> Rules" in shown[1] and "> Speed: Normal" in shown[2] and shown[-1][0] == "= L.A.M.A. Kadabra"


def test_terminal_mode_on_a_tty_takes_arrow_keys_in_cbreak_mode():
    master, slave = os.openpty()
    e = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", TERM="xterm")
    p = subprocess.Popen(
        [sys.executable, "desktop.py", "--terminal", "--fast", "--no-save"],
        cwd=ROOT,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=e,
    )
    os.close(slave)
    got = b""

    def read_until(marker, limit=60):  # (a loaded machine starts Python slowly)
        nonlocal got
        end = time.time() + limit
        while marker not in got and time.time() < end:
            r, _, _ = select.select([master], [], [], 0.2)
            if r:
                try:
                    got += os.read(master, 4096)
                except OSError:
                    break
        return marker in got

    def press(data):
        # As a person: after the screen is up (a screen drops the keys typed before it was drawn,
        # play/ui.py's show: the moment between its text reaching the tty and that is no press's).
        time.sleep(0.3)
        os.write(master, data)

    try:
        assert read_until(b"> New game")
        press(b"\x1b[B")  # Down, as one escape sequence
        assert read_until(b"> Rules")
        press(b"\x1b")  # an arrow key split over two reads is still an arrow
        time.sleep(0.01)
        os.write(master, b"[A")
        got = b""
        assert read_until(b"> New game")
        press(b"q")
        assert p.wait(timeout=20) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
    assert b"\x1b[2J" in got  # a tty gets the screen cleared, not a scroll


def test_screenshot_mode_writes_numbered_pngs_headless(tmp_path):
    shots = tmp_path / "shots"
    done = run(
        [
            "--headless",
            "--fast",
            "--seed",
            "3",
            "--no-save",
            "--screenshot",
            str(shots),
            "--shot-scale",
            "2",
            "--script",
            NEW_GAME + " A A A",
        ]
    )
    assert done.returncode == 0, done.stderr
    files = sorted(os.listdir(shots))
    assert len(files) >= 5 and files[0] == "screen-0001.png"
    assert files == ["screen-%04d.png" % (i + 1) for i in range(len(files))]
    assert ("%d screenshots in" % len(files)) in done.stdout
    first = pygame.image.load(str(shots / files[0]))
    assert first.get_size() == (320, 256)
    r, g, b, _ = first.get_at((100, 10))  # the title bar
    assert b > 120 and r < 80
    turn = [f for f in files if pygame.image.load(str(shots / f)).get_at((2, 232))[:3] != (0, 0, 0)]
    assert turn  # a screen with the footer bar drawn


def test_the_simulator_takes_a_display_size(tmp_path):
    shots = tmp_path / "shots"
    args = ["--headless", "--fast", "--seed", "3", "--no-save", "--size", "320x240", "--screenshot", str(shots)]
    done = run(args + ["--script", NEW_GAME + " A"])
    assert done.returncode == 0, done.stderr
    files = sorted(os.listdir(shots))
    last = pygame.image.load(str(shots / files[-1]))  # a turn: the footer on the bottom edge, full width
    assert last.get_size() == (320, 240) and last.get_at((318, 236))[:3] != (0, 0, 0)
    done = run(["--terminal", "--size", "100x100"])
    assert done.returncode == 2 and "from 160x128" in done.stderr


def test_terminal_and_screenshots_together(tmp_path):
    done = run(["--terminal", "--fast", "--no-save", "--screenshot", str(tmp_path), "--script", "Down Down"])
    assert done.returncode == 0, done.stderr
    assert len(screens(done.stdout)) == 3 and len(os.listdir(tmp_path)) == 3


def test_a_bad_script_word_is_refused_clearly():
    done = run(["--terminal", "--script", "A Jump"])
    assert done.returncode == 2 and "unknown button 'Jump'" in done.stderr


# ---- in-process: the hardware object ----------------------------------------------------------
def args(*extra):
    return desktop.parser().parse_args(list(extra))


def test_the_window_maps_keys_to_buttons_and_esc_quits(monkeypatch):
    hw, cleanup = desktop.build(args("--headless"))
    try:
        b = hw.buttons
        for key, bit in (
            (pygame.K_x, hal.A),
            (pygame.K_SPACE, hal.A),
            (pygame.K_z, hal.B),
            (pygame.K_BACKSPACE, hal.B),
            (pygame.K_RETURN, hal.START),
            (pygame.K_TAB, hal.SELECT),
            (pygame.K_RSHIFT, hal.SELECT),
            (pygame.K_UP, hal.UP),
            (pygame.K_DOWN, hal.DOWN),
            (pygame.K_LEFT, hal.LEFT),
            (pygame.K_RIGHT, hal.RIGHT),
        ):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            assert b.press() == bit, key
        now = [0]
        b.ticks_ms = lambda: now[0]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
        assert b.press() == hal.RIGHT and b.held() == hal.RIGHT
        now[0] = 400
        assert b.press() == hal.RIGHT  # held: the software repeat
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT))
        now[0] = 2000
        assert b.press() == 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        with pytest.raises(desktop.Quit):
            b.press()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        with pytest.raises(desktop.Quit):
            hw.clock.sleep_ms(30)  # closing the window is noticed while sleeping too
    finally:
        cleanup()


def test_scripted_presses_come_first_then_quit_or_the_keyboard():
    hw, cleanup = desktop.build(args("--headless", "--script", "a down Start"))
    assert [hw.buttons.press() for _ in range(3)] == [hal.A, hal.DOWN, hal.START]
    with pytest.raises(desktop.Quit):
        hw.buttons.press()
    cleanup()
    hw, cleanup = desktop.build(args("--headless", "--script", "B", "--stay"))
    assert hw.buttons.press() == hal.B and hw.buttons.press() == 0  # now the keyboard
    cleanup()


def test_default_save_path_is_under_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    hw, cleanup = desktop.build(args("--terminal", "--script", "A"))
    cleanup()
    assert hw.storage.path == str(tmp_path / "lama-kadabra" / "save.bin")
    hw.storage.save(b"abc")
    assert desktop.FileStore(hw.storage.path).load() == b"abc"
    assert hw.storage.where == "save.bin" and hw.name == "desktop" and hw.notices == []
    assert hw.entropy() != hw.entropy()


def test_seeded_entropy_and_fast_clock():
    hw, cleanup = desktop.build(args("--terminal", "--fast", "--seed", "7", "--script", "A", "--no-save"))
    cleanup()
    assert (hw.entropy(), hw.entropy()) == (8, 9)
    t = hw.clock.ticks_ms()
    hw.clock.sleep_ms(5000)
    assert hal.ticks_diff(hw.clock.ticks_ms(), t) == 5000


def test_decode_keys():
    assert desktop.decode_keys("wasd") == [hal.UP, hal.LEFT, hal.DOWN, hal.RIGHT]
    assert desktop.decode_keys("xz \r\t\x7f") == [hal.A, hal.B, hal.A, hal.START, hal.SELECT, hal.B]
    assert desktop.decode_keys("\x1b[A\x1b[D\x1bOB") == [hal.UP, hal.LEFT, hal.DOWN]
    assert desktop.decode_keys("X\x1b") == [hal.A, -1] and desktop.decode_keys("q") == [-1]


def test_without_a_screen_the_simulator_plays_in_the_terminal():
    assert not desktop.has_screen({}, "linux")
    assert desktop.has_screen({"DISPLAY": ":0"}, "linux") and desktop.has_screen({"WAYLAND_DISPLAY": "w"}, "linux")
    assert desktop.has_screen({"SDL_VIDEODRIVER": "dummy"}, "linux") and desktop.has_screen({}, "darwin")


def test_the_display_counts_what_a_board_would_push_only_changes():
    from tests.test_flow import THREE_HUMANS, play

    hw, app, driver, rec = play(THREE_HUMANS + " A A", max_screens=0)  # on the first turn screen (after the legend)
    view = hw.screen.view
    display = desktop.make_display(window=False)
    screen = desktop.DisplayScreen(display)
    screen.show(view)
    full = display.width * display.height
    assert display.pushed >= full  # the first picture: everything
    screen.show(view)
    assert display.pushed == 0 and display.areas == 0  # nothing changed: nothing sent
    view.card_cursor = (view.card_cursor + 1) % view.ncards
    screen.show(view)
    assert 0 < display.pushed < full // 4  # the cursor moved: two cards' worth


# ---- issue 20: set-up and tools --------------------------------------------------------------
def test_the_key_help_lists_only_keys_that_do_something():
    # The game has no use for Select: listing Tab sent newcomers looking for what it does.
    for text in (desktop.KEY_HELP, desktop.TERMINAL_HELP):
        assert "Select" not in text and "tab" not in text.lower()
    with open(os.path.join(ROOT, "README.md")) as f:
        keys = [line for line in f.read().split("\n\n") if line.startswith("Keys in the window")][0]
    assert "Select" not in keys and "Tab" not in keys


def test_the_default_scale_fits_the_window_on_the_screen():
    for size in ((160, 128), (240, 240), (320, 240)):
        scale = desktop.fit_scale(size, (1920, 1080))
        w, h = desktop.window_size(size, scale)
        assert w <= 1920 and h <= 1080 * 0.9, (size, scale, w, h)  # room for a task bar
    assert desktop.fit_scale((160, 128), (1920, 1080)) == 4  # as big as before where it fits
    assert desktop.fit_scale((240, 240), (1920, 1080)) == 3
    assert desktop.fit_scale((1024, 1024), (1366, 768)) == 1


@pytest.mark.parametrize("scale", ["0", "-3", "100", "two"])
def test_a_scale_that_cannot_work_is_refused_with_a_message(scale):
    done = run(["--headless", "--no-save", "--script", "B", "--scale", scale], env={"LAMA_PROG": "tools/play"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "usage: tools/play" in done.stderr and "--scale" in done.stderr.splitlines()[-1]


def test_the_usage_names_the_command_the_user_typed():
    done = subprocess.run([os.path.join(ROOT, "tools", "play"), "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("usage: ") and "python desktop.py" not in done.stdout
    assert os.path.join("tools", "play") in done.stdout.splitlines()[0]


def test_a_save_folder_that_cannot_be_made_gives_one_plain_message(tmp_path, monkeypatch):
    def read_only(path, exist_ok=False):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(desktop.os, "makedirs", read_only)
    # --fast: simulated time (the bots' moves and the magic shows were ~14 s of real waiting)
    hw, cleanup = desktop.build(args("--terminal", "--fast", "--script", NEW_GAME + " A A A A A A", "--save",
                                     str(tmp_path / "none" / "save.bin")), stdout=open(os.devnull, "w"))
    cleanup()
    assert len(hw.notices) == 1 and "read-only" in hw.notices[0] and "until you quit" in hw.notices[0]
    from play import app

    shown = []
    inner = hw.screen.show
    hw.screen.show = lambda view: (shown.append((view.title, " ".join(view.lines))), inner(view))
    with pytest.raises(desktop.Quit):
        app.run(hw)
    notes = [t for t, _ in shown if t in ("Note", "Not saved")]
    assert notes == ["Note"], notes  # said once, at start, and no "Can't save (error 2)" after a move
    assert any(t.startswith("Round 1") for t, _ in shown)


def test_the_first_run_says_it_is_setting_up(tmp_path):
    # tools/play and tools/test make .venv/ first (20-35 s): they say so rather than sit silent.
    import shutil

    (tmp_path / "tools").mkdir()
    shutil.copy(os.path.join(ROOT, "tools", "venv.sh"), tmp_path / "tools" / "venv.sh")
    (tmp_path / "requirements.txt").write_text("")  # nothing to install: a quick venv
    first = subprocess.run(["bash", "-c", "source tools/venv.sh"], cwd=tmp_path, capture_output=True, text=True,
                           timeout=120, env=dict(os.environ, PYTHON=sys.executable))
    if first.returncode and "ensurepip" in first.stderr:
        pytest.skip("this Python cannot make a venv")
    assert first.returncode == 0, first.stderr
    assert "First run" in first.stderr and ".venv" in first.stderr
    again = subprocess.run(["bash", "-c", "source tools/venv.sh"], cwd=tmp_path, capture_output=True, text=True,
                           timeout=60)
    assert again.returncode == 0 and again.stderr == ""  # ready: not a word


def test_the_window_keeps_a_key_pressed_once_its_picture_is_drawn():
    # The flow drops the presses made before a new screen (play/ui.py: clear() after show());
    # the window marks when its picture is up, so a key pressed after that is not lost.
    from play import view as v

    hw, cleanup = desktop.build(args("--headless", "--fast"))
    try:
        assert hw.screen.buttons is hw.buttons
        vw = v.View()
        vw.title = "Pass the device"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x))  # before: dropped
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_x))
        hw.screen.show(vw)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))  # after: kept
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT))
        hw.buttons.clear()
        assert hw.buttons.press() == hal.RIGHT and hw.buttons.press() == 0
    finally:
        cleanup()


def test_the_simulator_starts_from_desktop_py_and_python_m_hal_desktop_still_runs_it():
    # The entry left hal (issue 37, item 3: hal imports nothing of play but the View): desktop.py
    # hands play.app.run to hal.desktop.main, as code.py hands it the board's hardware. The
    # command older notes give, python -m hal.desktop, runs that script with its arguments.
    done = run(["--terminal", "--fast", "--no-save", "--seed", "1", "--script", "A"])
    assert done.returncode == 0 and "= L.A.M.A. Kadabra" in done.stdout
    argv = [sys.executable, "-m", "hal.desktop", "--terminal", "--fast", "--no-save", "--seed", "1", "--script", "A"]
    again = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and again.stdout == done.stdout
