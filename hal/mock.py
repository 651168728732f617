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


class Done(BaseException):
    """The scripted presses are used up (like the power going off: the flow does not catch it)."""


class Buttons:
    """Presses from a script; when it runs out, from ``feed()`` (if set), else Done.

    ``feed`` is called with no arguments and returns more script text (or ""
    to stop): a test's player that looks at the screen and decides. ``log``,
    when a list, records every press handed out (to replay a run).
    """

    def __init__(self, script, feed=None, log=None):
        self.feed = feed
        self.log = log
        self._todo = hal.parse_script(script)
        self.held_mask = 0

    def press(self):
        if not self._todo and self.feed:
            self._todo = hal.parse_script(self.feed())
        if not self._todo:
            raise Done()
        b = self._todo.pop(0)
        if self.log is not None:
            self.log.append(b)
        return b

    def held(self):
        return self.held_mask

    def clear(self):
        pass

    def push(self, script):
        """Append more presses to the script."""
        self._todo.extend(hal.parse_script(script))


class Screen:
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

    def __init__(self, script="", save=None, seed=1, full=False, readonly=False, notices=(), keep=True):
        self.buttons = Buttons(script, None, [] if keep else None)
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
