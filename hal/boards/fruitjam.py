"""Fruit Jam (RP2350B): the DVI display made in code, three buttons, a USB keyboard.

* Display: CircuitPython 10.2.1 makes one at boot only when a monitor answers (and then 640x480 at
  8 bits by default: ports/raspberrypi/common-hal/picodvi/__init__.c, ``picodvi_autoconstruct``),
  reachable as ``supervisor.runtime.display``; the board has no ``board.DISPLAY``. A display of
  320x240 is taken as it is (``CIRCUITPY_DISPLAY_WIDTH = 320`` in settings.toml makes one); any
  other is released and a ``picodvi.Framebuffer(320, 240, ..., color_depth=16)`` made on the
  board's DVI pins, as Adafruit's adafruit_fruitjam ``request_display_config`` does (its frame,
  150 KB, is outside the Python heap: ``port_malloc``). It is kept as ``supervisor.runtime.display``.
* Buttons: ``BUTTON1``..``BUTTON3``, pressed low (hal/boards/pins.py): previous, act, next.
* A USB keyboard on the host port types into the console (``CIRCUITPY_USB_KEYBOARD_WORKFLOW``):
  read from ``sys.stdin`` while ``supervisor.runtime.serial_bytes_available``, presses only (no
  releases): arrows Left/Up = previous, Right/Down = next, Enter or Space = act, Backspace or Esc
  = back, Tab or m = the menu. (The serial console from a computer types the same.) A USB
  gamepad is not read: it has no driver in the firmware and its reports differ by make.
"""

import sys

import board
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
    display = supervisor.runtime.display
    if display is None or (display.width, display.height) != (320, 240):
        try:
            import displayio
            import framebufferio
            import picodvi

            displayio.release_displays()
            pin = [getattr(board, name) for name in "CKP CKN D0P D0N D1P D1N D2P D2N".split()]
            frame = picodvi.Framebuffer(
                320,
                240,
                clk_dp=pin[0],
                clk_dn=pin[1],
                red_dp=pin[2],
                red_dn=pin[3],
                green_dp=pin[4],
                green_dn=pin[5],
                blue_dp=pin[6],
                blue_dn=pin[7],
                color_depth=16,
            )
            display = framebufferio.FramebufferDisplay(frame, auto_refresh=False)  # type: ignore[arg-type]
            supervisor.runtime.display = display
        except Exception as e:  # (no room for the frame, pins in use): the screens go to the console
            display = None
            notices.append("No DVI: %s" % type(e).__name__)
            print("DVI:", repr(e))
    from hal.boards import pins  # (start-up only: this module stays, in JamButtons)

    return display, JamButtons(supervisor.ticks_ms, *pins.scanners(profile, notices))
