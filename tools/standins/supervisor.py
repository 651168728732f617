"""Stand-in for supervisor: ticks_ms on a virtual clock (wraps at 2**29 like a board's), reload.

The clock is virtual so that a run repeats exactly on any machine and at any load: the game's
polls, a held key's 700 ms and a tap's 60 ms (keypad.py) come out the same every time, and so do
the heap figures that depend on them. It moves on by what ``time.sleep`` sleeps (this module puts
its ``_Time`` in ``sys.modules`` as ``time``, and the game imports that) and by 1 ms at each
reading, so that a loop that waits on it without sleeping ends. A sleep takes no real time.
"""

import sys
import time as _host

_ms = 0  # the virtual time since power-on


def ticks_ms():
    global _ms
    _ms += 1
    return _ms & 0x1FFFFFFF


class _Time:
    """``time`` on the board flow: ``sleep`` moves the virtual clock at once; ``monotonic`` reads it;
    ``time`` and ``localtime`` are the host's."""

    @staticmethod
    def sleep(seconds):
        global _ms
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        _ms += int(seconds * 1000 + 0.5)

    @staticmethod
    def monotonic():
        return _ms / 1000

    @staticmethod
    def monotonic_ns():
        return _ms * 1000000

    time = staticmethod(_host.time)
    localtime = staticmethod(_host.localtime)


sys.modules["time"] = _Time


def reload():
    print("standin: supervisor.reload")
    raise SystemExit(3)


class _Runtime:
    serial_connected = True
    usb_connected = True
    serial_bytes_available = 0
    display = None  # (the Fruit Jam's, made at boot only with a monitor: none here)


runtime = _Runtime()
