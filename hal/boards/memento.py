"""Adafruit MEMENTO (ESP32-S3 camera): six keys on an AW9523 I/O expander, the shutter on a pin.

Its firmware has no ``keypad`` (``CIRCUITPY_KEYPAD = 0``, boards/adafruit_esp32s3_camera), so the
keys are polled (every 10 ms at most): Up, Down, Left, Right, OK and Select are inputs of the AW9523
at I2C 0x58 on ``board.I2C()`` (adafruit_pycamera's pins: up 13, down 15, left 12, right 14, OK 11,
select 1; 10K pull-ups, pressed low: docs/BOARDS.md, which also notes that the schematic swaps left
and right), the shutter is ``board.BUTTON`` (pull-up, pressed low). Registers, from Adafruit's
adafruit_aw9523: 0x10 the chip ID (0x23), 0x00/0x01 the inputs of ports 0 and 1, 0x04/0x05 the
directions (a bit set: input). The bus is kept locked for the game (nothing else uses it). The
profile's ``pins`` give each key's expander input (a number) or board pin (a name and its level).

No sound: the speaker's amplifier is switched on by expander pin 0, which the game leaves alone.
"""

import board
import digitalio
import supervisor

import hal
from hal import keys

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

_ADDRESS = const(0x58)
_POLL_MS = const(10)


class Expander(keys.Buttons):
    """The AW9523's inputs (and board pins) read as keys: ``inputs[n]`` the expander input of key
    ``n`` (-1: the board pin ``pins[n]``), ``table`` their short and long bits (hal/keys.py)."""

    def __init__(self, ticks_ms, table, i2c, inputs, pins):
        super().__init__(ticks_ms)
        self.table = table
        self.i2c = i2c
        self.inputs = inputs
        self.pins = pins
        self.buf = bytearray(2)
        self.reg = bytearray(1)  # (0: the input registers)
        self.state = 0  # the key bits down at the last read
        self.last = 0

    def poll(self):
        """Read the expander and the pins (every 10 ms at most); changes are key events."""
        now = self.ticks_ms()
        if hal.ticks_diff(now, self.last) < _POLL_MS:
            return
        self.last = now
        levels = 0xFFFF  # (no expander: nothing pressed)
        if self.i2c is not None:
            try:
                self.i2c.writeto_then_readfrom(_ADDRESS, self.reg, self.buf)
                levels = self.buf[0] | self.buf[1] << 8
            except OSError:  # a bus error: read again at the next poll
                return
        down = 0
        for n in range(len(self.inputs)):
            at = self.inputs[n]
            if not (levels >> at & 1 if at >= 0 else self.pins[n].value):  # pressed low
                down |= 1 << n
        changed = down ^ self.state
        self.state = down
        table = self.table
        for n in range(len(self.inputs)):
            if changed >> n & 1:
                if down >> n & 1:
                    self.down(table[2 * n], now, table[2 * n + 1])
                else:
                    self.up(table[2 * n])


def open(profile, notices):
    """(board.DISPLAY, the keys); an expander that does not answer is a notice (the shutter still works)."""
    inputs = bytearray()
    pins = []  # type: list
    for word in profile.pins:
        if word[0].isdigit():
            inputs.append(int(word))
            pins.append(None)
        else:
            inputs.append(255)
            pin = digitalio.DigitalInOut(getattr(board, word[:-1]))
            pin.switch_to_input(pull=digitalio.Pull.UP)
            pins.append(pin)
    wanted = 0
    for at in inputs:
        if at < 16:
            wanted |= 1 << at
    i2c = None
    try:
        i2c = board.I2C()
        while not i2c.try_lock():
            pass
        buf = bytearray(2)
        i2c.writeto_then_readfrom(_ADDRESS, b"\x10", buf, in_end=1)
        if buf[0] != 0x23:
            raise OSError("chip id %d" % buf[0])
        i2c.writeto_then_readfrom(_ADDRESS, b"\x04", buf)  # the directions: ours become inputs
        buf[0] |= wanted & 0xFF
        buf[1] |= wanted >> 8
        i2c.writeto(_ADDRESS, bytes((4, buf[0], buf[1])))
    except Exception as e:  # no expander (another board under this name?): the shutter alone
        notices.append("No keys: expander %s" % type(e).__name__)
        print("AW9523:", repr(e))
        i2c = None
    signed = [at if at < 16 else -1 for at in inputs]
    table = profile.table(range(len(signed)))
    return getattr(board, "DISPLAY", None), Expander(supervisor.ticks_ms, table, i2c, signed, pins)
