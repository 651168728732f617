"""Scripts of presses for the mock HAL and the simulator: ``"A A Down A"``, ``"Sel hold:Sel"``, taps.

Never loaded on a board (``hal.parse_script`` imports it when asked). Words, any case, commas
allowed between them:

* a logical name of ``hal.NAMES`` (``A``, ``Start``, ``Left`` ...): that bit;
* with a board (a profile of hal/boards: its ``keys``, ``map`` and ``has``): one of its keys'
  names, a short press of that key (what it gives on that board: the CLUE's ``A`` is RIGHT),
  and ``hold:NAME``, a long press of it (``hal.keys.LONG_MS`` or more): its long bits (B|START
  for the FunHouse's ``Sel``). A board's key names come before the logical names;
* ``tap:line:N``, ``tap:item:K``, ``tap:back``, ``tap:menu``, ``tap:act``, ``tap:screen``: a touch on that
  target (what the mock takes: it has no pixels), and ``tap:X,Y`` at display pixels (the
  simulator finds the target with ``hw.screen.hit``).

A press is an int (its logical bits), ``(kind, index)`` for a tap on a target (``hal.HIT_*``)
or ``(hal.HIT_NONE, x, y)`` for a tap at pixels. With a board, a word it cannot give (a bit
outside its ``has``, a tap without a touchscreen, ``hold:`` of a key that has no long press) is
a ValueError: a script for a board plays with that board's inputs only.
"""

import hal

_TARGETS = {"line": hal.HIT_LINE, "item": hal.HIT_ITEM}
_ZONES = {"back": hal.HIT_BACK, "menu": hal.HIT_MENU, "act": hal.HIT_ACT, "screen": hal.HIT_SCREEN}


def parse(text, board=None):
    """The presses of script ``text`` (see the module docstring); ValueError names a bad word."""
    names = hal.NAMES.lower().split()
    keys = [k.lower() for k in board.keys] if board is not None else []
    out = []
    for word in text.replace(",", " ").split() if "tap:" not in text else _words(text):
        w = word.lower()
        if w.startswith("tap:"):
            press = _tap(word, w[4:])
            if board is not None and not board.has & hal.TAP:
                raise ValueError("%r: the %s has no touchscreen" % (word, board.name))
        elif w.startswith("hold:"):
            if w[5:] not in keys:
                raise ValueError("%r: no key %r to hold (keys: %s)" % (word, word[5:], _keys(board)))
            press = _bits(board, keys.index(w[5:]))[1]
            if not press:
                raise ValueError("%r: the %s's %s has no long press" % (word, board.name, word[5:]))
        elif w in keys:
            press = _bits(board, keys.index(w))[0]
        elif w in names:
            press = 1 << names.index(w)
            if board is not None and press & ~board.has:
                raise ValueError("%r: the %s has no such input (keys: %s)" % (word, board.name, _keys(board)))
        else:
            raise ValueError("unknown button %r in script (use %s%s)" % (word, _keys(board), " or tap:..."))
        out.append(press)
    return out


def _words(text):
    """The words of a script with ``tap:X,Y`` in it (its comma is no separator)."""
    out = []
    for word in text.split():
        if word.lower().startswith("tap:"):
            out.append(word.rstrip(","))
        else:
            out.extend(word.replace(",", " ").split())
    return out


def _tap(word, rest):
    """The press of ``tap:`` + ``rest``: a target, or pixels."""
    parts = rest.split(":")
    try:
        if parts[0] in _ZONES and len(parts) == 1:
            return (_ZONES[parts[0]], 0)
        if parts[0] in _TARGETS and len(parts) == 2:
            index = int(parts[1])
            if 0 <= index < 256:
                return (_TARGETS[parts[0]], index)
        elif len(parts) == 1 and "," in rest:
            x, y = rest.split(",")
            return (hal.HIT_NONE, int(x), int(y))
    except ValueError:
        pass
    raise ValueError(
        "bad tap %r (use tap:line:N, tap:item:K, tap:back, tap:menu, tap:act, tap:screen or tap:X,Y)" % word
    )


def _bits(board, n):
    """(short, long) logical bits of the board's key ``n`` (its ``map``; none: the PyBadge's numbering)."""
    table = board.map
    if table is None:
        return 1 << n, 0
    return table[2 * n], table[2 * n + 1]


def _keys(board):
    """The names a script may use, for a message."""
    if board is None:
        return hal.NAMES
    return " ".join(board.keys) + (" hold:KEY" if board.map else "") or "tap:..."
