"""A HAL for tests: scripted button presses in, screens out as text.

    hw = mock.Hardware("A A Down A", save=None)
    hw = mock.Hardware("Act Next hold:Act", scheme=hal.SCHEME_THREE)
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

Control schemes (hal/__init__.py): ``scheme`` gives the mock that scheme's
``has``, ``labels`` and keys (:data:`KEYS`, or a board's own ``keys`` and
``labels``), and its scripts may hold only what those keys produce (hal/script.py:
the keys' names, ``hold:NAME`` for a long press, the logical names a key gives,
taps on a touchscreen as targets: ``tap:line:N``, ``tap:item:K``, ``tap:back`` ...).
A script word the board cannot produce is a ValueError: a test plays with the
scheme's inputs only.
"""

import hal
from hal import script as _script

# Each scheme's keys (in hal/keys.py's order) and labels (hal.LABEL_*) when no board is named.
KEYS = (
    hal.NAMES.split(),
    ("Prev", "Act", "Next"),
    ("Move", "Act"),
    (),
)
LABELS = (
    ("A", "B", "Start", ">", "<"),
    ("Act", "hold Act", "hold Act", "Next", "Prev"),
    ("Act", "hold Move", "hold Act", "Move", ""),
    ("tap", "Back", "Menu", "", ""),
)


class Done(BaseException):
    """The scripted presses are used up (like the power going off: the flow does not catch it)."""


class Buttons:
    """Presses from a script; when it runs out, from ``feed()`` (if set), else Done.

    ``feed`` is called with no arguments and returns more script text (or ""
    to stop): a test's player that looks at the screen and decides. ``log``,
    when a list, records every press handed out (to replay a run).
    """

    tapped = (0, 0)

    def __init__(self, script, feed=None, log=None, scheme=0, keys=None, labels=None):
        self.feed = feed
        self.log = log
        self.scheme = scheme
        self.has = hal.HAS[scheme]
        self.labels = LABELS[scheme] if labels is None else tuple(labels)
        self.keys = _script.key_table(scheme, KEYS[scheme] if keys is None else keys)
        self._todo = self.parse(script)
        self.held_mask = 0

    def parse(self, script):
        """The presses of ``script`` in this board's inputs (hal/script.py)."""
        return hal.parse_script(script, self.keys)

    def press(self):
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
            if b[0]:  # a tap on a target (one at pixels finds none here: no press, as a board's)
                self.tapped = b
                return hal.TAP

    def held(self):
        return self.held_mask

    def clear(self):
        pass

    def push(self, script):
        """Append more presses to the script."""
        self._todo.extend(self.parse(script))


class Screen:
    """``hw.screen``: every View shown as text (``screens``, when kept), the live one (``view``)."""

    size = (160, 128)

    def __init__(self, keep=True):
        self.screens = []  # every screen shown, as text lines (when keep)
        self.last = []
        self.keep = keep
        self.count = 0
        self.view = None

    def show(self, v):
        self.view = v  # the live View, for tests that look closer
        self.count += 1
        if self.keep:  # (not on a small heap: text is garbage to collect)
            from play import textview

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
    """``hw.sound``: every beep heard (``log``, when kept: a beep with ``on`` False is not)."""

    def __init__(self, keep=True):
        self.on = True
        self.beeps = 0
        self.log = [] if keep else None

    def beep(self, kind):
        if not self.on:
            return
        self.beeps += 1
        if self.log is not None:
            self.log.append(kind)


class Hardware:
    """Everything the flow uses, simulated. It is its own ``clock`` (time only moves in ``sleep_ms``)."""

    name = "mock"

    def __init__(
        self, script="", save=None, seed=1, full=False, readonly=False, notices=(), keep=True, scheme=0, keys=None,
        labels=None,
    ):
        self.buttons = Buttons(script, None, [] if keep else None, scheme, keys, labels)
        self.screen = Screen(keep)
        self.storage = Storage(save, full, readonly)
        self.clock = self
        self.lights = Lights(keep)
        self.sound = Sound(keep)
        self.now = 0
        self.notices = list(notices)
        self._seed = seed

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF

    def sleep_ms(self, ms):
        self.now += ms

    def entropy(self):
        self._seed += 1
        return self._seed
