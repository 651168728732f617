"""Stand-in for keypad: a ShiftRegisterKeys that presses the buttons of a script.

``keys.txt`` in the working folder: the first word is the budget (how many presses in all),
then button names (B A Start Select Right Down Up Left) and ``CUT``, a power cut (SystemExit 9).
When the script is done it presses A until the budget is spent, then exits (SystemExit 0) after
printing ``standin: budget spent``. Each press is a pressed and a released event, one a poll:
the queue is empty on every other call, so start-up sees no key held.

A press comes as a player's would, once the screen was drawn (``board.DISPLAY`` refreshed) and
looked at (a poll since found nothing): the game drops the presses made before a new screen is
shown (play/ui.py), as one read by that screen's first poll would be. A screen that waits
without drawing again (after a key it ignores) gets the next press after a few empty polls.
(The scripts set the Instant speed first: a bot's pause, which polls, would take a press.)
"""

import gc
import sys

import supervisor

_NAMES = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")


def _heap():
    gc.collect()
    print("standin: heap in use", gc.mem_alloc())


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp or 0


class EventQueue:
    def __init__(self):
        # (Names the game has too: every new name is a qstr in the pool the board flow measures.)
        self.shown = -1  # the display's refresh count at the last press
        self.seen = -1  # the refresh count a poll last found nothing at
        self.n = 0  # empty polls since the last press without a new picture
        self.overflowed = False
        self._step = 0  # 0: nothing (then a press), 1: the release is next
        self._key = 1
        self.presses = 0
        try:
            with open("keys.txt") as f:
                words = f.read().split()
        except OSError:
            words = ["0"]
        self._budget = int(words[0])
        self._script = words[1:]
        self._at = 0

    def _next_key(self):
        if self.presses >= self._budget:
            _heap()
            print("standin: budget spent")
            sys.exit(0)
        self.presses += 1
        if self._at < len(self._script):
            word = self._script[self._at]
            self._at += 1
            if word == "CUT":
                _heap()
                print("standin: power cut after", self.presses - 1, "presses")
                sys.exit(9)
            return _NAMES.index(word)
        return 1

    def get_into(self, event):
        step = self._step
        if step == 0:
            self._step = 2
            return False
        if step == 2:
            import board

            shown = board.DISPLAY.refreshes
            if shown != self.shown:  # a new picture since the last press
                if self.seen != shown:
                    self.seen = shown  # the player looks at it first: nothing this poll
                    return False
            elif self.n < 4:  # the same picture (the screen ignored the last key): a few polls
                self.n += 1
                return False
            self.shown = shown
            self.n = 0
            self._key = self._next_key()
            pressed = True
            self._step = 1
        else:
            pressed = False
            self._step = 0
        event.key_number = self._key
        event.pressed = pressed
        event.released = not pressed
        event.timestamp = supervisor.ticks_ms()
        return True

    def clear(self):
        pass

    def __len__(self):
        return 0


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed=True, interval=0.02, max_events=64):
        self.key_count = key_count
        self.events = EventQueue()

    def reset(self):
        pass

    def deinit(self):
        pass


Keys = ShiftRegisterKeys
