"""settings.toml, read so that no value can stop the game: boot.py and the board's start-up use it.

``os.getenv`` differs by release. CircuitPython 9.x (shared-module/os/getenv.c) parses an unquoted value
as a number and raises ValueError when it is not one (``LAMA_JOYSTICK_FLIP = y``), and also for a
quoted value it cannot read (no closing quote, text after it, a bad ``\\u`` escape); 10.x
(supervisor/shared/settings.c) returns any value as text and the default for one it cannot read. Both
raise UnicodeError for bytes that are not UTF-8. Whatever comes back, a value the game cannot use is
replaced by its default, and a notice names the setting and the value: short on the title screen
(``hw.notices``), in full on the serial console.

Start-up code: hal/boardopen.py forgets it once the hardware object is made.
"""

import os

FILE = "settings.toml"  # os.getenv's file: CircuitPython starts boot.py and code.py in the drive's root
DRIVES = ("auto", "code", "pc")  # LAMA_DRIVE (boot.py)
FLIPS = ("x", "y", "xy", "yx")  # LAMA_JOYSTICK_FLIP
_SEED_DIGITS = 9  # LAMA_SEED: 0..999999999, a small int on a 32-bit board


def shown(value, room=12):
    """``value`` as a notice shows it: printable ASCII only (the font has no other glyph), cut short."""
    out = ""
    for ch in str(value):
        out += ch if " " <= ch <= "~" else "?"
    return out if len(out) <= room else out[: room - 2] + ".."


def notice(notices, name, value, why, detail=""):
    """Appends ``NAME = value: why`` to ``notices`` and prints it whole on the console."""
    notices.append("%s = %s: %s" % (name, shown(value), why))
    print("settings.toml: %s = %r: %s%s" % (name, value, why, detail))


def raw(name):
    """The text after ``NAME =`` on its line of settings.toml (for a value os.getenv will not give), or '?'."""
    key = name.encode()
    try:
        with open(FILE, "rb") as f:
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
        text = raw(name)
        why = "put it in quotes" if isinstance(e, ValueError) and not text.startswith('"') else "unreadable"
        notice(notices, name, text, why, " (%s: %s)" % (type(e).__name__, e))
        return None
    if isinstance(value, int) and not isinstance(value, bool):  # 9.x: an unquoted number
        value = str(value)
    if not isinstance(value, str):
        return None
    value = value.strip()
    return value or None


def choice(name, allowed, notices):
    """The setting in lower case when it is one of ``allowed``; else None (with a notice when set)."""
    value = read(name, notices)
    if value is None:
        return None
    if value.lower() in allowed:
        return value.lower()
    notice(notices, name, value, "not " + ", ".join(allowed[:-1]) + " or " + allowed[-1])
    return None


def drive(notices):
    """LAMA_DRIVE: "auto" (the default), "code" or "pc" (see boot.py)."""
    return choice("LAMA_DRIVE", DRIVES, notices) or "auto"


def seed(notices):
    """LAMA_SEED: every new game dealt from this int (to replay a reported game), or None."""
    value = read("LAMA_SEED", notices)
    if value is None:
        return None
    # Decimal ASCII digits only: str.isdigit() is also true for "²", which int() refuses.
    if 0 < len(value) <= _SEED_DIGITS and all("0" <= ch <= "9" for ch in value):
        return int(value)
    notice(notices, "LAMA_SEED", value, "not 0..999999999")
    return None
