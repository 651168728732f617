"""Stand-in for a board's ``board`` module: its pins as Pin objects, ``board_id``, the buses, the display.

The board is the profile named by ``LAMA_STANDIN_BOARD`` in the process environment (the
harness's, not settings.toml: a profile's simulator name, hal/boards/__init__.py; default
``pybadge``; a name of no profile is a board of that ``board_id`` with a display and the pins of
``LAMA_STANDIN_PINS``, "NAME MCU_PIN ...", and the script's keys of ``LAMA_STANDIN_KEYS``,
"KEY PIN ..."). Its pins are those of the board's pins.c in
CircuitPython 10.2.1 (ports/<port>/boards/<board_id>/pins.c) that the game may touch: the
buttons, the joystick or touch panel, the lights, the buses a family makes a display on (the
TFT Gizmo's, the Fruit Jam's DVI), and the display's own pins (in use); one Pin object per MCU
pin, so that two names of one pin (``D8`` and ``NEOPIXEL``) are the same object, as on a board.
No speaker pin: a beep would play its notes through pwmio and time.sleep for nothing.
Not every attribute is a pin: ``board_id`` is a str, ``I2C``/``STEMMA_I2C``/``SPI``/``UART``
are functions (``I2C`` the MEMENTO's expander: busio.py), ``DISPLAY`` the display
(busdisplay.py; none on the CPB, whose TFT Gizmo is made in code, and the Fruit Jam, whose DVI
is). The display's pins are in use: keypad refuses them with ValueError, as a board does.
``microcontroller.Pin`` is their class. ``_k`` names the script's keys (keypad.py): a key name of
the profile and what presses it (a pin's name; a shift register's key number, ``#n``; the
MEMENTO expander's input, ``@n``; the touch panel, ``tap``).

The names are in one string, read at import: names written out here would each be interned (a qstr),
which a board has in flash; the stand-ins' qstrs move the points where the game's own qstr pools
grow (tools/cpboard.py), so they intern as few as they can.

LAMA_DISPLAY = "WxH" in the process environment gives another display size (240x240, 320x240).
"""

import os

import busdisplay
import keypad
import microcontroller

