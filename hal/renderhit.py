"""Where a touch landed: what a display pixel of hal/render.py's screen shows (``Screen.hit``).

Loaded on a board's first touch (``render.Screen.hit`` imports it), so a board with buttons never
carries this code. It reads the renderer's objects where they are drawn (their places, scales
and the item row's scroll), so it answers for every layout without numbers of its own.
"""

from hal import cardart as A
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


def item_at(r, x, y):
    """The index of the item renderer ``r`` draws at x, y (the root's pixels), or -1: a slot's band
    from the row's top to the footer, the gaps split between neighbours; left or right of the items
    shown, the item the arrow there stands for."""
    hand = r.hand
    if r.last <= r.first or not hand.y <= y < r.footer_y:
        return -1
    x = (x - hand.x) // hand.scale
    slot = r._slots
    if x < slot[0].x - A.GAP // 2:  # (half a gap: the gaps are split between neighbours)
        return r.first - 1 if r.first > 0 else -1
    for k in range(r.last - r.first):
        if x < slot[r._item_slot[k + 1] - 1].x + A.CARD_W + A.GAP // 2:
            return r.first + k
    return -1 if r._arrows[1].hidden else r.last


def hit(r, view, x, y):
    """What display pixel x, y of renderer ``r`` showing ``view`` is, as (kind, index): a text line,
    an item of the row, the footer's left half (back) or right half (menu), the screen elsewhere;
    HIT_NONE off the screen."""
    g = r.group
    x = (x - g.x) // g.scale
    y = (y - g.y) // g.scale
    if not (0 <= x < r.width and 0 <= y < r.height):
        return (_HIT_NONE, 0)
    if y >= r.footer_y:
        return (_HIT_BACK, 0) if x < r.width // 2 else (_HIT_MENU, 0)
    if view is None:
        return (_HIT_SCREEN, 0)
    k = item_at(r, x, y)
    if k >= 0:
        return (_HIT_ITEM, k)
    i = (y - r.lines_y) // r.pitch
    lines = 0 if view.seats else _view.LINES_WITH_CARDS if view.ncards else _view.LINES
    if y >= r.lines_y and i < lines:
        return (_HIT_LINE, i)
    return (_HIT_SCREEN, 0)
