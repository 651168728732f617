"""Stand-in for CircuitPython's displayio: Bitmap, Palette, ColorConverter, TileGrid, Group.

For the CircuitPython builds without displayio (the 10.2.1 and 9.2.9 unix ports); the
10.2.1-displayio build has the real C code and does without this module (tools/cpboard.py).

* It refuses what the C code refuses, with the same exception and message
  (shared-bindings/displayio/*.c of 10.2.1 and 9.2.9): a TileGrid's tile size must divide its
  bitmap's, its tile values lie in 0..tiles in the bitmap - 1 (9.2.9: 0..255) and its indexes in
  the grid; a Bitmap checks its indexes and values (0..2**bits - 1); a Palette its indexes and
  colours; a Group takes only a Group or a TileGrid, and not one already in a group (a display's
  root group is in one). tests/test_standins.py runs each check here and on the C code.
* Each object costs the heap the C object costs (gc.mem_alloc on the 10.2.1-displayio build,
  16-byte blocks): a Python instance is 16 bytes and its attribute table 8 bytes a slot (2, 4, 6
  ... slots), so each class keeps few attributes and packs the rest into one buffer sized to
  the C object's. Figures in tools/standins/README.md.
* Few names: each name here is one more qstr on the heap where a board has these names in
  flash, and the game's qstrs come after them in pools that double in size (README.md). So the
  private names are short and shared (``_a``, ``_get`` ...), the constants const(), and the
  arguments the C code takes by position only are called ``v`` or ``i``.
"""

import sys

from micropython import const

_V9 = sys.implementation.version[0] == 9  # CircuitPython 9: tile values 0..255 whatever the bitmap
READ_ONLY = const(1 << 18)  # Bitmap._g: read-only (the built-in font's glyphs, in flash on a board)


def _range(v, lo, hi, name):
    """``v`` as an int (a bool is one) in lo..hi (no range: lo None), else the TypeError or
    "name must be lo-hi" ValueError of CircuitPython's argument checks."""
    if isinstance(v, bool):  # (not an int on MicroPython)
        v = int(v)
    if not isinstance(v, int):
        raise TypeError("%s must be of type int, not %s" % (name, type(v).__name__))
    if lo is not None and not lo <= v <= hi:
        raise ValueError("%s must be %d-%d" % (name, lo, hi))
    return v


def _pair(i):
    """The two items of an (x, y) index, as mp_obj_get_array_fixed_n takes them."""
    if not isinstance(i, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(i).__name__)
    if len(i) != 2:
        raise ValueError("requested length 2 but object has length %d" % len(i))
    return _range(i[0], None, 0, "x"), _range(i[1], None, 0, "y")


def _index(i, n, name):
    """A sequence index as mp_get_index takes it: an int, negative from the end, in range."""
    if not isinstance(i, int):
        raise TypeError("%s indices must be integers, not %s" % (name, type(i).__name__))
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError("index out of range")
    return i


def _int16(v, name):
    """An int stored in a C int16_t (as TileGrid and Group keep x and y)."""
    v = _range(v, None, 0, name) & 0xFFFF
    return v - 0x10000 if v & 0x8000 else v


