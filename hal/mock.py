"""A HAL for tests: scripted button presses in, screens out as text.

    hw = mock.Hardware("A A Down A", save=None)
    hw = mock.Hardware("Sel Down hold:Sel", board="funhouse")
    hw = mock.Hardware("tap:line:1 tap:item:3 tap:menu", scheme=hal.SCHEME_TOUCH)
    try:
        app.run(hw)
    except mock.Done:
        pass
    hw.screen.screens[-1]   # the last screen, as a list of text lines

Time is simulated (``sleep_ms`` only moves the clock), so whole games with
bot pauses run at full speed. When the script is used up the next
``press()`` raises :class:`Done`, which ends the flow's loop. Storage lives in
memory and can be made full, read-only or damaged. Runs on MicroPython too.

Boards and control schemes (hal/__init__.py): ``board`` (a profile's name, hal/boards) or
``scheme`` (``hal.SCHEME_*``: the board :data:`BOARDS` names for it) makes the mock that board:
its ``scheme``, ``has``, ``labels`` and screen ``size``, and its scripts in its own inputs only
(hal/script.py: its keys' names, ``hold:NAME`` for a long press, the logical names it can give,
taps as targets: ``tap:line:N``, ``tap:item:K``, ``tap:back`` ...); a word it cannot give is a
ValueError. Without either it is a PyBadge that takes any logical name and taps.
"""

import hal
from hal import script as _script

# The board that stands for each control scheme (hal/boards): 8 buttons, 3, 2, touch.
BOARDS = ("pybadge", "funhouse", "clue", "pyportal")


def profile(board=None, scheme=None):
    """The hal/boards profile of ``board`` (a name), else of ``scheme``'s board; None for neither."""
    if board is None and scheme is None:
        return None
    from hal import boards

    return boards.get(BOARDS[scheme] if board is None else board)


class Done(BaseException):
    """The scripted presses are used up (like the power going off: the flow does not catch it)."""


class Buttons:
    """Presses from a script; when it runs out, from ``feed()`` (if set), else Done.

    ``feed`` is called with no arguments and returns more script text (or ""
    to stop): a test's player that looks at the screen and decides. ``log``,
    when a list, records every press handed out (to replay a run). ``board``:
    a profile (:func:`profile`) whose inputs alone the scripts may use.
    """

    scheme = hal.SCHEME_DPAD
    has = 0xF7
    labels = ("A", "B", "Start", ">", "<")
    tapped = (hal.HIT_NONE, 0)

    def __init__(self, script, feed=None, log=None, board=None):
        self.feed = feed
        self.log = log
        self.board = board
        if board is not None:
            self.scheme = board.scheme
            self.has = board.has
            self.labels = board.labels
        self._todo = self.parse(script)
        self.held_mask = 0
        self.hit = None  # hw.screen.hit, for taps at pixels (a screen with pixels: a test's renderer)

    def parse(self, script):
        """The presses of ``script`` in this board's inputs (hal/script.py)."""
        return _script.parse(script, self.board)

    def press(self):
        """The next scripted press: its bits, or TAP with ``tapped`` set (a tap on the footer's
        zones is B or START, as a touch driver gives them: hal/keys.py)."""
        while True:
            if not self._todo and self.feed:
                self._todo = self.parse(self.feed())
            if not self._todo:
                raise Done()
            b = self._todo.pop(0)
            if self.log is not None:
                self.log.append(b)
            if isinstance(b, int):
                return b
            if len(b) == 3:  # at pixels: what the screen shows there (the mock's own: nothing)
                b = self.hit(b[1], b[2]) if self.hit is not None else (hal.HIT_NONE, 0)
            if b[0] == hal.HIT_BACK:
                return hal.B
            if b[0] == hal.HIT_MENU:
                return hal.START
            if b[0] == hal.HIT_ACT:
                return hal.A
            if b[0]:  # a tap on a target (none: no press, as on a board)
                self.tapped = b
                return hal.TAP

    def held(self):
        return self.held_mask

    def clear(self):
        pass

    def hush(self, ms):
        """A screen that must be seen first (hal/keys.py): scripted presses come after it anyway."""
        self.hushes += 1

    hushes = 0

    def push(self, script):
        """Append more presses to the script."""
        self._todo.extend(self.parse(script))


