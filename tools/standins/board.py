"""Stand-in for a PyBadge's board module: its pins as Pin objects, ``board_id``, the buses, the display.

The pins are those of ports/atmel-samd/boards/pybadge/pins.c (CircuitPython 10.2.1), one Pin object
per MCU pin, so that two names of one pin (``D8`` and ``NEOPIXEL``) are the same object, as on a
board. Not every attribute is a pin: ``board_id`` is a str, ``I2C``/``STEMMA_I2C``/``SPI``/``UART``
are functions, ``DISPLAY`` the display (busdisplay.py). The display's pins (``TFT_*``, claimed by board_init in
boards/pybadge/board.c) are in use: keypad refuses them with ValueError, as a board does.
``microcontroller.Pin`` is their class.

The names are in one string, read at import: names written out here would each be interned (a qstr),
which a board has in flash; the stand-ins' qstrs move the points where the game's own qstr pools
grow (tools/cpboard.py), so they intern as few as they can.

LAMA_DISPLAY = "WxH" in the process environment (the harness's, not settings.toml) gives another
display size (240x240, 320x240).
"""

import os

import busdisplay
import keypad
import microcontroller

board_id = "pybadge"

# Name and MCU pin in the order of pins.c (a pin's name in an error is its first one); an MCU pin in
# lower case is in use (the display's). No SPEAKER / SPEAKER_ENABLE (PA02, PA27): a beep plays in
# real time (time.sleep), which made every flow run under the interpreters minutes slower. hw.sound is
# then the silent object (hal/fxopen.py); its code is still loaded and counted, the PWM and enable pin
# objects (~200 bytes) are not. (The module-level names here, data, name and value, are qstrs anyway.)
data = {}
name = (
    "A0 PA02 A1 PA05 A2 PB08 A3 PB09 A4 PA04 A5 PA06 A6 PB01 A7 PB04 A8 PB03 A9 PB02 D0 PB17 "
    "D1 PB16 D2 PB03 D3 PB02 D4 PA14 D5 PA16 D6 PA18 D7 PB14 D8 PA15 D9 PA19 D10 PA20 "
    "D11 PA21 D12 PA22 LED PA23 D13 PA23 RX PB17 TX PB16 SDA PA12 SCL PA13 SCK PA17 MISO PB22 "
    "MOSI PB23 NEOPIXEL PA15 LIGHT PB04 ACCELEROMETER_INTERRUPT PB14 BUTTON_LATCH PB00 "
    "BUTTON_OUT PB30 BUTTON_CLOCK PB31 TFT_LITE pa01 TFT_MOSI pb15 TFT_SCK pb13 TFT_RST pa00 "
    "TFT_CS pb07 TFT_DC pb05 "
).split()
for value in range(0, len(name), 2):
    if name[value + 1].upper() not in data:
        data[name[value + 1].upper()] = keypad.Pin(name[value])
    globals()[name[value]] = data[name[value + 1].upper()]
    if name[value + 1].islower() and data[name[value + 1].upper()] not in keypad.pins:
        keypad.pins[keypad.pins.index(None)] = data[name[value + 1].upper()]  # in use
del data, name, value
microcontroller.Pin = keypad.Pin  # (the class of every pin: shared-bindings/microcontroller/__init__.c)


def I2C():
    """The board's I2C bus (``STEMMA_I2C``, ``SPI`` and ``UART`` alike): not in the stand-ins."""
    raise RuntimeError("no bus in the stand-ins")


for name in "STEMMA_I2C SPI UART".split():
    globals()[name] = I2C
del name

_size = (getattr(os, "_host", os).getenv("LAMA_DISPLAY") or "160x128").split("x")
DISPLAY = busdisplay.BusDisplay(int(_size[0]), int(_size[1]))
del _size
