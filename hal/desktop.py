"""The desktop simulator: the board's screen in a window (or a terminal), keys as buttons.

    python -m hal.desktop                    # a window, scaled up to fit the screen (4x at most)
    python -m hal.desktop --terminal         # text screens, keys from stdin (no pygame window)
    python -m hal.desktop --screenshot shots --script "A A Down A"   # PNGs of every screen
    SDL_VIDEODRIVER=dummy python -m hal.desktop --headless --screenshot shots --script "..."

The window is Blinka displayio (``blinka_displayio_pygamedisplay``) drawn by
the same hal/render.py as the board, at 160x128, scaled up for the window;
under it a strip shows the board's 5 NeoPixels (``hw.lights``: the colour,
dimmed by the level; screenshots hold the screen only). The terminal shows no
lights, and the desktop makes no sound (``hw.sound`` does nothing).
``--terminal`` prints each View as text (play.textview) and reads single
keys from stdin (a tty in cbreak mode, or a pipe). ``--script`` feeds
button presses first (names as in hal.NAMES, case-insensitive), then quits,
or with ``--stay`` carries on with the keyboard. ``--screenshot DIR`` saves a
PNG of every screen shown (``screen-0001.png`` ...; a screen identical to the
one before is not saved again), in any mode, headless too.

Saves go to ``~/.local/share/lama-kadabra/save.bin`` (``$XDG_DATA_HOME``
honoured; ``--save PATH``; ``--no-save`` keeps them in memory) with the
board's atomic file scheme (hal/saves.py). Entropy: ``os.urandom``, or
``--seed N`` for repeatable games; ``--size 320x240`` another display size (hal/renderbuild.py
lays the screen out for it); ``--fast`` simulates time (the bots' pauses
take none, for demos and tests). Then ``play.app.run(hw)``.
"""

import argparse
import os
import select
import sys
import time

import hal
from hal import keys
from hal.filestore import FileStore

# (The game uses no Select button: Tab is mapped to it, as the board has one, but not listed.)
KEY_HELP = (
    "Keys: arrows = D-pad, X or Space = A, Z or Backspace = B,\n"
    "      Enter = Start (the menu), Esc (or close the window) = quit."
)
TERMINAL_HELP = (
    "Keys: arrows or w/a/s/d = D-pad, x or space = A, z or backspace = B,\n"
    "      enter = Start (the menu), q or Esc = quit."
)
SIZE = (160, 128)
LIGHTS_H = 14  # the strip of lights under the screen in the window, in board pixels
MAX_SCALE = 4  # the default scale when the screen has room: 640x568 for a PyBadge's 160x128
MAX_WINDOW = 4096  # --scale may not make a window bigger than this a side (100 took 2.6 GB)
DESKTOP = (1920, 1080)  # assumed when SDL cannot tell the screen's size
LIGHT_SHADE = (0, 110, 180, 255)  # hw.lights.level -> how bright the window draws them (of 255)


class Quit(BaseException):
    """The player closed the window, pressed Esc, or the script ran out: leave the flow."""


class Buttons(keys.Buttons):
    """Scripted presses first, then a live source (``poll_source``), or Quit."""

    def __init__(self, ticks_ms, script=(), stay=False, source=None):
        super().__init__(ticks_ms)
        self.script = list(script)
        self.stay = stay
        self.source = source  # a function(buttons) that reads the keyboard; None: none
        self.quit_pending = False  # set by a source: quit once the presses before it are used
        self.before = -1  # presses queued when the screen was printed (mark); -1: none since clear

    def poll(self):
        if self.source is not None:
            self.source(self)

    def mark(self):
        """A screen shows its picture now (the terminal before it flushes its text, the window once
        it is drawn): keys read from here on were pressed after it, and ``clear`` keeps them."""
        self.poll()
        self.before = self._count

    def clear(self, n=0):
        """Drop the presses made before the screen now shown: with a :meth:`mark`, those queued
        before it (the newest, typed since, are kept); without, all (hal.keys)."""
        self.poll()
        if 0 <= self.before <= self._count:
            n = self._count - self.before
        self.before = -1
        super().clear(n)

    def press(self):
        self.poll()  # keeps the window alive, notices Esc; a pipe's keys join the script
        if self.script:
            return self.script.pop(0)
        if not self.stay or self.source is None:
            raise Quit()
        bit = super().press()
        if not bit and self.quit_pending and not self.script:
            raise Quit()
        return bit


