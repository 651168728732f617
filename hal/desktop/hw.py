"""The simulator's machine: its clock (real, or simulated with ``--fast``), lights, a silent
speaker and the ``hw`` object that holds them with the buttons, screen and store."""

import os
import time

LIGHT_SHADE = (0, 110, 180, 255)  # hw.lights.level -> how bright the window draws them (of 255)


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
    """``hw.sound`` on the desktop: silent; ``broken`` for a board without a speaker (``--board``)."""

    broken = False

    def __init__(self):
        self.on = True

    def beep(self, kind):
        pass


class Hardware:
    """The hal interface on a PC (see hal/__init__.py)."""

    name = "desktop"
    pystones = 1500  # the speed class Hard's budget is made for (hal/__init__.py)

    def __init__(self, buttons, screen, storage, clock, notices=(), seed=None, lights=None, language="", wins=False):
        self.buttons = buttons
        self.screen = screen
        self.storage = storage
        self.clock = clock
        self.notices = list(notices)
        self._seed = seed
        self.lights = Lights() if lights is None else lights
        self.sound = Sound()
        self.language = language  # --lang, else the desktop's locale (LANG, LC_ALL): hal/desktop/__init__.py
        self.language_wins = wins  # --lang was given: it wins over the language picked in the game's menu

    def entropy(self):
        if self._seed is not None:
            self._seed += 1
            return self._seed
        return int.from_bytes(os.urandom(4), "big")
