"""The desktop simulator: the board's screen in a window (or a terminal), keys as buttons.

    python desktop.py                    # a window, scaled up to fit the screen (4x at most)
    python desktop.py --terminal         # text screens, keys from stdin (no pygame window)
    python desktop.py --list-boards      # the boards it plays, one name a line
    python desktop.py --board clue       # a CLUE: its 240x240 screen, its two buttons
    python desktop.py --screenshot shots --script "A A Down A"   # PNGs of every screen
    python desktop.py --board pyportal --headless --screenshot shots --script "tap:60,40"

The program's entry is the project's top-level desktop.py (as code.py is a board's): it hands
:func:`main` the program to run, ``play.app.run``, so that the hardware imports nothing of the
program but its View. This module is the command line; the parts have a module each: the window and screenshots
(hal/desktop/window.py), the terminal (hal/desktop/terminal.py), the buttons, scripts and a
board's keys on the keyboard (hal/desktop/keys.py), the clock, lights and ``hw``
(hal/desktop/hw.py), the saves (hal/desktop/store.py); and what runs a desktop program again
under the project's .venv (hal/desktop/venv.py). None of them goes to a board (tools/drive.py).

The window is Blinka displayio (``blinka_displayio_pygamedisplay``) drawn by
the same hal/render/__init__.py as the board, at the board's size, scaled up for the window;
under it a strip shows the board's NeoPixels (``hw.lights``: the colour,
dimmed by the level; screenshots hold the screen only). The terminal shows no
lights, and the desktop makes no sound (``hw.sound`` does nothing).
``--terminal`` prints each View as text (hal/textview.py) and reads single
keys from stdin (a tty in cbreak mode, or a pipe). ``--script`` feeds
button presses first (hal/script.py: names as in hal.NAMES, case-insensitive; with
``--board`` the board's own key names, ``hold:KEY``, and ``tap:X,Y`` on a touchscreen), then
quits, or with ``--stay`` carries on with the keyboard. ``--screenshot DIR`` saves a
PNG of every screen shown (``screen-0001.png`` ...; a screen identical to the
one before is not saved again), in any mode, headless too.

``--board NAME`` (hal/boards: ``--list-boards``) plays that board: its display size, its
control scheme, its button names on the screen and only its inputs: its keys on the keyboard
(the arrows, digits or letters of their names; held ``hal.keys.LONG_MS`` for a long press; at
a terminal the upper-case letter) and, on a touchscreen, the mouse.

Saves go to ``~/.local/share/lama-kadabra/save.bin`` (``$XDG_DATA_HOME``
honoured; ``--save PATH``; ``--no-save`` keeps them in memory) with the
board's atomic file scheme (hal/saves/__init__.py). Entropy: ``os.urandom``, or
``--seed N`` for repeatable games; ``--size 320x240`` another display size (hal/render/build.py
lays the screen out for it); ``--fast`` simulates time (the bots' pauses
take none, for demos and tests). Then ``run(hw)``: the program desktop.py gives.
"""

import argparse
import os
import sys

import hal

# The parts, by the names the tests and tools have used since they were all here.
from hal.desktop.hw import Clock, Hardware, Lights, Sound  # noqa: F401
from hal.desktop.keys import Buttons, Quit  # noqa: F401
from hal.desktop.store import MemoryStore, default_save_path, make_storage  # noqa: F401
from hal.desktop.terminal import TerminalInput, TextScreen, decode_keys, terminal_source  # noqa: F401
from hal.desktop.window import (  # noqa: F401
    MAX_WINDOW,
    SIZE,
    DisplayScreen,
    Shots,
    fit_scale,
    make_display,
    pygame_keymap,
    pygame_source,
    window_size,
)
from hal.saves.files import FileStore  # noqa: F401

# (The game uses no Select button: Tab is mapped to it, as the board has one, but not listed.)
KEY_HELP = (
    "Keys: arrows = D-pad, X or Space = A, Z or Backspace = B,\n"
    "      Enter = Start (the menu), Esc (or close the window) = quit."
)
TERMINAL_HELP = (
    "Keys: arrows or w/a/s/d = D-pad, x or space = A, z or backspace = B,\n"
    "      enter = Start (the menu), q or Esc = quit."
)


def board(name):
    """``--board``: the profile called ``name`` (hal/boards)."""
    from hal import boards

    try:
        return boards.get(name.lower())  # (names are matched without case: CLUE is clue)
    except KeyError:
        raise argparse.ArgumentTypeError("no board %r (--list-boards names them)" % name)


def display_size(text):
    """``--size``: "320x240" -> (320, 240) (hal/desktop/window.py's limits)."""
    from hal.desktop import window as desktop_window

    try:
        return desktop_window.display_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))