# ---- pygame window ---------------------------------------------------------------
def pygame_keymap(pygame):
    k = pygame
    return {
        k.K_UP: hal.UP,
        k.K_DOWN: hal.DOWN,
        k.K_LEFT: hal.LEFT,
        k.K_RIGHT: hal.RIGHT,
        k.K_x: hal.A,
        k.K_SPACE: hal.A,
        k.K_z: hal.B,
        k.K_BACKSPACE: hal.B,
        k.K_RETURN: hal.START,
        k.K_KP_ENTER: hal.START,
        k.K_TAB: hal.SELECT,
        k.K_RSHIFT: hal.SELECT,
    }


def display_size(text):
    """``--size``: "320x240" -> (320, 240), at least the reference 160x128."""
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("not a size like 320x240: %r" % text)
    if w < SIZE[0] or h < SIZE[1] or w > 1024 or h > 1024:
        raise argparse.ArgumentTypeError("a display from 160x128 to 1024x1024, not %dx%d" % (w, h))
    return w, h


def window_size(size, scale):
    """The window's pixels for a display ``size`` at ``scale``: the screen, the lights under it."""
    return size[0] * scale, (size[1] + LIGHTS_H) * scale


def fit_scale(size, desktop=DESKTOP):
    """The default scale: the biggest up to MAX_SCALE whose window fits the ``desktop`` (w, h),
    with room left for a task bar and the window's title bar; at least 1."""
    for scale in range(MAX_SCALE, 1, -1):
        w, h = window_size(size, scale)
        if w <= desktop[0] * 95 // 100 and h <= desktop[1] * 88 // 100:
            return scale
    return 1


def desktop_size(pygame):
    """The screen's size as SDL reports it (pygame.display initialised), else DESKTOP."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        sizes = ()
    return sizes[0] if sizes and min(sizes[0]) > 0 else DESKTOP


def make_display(scale=None, window=True, caption="L.A.M.A. Kadabra", size=SIZE):
    """A Blinka displayio display (160x128) drawing into an offscreen ``surface`` (and a window).

    The window is the screen scaled up with the strip of lights under it (``lights``: set
    it to a :class:`Lights` to have them drawn); ``scale`` None fits it to the screen."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import contextlib
    import io

    import pygame

    with contextlib.redirect_stdout(io.StringIO()):  # Blinka prints "GENERIC_X86 is not fully supported"
        import busdisplay
        import displayio
        from blinka_displayio_pygamedisplay import PyGameDisplay
        from displayio._area import Area

    class ScaledDisplay(PyGameDisplay):
        """PyGameDisplay at the board's size, shown scaled; ``surface`` is the 160x128 picture."""

        def __init__(self):
            self.surface = None
            self.window = None
            self.lights = None
            self.pushed = 0  # pixels the last refresh sent (a board sends 2 bytes each)
            self.areas = 0  # and in how many areas
            super().__init__(width=size[0], height=size[1], auto_refresh=False, caption=caption)

        def _initialize(self, init_sequence):
            self.surface = pygame.Surface((self.width, self.height))
            self._pygame_screen = self.surface  # PyGameDisplay._refresh_area blits here
            if window:
                pygame.display.init()  # not pygame.init(): no sound, no mixer warnings
                pygame.display.set_caption(caption)
                self.window = pygame.display.set_mode(window_size(size, scale))

        def _get_refresh_areas(self):
            # Counted (tools/bench.py --screen): what a board would push, displayio's dirty areas
            # of the tree. Drawn: the whole screen, as PyGameDisplay does (its partial drawing
            # fails on an area of an odd number of pixels).
            group = self._core.current_group
            if self._core.full_refresh and group is not None:
                # Blinka clears a TileGrid's changes after a refresh only when its own walk
                # saw them (CircuitPython always does): walk once, or the next refresh would
                # count everything again.
                group._get_refresh_areas([])
            areas = busdisplay.BusDisplay._get_refresh_areas(self)
            clipped = Area()
            pushed = 0
            for a in areas:
                if self._core.clip_area(a, clipped):
                    pushed += clipped.size()
            self.pushed = pushed
            self.areas = len(areas)
            return [self._core.area]

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self.present()

        def present(self):
            if self.window is not None:
                w, h = self.width * scale, self.height * scale
                pygame.transform.scale(self.surface, (w, h), self.window.subsurface((0, 0, w, h)))
                draw_lights(pygame, self.window, self.lights, h, scale)
                pygame.display.flip()

        def _release(self):
            busdisplay.BusDisplay._release(self)
            if self.window is not None:
                pygame.quit()
                self.window = None

    if window and scale is None:
        pygame.display.init()  # not pygame.init(): no sound, no mixer warnings
        scale = fit_scale(size, desktop_size(pygame))
    displayio.release_displays()  # Blinka allows one display at a time
    display = ScaledDisplay()
    stop = getattr(displayio, "_stop_background", None)
    if stop is not None:  # refreshes are explicit: no need for the 1 ms background thread
        stop()
    return display


