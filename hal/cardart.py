"""Pixel art of the table, drawn once into small palettized bitmaps: card faces, the pile's back, token icons.

Every function draws palette *indices* into a ``displayio.Bitmap``; the
colours live in the TileGrid's Palette, so a card turning dim or taking the
cursor only changes palette entries, never pixels. Card bitmaps use these
indices (8 colours, 4 bits a pixel on CircuitPython):

0 transparent, 1 ink (the number and the icon), 2 body (the card's colour,
the lower value's for a double), 3 frame, 4 the body of a double's lower
half (its higher value's colour).

Glyphs come from the font strip of hal/render.py (the 6x12 terminal font
in flash on a board), optionally doubled for the big top card.
"""

try:
    import bitmaptools
except ImportError:  # a port without it: plain pixel loops
    bitmaptools = None  # type: ignore[assignment]

from engine import cards

INK = 1
BODY = 2
FRAME = 3
BODY2 = 4

GLYPH_W = 6
GLYPH_H = 12

# 7x7 icons, one byte a row (bit 6 = left column): circle, square, star, llama.
ICONS = (
    b"\x1c\x22\x41\x41\x41\x22\x1c",
    b"\x7f\x41\x41\x41\x41\x41\x7f",
    b"\x08\x08\x7f\x3e\x1c\x36\x22",
    b"\x20\x70\x30\x30\x3e\x3e\x22",
)
# Tokens are 5 pixels wide, as a glyph's ink: beside text they keep its 1-pixel spacing.
_DISC = b"\x38\x7c\x7c\x7c\x38\x00\x00"  # a token's shape (columns 0..4 of a 7x7 mask)
_STAR = b"\x10\x7c\x38\x28\x44\x00\x00"  # the magic token, filled


def fill(bm, x1, y1, x2, y2, value):
    """Fill the rectangle x1 <= x < x2, y1 <= y < y2 of ``bm`` with ``value``."""
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x1, y1, x2, y2, value)
        return
    w = bm.width
    for y in range(y1, y2):
        for x in range(x1, x2):
            bm[y * w + x] = value


def glyph(bm, strip, tile, x, y, value=INK, scale=1):
    """Draw font tile ``tile`` of ``strip`` at x, y of ``bm`` in ``value``, ``scale`` times as big."""
    if scale == 1 and value == INK and bitmaptools is not None:
        bitmaptools.blit(
            bm, strip, x, y, x1=tile * GLYPH_W, y1=0, x2=tile * GLYPH_W + GLYPH_W, y2=GLYPH_H, skip_source_index=0
        )
        return
    sw = strip.width
    w = bm.width
    for yy in range(GLYPH_H):
        if not 0 <= y + yy * scale <= bm.height - scale:  # clipped (a doubled glyph's blank rows)
            continue
        for xx in range(GLYPH_W):
            if strip[yy * sw + tile * GLYPH_W + xx]:
                if scale == 1:
                    bm[(y + yy) * w + x + xx] = value
                else:
                    fill(bm, x + xx * scale, y + yy * scale, x + xx * scale + scale, y + yy * scale + scale, value)


def icon(bm, rows, x, y, value=INK, scale=1):
    """Draw a 7x7 one-byte-a-row mask at x, y in ``value``."""
    w = bm.width
    for yy in range(7):
        bits = rows[yy]
        for xx in range(7):
            if bits & (0x40 >> xx):
                if scale == 1:
                    bm[(y + yy) * w + x + xx] = value
                else:
                    fill(bm, x + xx * scale, y + yy * scale, x + xx * scale + scale, y + yy * scale + scale, value)


def card(bm, strip, table, code, w, h, scale=1):
    """A card face, ``w`` x ``h`` at the top left of ``bm``: frame, body, value, icon (or second value)."""
    fill(bm, 0, 0, bm.width, bm.height, 0)
    fill(bm, 0, 0, w, h, FRAME)
    fill(bm, 1, 1, w - 1, h - 1, BODY)
    low = cards.LOW[code]
    high = cards.HIGH[code]
    x = (w - GLYPH_W * scale) // 2 + scale  # the glyph's last column is blank
    y = 1 - 3 * (scale - 1)  # a digit's top rows are blank: a doubled one starts higher
    if high != low:  # a double: the lower half in the higher value's colour, both numbers printed
        fill(bm, 1, h // 2, w - 1, h - 1, BODY2)
        glyph(bm, strip, table[16 + low], x, y, INK, scale)
        glyph(bm, strip, table[16 + high], x, h // 2 - scale, INK, scale)
        return
    glyph(bm, strip, table[44 if low == 7 else 16 + low], x, y, INK, scale)  # "L" or the digit
    kind = 4 if code == cards.LLAMA else cards.ICON[code]
    if kind:
        icon(bm, ICONS[kind - 1], (w - 7 * scale) // 2, h - 2 - 7 * scale, INK, scale)


def back(bm, w, h):
    """The draw pile's back: a frame and a diagonal pattern (indices FRAME, BODY, INK)."""
    fill(bm, 0, 0, w, h, FRAME)
    fill(bm, 1, 1, w - 1, h - 1, BODY)
    for y in range(2, h - 2):
        for x in range(2, w - 2):
            if (x + y) % 4 == 0:
                bm[y * bm.width + x] = INK


def tokens(bm, pitch):
    """Four tiles ``pitch`` apart, a 5x5 icon at column 1, row 3 of each: a white token, a black
    token, the magic token, none (blank). Laid over a text row's blank cell (hal/renderbuild.py),
    an icon sits like a glyph: a blank column on each side.

    Indices: 1 white, 2 black, 3 the outline, 4 magic. (A black token has a
    light outline so that it shows on the dark table.)
    """
    fill(bm, 0, 0, bm.width, bm.height, 0)
    icon(bm, _DISC, 1, 3, 3)
    fill(bm, 2, 4, 5, 7, 1)  # inside the outline
    icon(bm, _DISC, pitch + 1, 3, 3)
    fill(bm, pitch + 2, 4, pitch + 5, 7, 2)
    icon(bm, _STAR, 2 * pitch + 1, 3, 4)
