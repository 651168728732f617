"""Circuit Playground Bluefruit with the TFT Gizmo: the display made in code, two buttons on pins.

The board definition has no display (ports/nordic/boards/circuitplayground_bluefruit/pins.c: no
DISPLAY); the Gizmo's ST7789 is made as Adafruit's adafruit_gizmo ``tft_gizmo.TFT_Gizmo`` makes it
(SPI clock ``board.SCL``, MOSI ``board.SDA``, DC ``board.TX``, CS ``board.RX``, no reset, backlight
``board.A3``; 240x240, ``rowstart=80``, rotation 180) with adafruit_st7789's init sequence
(the commit CircuitPython 10.2.1 freezes, 24a0fee, with its default ``bgr=True, invert=True``
tail), in CircuitPython 10's ``fourwire`` and ``busdisplay`` (docs/BOARDS.md, "TFT Gizmo"): no
library on the drive. The buttons A and B are pressed high (hal/boards/pins.py).
"""

import board
import busdisplay
import busio
import displayio
import fourwire

from hal.boards import pins

# adafruit_st7789 _INIT_SEQUENCE (command, flags|argument count, arguments, delay ms when 0x80 is
# set): SWRESET 150 ms, SLPOUT 255 (500 ms), COLMOD 16-bit 10 ms, MADCTL, NORON 10 ms, DISPON 255,
# then MADCTL (bgr) and INVON, as its constructor appends them.
INIT = b"\x01\x80\x96\x11\x80\xff\x3a\x81\x55\x0a\x36\x01\x08\x13\x80\x0a\x29\x80\xff\x36\x01\xc0\x21\x00"


def open(profile, notices):
    """(the Gizmo's display, the buttons); the display None (a notice) when it cannot be made."""
    display = None
    try:
        displayio.release_displays()
        spi = busio.SPI(getattr(board, "SCL"), MOSI=getattr(board, "SDA"))  # (by name: the stubs know no
        bus = fourwire.FourWire(spi, command=getattr(board, "TX"), chip_select=getattr(board, "RX"))  # board's)
        w, h = profile.size
        display = busdisplay.BusDisplay(
            bus,
            INIT,
            width=w,
            height=h,
            rowstart=80,
            rotation=180,
            backlight_pin=getattr(board, "A3"),
            auto_refresh=False,
        )
    except Exception as e:  # (pins in use, no fourwire in the firmware...): the screens go to the console
        notices.append("No Gizmo: %s" % type(e).__name__)
        print("TFT Gizmo:", repr(e))
    return display, pins.buttons(profile, notices)