def draw_lights(pygame, window, lights, top, scale):
    """The strip of 5 lights under the screen (from ``top``): dark when off or without lights."""
    w = window.get_width()
    pygame.draw.rect(window, (24, 24, 28), (0, top, w, LIGHTS_H * scale))
    color = lights.color() if lights is not None else (0, 0, 0)
    lit = color != (0, 0, 0)
    radius = 4 * scale
    for i in range(5):
        centre = (w * (2 * i + 1) // 10, top + LIGHTS_H * scale // 2)
        pygame.draw.circle(window, color if lit else (50, 50, 56), centre, radius, 0 if lit else max(1, scale // 2))


class Lights:
    """``hw.lights`` on the desktop: the colour and level; ``changed()`` redraws the window."""

    count = 5

    def __init__(self, changed=None):
        self.level = 2
        self.rgb = 0
        self.changed = changed
        self._drawn = (0, 0, 0)

    def color(self):
        """The RGB the window draws: the colour dimmed by the level."""
        shade = LIGHT_SHADE[max(0, min(3, self.level))]
        return tuple(((self.rgb >> k) & 255) * shade // 255 for k in (16, 8, 0))

    def show(self, rgb):
        self.rgb = rgb
        color = self.color()
        if color != self._drawn:
            self._drawn = color
            if self.changed is not None:
                self.changed()


class Sound:
    """``hw.sound`` on the desktop: silent."""

    def __init__(self):
        self.on = True

    def beep(self, kind):
        pass


def pygame_source(display):
    """A poll function: pygame key events -> down/up; Esc or closing the window -> Quit."""
    import pygame

    keymap = pygame_keymap(pygame)
    redraw = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED)

    def poll(buttons):
        for event in pygame.event.get():
            if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
                raise Quit()
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    raise Quit()
                bit = keymap.get(event.key, 0)
                if bit:
                    buttons.down(bit)
            elif event.type == pygame.KEYUP:
                bit = keymap.get(event.key, 0)
                if bit:
                    buttons.up(bit)
            elif event.type == pygame.WINDOWFOCUSLOST:
                buttons.release_all()  # its key-ups go elsewhere: no key stays "held"
            elif event.type in redraw:
                display.present()

    return poll


class Shots:
    """Writes a PNG of each new picture of a display's surface into ``folder``."""

    def __init__(self, folder, scale=1):
        self.folder = folder
        self.scale = scale
        self.count = 0
        self._last = None
        os.makedirs(folder, exist_ok=True)

    def take(self, surface):
        import pygame

        data = pygame.image.tobytes(surface, "RGB")
        if data == self._last:
            return None
        self._last = data
        self.count += 1
        path = os.path.join(self.folder, "screen-%04d.png" % self.count)
        if self.scale != 1:
            w, h = surface.get_size()
            surface = pygame.transform.scale(surface, (w * self.scale, h * self.scale))
        pygame.image.save(surface, path)
        return path


class DisplayScreen:
    """``hw.screen``: hal.render on the Blinka display, plus screenshots."""

    def __init__(self, display, shots=None):
        from hal import render

        self.display = display
        self.inner = render.Screen(display)
        self.shots = shots
        self.view = None
        self.count = 0
        self.motion = False  # play.motion draws frames only where this is set (the window)
        self.text = False  # the window draws the table, not the text lines
        self.buttons = None  # the window's Buttons: told the moment a picture is on it (``mark``)

    def show(self, view):
        self.inner.show(view)
        if self.buttons is not None:
            self.buttons.mark()  # on the window now: keys pressed from here on answer it
        self.view = view
        self.count += 1
        if self.shots is not None and not view.move:  # no picture of each frame of a motion
            self.shots.take(self.display.surface)


# ---- terminal ----------------------------------------------------------------------
TERMINAL_KEYS = {
    "w": hal.UP,
    "s": hal.DOWN,
    "a": hal.LEFT,
    "d": hal.RIGHT,
    "x": hal.A,
    " ": hal.A,
    "z": hal.B,
    "\x7f": hal.B,
    "\x08": hal.B,
    "\r": hal.START,
    "\n": hal.START,
    "\t": hal.SELECT,
}
WINDOWS_KEYS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}
ESCAPES = {
    "[A": hal.UP,
    "[B": hal.DOWN,
    "[C": hal.RIGHT,
    "[D": hal.LEFT,
    "OA": hal.UP,
    "OB": hal.DOWN,
    "OC": hal.RIGHT,
    "OD": hal.LEFT,
}


def decode_keys(text):
    """Button bits of the characters typed (escape sequences for the arrows); -1 for quit."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            seq = text[i + 1 : i + 3]
            if seq in ESCAPES:
                out.append(ESCAPES[seq])
                i += 3
                continue
            out.append(-1)  # a lone Esc
            i += 1
            continue
        if ch in "qQ":
            out.append(-1)
        else:
            bit = TERMINAL_KEYS.get(ch.lower(), 0)
            if bit:
                out.append(bit)
        i += 1
    return out


class TerminalInput:
    """Non-blocking key reads from stdin; a tty goes into cbreak mode until ``close``."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdin
        self.fd = self.stream.fileno()
        self.saved = None
        self.eof = False
        self.msvcrt = None
        self.typed = os.isatty(self.fd)  # a person typing (else a pipe or a file: a script)
        if os.name == "nt" and os.isatty(self.fd):
            import msvcrt

            self.msvcrt = msvcrt
        elif os.isatty(self.fd):
            try:
                import termios
                import tty

                self.saved = termios.tcgetattr(self.fd)
                tty.setcbreak(self.fd)
            except (ImportError, OSError):
                self.saved = None

    def read(self):
        """Characters waiting (``""`` when none); sets ``eof`` at the end of a pipe."""
        if self.eof:
            return ""
        if self.msvcrt is not None:  # a Windows console
            out = ""
            while self.msvcrt.kbhit():
                ch = self.msvcrt.getwch()
                out += WINDOWS_KEYS.get(self.msvcrt.getwch(), "") if ch in "\x00\xe0" else ch
            return out
        try:
            ready, _, _ = select.select([self.fd], [], [], 0)
        except (OSError, ValueError):
            ready = [self.fd]  # no select on this stream: a blocking read
        if not ready:
            return ""
        data = os.read(self.fd, 64)
        if not data:
            self.eof = True
            return ""
        # An arrow key's escape sequence may arrive in two reads: wait a moment
        # for the rest rather than take its Esc for "quit".
        while data[-1:] == b"\x1b" or data[-2:] in (b"\x1b[", b"\x1bO"):
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.05)
            except (OSError, ValueError):
                break
            more = os.read(self.fd, 64) if ready else b""
            if not more:
                break
            data += more
        return data.decode("utf-8", "replace")

    def close(self):
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None


def terminal_source(inp):
    """A poll function: keys typed -> taps; q or Esc -> quit once the presses before it are used.

    Keys typed at a terminal (``inp.typed``, a tty) are presses made when they are read: they go
    into the press queue at once, so that a new screen drops those typed before it was drawn
    (play/ui.py), as the window's. Keys from a pipe are a script: no one typed them at a
    moment, so they join ``buttons.script`` and are taken one a press, never dropped.
    """
    typed = getattr(inp, "typed", True)

    def poll(buttons):
        for bit in decode_keys(inp.read()):
            if buttons.quit_pending:
                break  # keys after a quit are never used
            if bit < 0:
                buttons.quit_pending = True
            elif typed:
                buttons.down(bit)  # a terminal has no key-up: a tap (its auto-repeat repeats)
                buttons.up(bit)
            else:
                buttons.script.append(bit)
        if inp.eof:
            buttons.quit_pending = True

    return poll


class TextScreen:
    """``hw.screen`` in a terminal: each View as text; optionally also drawn for screenshots."""

    def __init__(self, out=None, clear=None, display=None, shots=None):
        self.out = out or sys.stdout
        self.clear = self.out.isatty() if clear is None else clear
        self.drawn = DisplayScreen(display, shots) if display is not None else None
        self.view = None
        self.count = 0
        self.buttons = None  # hal.keys.Buttons: told the moment a screen is printed (``mark``)

    def show(self, view):
        from play import textview

        self.view = view
        self.count += 1
        lines = textview.text(view)
        if self.buttons is not None:
            self.buttons.mark()  # keys typed from now on answer this screen
        if self.clear:
            self.out.write("\x1b[H\x1b[2J")
        else:
            self.out.write("-" * 30 + "\n")
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()
        if self.drawn is not None:
            self.drawn.show(view)


# ---- the rest of the hardware ---------------------------------------------------------
class Clock:
    """Real time; with ``fast`` simulated time (sleeps only move the clock, as in hal.mock)."""

    def __init__(self, idle=None, fast=False):
        self.idle = idle  # called every ~20 ms of a sleep (keeps the window alive)
        self.fast = fast
        self.now = 0

    def ticks_ms(self):
        if self.fast:
            return self.now & 0x1FFFFFFF
        return int(time.monotonic() * 1000) & 0x1FFFFFFF

    def sleep_ms(self, ms):
        if self.fast:
            self.now += ms
            if self.idle is not None:
                self.idle()
            return
        end = time.monotonic() + ms / 1000
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, 0.02))
            if self.idle is not None:
                self.idle()


