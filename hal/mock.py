"""A HAL for tests: scripted button presses in, screens out as text.

    hw = mock.Hardware("A A Down A", save=None)
    try:
        app.run(hw)
    except mock.Done:
        pass
    hw.screen.screens[-1]   # the last screen, as a list of text lines

Time is simulated (``sleep_ms`` only moves the clock), so whole games with
bot pauses run at full speed. When the script is used up the next
``press()`` raises :class:`Done`, which ends the flow's loop. Storage lives in
memory and can be made full, read-only or damaged. Runs on MicroPython too.
"""

import hal
from engine import view as _view


class Done(Exception):
    """The scripted presses are used up."""


class Buttons:
    """Presses from a script; when it runs out, from ``feed()`` (if set), else Done.

    ``feed`` is called with no arguments and returns more script text (or ""
    to stop): a test's player that looks at the screen and decides.
    """

    def __init__(self, script, feed=None):
        self.feed = feed
        names = hal.NAMES.split()
        self._script = []
        for word in script.split():
            if word not in names:
                raise ValueError("unknown button %r in script (use %s)" % (word, hal.NAMES))
            self._script.append(1 << names.index(word))
        self._next = 0
        self.held_mask = 0

    def press(self):
        if self._next >= len(self._script) and self.feed:
            self.push(self.feed())
        if self._next >= len(self._script):
            raise Done()
        self._next += 1
        return self._script[self._next - 1]

    def held(self):
        return self.held_mask

    def clear(self):
        pass

    def left(self):
        """How many scripted presses are still to come."""
        return len(self._script) - self._next

    def push(self, script):
        """Append more presses to the script."""
        more = Buttons(script)._script
        self._script.extend(more)


class Screen:
    def __init__(self, keep=True):
        self.screens = []  # every screen shown, as text lines (when keep)
        self.last = []
        self.keep = keep
        self.count = 0
        self.view = None

    def show(self, v):
        self.last = _view.text(v)
        self.view = v  # the live View, for tests that look closer
        self.count += 1
        if self.keep:
            self.screens.append(self.last)


class Storage:
    """Saves in memory. ``full``/``readonly`` make ``save`` fail like a board's flash."""

    def __init__(self, data=None, full=False, readonly=False):
        self.data = data
        self.full = full
        self.readonly = readonly
        self.aside = None
        self.saves = 0
        self.where = "memory"

    def load(self):
        return self.data

    def save(self, data):
        if self.readonly:
            raise OSError(30, "Read-only filesystem")
        if self.full:
            raise OSError(28, "No space left on device")
        self.data = bytes(data)
        self.saves += 1

    def set_aside(self):
        self.aside = self.data
        self.data = None
        return "memory (aside)"


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF

    def sleep_ms(self, ms):
        self.now += ms


class Hardware:
    """Everything the flow uses, simulated."""

    name = "mock"

    def __init__(self, script="", save=None, seed=1, full=False, readonly=False, notices=(), keep=True):
        self.buttons = Buttons(script)
        self.screen = Screen(keep)
        self.storage = Storage(save, full, readonly)
        self.clock = Clock()
        self.notices = list(notices)
        self._seed = seed

    def entropy(self):
        self._seed += 1
        return self._seed