_e = getattr(os, "_host", os).getenv
# Name and MCU pin in the order of pins.c (a pin's name in an error is its first one); an MCU pin in
# lower case is in use (the display's). Then "|" the board_id, the display's size (0x0: none; "=WxH": the
# game makes one of that size in code) and the keys.
# One line a board (a long string: a board keeps no qstrs of the stand-ins' own, and the short words of
# a dict's keys would each be one): name | pins | board_id, display size, keys | stand-ins it needs
# | its nvm's size and rule, where not the SAMD51's (docs/BOARDS.md, "Ports").
BOARDS = (
    "pybadge|A0 PA02 A1 PA05 A2 PB08 A3 PB09 A4 PA04 A5 PA06 A6 PB01 A7 PB04 A8 PB03 A9 PB02 D0 PB17 D1 "
    "PB16 D2 PB03 D3 PB02 D4 PA14 D5 PA16 D6 PA18 D7 PB14 D8 PA15 D9 PA19 D10 PA20 D11 PA21 D12 PA22 LED "
    "PA23 D13 PA23 RX PB17 TX PB16 SDA PA12 SCL PA13 SCK PA17 MISO PB22 MOSI PB23 NEOPIXEL PA15 LIGHT "
    "PB04 ACCELEROMETER_INTERRUPT PB14 BUTTON_LATCH PB00 BUTTON_OUT PB30 BUTTON_CLOCK PB31 TFT_LITE pa01 "
    "TFT_MOSI pb15 TFT_SCK pb13 TFT_RST pa00 TFT_CS pb07 TFT_DC pb05|pybadge 160x128 A #1 B #0 Start #2 "
    "Select #3 Right #4 Down #5 Up #6 Left #7|\n"
    "pygamer|A0 PA02 A1 PA05 A2 PB08 A3 PB09 A4 PA04 A6 PB01 A8 PB03 A9 PB02 D0 PB17 D1 PB16 D2 PB03 D3 "
    "PB02 D4 PA14 D5 PA16 D6 PA18 D7 PB14 D8 PA15 D9 PA19 D10 PA20 D11 PA21 D12 PA22 LED PA23 D13 PA23 "
    "RX PB17 TX PB16 SDA PA12 SCL PA13 SCK PA17 MISO PB22 MOSI PB23 NEOPIXEL PA15 LIGHT PB04 "
    "ACCELEROMETER_INTERRUPT PB14 BUTTON_LATCH PB00 BUTTON_OUT PB30 BUTTON_CLOCK PB31 TFT_LITE pa01 "
    "TFT_MOSI pb15 TFT_SCK pb13 TFT_RST pa00 TFT_CS pb12 TFT_DC pb05 JOYSTICK_X PB07 JOYSTICK_Y "
    "PB06|pygamer 160x128 A #1 B #0 Start #2 Select #3 Right > Down v Up ^ Left <|analogio\n"
    "clue|D0 P0_04 RX P0_04 D1 P0_05 A3 P0_05 TX P0_05 D2 P0_03 BUTTON_A P1_02 BUTTON_B P1_10 NEOPIXEL "
    "P0_16 SCL P0_25 SDA P0_24 TFT_RESET p1_03 TFT_BACKLIGHT p1_05 TFT_CS p0_12 TFT_DC p0_13 TFT_SCK "
    "p0_14 TFT_MOSI p0_15|clue_nrf52840_express 240x240 B BUTTON_B A BUTTON_A||8192 nrf52\n"
    "cpb_gizmo|A3 P0_03 SCL P0_04 D2 P0_05 SDA P0_05 D0 P0_30 RX P0_30 D1 P0_14 TX P0_14 BUTTON_A P1_02 "
    "BUTTON_B P1_15 SLIDE_SWITCH P1_06 NEOPIXEL P0_13|circuitplayground_bluefruit =240x240 B BUTTON_B A "
    "BUTTON_A|busio fourwire|8192 nrf52\n"
    "funhouse|TFT_BACKLIGHT gpio21 TFT_CS gpio40 TFT_DC gpio39 TFT_MOSI gpio35 TFT_RESET gpio41 TFT_SCK "
    "gpio36 BUTTON_DOWN GPIO3 BUTTON_SELECT GPIO4 BUTTON_UP GPIO5 SCL GPIO33 SDA "
    "GPIO34|adafruit_funhouse 240x240 Sel BUTTON_SELECT Up BUTTON_UP Down BUTTON_DOWN||8192 esp32\n"
    "feather_s2_reverse_tft|TX GPIO39 RX GPIO38 A3 GPIO15 NEOPIXEL GPIO33 NEOPIXEL_POWER GPIO21 SCL "
    "GPIO4 SDA GPIO3 TFT_CS gpio42 TFT_DC gpio40 TFT_RESET gpio41 TFT_BACKLIGHT gpio45 BUTTON GPIO0 D0 "
    "GPIO0 D1 GPIO1 D2 GPIO2|adafruit_feather_esp32s2_reverse_tft 240x135 D1 D1 D0 D0 D2 D2||8192 esp32\n"
    "feather_s3_reverse_tft|TX GPIO39 RX GPIO38 A3 GPIO15 NEOPIXEL GPIO33 NEOPIXEL_POWER GPIO21 SCL "
    "GPIO4 SDA GPIO3 TFT_CS gpio42 TFT_DC gpio40 TFT_RESET gpio41 TFT_BACKLIGHT gpio45 BUTTON GPIO0 D0 "
    "GPIO0 D1 GPIO1 D2 GPIO2|adafruit_feather_esp32s3_reverse_tft 240x135 D1 D1 D0 D0 D2 D2||8192 esp32\n"
    "pyportal|NEOPIXEL PB22 TFT_RESET pa00 TFT_CS pb06 TFT_DC pb09 LCD_DATA0 pa16 TOUCH_YD PB00 TOUCH_XL "
    "PB01 TOUCH_YU PA06 TOUCH_XR PB08 SDA PB02 SCL PB03|pyportal 320x240|analogio\n"
    "pyportal_titano|NEOPIXEL PB22 TFT_RESET pa00 TFT_CS pb06 TFT_DC pb09 LCD_DATA0 pa16 TOUCH_YD PB00 "
    "TOUCH_XL PB01 TOUCH_YU PA06 TOUCH_XR PB08 SDA PB02 SCL PB03|pyportal_titano 480x320|analogio\n"
    "fruit_jam|A3 GPIO43 NEOPIXEL GPIO32 BUTTON1 GPIO0 BUTTON2 GPIO4 BUTTON3 GPIO5 SDA GPIO20 SCL GPIO21 "
    "TX GPIO8 RX GPIO9 CKN GPIO12 CKP GPIO13 D0N GPIO14 D0P GPIO15 D1N GPIO16 D1P GPIO17 D2N GPIO18 D2P "
    "GPIO19|adafruit_fruit_jam =320x240 Btn2 BUTTON2 Btn1 BUTTON1 Btn3 BUTTON3|framebufferio picodvi|4096 rp2040\n"
    "memento|TFT_RESET gpio38 TFT_CS gpio39 TFT_DC gpio40 TFT_BACKLIGHT gpio45 NEOPIXEL GPIO1 BUTTON "
    "GPIO0 SDA GPIO34 SCL GPIO33|adafruit_esp32s3_camera 240x240 OK @11 Up @13 Down @15 Left @12 Right "
    "@14 Sel @1 Shutter BUTTON|busio|8192 esp32\n"
    "picosystem|TX GPIO0 RX GPIO1 LCD_RESET gpio4 LCD_CS gpio5 LCD_SCLK gpio6 LCD_MOSI gpio7 LCD_DC "
    "gpio9 SW_Y GPIO16 SW_X GPIO17 SW_A GPIO18 SW_B GPIO19 SW_DOWN GPIO20 SW_RIGHT GPIO21 SW_LEFT GPIO22 "
    "SW_UP GPIO23|pimoroni_picosystem 240x240 A SW_A B SW_B X SW_X Y SW_Y Up SW_UP Down SW_DOWN Left "
    "SW_LEFT Right SW_RIGHT||4096 rp2040\n"
)
name = (_e("LAMA_STANDIN_BOARD") or "pybadge") + "|"
for value in BOARDS.split("\n"):
    if value.startswith(name):
        name = value.split("|")[1:]
        break