class MemoryStore:
    """--no-save: saves live as long as the program (per key: hal.GAME, hal.STATS)."""

    where = "memory"
    lost = False

    def __init__(self):
        self.data = [None, None]
        self.kept = [[], []]  # per key: every save set aside, oldest first

    def load(self, key=0):
        return self.data[key]

    def save(self, data, key=0):
        self.data[key] = bytes(data)

    def set_aside(self, key=0):
        self.kept[key].append(self.data[key])
        self.data[key] = None
        return "memory (aside)"


def default_save_path():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "lama-kadabra", "save.bin")


class Hardware:
    """The hal interface on a PC (see hal/__init__.py)."""

    name = "desktop"

    def __init__(self, buttons, screen, storage, clock, notices=(), seed=None, lights=None):
        self.buttons = buttons
        self.screen = screen
        self.storage = storage
        self.clock = clock
        self.notices = list(notices)
        self._seed = seed
        self.lights = Lights() if lights is None else lights
        self.sound = Sound()

    def entropy(self):
        if self._seed is not None:
            self._seed += 1
            return self._seed
        return int.from_bytes(os.urandom(4), "big")


def make_storage(args, notices):
    """The save file's store; when its folder cannot be made, saves in memory and one notice
    that says so plainly (not a cut error text, then "Can't save (error 2)" after a move)."""
    if args.no_save:
        return MemoryStore()
    path = os.path.abspath(os.path.expanduser(args.save or default_save_path()))
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        code = e.args[0] if e.args else 0
        why = {30: "it is read-only", 13: "no permission", 1: "no permission", 28: "the disk is full"}
        notices.append(
            "Saves off: can't make the save folder (%s). This game lasts until you quit."
            % why.get(code, e.strerror or "error %s" % code)
        )
        return MemoryStore()
    return FileStore(path)


