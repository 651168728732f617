"""A USB gamepad on the Fruit Jam's host port (loaded when hal/boards/fruitjam.py finds one).

The Fruit Jam's firmware has USB host (``usb.core``) but no gamepad driver, and each make of
gamepad sends reports of its own. This reads the one Adafruit sells for it: the SNES-style
controller, USB ``081F:E401`` (``fruitjam.PAD_VID``, ``PAD_PID``). Its report (the layout
relic-se's CircuitPython_USB_Host_Gamepad reads as ``AdafruitSnesDevice``): byte 0 the D-pad's
x (0x00 left, 0xFF right), byte 1 its y (0x00 up, 0xFF down), byte 5 X 0x10, A 0x20, B 0x40,
Y 0x80, byte 6 Select 0x10, Start 0x20. Its keys press what the keyboard's do: left and up
previous, right and down next (held, they repeat), A and X act, B and Y back, Start and Select
the menu.

The interrupt IN endpoint and the configuration's value come from the configuration descriptor
(a control transfer on endpoint 0), read once when the pad is found.
"""

import hal
from hal.joystick import change

# (report byte, mask, logical bit) for the buttons; the D-pad is two axes (bytes 0 and 1).
_BUTTONS = bytes(
    (5, 0x20, hal.A, 5, 0x10, hal.A, 5, 0x40, hal.B, 5, 0x80, hal.B, 6, 0x20, hal.START, 6, 0x10, hal.START)
)


def endpoint(desc, n):
    """The first interrupt IN endpoint's address in configuration descriptor ``desc[:n]``, or -1."""
    at = 0
    while at + 4 <= n and desc[at] >= 2:
        if desc[at + 1] == 5 and desc[at + 2] & 0x80 and desc[at + 3] & 3 == 3:  # ENDPOINT, IN, interrupt
            return desc[at + 2]
        at += desc[at]
    return -1


def bits(report):
    """The logical bits a report holds down."""
    held = 0
    if report[0] == 0 or report[1] == 0:
        held |= hal.LEFT  # (left and up: previous)
    elif report[0] == 0xFF or report[1] == 0xFF:
        held |= hal.RIGHT
    for i in range(0, len(_BUTTONS), 3):
        if report[_BUTTONS[i]] & _BUTTONS[i + 1]:
            held |= _BUTTONS[i + 2]
    return held


class Pad:
    """One pad: :meth:`poll` gives its keys to a ``hal.keys.Buttons``."""

    def __init__(self, device, core):
        """``device``: the pad, as ``core.find`` (CircuitPython's ``usb.core``) gave it."""
        self.device = device
        self.core = core
        self.report = bytearray(64)  # (a full-speed packet at most; the pad sends 8 bytes)
        self.held = 0
        if device.is_kernel_driver_active(0):  # (the firmware's own HID use of it, if any)
            device.detach_kernel_driver(0)
        desc = self.report
        n = device.ctrl_transfer(0x80, 6, 0x0200, 0, desc, 100)  # GET_DESCRIPTOR: configuration 0
        self.endpoint = endpoint(desc, n)
        if self.endpoint < 0:
            raise ValueError("no interrupt IN endpoint")
        device.set_configuration(desc[5])  # (bConfigurationValue)

    def poll(self, buttons):
        """Read a report (waiting 1 ms at most) and call ``buttons.down()`` / ``up()`` for each key
        that changed; False when the pad is gone (unplugged: its keys are let go)."""
        held = self.held
        try:
            if self.device.read(self.endpoint, self.report, 1) >= 7:
                held = bits(self.report)
        except self.core.USBTimeoutError:  # (no report: nothing changed)
            pass
        except self.core.USBError:
            held = -1
        now = held if held >= 0 else 0
        change(buttons, self.held, now)
        self.held = now
        return held >= 0
