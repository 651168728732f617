"""Stand-in for CircuitPython's bitmaptools: the calls the game and adafruit_display_text make."""


def fill_region(dest, x1, y1, x2, y2, value):
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest[x, y] = value


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            v = source[sx, sy]
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest[dx, dy] == skip_dest_index:
                continue
            dest[dx, dy] = v


def replace_color(dest, old, new):
    for y in range(dest.height):
        for x in range(dest.width):
            if dest[x, y] == old:
                dest[x, y] = new
