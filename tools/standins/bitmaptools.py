"""Stand-in for CircuitPython's bitmaptools: fill_region, blit (and replace_color on 10.x).

They check their arguments as shared-bindings/bitmaptools/__init__.c does, and raise where it
raises rather than clip: a rectangle must lie inside its bitmap (0 <= x1 <= x2 <= width), blit's
x and y inside the destination (0..width, 0..height; what passes the right or bottom edge is
clipped, as the C code does), its destination must have as many bits a value as its source,
a value must fit the destination, and a read-only bitmap (the built-in font's) is refused.
9.2.9 has no replace_color. The game calls fill_region and blit (hal/render/art.py).
"""

import sys

import displayio


def _b(b, name):
    if not isinstance(b, displayio.Bitmap):
        raise TypeError("%s must be of type Bitmap, not %s" % (name, type(b).__name__))
    return b


def _r(b, x1, y1, x2, y2):
    """(x1, y1, x2, y2) checked inside ``b`` (x2, y2 None: the bitmap's edge)."""
    w = b.width
    h = b.height
    x1 = displayio._range(x1, 0, w, "x1")
    x2 = w if x2 is None else displayio._range(x2, x1, w, "x2")
    y1 = displayio._range(y1, 0, h, "y1")
    y2 = h if y2 is None else displayio._range(y2, y1, h, "y2")
    return x1, y1, x2, y2


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    """Set x1 <= x < x2, y1 <= y < y2 of ``dest_bitmap`` to ``value``."""
    dest = _b(dest_bitmap, "dest_bitmap")
    value = displayio._range(value, None, 0, "value")
    if not 0 <= value < (1 << dest.bits_per_value):  # the C code compares unsigned: -1 is too big
        raise ValueError("out of range of target")
    x1, y1, x2, y2 = _r(dest, x1, y1, x2, y2)
    dest._w()
    put = dest._put
    for y in range(y1, y2):
        for x in range(x1, x2):
            put(x, y, value)


def blit(
    dest_bitmap, source_bitmap, x, y, x1=0, y1=0, x2=None, y2=None, *, skip_source_index=None, skip_dest_index=None
):
    """Copy ``source_bitmap``'s rectangle x1, y1 - x2, y2 to x, y of ``dest_bitmap``."""
    dest = _b(dest_bitmap, "dest_bitmap")
    x = displayio._range(x, 0, dest.width, "x")
    y = displayio._range(y, 0, dest.height, "y")
    source = _b(source_bitmap, "source_bitmap")
    x1, y1, x2, y2 = _r(source, x1, y1, x2, y2)
    if dest.bits_per_value < source.bits_per_value:
        raise ValueError("source palette too large")
    dest._w()
    w = dest.width
    h = dest.height
    get = source._get
    put = dest._put
    for sy in range(y1, y2):
        dy = y + sy - y1
        if dy >= h:  # the C code clips on the right and at the bottom
            break
        for sx in range(x1, x2):
            dx = x + sx - x1
            if dx >= w:
                break
            v = get(sx, sy)
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest._get(dx, dy) == skip_dest_index:
                continue
            put(dx, dy, v)


def replace_color(bitmap, old_color, new_color):
    """Every pixel of ``old_color`` becomes ``new_color`` (CircuitPython 10)."""
    dest = _b(bitmap, "bitmap")
    depth = 1 << dest.bits_per_value
    if not (0 <= old_color < depth and 0 <= new_color < depth):
        raise ValueError("color out of range")
    dest._w()
    for y in range(dest.height):
        for x in range(dest.width):
            if dest._get(x, y) == old_color:
                dest._put(x, y, new_color)


if sys.implementation.version[0] == 9:  # CircuitPython 9 has no replace_color
    del replace_color
