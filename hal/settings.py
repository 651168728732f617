"""settings.toml, read so that no value can stop the game (boot.py, start-up, the board families).

``os.getenv`` differs by release: CircuitPython 9.x (shared-module/os/getenv.c) parses an unquoted
value as a number and raises ValueError when it is not one (``LAMA_JOYSTICK_FLIP = y``), and also
for a quoted value it cannot read (no closing quote, text after it, a bad ``\\u`` escape); 10.x
(supervisor/shared/settings.c) returns any value as text and the default for one it cannot read.
Both raise UnicodeError for bytes that are not UTF-8. Whatever comes back, a value the game cannot
use is replaced by its default, and a notice names the setting and the value: short on the title
screen (``hw.notices``), in full on the serial console. Imported at start-up only (hal/boardopen.py
and the board family it opens, which hal.board.open() then forgets) and by boot.py.
"""

import os


def notice(notices, name, value, text):
    """Appends ``NAME = value: text`` to ``notices`` (the value in printable ASCII only, which the font
    has, and cut at 12 characters) and prints it whole on the console."""
    out = ""
    for ch in str(value)[:12]:
        out += ch if " " <= ch <= "~" else "?"
    notices.append("%s = %s: %s" % (name, out, text))
    print("settings.toml: %s = %r: %s" % (name, value, text))


def find(name):
    """The text after ``NAME =`` on its line of settings.toml (for a value os.getenv will not give), or '?'.

    The file is os.getenv's: CircuitPython starts boot.py and code.py in the drive's root (main.c)."""
    key = name.encode()
    try:
        with open("settings.toml", "rb") as f:
            for line in f:
                line = line.strip()
                if line.startswith(key) and line[len(key) :].lstrip().startswith(b"="):
                    return "".join(chr(c) if 32 <= c < 127 else "?" for c in line[len(key) :].lstrip()[1:].strip())
    except Exception:  # no file, or anything else: the notice still names the setting
        pass
    return "?"


def read(name, notices):
    """The setting's text, stripped, or None: unset, empty, or unreadable (then with a notice)."""
    try:
        value = os.getenv(name)
    except Exception as e:  # ValueError (9.x), UnicodeError, MemoryError: never the end of start-up
        text = find(name)
        notice(
            notices,
            name,
            text,
            "put it in quotes" if isinstance(e, ValueError) and text[:1] != '"' else "cannot be read",
        )
        print("settings.toml: %s: %s: %s" % (name, type(e).__name__, e))
        return None
    if isinstance(value, int) and not isinstance(value, bool):  # 9.x: an unquoted number
        value = str(value)
    if not isinstance(value, str):
        return None
    value = value.strip()
    return value or None


def choice(name, values, notices):
    """The setting in lower case when it is one of ``values``; else None (with a notice when set)."""
    value = read(name, notices)
    if value is None:
        return None
    if value.lower() in values:
        return value.lower()
    notice(notices, name, value, "not %s or %s" % (", ".join(values[:-1]), values[-1]))
    return None


def drive(notices):
    """LAMA_DRIVE: "auto" (the default), "code" or "pc" (see boot.py)."""
    return choice("LAMA_DRIVE", "auto code pc".split(), notices) or "auto"


def seed(notices):
    """LAMA_SEED: every new game dealt from this int (to replay a reported game), or None."""
    value = read("LAMA_SEED", notices)
    if value is None:
        return None
    # Decimal ASCII digits only (str.isdigit() is also true for "²", which int() refuses), at most 9:
    # a small int on a 32-bit board.
    if 0 < len(value) <= 9 and all("0" <= ch <= "9" for ch in value):
        return int(value)
    notice(notices, "LAMA_SEED", value, "not 0..999999999")
    return None


def language(notices):
    """LAMA_LANG ("en", "de", "fr"), else the firmware's own language where CircuitPython tells it
    (``locale.getlocale()``: "de_DE", "fr"...; CircuitPython 9 and 10 full builds), else "" (English).
    A value that is none of them gets a notice and English (never a stop)."""
    if read("LAMA_LANG", notices) is not None:  # set: its value, or English and a notice
        return choice("LAMA_LANG", "en de fr".split(), notices) or "en"
    try:
        import locale

        said = locale.getlocale()[0] or ""
    except Exception:  # no locale module (a small build), or it fails: English
        return ""
    said = said[:2].lower()
    return said if said in ("en", "de", "fr") else ""
