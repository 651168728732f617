"""Fruit Jam (RP2350B): the DVI display made in code, three buttons, a USB keyboard.

* Display: the DVI output at 320x240, taken or made at start-up by hal/boards/dvi.py (start-up
  code, forgotten after it: only the buttons' class below stays on the heap).
* Buttons: ``BUTTON1``..``BUTTON3``, pressed low (hal/boards/pins.py): previous, act, next.
* A USB keyboard on the host port types into the console (``CIRCUITPY_USB_KEYBOARD_WORKFLOW``):
  read from ``sys.stdin`` while ``supervisor.runtime.serial_bytes_available``, presses only (no
  releases): arrows Left/Up = previous, Right/Down = next, Enter or Space = act, Backspace or Esc
  = back, Tab or m = the menu. (The serial console from a computer types the same.) A USB
  gamepad is not read: it has no driver in the firmware and its reports differ by make.
"""

import sys

import supervisor

import hal
from hal import keypads

# A typed character -> the logical bits it presses: TYPED's character at i presses BITS[i]; the
# arrows come as ESC [ and a letter (ARROWS' at i: the bits at 7 + i). (Two strings and bytes, not
# two dicts: this module stays on the heap with the buttons' class.)
TYPED = "\r\n \x08\x7f\tm"
ARROWS = "ABCD"
BITS = bytes((hal.A, hal.A, hal.A, hal.B, hal.B, hal.START, hal.START, hal.LEFT, hal.RIGHT, hal.RIGHT, hal.LEFT))


class JamButtons(keypads.KeypadButtons):
    """The three buttons, and the keys typed on a USB keyboard (or the serial console)."""

    def poll(self):
        """The buttons' events, then every character waiting on the console."""
        super().poll()
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


def open(profile, notices):
    """(the DVI display, or None with a notice; the buttons and keyboard)."""
    from hal.boards import dvi, pins  # (start-up only: forgotten with hal.boards, hal/board.py)

    return dvi.display(notices), JamButtons(supervisor.ticks_ms, *pins.scanners(profile, notices))