else:  # a board of no profile: its pins from the environment, a display of LAMA_DISPLAY's size
    name = [_e("LAMA_STANDIN_PINS") or "", name[:-1] + " 160x128 " + (_e("LAMA_STANDIN_KEYS") or ""), ""]
del BOARDS
for value in name[2].split():  # (imported now: their bytes count with the stand-ins')
    __import__(value)
if len(name) > 3:  # the board's nvm: its size and its port's rule (microcontroller.py); else SAMD51's
    value = name[3].split()
    microcontroller.nvm = microcontroller.ByteArray(int(value[0]), value[1])
_k = name[1].split()
board_id = _k[0]
data = {}
_s = (_e("LAMA_DISPLAY") or _k[1]).split("x")
_k = _k[2:]
name = name[0].split()
value = 0
for value in range(0, len(name), 2):
    if name[value + 1].upper() not in data:
        data[name[value + 1].upper()] = keypad.Pin(name[value])
    globals()[name[value]] = data[name[value + 1].upper()]
    if name[value + 1].islower() and data[name[value + 1].upper()] not in keypad.pins:
        keypad.pins[keypad.pins.index(None)] = data[name[value + 1].upper()]  # in use
del data, name, value
microcontroller.Pin = keypad.Pin  # (the class of every pin: shared-bindings/microcontroller/__init__.c)


def SPI():
    """The board's SPI bus (``STEMMA_I2C`` and ``UART`` alike): not in the stand-ins."""
    raise RuntimeError("no bus in the stand-ins")


def I2C():
    """The board's I2C bus: the MEMENTO's, with its AW9523 (busio.py); elsewhere none."""
    if board_id != "adafruit_esp32s3_camera":
        SPI()
    import busio

    return busio.I2C(globals()["SCL"], globals()["SDA"])


for name in "STEMMA_I2C UART".split():
    globals()[name] = SPI
del name

if _s[0][0] == "=":  # a display the game makes in code: made now (a board keeps it off its heap)
    busdisplay._a = busdisplay.BusDisplay(int(_s[0][1:]), int(_s[1]))
elif int(_s[0]):
    DISPLAY = busdisplay.BusDisplay(int(_s[0]), int(_s[1]))
del _s, _e