class Bitmap:
    """Pixels packed as on CircuitPython: 1/2/4/8/16/32 bits a value, rows of whole 32-bit words.

    C: a 48-byte struct and the packed buffer. Here: an instance with two attributes (32 bytes)
    and a bytearray ``_b`` (16 bytes and the same buffer). ``_g`` is the geometry in one small
    int: width | log2(bits a value) << 15 | read-only << 18; the height is the number of rows in
    the buffer (a bitmap 0 pixels wide has none: it keeps its height in ``_h``, a third attribute).
    """

    def __init__(self, *v):
        if len(v) != 3:  # (positional only, as the C constructor's)
            raise TypeError("function takes 3 positional arguments but %d were given" % len(v))
        width = _range(v[0], 0, 32767, "width")
        height = _range(v[1], 0, 32767, "height")
        n = _range(v[2], 1, 65536, "value_count")
        bits = 1
        log = 0
        while (n - 1) >> bits:
            bits = bits * 2 if bits < 8 else bits + 8
            log += 1
        self._g = width | log << 15
        self._b = bytearray((width * bits + 31) // 32 * 4 * height)
        if width == 0:
            self._h = height

    @property
    def width(self):
        return self._g & 0x7FFF

    @property
    def height(self):
        stride = self._s()
        return len(self._b) // stride if stride else self._h

    @property
    def bits_per_value(self):
        return 1 << ((self._g >> 15) & 7)

    def _s(self):
        """The stride: bytes a row (whole 32-bit words)."""
        return ((self._g & 0x7FFF) * self.bits_per_value + 31) // 32 * 4

    def _i(self, i):
        """The (x, y) of index ``i`` (an int, or x, y), checked as the C code checks them."""
        w = self.width
        h = self.height
        if isinstance(i, slice):
            raise NotImplementedError("Slices not supported")
        if isinstance(i, int):
            if not 0 <= i < w * h:
                raise IndexError("index must be 0-%d" % (w * h - 1))
            return i % w, i // w
        x, y = _pair(i)
        if not 0 <= x < w:
            raise IndexError("x must be 0-%d" % (w - 1))
        if not 0 <= y < h:
            raise IndexError("y must be 0-%d" % (h - 1))
        return x, y

    def _v(self, v):
        """``v`` if it is a value a pixel can hold, else ValueError."""
        return _range(v, 0, (1 << self.bits_per_value) - 1, "value")

    def _w(self):
        """Refuse to write a read-only bitmap (the built-in font's)."""
        if self._g & READ_ONLY:
            raise RuntimeError("Read-only")

    def _get(self, x, y):
        """The value at x, y (unchecked: bitmaptools' loops check once)."""
        bits = self.bits_per_value
        b = self._b
        at = y * self._s()
        if bits < 8:
            per = 8 // bits
            shift = 8 - bits - (x % per) * bits
            return (b[at + x // per] >> shift) & ((1 << bits) - 1)
        n = bits // 8
        at += x * n
        v = 0
        for k in range(n):
            v = (v << 8) | b[at + k]
        return v

    def _put(self, x, y, v):
        """Set the value at x, y (unchecked)."""
        bits = self.bits_per_value
        b = self._b
        at = y * self._s()
        if bits < 8:
            per = 8 // bits
            shift = 8 - bits - (x % per) * bits
            mask = ((1 << bits) - 1) << shift
            k = at + x // per
            b[k] = (b[k] & ~mask) | ((v << shift) & mask)
            return
        n = bits // 8
        at += x * n
        for k in range(n - 1, -1, -1):
            b[at + k] = v & 0xFF
            v >>= 8

    def __getitem__(self, i):
        x, y = self._i(i)
        return self._get(x, y)

    def __setitem__(self, i, v):
        x, y = self._i(i)
        v = self._v(v)
        self._w()
        self._put(x, y, v)

    def fill(self, v):
        """Every pixel ``v``."""
        v = self._v(v)
        self._w()
        bits = self.bits_per_value
        if bits <= 8:
            byte = 0
            for _ in range(8 // bits):
                byte = (byte << bits) | v
            b = self._b
            for k in range(len(b)):
                b[k] = byte
            return
        for y in range(self.height):
            for x in range(self.width):
                self._put(x, y, v)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        """Mark an area as changed (nothing to do here but refuse a read-only bitmap)."""
        self._w()

    def deinit(self):
        """Release the pixels (as the C code does, the object stays)."""


class Palette:
    """Colours by index, each opaque or transparent.

    C: 16 bytes and 16 a colour (Palette(2): 48). Here the colours are ints (rgb | transparent
    << 24): one or two of them are attributes of their own (``_c``, ``_d``) beside the count
    ``_n`` (2 or 3 attributes: 32 or 48 bytes); three and more are 4 bytes each in a bytearray
    padded to the C size (a bytearray costs at least 32 bytes, more than one or two colours do).
    """

    def __init__(self, color_count, *, dither=False):
        n = _range(color_count, 1, 32767, "color_count")
        self._n = n
        if n > 2:
            self._c = bytearray(16 * n - 32)
        else:
            self._c = 0
            if n == 2:
                self._d = 0

    def _get(self, i):
        if self._n > 2:
            b = self._c
            k = 4 * i
            return b[k] | b[k + 1] << 8 | b[k + 2] << 16 | b[k + 3] << 24
        return self._d if i else self._c

    def _put(self, i, v):
        if self._n > 2:
            b = self._c
            k = 4 * i
            b[k] = v & 0xFF
            b[k + 1] = (v >> 8) & 0xFF
            b[k + 2] = (v >> 16) & 0xFF
            b[k + 3] = v >> 24
        elif i:
            self._d = v
        else:
            self._c = v

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            raise TypeError("'Palette' object isn't subscriptable")
        return self._get(_index(i, self._n, "Palette")) & 0xFFFFFF

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            raise TypeError("'Palette' object doesn't support item assignment")
        i = _index(i, self._n, "Palette")
        if isinstance(v, (tuple, list)):
            v = bytes(v)
        if isinstance(v, (bytes, bytearray, str)):
            if len(v) not in (3, 4):
                raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
            if isinstance(v, str):
                v = v.encode()
            v = v[0] << 16 | v[1] << 8 | v[2]
        elif isinstance(v, (int, bool)):
            if not 0 <= v <= 0xFFFFFF:
                raise TypeError("color must be between 0x000000 and 0xffffff")
        else:
            raise TypeError("color buffer must be a buffer, tuple, list, or int")
        self._put(i, (self._get(i) & 0x1000000) | int(v))

    def __delitem__(self, i):
        raise TypeError("'Palette' object doesn't support item deletion")

    def _i(self, i):
        """Index ``i`` as make_transparent and co. check it."""
        return _range(i, 0, self._n - 1, "palette_index")

    def make_transparent(self, i):
        """Index ``i`` is not drawn."""
        i = self._i(i)
        self._put(i, self._get(i) | 0x1000000)

    def make_opaque(self, i):
        """Index ``i`` is drawn."""
        i = self._i(i)
        self._put(i, self._get(i) & 0xFFFFFF)

    def is_transparent(self, i):
        """True when index ``i`` is not drawn."""
        return bool(self._get(self._i(i)) & 0x1000000)

    @property
    def dither(self):
        return False

    @dither.setter
    def dither(self, v):
        pass


class ColorConverter:
    """A pixel shader that converts colours (accepted by TileGrid; the game uses Palettes)."""

    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither

    def convert(self, v):
        """Colour ``v`` (RGB888) in RGB565, as a 16-bit display gets it."""
        return (v >> 8 & 0xF800) | (v >> 5 & 0x07E0) | (v >> 3 & 0x001F)


# TileGrid._a: the header (all but the bitmap and the shader: unsigned 16-bit numbers), then
# the tiles.
_X = const(0)  # (a C int16_t)
_Y = const(2)
_W = const(4)  # width in tiles
_H = const(6)  # height in tiles
_TW = const(8)  # tile width in pixels
_TH = const(10)
_TILES = const(12)  # tiles in the bitmap
_FLAGS = const(14)
_HIDDEN = const(1)
_IN_GROUP = const(2)
_FLIP_X = const(4)
_FLIP_Y = const(8)
_TRANSPOSE = const(16)
_WIDE = const(32)  # tile values of 2 bytes (10.x: more than 255 tiles in the bitmap)
_FIRST = const(16)  # the first tile


class TileGrid:
    """A grid of tiles cut from one bitmap, drawn with a pixel shader.

    C: an 84-byte struct (96 with the block) holding up to 4 one-byte tiles, else the tiles in a
    block of their own. Here: an instance with three attributes (48 bytes: ``_a``, the bitmap
    ``_b``, the shader ``_c``) and the bytearray ``_a`` (16 bytes and a buffer) of the header and
    the tiles, sized to make the same total.
    """

    def __init__(
        self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None, default_tile=0, x=0, y=0
    ):
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        self._v(pixel_shader)
        tw = _range(tile_width or 0, None, 0, "tile_width") & 0xFFFF or bitmap.width
        th = _range(tile_height or 0, None, 0, "tile_height") & 0xFFFF or bitmap.height
        if bitmap.width % tw:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % th:
            raise ValueError("Tile height must exactly divide bitmap height")
        width = _range(width, None, 0, "width") & 0xFFFF
        height = _range(height, None, 0, "height") & 0xFFFF
        tiles = (bitmap.width // tw) * (bitmap.height // th)
        wide = tiles > 255 and not _V9
        size = 2 if wide else 1
        n = width * height
        inline = 4 // size  # tiles the C struct holds in its pointer
        self._a = bytearray(32 if n <= inline else 32 + (n * size + 15) // 16 * 16)
        self._b = bitmap
        self._c = pixel_shader
        for k, v in (
            (_X, _int16(x, "x")),
            (_Y, _int16(y, "y")),
            (_W, width),
            (_H, height),
            (_TW, tw),
            (_TH, th),
            (_TILES, tiles),
        ):
            self._put(k, v)
        self._a[_FLAGS] = _WIDE if wide else 0
        default_tile = _range(default_tile, None, 0, "default_tile")
        for k in range(n):
            if wide:
                self._put(_FIRST + 2 * k, default_tile)
            else:
                self._a[_FIRST + k] = default_tile & 0xFF

    def _get(self, k):
        """The 16-bit number at ``k`` of ``_a``."""
        a = self._a
        return a[k] | a[k + 1] << 8

    def _put(self, k, v):
        """Set the 16-bit number at ``k`` of ``_a``."""
        a = self._a
        a[k] = v & 0xFF
        a[k + 1] = (v >> 8) & 0xFF

    def _f(self, i, v=None):
        """Flag ``i`` (_HIDDEN ...), or set it to ``v``."""
        a = self._a
        if v is None:
            return bool(a[_FLAGS] & i)
        a[_FLAGS] = (a[_FLAGS] | i) if v else (a[_FLAGS] & ~i)

    def _hold(self, v):
        """Put in (``v`` true) or take out of a group: refused when it already is in one."""
        if v and self._f(_IN_GROUP):
            raise ValueError("Layer already in a group")
        self._f(_IN_GROUP, bool(v))

    @staticmethod
    def _v(v):
        """``v`` if it can be a pixel shader (a Palette or a ColorConverter), else TypeError."""
        if not isinstance(v, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        return v

    hidden = property(lambda self: self._f(_HIDDEN), lambda self, v: self._f(_HIDDEN, bool(v)))
    flip_x = property(lambda self: self._f(_FLIP_X), lambda self, v: self._f(_FLIP_X, bool(v)))
    flip_y = property(lambda self: self._f(_FLIP_Y), lambda self, v: self._f(_FLIP_Y, bool(v)))
    transpose_xy = property(lambda self: self._f(_TRANSPOSE), lambda self, v: self._f(_TRANSPOSE, bool(v)))
    x = property(lambda self: _int16(self._get(_X), "x"), lambda self, v: self._put(_X, _int16(v, "x")))
    y = property(lambda self: _int16(self._get(_Y), "y"), lambda self, v: self._put(_Y, _int16(v, "y")))
    width = property(lambda self: self._get(_W))
    height = property(lambda self: self._get(_H))
    tile_width = property(lambda self: self._get(_TW))
    tile_height = property(lambda self: self._get(_TH))

    @property
    def pixel_shader(self):
        return self._c

    @pixel_shader.setter
    def pixel_shader(self, v):
        self._c = self._v(v)

    @property
    def bitmap(self):
        return self._b

    @bitmap.setter
    def bitmap(self, v):
        if not isinstance(v, Bitmap):
            raise TypeError("unsupported bitmap type")
        if (v.width, v.height) != (self._b.width, self._b.height):
            raise ValueError("New bitmap must be same size as old bitmap")
        self._b = v

    def contains(self, v):
        """True when the x, y of ``v`` (x, y, z) lie inside the grid (the C code's uint16 sums)."""
        x = v[0] & 0xFFFF
        y = v[1] & 0xFFFF
        right = (self.x + self.width * self.tile_width) & 0xFFFF
        bottom = (self.y + self.height * self.tile_height) & 0xFFFF
        return self.x <= x < right and self.y <= y < bottom

    def _i(self, i):
        """The offset in ``_a`` of tile ``i`` (an int, or x, y), checked as the C code checks it."""
        if isinstance(i, slice):
            raise NotImplementedError("Slices not supported")
        w = self.width
        if isinstance(i, int):
            if i < 0:  # the C code's uint16 coordinates: out of the grid
                raise IndexError("Tile index out of bounds")
            x, y = i % w, i // w
        else:
            x, y = _pair(i)
            x &= 0xFFFF
            y &= 0xFFFF
        if x >= w or y >= self.height:
            raise IndexError("Tile index out of bounds")
        k = y * w + x
        return _FIRST + 2 * k if self._f(_WIDE) else _FIRST + k

    def __getitem__(self, i):
        k = self._i(i)
        return self._get(k) if self._f(_WIDE) else self._a[k]

    def __setitem__(self, i, v):
        k = self._i(i)
        v = _range(v, 0, 255 if _V9 else self._get(_TILES) - 1, "tile")
        if self._f(_WIDE):
            self._put(k, v)
        else:
            self._a[k] = v


class Group:
    """Layers (TileGrids and Groups) drawn in order, moved and scaled together.

    C: a struct and a list of the layers (80 bytes with room for 4; the list grows as a list
    does). Here: an instance with four attributes (48 bytes) and a list (32 bytes, the same
    growth): ``_a`` (the layers), ``_x``, ``_y`` and ``_f`` (scale | hidden << 16 | in a group << 17).
    Fields, not attributes of their own: adafruit_displayio_layout's GridLayout subclasses it,
    and the C Group's x, y and scale are properties its own __init__ does not go through.
    """

    def __init__(self, *, scale=1, x=0, y=0):
        self._a = []
        self._x = _int16(x, "x")
        self._y = _int16(y, "y")
        self._f = _range(scale, 1, 32767, "scale")

    @property
    def scale(self):
        return self._f & 0xFFFF

    @scale.setter
    def scale(self, v):
        if _range(v, None, 0, "scale") < 1:
            raise ValueError("scale must be >= 1")
        self._f = (self._f & ~0xFFFF) | (v & 0xFFFF)

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = _int16(v, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = _int16(v, "y")

    @property
    def hidden(self):
        return bool(self._f & 0x10000)

    @hidden.setter
    def hidden(self, v):
        self._f = (self._f | 0x10000) if v else (self._f & ~0x10000)

    def _hold(self, v):
        """Put in (``v`` true) or take out of a group: refused when it already is in one."""
        if v and self._f & 0x20000:
            raise ValueError("Layer already in a group")
        self._f = (self._f | 0x20000) if v else (self._f & ~0x20000)

    @staticmethod
    def _v(v):
        """``v`` if it can be a layer (a Group or a TileGrid), else ValueError."""
        if not isinstance(v, (Group, TileGrid)):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        return v

    def append(self, v):
        """Add layer ``v`` on top (refused when it is in a group already)."""
        self._v(v)._hold(True)
        self._a.append(v)

    def insert(self, i, v):
        """Add layer ``v`` before ``i`` (an index past the end is refused, but len() appends)."""
        if i == len(self._a):
            self.append(v)
            return
        i = _index(i, len(self._a), "Group")
        self._v(v)._hold(True)
        self._a.insert(i, v)

    def index(self, v):
        """Where layer ``v`` is, or ValueError."""
        for i in range(len(self._a)):
            if self._a[i] == v:
                return i
        raise ValueError("object not in sequence")

    def pop(self, i=-1):
        """Take out and return the layer at ``i`` (the top by default)."""
        i = _index(i, len(self._a), "Group")
        v = self._a.pop(i)
        v._hold(False)
        return v

    def remove(self, v):
        """Take layer ``v`` out, or ValueError."""
        self.pop(self.index(v))

    def sort(self, key=None, reverse=False):
        """Reorder the layers (list.sort's arguments)."""
        self._a.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._a)

    def __bool__(self):
        return bool(self._a)

    def __getitem__(self, i):
        if isinstance(i, slice):
            raise NotImplementedError("Slices not supported")
        return self._a[_index(i, len(self._a), "Group")]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            raise NotImplementedError("Slices not supported")
        i = _index(i, len(self._a), "Group")
        self._v(v)._hold(True)  # first, as the C code does: the same layer again is refused
        self._a[i]._hold(False)
        self._a[i] = v

    def __delitem__(self, i):
        if isinstance(i, slice):
            raise NotImplementedError("Slices not supported")
        self.pop(i)


# The board's terminal (a Group of the REPL's text): boardopen.crash() shows it.
CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    """Lets go of the displays made (the board's stays: it is board.py's)."""
