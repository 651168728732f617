"""The simulator's window: a Blinka displayio display drawn by hal/render/__init__.py, scaled up, with the
board's lights under it; pygame's keys (and the mouse, on a touchscreen) as the board's inputs;
screenshots.

The display is the board's size (``--size``, ``--board``); the window shows it at a whole scale
that fits the desktop, the strip of lights under it (``hw.lights``: the colour dimmed by the
level; screenshots hold the screen only).
"""

import os

import hal
from hal.desktop import keys as desktop_keys

SIZE = (160, 128)
LIGHTS_H = 14  # the strip of lights under the screen in the window, in board pixels
MAX_SCALE = 4  # the default scale when the screen has room: 640x568 for a PyBadge's 160x128
MAX_WINDOW = 4096  # --scale may not make a window bigger than this a side (100 took 2.6 GB)
DESKTOP = (1920, 1080)  # assumed when SDL cannot tell the screen's size


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


def board_keymap(pygame, profile):
    """pygame key -> (short, long) logical bits of board ``profile``'s keys (hal/desktop/keys.py's
    ``board_keys``: held ``hal.keys.LONG_MS``, a key of a long press gives it)."""
    arrows = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}
    out = {}
    for n, (_, key) in enumerate(desktop_keys.board_keys(profile)):
        out[arrows[key] if key in arrows else ord(key)] = desktop_keys.key_bits(profile, n)
    return out


def display_size(text):
    """``--size``: "320x240" -> (320, 240), at least the reference 160x128."""
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise ValueError("not a size like 320x240: %r" % text)
    if w < SIZE[0] or h < SIZE[1] or w > 1024 or h > 1024:
        raise ValueError("a display from 160x128 to 1024x1024, not %dx%d" % (w, h))
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
            self.scale = scale  # window pixels a display pixel (the mouse's taps are divided by it)
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
    """The strip of lights under the screen (from ``top``, ``lights.count`` of them): dark when off."""
    w = window.get_width()
    pygame.draw.rect(window, (24, 24, 28), (0, top, w, LIGHTS_H * scale))
    color = lights.color() if lights is not None else (0, 0, 0)
    lit = color != (0, 0, 0)
    radius = 4 * scale
    count = min(10, getattr(lights, "count", 5))
    for i in range(count):
        centre = (w * (2 * i + 1) // (2 * count), top + LIGHTS_H * scale // 2)
        pygame.draw.circle(window, color if lit else (50, 50, 56), centre, radius, 0 if lit else max(1, scale // 2))


def pygame_source(display, keymap=None, screen=None):
    """A poll function: pygame key events -> down/up; Esc or closing the window -> Quit.

    ``keymap``: pygame key -> its bit, or its (short, long) bits (default :func:`pygame_keymap`,
    the PyBadge's buttons; a board's: :func:`board_keymap`);
    ``screen``: a touchscreen's (``hw.screen``): a mouse click is a tap on what ``screen.hit``
    finds there."""
    import pygame

    if keymap is None:
        keymap = pygame_keymap(pygame)
    redraw = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED)

    def poll(buttons):
        for event in pygame.event.get():
            if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
                raise desktop_keys.Quit()
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    raise desktop_keys.Quit()
                bits = keymap.get(event.key, 0)
                if bits:
                    short, long = bits if isinstance(bits, tuple) else (bits, 0)
                    buttons.down(short, None, long)
            elif event.type == pygame.KEYUP:
                bits = keymap.get(event.key, 0)
                if bits:
                    buttons.up(bits[0] if isinstance(bits, tuple) else bits)
            elif event.type == pygame.MOUSEBUTTONDOWN and screen is not None and event.button == 1:
                scale = getattr(display, "scale", 1) or 1
                kind, index = screen.hit(event.pos[0] // scale, event.pos[1] // scale)
                buttons.tap(kind, index)
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
        self.lines = self.inner.lines  # a menu's lines (the layout's for the window's size)
        self.buttons = None  # the window's Buttons: told the moment a picture is on it (``mark``)
        self.size = (display.width, display.height)

    def show(self, view):
        self.inner.show(view)
        if self.buttons is not None:
            self.buttons.mark()  # on the window now: keys pressed from here on answer it
        self.view = view
        self.count += 1
        if self.shots is not None and not view.move:  # no picture of each frame of a motion
            self.shots.take(self.display.surface)

    def hit(self, x, y):
        """What display pixel (x, y) shows (hal/__init__.py's HIT_*), as the renderer finds it."""
        hit = getattr(self.inner, "hit", None)
        return hit(x, y) if hit is not None else (hal.HIT_NONE, 0)
