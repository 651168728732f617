"""Stand-in for supervisor: ticks_ms (wraps at 2**29 like a board's), reload."""

import time

_START = time.ticks_ms()


def ticks_ms():
    return time.ticks_diff(time.ticks_ms(), _START) & 0x1FFFFFFF


def reload():
    print("standin: supervisor.reload")
    raise SystemExit(3)


class _Runtime:
    serial_connected = True
    usb_connected = True
    serial_bytes_available = 0
    display = None  # (the Fruit Jam's, made at boot only with a monitor: none here)


runtime = _Runtime()
