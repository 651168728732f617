"""Board profiles: what the game knows of each board it plays on, by simulator name, as plain data.

The facts and their sources are in docs/BOARDS.md (docs/boards.json); this is what the code takes
of them. A profile names its board family, the module of ``hal/boards/`` that opens its display
and buttons (``open(profile, notices) -> (display, buttons)``, imported on that board only):
``badge`` (PyBadge, EdgeBadge, PyGamer: the shift register and joystick), ``pins`` (buttons on
pins: CLUE, FunHouse, the Reverse TFT Feathers, PicoSystem, any unknown board with BUTTON_* pins),
``gizmo`` (Circuit Playground Bluefruit with the TFT Gizmo: the display made in code),
``pyportal`` (resistive touch), ``fruitjam`` (DVI made in code, three buttons, a USB keyboard) and
``memento`` (an I2C expander polled: that firmware has no keypad).

Importable anywhere (the desktop simulator lists and plays every profile: ``names()``,
``get(name)``). On a board hal/boardopen.py finds its profile (``find(board_id)``) and forgets this
module: the table is one line of text a profile, parsed for the board found only, so that it
leaves no names behind (CircuitPython interns every short string and name for good).

A profile's fields (attributes of :class:`Profile`):

* ``name`` (the simulator's), ``ids`` (the ``board.board_id`` values it answers to, and names
  ``LAMA_BOARD`` may give: the EdgeBadge and the PyPortal Pynt are aliases that report their
  sibling's board_id, the PyBadge LC runs the pybadge build (docs/BOARDS.md), so ``edgebadge``,
  ``pybadge_lc`` and ``pyportal_pynt`` are only ever settings), ``family``, ``title`` (on the
  About screen);
* ``size`` (width, height) of the display; ``scheme`` (``hal.SCHEME_*``) and ``has`` (the logical
  bits it can press: hal/__init__.py);
* ``keys``: the physical keys' names, by key number (scripts name them, and the simulator's
  keyboard); ``map``: two bytes a key, its short and long logical bits (hal/keys.py; None when
  key ``n`` presses bit ``1 << n``, as the PyBadge's shift register numbers them): the table
  of the scheme (three buttons: previous LEFT, act A / B|START held, next RIGHT; two: the mover
  RIGHT / B held, the actor A / START held); ``labels``: the board's own names for act, back,
  menu, next and previous (``hal.LABEL_*``);
* ``pins``: what the family reads, a word a key: a board pin with its pressed level (``-`` low,
  with a pull-up; ``+`` high, with a pull-down: docs/BOARDS.md), the touch panel's four pins,
  or an expander input's number;
* ``mcu`` and ``pystones`` (docs/BOARDS.md's planning figure: Hard's budget scales with it),
  ``nvm`` (the port's erase rule: ``samd51``, ``nrf52``, ``rp2040`` (RP2350 too), ``esp32``;
  hal/saves/__init__.py, hal/saves/log.py), ``lights`` (NeoPixels on ``board.NEOPIXEL``) and ``speaker``
  (its pin's name, ``-`` for none the game can drive).
"""

import hal

# name | ids | family | size | scheme | mcu | nvm | lights | speaker | keys | map | pins | labels | title
# (a map word per key: its short bit's name, then "/" and the long one's; "+" joins two bits)
TABLE = (
    "pybadge|pybadge edgebadge pybadge_lc|badge|160x128|0|samd51|samd51|5|SPEAKER|B A Start Select Right Down Up Left|"
    "B A Start Select Right Down Up Left||A,B,Start,>,<|PyBadge",
    "pygamer|pygamer|badge|160x128|0|samd51|samd51|5|SPEAKER|B A Start Select Right Down Up Left|"
    "B A Start Select Right Down Up Left|JOYSTICK_X JOYSTICK_Y|A,B,Start,>,<|PyGamer",
    "clue|clue_nrf52840_express|pins|240x240|2|nrf52840|nrf52|1|SPEAKER|A B|Right/B A/Start|"
    "BUTTON_A- BUTTON_B-|B,hold A,hold B,A,|CLUE",
    "cpb_gizmo|circuitplayground_bluefruit|gizmo|240x240|2|nrf52840|nrf52|10|SPEAKER|A B|Right/B A/Start|"
    "BUTTON_A+ BUTTON_B+|B,hold A,hold B,A,|CPB + TFT Gizmo",
    "funhouse|adafruit_funhouse|pins|240x240|1|esp32s2|esp32|0|SPEAKER|Up Sel Down|Left A/B+Start Right|"
    "BUTTON_UP+ BUTTON_SELECT+ BUTTON_DOWN+|Sel,hold Sel,hold Sel,Down,Up|FunHouse",
    "feather_s2_reverse_tft|adafruit_feather_esp32s2_reverse_tft|pins|240x135|1|esp32s2|esp32|1|-|D0 D1 D2|"
    "Left A/B+Start Right|D0- D1+ D2+|D1,hold D1,hold D1,D2,D0|Feather S2 TFT",
    "feather_s3_reverse_tft|adafruit_feather_esp32s3_reverse_tft|pins|240x135|1|esp32s3|esp32|1|-|D0 D1 D2|"
    "Left A/B+Start Right|D0- D1+ D2+|D1,hold D1,hold D1,D2,D0|Feather S3 TFT",
    "pyportal|pyportal pyportal_pynt|pyportal|320x240|3|samd51|samd51|1|SPEAKER|||"
    "TOUCH_XL TOUCH_XR TOUCH_YD TOUCH_YU|tap,Back,Menu,,|PyPortal",
    "pyportal_titano|pyportal_titano|pyportal|480x320|3|samd51|samd51|1|SPEAKER|||"
    "TOUCH_XL TOUCH_XR TOUCH_YD TOUCH_YU|tap,Back,Menu,,|PyPortal Titano",
    "fruit_jam|adafruit_fruit_jam|fruitjam|320x240|1|rp2350|rp2040|5|-|Btn1 Btn2 Btn3|Left A/B+Start Right|"
    "BUTTON1- BUTTON2- BUTTON3-|Btn2,hold Btn2,hold Btn2,Btn3,Btn1|Fruit Jam",
    "memento|adafruit_esp32s3_camera|memento|240x240|0|esp32s3|esp32|1|-|Up Down Left Right OK Sel Shutter|"
    "Up Down Left Right A B Start|13 15 12 14 11 1 BUTTON-|OK,Sel,Shutter,>,<|MEMENTO",
    "picosystem|pimoroni_picosystem|pins|240x240|0|rp2040|rp2040|0|AUDIO|A B X Y Up Down Left Right|"
    "A B Select Start Up Down Left Right|SW_A- SW_B- SW_X- SW_Y- SW_UP- SW_DOWN- SW_LEFT- SW_RIGHT-|"
    "A,B,Y,>,<|PicoSystem",
)

