"""Fruit Jam (RP2350B): the DVI display made in code, three buttons, a USB keyboard.

* Display: the DVI output at 320x240, taken or made at start-up by hal/boards/dvi.py (start-up
  code, forgotten after it: only the buttons' class below stays on the heap).
* Buttons: ``BUTTON1``..``BUTTON3``, pressed low (hal/boards/pins.py): previous, act, next.
* A USB keyboard on the host port types into the console (``CIRCUITPY_USB_KEYBOARD_WORKFLOW``):
  read from ``sys.stdin`` while ``supervisor.runtime.serial_bytes_available``, presses only (no
  releases): arrows Left/Up = previous, Right/Down = next, Enter or Space = act, Backspace or Esc
  = back, Tab or m = the menu. (The serial console from a computer types the same.)
* A USB gamepad on the host port: Adafruit's SNES-style controller (``PAD_VID``:``PAD_PID``),
  looked for once a second until one is plugged in, then read by hal/gamepad.py (loaded
  then): its D-pad, A, B, Start and Select press what the keyboard's keys do. Another make of
  gamepad is not read: the firmware has no driver for them, and their reports differ.
"""

import sys

import supervisor

import hal
from hal import keypads

try:
    from usb import core as usb_core
except ImportError:  # firmware without USB host
    usb_core = None  # type: ignore[assignment]

PAD_VID = 0x081F  # Adafruit's SNES-style USB controller (product 6285)
PAD_PID = 0xE401

# A typed character -> the logical bits it presses: TYPED's character at i presses BITS[i]; the
# arrows come as ESC [ and a letter (ARROWS' at i: the bits at 7 + i). (Two strings and bytes, not
# two dicts: this module stays on the heap with the buttons' class.)
TYPED = "\r\n \x08\x7f\tm"
ARROWS = "ABCD"
BITS = bytes((hal.A, hal.A, hal.A, hal.B, hal.B, hal.START, hal.START, hal.LEFT, hal.RIGHT, hal.RIGHT, hal.LEFT))


class JamButtons(keypads.KeypadButtons):
    """The three buttons, the keys typed on a USB keyboard (or the serial console), a USB gamepad."""

    pad = None  # the gamepad (hal/gamepad.py), once one is found
    _look_at = -1  # when to look for one next (ticks; -1: at the first poll)
    looking = usb_core is not None  # (False without USB host)

    def poll(self):
        """The buttons' events, the gamepad's, then every character waiting on the console."""
        super().poll()
        if self.pad is not None:
            if not self.pad.poll(self):
                self.pad = None  # (unplugged: looked for again)
        elif self.looking and (self._look_at < 0 or hal.ticks_diff(self.ticks_ms(), self._look_at) >= 0):
            self._look_at = (self.ticks_ms() + 1000) & 0x1FFFFFFF  # (ticks_ms wraps at 2**29)
            self._find()
        runtime = supervisor.runtime
        while runtime.serial_bytes_available:
            ch = sys.stdin.read(1)
            at = TYPED.find(ch) if ch else -1  # ("" at the end of input: "".find is 0)
            bits = BITS[at] if at >= 0 else 0
            if ch == "\x1b":  # an arrow (ESC [ letter) or Esc alone (back)
                bits = hal.B
                if runtime.serial_bytes_available and sys.stdin.read(1) == "[":
                    ch = sys.stdin.read(1)
                    at = ARROWS.find(ch) if ch else -1
                    bits = BITS[7 + at] if at >= 0 else 0
            if bits:
                self.push(bits)

    def _find(self):
        """Open the gamepad if one is plugged in (it finds nothing, and makes nothing, when none is)."""
        try:
            device = usb_core.find(idVendor=PAD_VID, idProduct=PAD_PID)
        except Exception as e:  # ("No usb host port initialized"; PyUSB's on a desktop): not again
            print("gamepad:", repr(e))
            self.looking = False
            return
        if device is not None:
            from hal import gamepad  # (hal.boards is forgotten after start-up: hal/board.py)

            try:
                self.pad = gamepad.Pad(device, usb_core)
            except (OSError, ValueError) as e:  # (a USB error: tried again in a second)
                print("gamepad:", repr(e))


def open(profile, notices):
    """(the DVI display, or None with a notice; the buttons and keyboard)."""
    from hal.boards import dvi, pins  # (start-up only: forgotten with hal.boards, hal/board.py)

    return dvi.display(notices), JamButtons(supervisor.ticks_ms, *pins.scanners(profile, notices))
