"""Stand-in for a PyBadge's board module: its pins as Pin objects, ``board_id``, the buses, the display.

The pins are those of ports/atmel-samd/boards/pybadge/pins.c (CircuitPython 10.2.1), one Pin object
per MCU pin, so that two names of one pin (``D8`` and ``NEOPIXEL``) are the same object, as on a
board. Not every attribute is a pin: ``board_id`` is a str, ``I2C``/``STEMMA_I2C``/``SPI``/``UART``
are functions, ``DISPLAY`` the display. The display's pins (``TFT_*``, claimed by board_init in
boards/pybadge/board.c) are in use: keypad refuses them with ValueError, as a board does.

LAMA_DISPLAY = "WxH" in the process environment (the harness's, not settings.toml) gives another
display size (240x240, 320x240).
"""

import os

import _pins
import displayio
import microcontroller

board_id = "pybadge"

# (name, MCU pin) in the order of pins.c. No SPEAKER / SPEAKER_ENABLE (PA02, PA27): a beep plays in
# real time (time.sleep), which made every flow run under the interpreters minutes slower. hw.sound is
# then the silent object (hal/fxopen.py); its code is still loaded and counted, the PWM and enable pin
# objects (~200 bytes) are not.
_TABLE = (
    ("A0", "PA02"),
    ("A1", "PA05"),
    ("A2", "PB08"),
    ("A3", "PB09"),
    ("A4", "PA04"),
    ("A5", "PA06"),
    ("A6", "PB01"),
    ("A7", "PB04"),
    ("A8", "PB03"),
    ("A9", "PB02"),
    ("D0", "PB17"),
    ("D1", "PB16"),
    ("D2", "PB03"),
    ("D3", "PB02"),
    ("D4", "PA14"),
    ("D5", "PA16"),
    ("D6", "PA18"),
    ("D7", "PB14"),
    ("D8", "PA15"),
    ("D9", "PA19"),
    ("D10", "PA20"),
    ("D11", "PA21"),
    ("D12", "PA22"),
    ("LED", "PA23"),
    ("D13", "PA23"),
    ("RX", "PB17"),
    ("TX", "PB16"),
    ("SDA", "PA12"),
    ("SCL", "PA13"),
    ("SCK", "PA17"),
    ("MISO", "PB22"),
    ("MOSI", "PB23"),
    ("NEOPIXEL", "PA15"),
    ("LIGHT", "PB04"),
    ("ACCELEROMETER_INTERRUPT", "PB14"),
    ("BUTTON_LATCH", "PB00"),
    ("BUTTON_OUT", "PB30"),
    ("BUTTON_CLOCK", "PB31"),
    ("TFT_LITE", "PA01"),
    ("TFT_MOSI", "PB15"),
    ("TFT_SCK", "PB13"),
    ("TFT_RST", "PA00"),
    ("TFT_CS", "PB07"),
    ("TFT_DC", "PB05"),
)
_g = globals()
for _name, _mcu in _TABLE:
    _g[_name] = _pins.pin(_mcu, _name)
del _g, _name, _mcu, _TABLE
for _p in (TFT_LITE, TFT_MOSI, TFT_SCK, TFT_RST, TFT_CS, TFT_DC):  # noqa: F821 (made just above)
    _pins.claim(_p)
del _p

# microcontroller.Pin is the class of every pin (shared-bindings/microcontroller/__init__.c); the
# microcontroller stand-in may not name it yet.
if not hasattr(microcontroller, "Pin"):
    microcontroller.Pin = _pins.Pin


def I2C():
    """The board's I2C bus (not in the stand-ins)."""
    raise RuntimeError("no I2C bus in the stand-in")


STEMMA_I2C = I2C


def SPI():
    """The board's SPI bus (not in the stand-ins)."""
    raise RuntimeError("no SPI bus in the stand-in")


def UART():
    """The board's UART (not in the stand-ins)."""
    raise RuntimeError("no UART in the stand-in")


_size = (getattr(os, "host_getenv", os.getenv)("LAMA_DISPLAY") or "160x128").split("x")
DISPLAY = displayio.Display(int(_size[0]), int(_size[1]))
del _size
