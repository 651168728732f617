"""Boards without the PyBadge's shift register: buttons on their own pins, maybe no display.

Imported by hal/board.py only on such boards (CLUE, PicoSystem, a Feather
with buttons wired to pins), so the PyBadge family does not pay for it.
Pins come from settings.toml (``LAMA_BUTTON_A = "D5"``, ``_B _START _SELECT
_UP _DOWN _LEFT _RIGHT``), else from the board's own button names; each
key is ``keypad.Keys`` with ``value_when_pressed=False, pull=True`` (a
button to ground). Only a ``microcontroller.Pin`` is a pin (``board`` also
holds ``board_id``, ``I2C``, ...), and keypad refuses a pin twice (TypeError,
shared-bindings/keypad/Keys.c) or one in use (ValueError): a setting naming
such a pin gets a notice and the button its board default, and a pin keeps
the first button that names it, in the order above, settings before defaults.
"""

# Pins tried for a button no setting names (CLUE, PicoSystem, ...), one tuple a button, in hal bit order.
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
ORDER = (1, 0, 2, 3, 6, 5, 7, 4)  # the hal bits as the README lists the settings: A B Start Select Up Down Left Right

BITS = bytearray(8)  # key number -> hal bit, filled by scanner()


def scanner(board, names, notices):
    """A keypad.Keys over the configured pins (or None); fills BITS for its key numbers."""
    import microcontroller

    from hal import boardopen  # (it reads settings.toml)

    pins = [None] * 8  # type: list  # by hal bit
    labels = [""] * 8  # what each pin was called: the setting's value, or the board's name for it
    for i in ORDER:
        name = "LAMA_BUTTON_" + names[i].upper()
        wanted = boardopen.read(name, notices)
        if wanted is None:
            continue
        pin = getattr(board, wanted, None)
        owner = _owner(pins, pin)
        if pin is None:
            boardopen.notice(notices, name, wanted, "no such pin")
        elif not isinstance(pin, microcontroller.Pin):
            boardopen.notice(notices, name, wanted, "not a pin")
        elif owner >= 0:
            boardopen.notice(notices, name, wanted, "is %s's pin" % names[owner])
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
    chosen = [i for i in ORDER if pins[i] is not None]
    keys = None
    if chosen:
        keys, chosen = _keys([pins[i] for i in chosen], chosen, [labels[i] for i in chosen], names, notices)
    for k in range(8):
        BITS[k] = 1 << chosen[k] if k < len(chosen) else 0
    for need in (1, 0):
        if need not in chosen:
            notices.append("No %s button: settings.toml" % names[need])
    return keys


def _owner(pins, pin):
    """The hal bit number of the button that has ``pin`` already, or -1."""
    for i in range(8):
        if pins[i] is not None and pins[i] is pin:
            return i
    return -1


def _keys(pins, bits, labels, names, notices):
    """(a keypad.Keys over ``pins``, the hal bit numbers of its keys): a pin it refuses is left out, named."""
    import keypad

    try:
        return keypad.Keys(pins, value_when_pressed=False, pull=True), bits
    except Exception:  # one pin of them is refused: find which
        pass
    ok = []
    for i in range(len(pins)):
        try:
            keypad.Keys((pins[i],), value_when_pressed=False, pull=True).deinit()
            ok.append(i)
        except Exception as e:  # ValueError "in use" (a display's pin), or what a port refuses
            notices.append("%s: pin %s in use" % (names[bits[i]], labels[i]))
            print("button %s: pin %s refused: %r" % (names[bits[i]], labels[i], e))
    if not ok:
        return None, []
    return keypad.Keys([pins[i] for i in ok], value_when_pressed=False, pull=True), [bits[i] for i in ok]


class ConsoleScreen:
    """No display: each screen is printed to the USB console as text."""

    def __init__(self):
        self.view = None
        self.count = 0

    def show(self, view):
        from play import textview

        self.view = view
        self.count += 1
        print("\n".join(textview.text(view)))