def build(args, stdin=None, stdout=None):
    """(hw, cleanup) for parsed ``args``."""
    from hal.desktop import keys as desktop_keys

    notices = []
    profile = args.board
    script = hal.parse_script(args.script or "", profile)
    shots = Shots(args.screenshot, args.shot_scale) if args.screenshot else None
    size = profile.size if profile is not None else args.size
    cleanups = []
    clock = Clock(fast=args.fast)
    lights = Lights()
    if profile is not None:
        lights.count = profile.lights
    live = getattr(args, "live", None)  # main(): a headless run ends when its script does
    if live is None:
        live = args.stay or not args.script
    if args.terminal:
        display = make_display(window=False, size=size) if shots is not None else None
        screen = TextScreen(stdout, display=display, shots=shots, size=size)
        source = None
        if live:
            inp = TerminalInput(stdin)
            cleanups.append(inp.close)
            source = terminal_source(inp, desktop_keys.terminal_table(profile) if profile is not None else None)
        buttons = Buttons(clock.ticks_ms, script, args.stay or not args.script, source)
        screen.buttons = buttons
    else:
        if args.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        display = make_display(scale=args.scale, window=True, size=size)
        display.lights = lights
        lights.changed = display.present
        screen = DisplayScreen(display, shots)
        screen.motion = not args.fast  # simulated time: no frames to watch
        keys = None
        if profile is not None:
            import pygame

            from hal.desktop import window as desktop_window

            keys = desktop_window.board_keymap(pygame, profile)
        touch = screen if profile is not None and profile.has & hal.TAP else None
        buttons = Buttons(clock.ticks_ms, script, live, pygame_source(display, keys, touch))
        screen.buttons = buttons
        clock.idle = buttons.poll
    if profile is not None:
        buttons.use(profile)
    buttons.hit = screen.hit

    def cleanup():
        for f in cleanups:
            f()

    wish = getattr(args, "lang", None)
    hw = Hardware(
        buttons,
        screen,
        make_storage(args, notices),
        clock,
        notices,
        args.seed,
        lights,
        wish or locale_language(),
        bool(wish),
    )
    if profile is not None:
        hw.name = profile.title
        hw.sound.broken = profile.speaker == "-"  # (the board's menus offer no Sound then)
    return hw, cleanup


def locale_language(env=None):
    """The desktop's language as the game knows them ("de", "fr", "en"), from LC_ALL, LC_MESSAGES or
    LANG (the first set, as the C library reads them: "de_DE.UTF-8" is "de"); "" for another one."""
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value[:2].lower()
            return code if code in ("en", "de", "fr") else ""
    return ""


def lang_arg(text):
    """``--lang``: en, de or fr (any case)."""
    code = text.strip().lower()
    if code not in ("en", "de", "fr"):
        raise argparse.ArgumentTypeError("%r is not en, de or fr" % text)
    return code


def seed_arg(text):
    """``--seed``: what LAMA_SEED takes on a board, 0 to 999999999 (hal/settings.py's ``seed``, the one
    place that says so, reads it as it reads settings.toml: from the environment)."""
    from hal import settings

    old = os.environ.get("LAMA_SEED")
    os.environ["LAMA_SEED"] = text.strip()
    try:
        n = settings.seed([])
    finally:
        if old is None:
            del os.environ["LAMA_SEED"]
        else:
            os.environ["LAMA_SEED"] = old
    if n is None:
        raise argparse.ArgumentTypeError("a whole number from 0 to 999999999 (as LAMA_SEED), not %r" % text)
    return n


