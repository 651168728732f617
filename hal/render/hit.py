"""Where a touch landed: what a display pixel of hal/render/__init__.py's screen shows (``Screen.hit``).

Loaded for a tap and dropped after it (``render.Screen.hit``), so a board with buttons never
carries this code and a touchscreen's game does not between taps. It reads the renderer's objects
where they are drawn (their places, scales, tiles' widths, the footer's text and the item row's
scroll), so it answers for every layout without numbers of its own; the footer's parts by the
board's labels that begin them (``view.labels``).
"""

from hal.render import art
from play import view as _view

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

# The kinds of hal/__init__.py's HIT_* (their values, agreed for issue 23).
_HIT_NONE = const(0)
_HIT_LINE = const(1)
_HIT_ITEM = const(2)
_HIT_BACK = const(3)
_HIT_MENU = const(4)
_HIT_SCREEN = const(5)
_HIT_ACT = const(6)
_LABELS = ("A", "B", "Start")  # a View without the board's labels: the PyBadge's (hal/keys.py)


def item_at(r, x, y):
    """The index of the item renderer ``r`` draws at x, y (the root's pixels), or -1: a slot's band
    from the row's top to the footer, the gaps split between neighbours (two buttons stacked in a
    column: split between them); left or right of the items shown, the item the arrow there stands for."""
    hand = r.hand
    if r.last <= r.first or not hand.y <= y < r.footer_y:
        return -1
    half = hand.scale * art.GAP // 2  # (half a gap: the gaps are split between neighbours)
    slot = r.slots
    n = r.last - r.first
    for k in range(n):
        tg = slot[r.item_slot[k]]
        g = hand if tg.width == 1 else r.keys  # (a button: two tiles, in the buttons' group)
        s = g.scale
        left = g.x + s * tg.x
        if k == 0 and x < left - half:
            return r.first - 1 if r.first > 0 else -1
        if x < left + s * tg.width * tg.tile_width + half:
            if k + 1 < n:  # the button stacked under this one: below the middle between them
                u = slot[r.item_slot[k + 1]]
                if u.width == 2 and u.x == tg.x and g is r.keys and 2 * y >= 2 * g.y + s * (tg.y + art.CARD_H + u.y):
                    return r.first + k + 1
            return r.first + k
    return -1 if r.arrows[1].hidden else r.last


def footer_at(r, view, x):
    """The kind of the footer's part drawn at x (the root's pixels): the input its label names
    (``view.labels``, the board's: hw.buttons.labels; act HIT_ACT, back HIT_BACK, menu HIT_MENU),
    HIT_SCREEN for a part that names none (a mover's "<>: move").

    The footer is parts joined by spaces, each "LABEL: what" or a label alone ("Back"): a part
    begins at a word that is one of the labels (followed by ":", a space or the end) or that ends
    in ":". Each part answers from its drawn span, read from the footer's text row as drawn (its
    group's place and scale, its tiles' width): the gaps split between neighbours, the first and
    the last part reaching the bar's ends."""
    labels = getattr(view, "labels", None) or _LABELS
    head = r.heads[1]
    row = r.rows[9]
    text = r.row_text[9]
    s = head.scale
    w = row.tile_width * s  # a character, in the root's pixels
    u = x - head.x - s * row.x  # from the text's left edge
    n = len(text)
    kind = _HIT_SCREEN
    end = -1  # the last part's end (a column), -1: none yet
    i = 0
    while i < n:
        if text[i] == " " or (i and text[i - 1] != " "):
            i += 1
            continue
        k = -1  # the word at i: a label's (its index), a mover's (3) or none (-1)
        for j in range(3):
            label = labels[j]
            e = i + len(label)
            if label and text.startswith(label, i) and (e == n or text[e] in ": "):
                k = j
        e = text.find(" ", i)
        e = n if e < 0 else e
        if k < 0 and text[e - 1] == ":":
            k = 3
        if k >= 0 or end < 0:  # a part begins (or the text before the first label)
            if end < 0 or 2 * u >= (end + i) * w:  # past the middle of the gap before it
                kind = (_HIT_ACT, _HIT_BACK, _HIT_MENU, _HIT_SCREEN)[k] if k >= 0 else _HIT_SCREEN
            elif end >= 0:
                return kind
        end = e
        i = e
    return kind


def hit(r, view, x, y):
    """What display pixel x, y of renderer ``r`` showing ``view`` is, as (kind, index): a text line,
    an item of the row, a part of the footer (:func:`footer_at`), the screen elsewhere; HIT_NONE off
    the screen."""
    g = r.group
    x = (x - g.x) // g.scale
    y = (y - g.y) // g.scale
    if not (0 <= x < r.width and 0 <= y < r.height):
        return (_HIT_NONE, 0)
    if y >= r.footer_y:
        return (footer_at(r, view, x), 0)
    if view is None:
        return (_HIT_SCREEN, 0)
    k = item_at(r, x, y)
    if k >= 0:
        return (_HIT_ITEM, k)
    i = (y - r.lines_y) // r.pitch
    lines = 0 if view.seats else _view.LINES_WITH_CARDS if view.ncards else min(len(r.rows) - 5, len(view.lines))
    if y >= r.lines_y and i < lines:
        return (_HIT_LINE, i)
    return (_HIT_SCREEN, 0)
