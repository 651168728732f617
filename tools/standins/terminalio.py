"""Stand-in for terminalio: FONT, the 6x12 built-in font with its glyph strip (in flash on a board).

As CircuitPython's: a ``bitmap`` of the 95 ASCII glyphs side by side (570x12, tile ``c - 32`` for
character ``c``), read-only (writing raises RuntimeError, as the font in flash does), and
``get_glyph`` makes a new Glyph a call (None for a character the font lacks). The glyphs here
are little patterns, so that text has ink; the 10.2.1-displayio build has the real font.
"""

import displayio


class Glyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


class BuiltinFont:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)
        for i in range(1, 95):  # each glyph a little pattern, so that text has ink
            for y in range(2, 10):
                self.bitmap[i * 6 + (i + y) % 5, y] = 1
        self.bitmap._g |= displayio.READ_ONLY

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, v):
        # A new Glyph a call for code point v, as the real BuiltinFont makes one.
        return Glyph(self.bitmap, v - 32) if 32 <= v < 127 else None


FONT = BuiltinFont()