def scale_arg(text):
    """``--scale``: a whole number from 1 up (0 opened a black full screen, -3 a traceback)."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError("a whole number from 1 up, not %r" % text)
    return n


def parser():
    # tools/play sets LAMA_PROG: the usage names the command the user typed.
    prog = os.environ.get("LAMA_PROG") or "python desktop.py"
    p = argparse.ArgumentParser(prog=prog, description="L.A.M.A. Kadabra on the desktop.")
    p.add_argument(
        "--scale",
        type=scale_arg,
        metavar="N",
        help="window scale (default: as big as fits the screen, 4 at most: 640x568 for 160x128)",
    )
    p.add_argument(
        "--size",
        type=display_size,
        default=SIZE,
        metavar="WxH",
        help="the display's size in pixels (default 160x128, a PyBadge; e.g. 240x240, 320x240)",
    )
    p.add_argument("--board", type=board, metavar="NAME", help="play that board: its screen and inputs alone")
    p.add_argument("--list-boards", action="store_true", help="print the boards --board takes, one a line")
    p.add_argument(
        "--lang", type=lang_arg, metavar="LANG", help="the game's language: en, de or fr (default: the desktop's)"
    )
    p.add_argument("--terminal", action="store_true", help="text screens and stdin keys, no window")
    p.add_argument("--headless", action="store_true", help="no visible window (SDL_VIDEODRIVER=dummy)")
    p.add_argument("--screenshot", metavar="DIR", help="save a PNG of every screen shown into DIR")
    p.add_argument("--shot-scale", type=scale_arg, default=1, help="scale of the PNGs (default 1: 160x128)")
    p.add_argument("--script", metavar="PRESSES", help='button presses to start with, e.g. "A A Down A"')
    p.add_argument("--stay", action="store_true", help="after --script, go on with the keyboard")
    p.add_argument("--save", metavar="PATH", help="save file (default %s)" % default_save_path())
    p.add_argument("--no-save", action="store_true", help="keep saves in memory only")
    p.add_argument("--seed", type=seed_arg, help="fixed entropy for repeatable games (0 to 999999999)")
    p.add_argument("--fast", action="store_true", help="simulated time: no waiting for bot moves (demos, tests)")
    return p


def has_screen(environ=os.environ, platform=sys.platform):
    """Can a window open? On Linux and the BSDs only with an X or Wayland display."""
    if environ.get("SDL_VIDEODRIVER"):
        return True  # the caller chose SDL's driver (dummy, offscreen, ...)
    if platform.startswith("linux") or "bsd" in platform:
        return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))
    return True  # Windows, macOS: a desktop is there


def main(run, argv=None, stdin=None, stdout=None):
    """The desktop program: the command line ``argv`` (default: sys.argv's) read, the hardware
    opened, then ``run(hw)`` (desktop.py gives ``play.app.run``); returns the exit status."""
    p = parser()
    args = p.parse_args(argv)
    out = stdout or sys.stdout
    if args.list_boards:
        from hal import boards

        out.write("".join(name + "\n" for name in boards.names()))
        return 0
    size = args.board.size if args.board is not None else args.size
    if args.scale is not None and max(window_size(size, args.scale)) > MAX_WINDOW:
        p.error(
            "--scale %d makes a %dx%d window; at most %d pixels a side"
            % ((args.scale,) + window_size(size, args.scale) + (MAX_WINDOW,))
        )
    try:
        hal.parse_script(args.script or "", args.board)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    if not (args.terminal or args.headless or has_screen()):
        out.write("No screen found (no DISPLAY): playing in this terminal (--terminal).\n")
        args.terminal = True
    if args.screenshot:
        try:
            os.makedirs(args.screenshot, exist_ok=True)
        except OSError as e:
            print("Can't save screenshots in %s: %s." % (args.screenshot, e.strerror or e), file=sys.stderr)
            return 2
    # Keys from the keyboard after the script (or none): not headless, where nobody can press any.
    args.live = args.stay or not (args.script or args.headless and not args.terminal)
    if args.live:
        if args.board is not None:
            from hal.desktop import keys as desktop_keys

            help_text = desktop_keys.board_help(args.board, not args.terminal and args.board.has & hal.TAP)
        else:
            help_text = TERMINAL_HELP if args.terminal else KEY_HELP
        out.write(help_text + "\n")
        out.flush()
    hw, cleanup = build(args, stdin, stdout)
    stopped = on_signals()
    code = 0
    try:
        run(hw)
    except Stopped as e:
        code = 128 + e.args[0]  # (as a shell reports a program a signal ended)
    except (Quit, KeyboardInterrupt):
        pass
    finally:
        cleanup()
        stopped()
        if args.screenshot:
            out.write("%d screenshots in %s\n" % (_shots(hw), args.screenshot))
    return code


class Stopped(KeyboardInterrupt):
    """SIGTERM (or SIGHUP) arrived: the program ends as on Ctrl-C (the terminal put back)."""


def on_signals():
    """SIGTERM and SIGHUP end the program as Ctrl-C does, at once, wherever it waits (a blocking
    call is interrupted: Python runs the handler, which raises); returns what undoes it. Set once
    the window is open: SDL puts its own handlers for SIGINT and SIGTERM, which only queue a quit
    event that nobody reads while the program waits elsewhere."""
    import signal

    def stop(signum, frame):
        raise Stopped(signum)

    old = []
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                old.append((sig, signal.signal(sig, signal.default_int_handler if name == "SIGINT" else stop)))
            except ValueError:  # not the main thread (a test's thread): leave them
                pass

    def restore():
        for sig, handler in old:
            signal.signal(sig, handler)

    return restore


def _shots(hw):
    screen = hw.screen
    shots = getattr(screen, "shots", None) or getattr(getattr(screen, "drawn", None), "shots", None)
    return shots.count if shots is not None else 0
