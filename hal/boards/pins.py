"""Boards with buttons on their own pins: CLUE, FunHouse, the Reverse TFT Feathers, PicoSystem (and
the buttons of the CPB and the Fruit Jam, for hal/boards/gizmo.py and fruitjam.py), and any board
of no profile that has a display and buttons.

A profile's ``pins`` name each key's pin and its pressed level (``-`` low: ``keypad.Keys(...,
value_when_pressed=False, pull=True)``; ``+`` high, the pull then a pull-down: docs/BOARDS.md); the
keys of one level share a scanner (the Reverse TFT Feathers need two). Only a
``microcontroller.Pin`` is a pin (``board`` also holds ``board_id``, ``I2C``, ...), and keypad
refuses a pin twice (TypeError, shared-bindings/keypad/Keys.c) or one in use (ValueError): such a
key is left out, with a notice.

**A board of no profile** (``LAMA_BOARD`` or ``board.board_id`` unknown): its buttons are the pins
settings.toml names (``LAMA_BUTTON_A = "D5"``, also ``_B _START _SELECT _UP _DOWN _LEFT _RIGHT``),
else the board's own ``BUTTON_A``/``SW_A``... pins, then any other ``BUTTON*`` pin, each pressed
low. A setting naming no pin gets a notice and the button its board default; a pin keeps the first
button that names it, in the order above, settings before defaults. Then the best scheme they
allow, named in a notice: the D-pad with A, B, Start and four directions; else three buttons
(Left, A, Right when there are, else the first three found: previous, act, next); else two (the
first moves, the second acts, as the CLUE's A and B).
"""

import board
import microcontroller
import supervisor

import hal
from hal import boards, keypads, settings

# Pins tried for a button no setting names, one tuple a button, in hal bit order (a board of no profile).
DEFAULT_PINS = (
    ("BUTTON_B", "SW_B"),
    ("BUTTON_A", "SW_A"),
    ("BUTTON_START", "SW_X", "START"),
    ("BUTTON_SELECT", "SW_Y", "SELECT"),
    ("BUTTON_RIGHT", "SW_RIGHT"),
    ("BUTTON_DOWN", "SW_DOWN"),
    ("BUTTON_UP", "SW_UP"),
    ("BUTTON_LEFT", "SW_LEFT"),
)
ORDER = (1, 0, 2, 3, 6, 5, 7, 4)  # the hal bits as docs/ONBOARD.md lists them: A B Start Select Up Down Left Right


def open(profile, notices):
    """(board.DISPLAY, the buttons) of a board with buttons on pins; notices appended."""
    return getattr(board, "DISPLAY", None), buttons(profile, notices)


def buttons(profile, notices):
    """hal.keypads.KeypadButtons over ``profile.pins`` (see :func:`scanners`)."""
    return keypads.KeypadButtons(supervisor.ticks_ms, *scanners(profile, notices))


def scanners(profile, notices):
    """(keypad.Keys scanners, each one's table of short and long bits: hal/keypads.py) of
    ``profile.pins``, a scanner a pressed level (a board of no profile: its pins found first, and
    the profile's keys, map, labels and scheme filled in)."""
    if not profile.pins:
        find(profile, notices)
    found = []
    tables = []
    for level in "-+":
        pins = []
        bits = []
        for n in range(len(profile.pins)):
            word = profile.pins[n]
            if word[-1] == level:
                pins.append(getattr(board, word[:-1], None))
                bits.append(n)
        if pins:
            keys, bits = _keys(pins, bits, profile, level == "+", notices)
            if keys is not None:
                found.append(keys)
                tables.append(profile.table(bits))
    return tuple(found), tuple(tables)


def _keys(pins, bits, profile, high, notices):
    """(a keypad.Keys over ``pins``, the key numbers of its keys): a pin it refuses is left out, named."""
    import keypad

    if None not in pins:
        try:  # all at once: no scanner made and dropped per pin, whose garbage would lie under the game's objects
            return keypad.Keys(pins, value_when_pressed=high, pull=True), bits
        except Exception:  # a pin refused: each tried alone, to name it
            pass
    keys = profile.keys
    ok = [i for i in range(len(pins)) if free(pins[i], keys[bits[i]], profile.pins[bits[i]][:-1], high, notices)]
    if not ok:
        return None, []
    return keypad.Keys([pins[i] for i in ok], value_when_pressed=high, pull=True), [bits[i] for i in ok]


