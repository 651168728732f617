"""The Fruit Jam's DVI display, made at start-up (hal/boards/fruitjam.py; forgotten after it).

CircuitPython 10.2.1 makes one at boot only when a monitor answers (and then 640x480 at 8 bits by
default: ports/raspberrypi/common-hal/picodvi/__init__.c, ``picodvi_autoconstruct``), reachable
as ``supervisor.runtime.display``. A display of 320x240 is taken as it is; any other is released
and a ``picodvi.Framebuffer(320, 240, ..., color_depth=16)`` made on the board's DVI pins, as
Adafruit's adafruit_fruitjam ``request_display_config`` does (its frame, 150 KB, is outside the
Python heap: ``port_malloc``). It is kept as ``supervisor.runtime.display``.
"""

import board
import supervisor


def display(notices):
    """The 320x240 DVI display, or None with a notice."""
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
    return display