def build(args, stdin=None, stdout=None):
    """(hw, cleanup) for parsed ``args``."""
    notices = []
    script = hal.parse_script(args.script or "")
    shots = Shots(args.screenshot, args.shot_scale) if args.screenshot else None
    cleanups = []
    clock = Clock(fast=args.fast)
    lights = Lights()
    live = args.stay or not args.script
    if args.terminal:
        display = make_display(window=False, size=args.size) if shots is not None else None
        screen = TextScreen(stdout, display=display, shots=shots)
        source = None
        if live:
            inp = TerminalInput(stdin)
            cleanups.append(inp.close)
            source = terminal_source(inp)
        buttons = Buttons(clock.ticks_ms, script, args.stay or not args.script, source)
        screen.buttons = buttons
    else:
        if args.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        display = make_display(scale=args.scale, window=True, size=args.size)
        display.lights = lights
        lights.changed = display.present
        screen = DisplayScreen(display, shots)
        screen.motion = not args.fast  # simulated time: no frames to watch
        source = pygame_source(display)
        buttons = Buttons(clock.ticks_ms, script, live, source)
        screen.buttons = buttons
        clock.idle = buttons.poll

    def cleanup():
        for f in cleanups:
            f()

    hw = Hardware(buttons, screen, make_storage(args, notices), clock, notices, args.seed, lights)
    return hw, cleanup


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
    prog = os.environ.get("LAMA_PROG") or "python -m hal.desktop"
    p = argparse.ArgumentParser(prog=prog, description="L.A.M.A. Kadabra on the desktop.")
    p.add_argument(
        "--scale", type=scale_arg, metavar="N",
        help="window scale (default: as big as fits the screen, 4 at most: 640x568 for 160x128)",
    )
    p.add_argument(
        "--size", type=display_size, default=SIZE, metavar="WxH",
        help="the display's size in pixels (default 160x128, a PyBadge; e.g. 240x240, 320x240)",
    )
    p.add_argument("--terminal", action="store_true", help="text screens and stdin keys, no window")
    p.add_argument("--headless", action="store_true", help="no visible window (SDL_VIDEODRIVER=dummy)")
    p.add_argument("--screenshot", metavar="DIR", help="save a PNG of every screen shown into DIR")
    p.add_argument("--shot-scale", type=scale_arg, default=1, help="scale of the PNGs (default 1: 160x128)")
    p.add_argument("--script", metavar="PRESSES", help='button presses to start with, e.g. "A A Down A"')
    p.add_argument("--stay", action="store_true", help="after --script, go on with the keyboard")
    p.add_argument("--save", metavar="PATH", help="save file (default %s)" % default_save_path())
    p.add_argument("--no-save", action="store_true", help="keep saves in memory only")
    p.add_argument("--seed", type=int, help="fixed entropy for repeatable games")
    p.add_argument("--fast", action="store_true", help="simulated time: no waiting for bot moves (demos, tests)")
    return p