# hw.buttons.has by scheme: every button but Select; LEFT|RIGHT|A|B|START; RIGHT|A|B|START; TAP|B|START
HAS = (0xF7, 0x97, 0x17, 0x105)
# Pystones/s by MCU class, the planning figures of docs/BOARDS.md ("Speed"): published for the SAMD51
# (1,445-1,522) and nRF52840 (739-769), estimates for the others (their lower end).
PYSTONES = "samd51 1450 nrf52840 740 rp2040 900 rp2350 1450 esp32s2 1000 esp32s3 2000"
# sys.platform's start -> MCU class and nvm rule, for a board of no profile (ESP32-S2: the slower)
PLATFORMS = (
    "MicroChip samd51 samd51 RP2040 rp2040 rp2040 RP2350 rp2350 rp2040 nRF nrf52840 nrf52 Espressif esp32s2 esp32"
)


class Profile:
    """One board's profile, parsed from its line of ``TABLE`` (the fields: the module docstring)."""

    def __init__(self, line):
        f = line.split("|")
        self.name = f[0]
        self.ids = f[1].split()
        self.family = f[2]
        w, h = f[3].split("x")
        self.size = (int(w), int(h))
        self.scheme = int(f[4])
        self.has = HAS[self.scheme]
        self.mcu = f[5]
        stones = PYSTONES.split()
        self.pystones = int(stones[stones.index(f[5]) + 1]) if f[5] in stones else 740
        self.nvm = f[6]
        self.lights = int(f[7])
        self.speaker = f[8]
        self.keys = f[9].split()
        self.map = keymap(f[10])
        self.pins = f[11].split()
        self.labels = tuple(f[12].split(","))
        self.title = f[13]

    def table(self, keys):
        """The short and long bits of each of ``keys`` (key numbers), two bytes a key: what a source
        gives hal/keys.py's ``down(short, now, long)`` for a key."""
        m = self.map
        out = bytearray()
        for n in keys:
            out += m[2 * n : 2 * n + 2] if m else bytes((1 << n, 0))
        return bytes(out)


def keymap(text):
    """The ``map`` bytes of a map text ("Right/B A/Start": a word a key, short/long, "+" joins bits);
    None where key ``n`` is logical bit ``1 << n`` alone (hal/keys.py then maps nothing)."""
    names = hal.NAMES.split()
    out = bytearray()
    same = True
    for word in text.split():
        for part in (word.split("/") + [""])[:2]:
            bits = 0
            for name in part.split("+") if part else ():
                bits |= 1 << names.index(name)
            same = same and bits == (1 << len(out) // 2 if len(out) % 2 == 0 else 0)
            out.append(bits)
    return None if same and out else bytes(out)


def names():
    """The profiles' names, in the table's order (``--list-boards``)."""
    return [line.split("|", 1)[0] for line in TABLE]


def get(name):
    """The profile called ``name`` (a simulator name); KeyError for none."""
    for line in TABLE:
        if line.split("|", 1)[0] == name:
            return Profile(line)
    raise KeyError(name)


def find(board_id):
    """The profile of a board that reports ``board_id`` (or called so), or None."""
    for line in TABLE:
        head = line.split("|", 2)
        if board_id == head[0] or board_id in head[1].split():
            return Profile(line)
    return None


def unknown(board_id, platform):
    """A profile for a board of no profile (``platform``: ``sys.platform``): buttons on pins, the
    scheme and keys found by hal/boards/pins.py; the MCU class and erase rule from the platform
    (ports/*/mpconfigport.h MICROPY_PY_SYS_PLATFORM), the slowest class where it says nothing."""
    mcu, rule = "?", "samd51"
    words = PLATFORMS.split()
    for i in range(0, len(words), 3):
        if platform.startswith(words[i]):
            mcu, rule = words[i + 1], words[i + 2]
    return Profile("%s|%s|pins|0x0|0|%s|%s|5|SPEAKER||||A,B,Start,>,<|%s" % (board_id, board_id, mcu, rule, board_id))
