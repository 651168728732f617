"""Boards without the PyBadge's shift register: buttons on their own pins, maybe no display.

Imported by hal/board.py only on such boards (CLUE, PicoSystem, a Feather
with buttons wired to pins), so the PyBadge family does not pay for it.
Pins come from settings.toml (``LAMA_BUTTON_A = "D5"``, ``_B _START _SELECT
_UP _DOWN _LEFT _RIGHT``), else from the board's own button names; each
key is ``keypad.Keys`` with ``value_when_pressed=False, pull=True`` (a
button to ground). A named pin the board lacks, or one already in use, is
left out with a notice; the game goes on with the others.
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


BITS = bytearray(8)  # key number -> hal bit, filled by scanner()


def scanner(board, names, notices):
    """A keypad.Keys over the configured pins (or None); fills BITS for its key numbers."""
    from hal.board import setting

    pins = []
    used = []
    for i in range(8):
        wanted = setting("LAMA_BUTTON_" + names[i].upper())
        pin = None
        if wanted:
            pin = getattr(board, wanted, None)
            if pin is None:
                notices.append(("No pin %s for %s" % (wanted, names[i]))[:26])
        else:
            for candidate in DEFAULT_PINS[i]:
                pin = getattr(board, candidate, None)
                if pin is not None:
                    break
        if pin is not None:
            pins.append(pin)
            used.append(names[i])
    keys = None
    if pins:
        keys, used = _keys(pins, used, notices)
    for k in range(8):
        BITS[k] = 1 << names.index(used[k]) if k < len(used) else 0
    for need in ("A", "B"):
        if need not in used:
            notices.append("No %s button: settings.toml" % need)
    return keys


def _keys(pins, names, notices):
    """A keypad.Keys over ``pins``; a pin it refuses (in use) is dropped and named."""
    import keypad

    try:
        return keypad.Keys(pins, value_when_pressed=False, pull=True), names
    except (ValueError, RuntimeError):
        pass
    ok_pins = []
    ok_names = []
    for i in range(len(pins)):
        try:
            keypad.Keys((pins[i],), value_when_pressed=False, pull=True).deinit()
            ok_pins.append(pins[i])
            ok_names.append(names[i])
        except (ValueError, RuntimeError):
            notices.append("%s pin in use: off" % names[i])
    if not ok_pins:
        return None, ok_names
    return keypad.Keys(ok_pins, value_when_pressed=False, pull=True), ok_names


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