def has_screen(environ=os.environ, platform=sys.platform):
    """Can a window open? On Linux and the BSDs only with an X or Wayland display."""
    if environ.get("SDL_VIDEODRIVER"):
        return True  # the caller chose SDL's driver (dummy, offscreen, ...)
    if platform.startswith("linux") or "bsd" in platform:
        return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))
    return True  # Windows, macOS: a desktop is there


def main(argv=None, stdin=None, stdout=None):
    p = parser()
    args = p.parse_args(argv)
    if args.scale is not None and max(window_size(args.size, args.scale)) > MAX_WINDOW:
        p.error("--scale %d makes a %dx%d window; at most %d pixels a side" % (
            (args.scale,) + window_size(args.size, args.scale) + (MAX_WINDOW,)))
    try:
        hal.parse_script(args.script or "")
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    out = stdout or sys.stdout
    if not (args.terminal or args.headless or has_screen()):
        out.write("No screen found (no DISPLAY): playing in this terminal (--terminal).\n")
        args.terminal = True
    if not args.script or args.stay:
        out.write((TERMINAL_HELP if args.terminal else KEY_HELP) + "\n")
        out.flush()
    hw, cleanup = build(args, stdin, stdout)
    try:
        from play import app

        app.run(hw)
    except (Quit, KeyboardInterrupt):
        pass
    finally:
        cleanup()
        if args.screenshot:
            out.write("%d screenshots in %s\n" % (_shots(hw), args.screenshot))
    return 0


def _shots(hw):
    screen = hw.screen
    shots = getattr(screen, "shots", None) or getattr(getattr(screen, "drawn", None), "shots", None)
    return shots.count if shots is not None else 0


if __name__ == "__main__":
    sys.exit(main())