class Screen:
    """``hw.screen``: every View shown as text (``screens``, when kept), the live one (``view``)."""

    text = True  # a table's text lines filled too (hal/__init__.py): they are what it keeps
    motion = False

    def __init__(self, keep=True, size=(160, 128), lines=8):
        self.size = size
        self.lines = lines  # a menu's lines (a board's screen at ``size``: hal/render's, 8 to 11)
        self.screens = []  # every screen shown, as text lines (when keep)
        self.last = []
        self.keep = keep
        self.count = 0
        self.view = None

    def show(self, v):
        self.view = v  # the live View, for tests that look closer
        self.count += 1
        if self.keep:  # (not on a small heap: text is garbage to collect)
            from hal import textview

            self.last = textview.text(v)
            self.screens.append(self.last)

    def hit(self, x, y):
        """No pixels here: nothing is hit (mock scripts name their targets: hal/script.py)."""
        return (hal.HIT_NONE, 0)


class Storage:
    """Saves in memory. ``full``/``readonly`` make ``save`` fail like a board's flash.

    ``data`` is the game's save (key 0), ``stats`` the statistics' (key 1); ``aside`` the first
    save set aside (of either key), ``aside2`` the last one after it (the real stores keep two).
    """

    lost = False
    path = None  # not a file

    def __init__(self, data=None, full=False, readonly=False):
        self.data = data
        self.stats = None
        self.full = full
        self.readonly = readonly
        self.aside = None
        self.aside2 = None
        self.saves = 0
        self.where = "memory"

    def load(self, key=0):
        return self.stats if key else self.data

    def save(self, data, key=0):
        if self.readonly:
            raise OSError(30, "Read-only filesystem")
        if self.full:
            raise OSError(28, "No space left on device")
        if key:
            self.stats = bytes(data)
            return
        self.data = bytes(data)  # a copy, as every store keeps: the flow reuses its buffer
        self.saves += 1

    def room(self, n):
        """Nothing to make ahead: a save in memory is a copy."""

    def set_aside(self, key=0):
        note = "; the one kept before is gone" if self.aside2 is not None else ""
        if self.aside is None:
            self.aside = self.stats if key else self.data
        else:
            self.aside2 = self.stats if key else self.data
        if key:
            self.stats = None
        else:
            self.data = None
        return "memory (aside)" + note


class Lights:
    """``hw.lights``: the last colour shown (``rgb``) and, when kept, every one (``log``)."""

    count = 5

    def __init__(self, keep=True):
        self.level = 2
        self.rgb = 0
        self.log = [] if keep else None

    def show(self, rgb):
        self.rgb = rgb
        if self.log is not None:
            self.log.append(rgb)


class Sound:
    """``hw.sound``: every beep heard (``log``, when kept: a beep with ``on`` False is not);
    ``broken``: no speaker (a board's without one), nothing heard."""

    broken = False

    def __init__(self, keep=True):
        self.on = True
        self.beeps = 0
        self.log = [] if keep else None

    def beep(self, kind):
        if not self.on or self.broken:
            return
        self.beeps += 1
        if self.log is not None:
            self.log.append(kind)


class Hardware:
    """Everything the flow uses, simulated. It is its own ``clock`` (time only moves in ``sleep_ms``)."""

    name = "mock"

    pystones = 1500  # the speed class the bots' budget is made for (hal/__init__.py)

    def __init__(
        self, script="", save=None, seed=1, full=False, readonly=False, notices=(), keep=True, board=None, scheme=None,
        lines=8,
    ):  # fmt: skip
        """``board`` or ``scheme``: the board this mock is (the module docstring); None: a PyBadge.
        ``lines``: a menu's lines on its screen (a 240x240 board's: 11)."""
        board = profile(board, scheme)
        self.buttons = Buttons(script, None, [] if keep else None, board)
        self.screen = Screen(keep, board.size if board is not None else (160, 128), lines)
        self.storage = Storage(save, full, readonly)
        self.clock = self
        self.lights = Lights(keep)
        self.sound = Sound(keep)
        if board is not None:  # what the board has: its NeoPixels, a speaker ("-": none)
            self.lights.count = board.lights
            self.sound.broken = board.speaker == "-"
        self.now = 0
        self.notices = list(notices)
        self._seed = seed
        self.language = ""  # what the game is asked to speak (a test sets it: "de", "fr")
        self.language_wins = False

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF

    def sleep_ms(self, ms):
        self.now += ms

    def entropy(self):
        self._seed += 1
        return self._seed
