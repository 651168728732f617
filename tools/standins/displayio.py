"""Stand-in for CircuitPython's displayio: Bitmap, Palette, TileGrid, Group (see README.md)."""


class Bitmap:
    """Pixels packed as on CircuitPython: 1/2/4/8/16/32 bits a value, rows rounded up to 32-bit words."""

    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.width = width
        self.height = height
        self.bits = bits
        self.stride = (width * bits + 31) // 32 * 4
        self._buf = bytearray(self.stride * height)
        self._per = 8 // bits if bits < 8 else 0

    def _xy(self, i):
        if isinstance(i, tuple):
            return i[0], i[1]
        return i % self.width, i // self.width

    def __getitem__(self, i):
        x, y = self._xy(i)
        b = self._buf
        at = y * self.stride
        if self._per:
            bits = self.bits
            shift = 8 - bits - (x % self._per) * bits
            return (b[at + x // self._per] >> shift) & ((1 << bits) - 1)
        n = self.bits // 8
        at += x * n
        v = 0
        for k in range(n):
            v = (v << 8) | b[at + k]
        return v

    def __setitem__(self, i, v):
        x, y = self._xy(i)
        b = self._buf
        at = y * self.stride
        if self._per:
            bits = self.bits
            shift = 8 - bits - (x % self._per) * bits
            mask = ((1 << bits) - 1) << shift
            k = at + x // self._per
            b[k] = (b[k] & ~mask) | ((v << shift) & mask)
            return
        n = self.bits // 8
        at += x * n
        for k in range(n - 1, -1, -1):
            b[at + k] = v & 0xFF
            v >>= 8

    def fill(self, v):
        if self._per:
            byte = 0
            for _ in range(self._per):
                byte = (byte << self.bits) | v
        elif v == 0:
            byte = 0
        else:
            for y in range(self.height):
                for x in range(self.width):
                    self[x, y] = v
            return
        b = self._buf
        for k in range(len(b)):
            b[k] = byte


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._c = [0] * color_count
        self._t = bytearray(color_count)

    def __setitem__(self, i, c):
        self._c[i] = c

    def __getitem__(self, i):
        return self._c[i]

    def __len__(self):
        return len(self._c)

    def make_transparent(self, i):
        self._t[i] = 1

    def make_opaque(self, i):
        self._t[i] = 0

    def is_transparent(self, i):
        return bool(self._t[i])


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        pass


class TileGrid:
    def __init__(
        self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None, default_tile=0, x=0, y=0
    ):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self._tiles = bytearray(width * height)
        if default_tile:
            for k in range(width * height):
                self._tiles[k] = default_tile
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    def __setitem__(self, i, v):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        self._tiles[i] = v

    def __getitem__(self, i):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._tiles[i]


class Group:
    # x, y and scale are properties, kept in fields: the native Group's __init__ does not call a
    # subclass's setters (adafruit_display_text's LabelBase overrides scale).
    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        self._scale = scale
        self._x = x
        self._y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        self._scale = v

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = v

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, item):
        self._items[i] = item

    def __delitem__(self, i):
        del self._items[i]

    def __contains__(self, item):
        return item in self._items


class Display:
    """What hal.board uses of a board's built-in display (board.DISPLAY)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.root_group = None
        self.brightness = 1.0
        self.rotation = 0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


CIRCUITPYTHON_TERMINAL = Group()