def free(pin, key, name, high, notices):
    """True when keypad takes ``pin`` (board pin ``name``) for key ``key``; else False, named in a notice
    (no such pin; in use: a display's, or what a port refuses)."""
    import keypad

    if pin is None:
        notices.append("%s: no pin %s" % (key, name))
        return False
    try:
        keypad.Keys((pin,), value_when_pressed=high, pull=True).deinit()
        return True
    except Exception as e:  # ValueError "in use" (a display's pin), or what a port refuses
        notices.append("%s: pin %s in use" % (key, name))
        print("button %s: pin %s refused: %r" % (key, name, e))
        return False


def find(profile, notices):
    """A board of no profile: its buttons and scheme (the module docstring) into ``profile``."""
    names = hal.NAMES.split()
    pins = [None] * 8  # type: list  # by hal bit
    labels = [""] * 8  # what each pin was called: the setting's value, or the board's name for it
    for i in ORDER:
        name = "LAMA_BUTTON_" + names[i].upper()
        wanted = settings.read(name, notices)
        if wanted is None:
            continue
        pin = getattr(board, wanted, None)
        owner = _owner(pins, pin)
        if pin is None:
            settings.notice(notices, name, wanted, "no such pin")
        elif not isinstance(pin, microcontroller.Pin):
            settings.notice(notices, name, wanted, "not a pin")
        elif owner >= 0:
            settings.notice(notices, name, wanted, "is %s's pin" % names[owner])
        else:
            pins[i] = pin
            labels[i] = wanted  # (the name of one of the board's pins: ASCII, short)
    for i in ORDER:  # the board's own buttons for the others, on pins still free
        for candidate in DEFAULT_PINS[i] if pins[i] is None else ():
            pin = getattr(board, candidate, None)
            if isinstance(pin, microcontroller.Pin) and _owner(pins, pin) < 0:
                pins[i] = pin
                labels[i] = candidate
                break
    for i in ORDER:
        if pins[i] is not None and not free(pins[i], names[i], labels[i], False, notices):
            pins[i] = None
    found = [i for i in ORDER if pins[i] is not None]  # the keys' hal bit numbers, then the others'
    keys = [names[i] for i in found]
    for name in sorted(dir(board)):  # any other button of the board's
        pin = getattr(board, name)
        if name.startswith("BUTTON") and isinstance(pin, microcontroller.Pin) and _owner(pins, pin) < 0:
            if free(pin, name, name, False, notices):
                pins.append(pin)
                labels.append(name)
                found.append(len(pins) - 1)
                keys.append(name[7:] if name.startswith("BUTTON_") else name)
    profile.keys = keys
    profile.pins = [labels[i] + "-" for i in found]
    table = bytearray(2 * len(keys))
    if all(pins[i] is not None for i in (0, 1, 2, 4, 5, 6, 7)):  # the D-pad, A, B and Start
        for n in range(len(keys)):
            table[2 * n] = 1 << found[n] if found[n] < 8 else 0
        profile.map = bytes(table)
        notices.append("Unknown board: D-pad")
        return
    if len(keys) < 2:
        profile.map = bytes(table)
        notices.append("Few buttons: settings.toml")
        return
    if len(keys) > 2:  # previous, act (held: back and menu), next
        lar = [found.index(i) for i in (7, 1, 4) if i in found]  # Left, A, Right where it has them
        order = lar if len(lar) == 3 else [0, 1, 2]
        profile.scheme = hal.SCHEME_THREE
        roles = (hal.LEFT, 0, hal.A, hal.B | hal.START, hal.RIGHT, 0)  # type: tuple
        a = keys[order[1]]
        profile.labels = (a, "hold " + a, "hold " + a, keys[order[2]], keys[order[0]])
    else:  # the mover (held: back), the actor (held: menu): A acts where it is one of them
        act = found.index(1) if 1 in found else 1
        order = [1 - act, act]
        profile.scheme = hal.SCHEME_TWO
        roles = (hal.RIGHT, hal.B, hal.A, hal.START)
        a = keys[act]
        profile.labels = (a, "hold " + keys[1 - act], "hold " + a, keys[1 - act], "")
    for n in range(len(order)):
        table[2 * order[n]] = roles[2 * n]
        table[2 * order[n] + 1] = roles[2 * n + 1]
    profile.map = bytes(table)
    profile.has = boards.HAS[profile.scheme]
    notices.append("Unknown board: %d buttons" % len(order))


def _owner(pins, pin):
    """The hal bit number of the button that has ``pin`` already, or -1."""
    for i in range(len(pins)):
        if pins[i] is not None and pins[i] is pin:
            return i
    return -1
