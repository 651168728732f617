"""The card art's drawing (hal/render/art.py's sheets), start-up code: hal/render/build.py draws with it,
then hal/render/__init__.py drops both (``hal.forget``), so that no drawing code stays on a board's heap.
Another language (``render.Screen.show``, :func:`speak`) loads this alone for the moment: its letters into the font
strip, its buttons onto the card sheet (hal/render/build.py's 6 KB of code, loaded mid-game for
that, took a board flow 6 KB more: its blocks left holes).

A module apart from hal/render/build.py: from ``.py`` sources each file is compiled on its own,
and the largest compile is the start-up's peak.
"""

try:
    import bitmaptools
except ImportError:  # a port without it: plain pixel loops
    bitmaptools = None  # type: ignore[assignment]

import hal
from engine import cards
from hal.render import art

# 7x7 icons, one byte a row (bit 6 = left column): circle, square, star, llama.
ICONS = (
    b"\x1c\x22\x41\x41\x41\x22\x1c",
    b"\x7f\x41\x41\x41\x41\x41\x7f",
    b"\x08\x08\x7f\x3e\x1c\x36\x22",
    b"\x20\x70\x30\x30\x3e\x3e\x22",
)


def fill(bm, x1, y1, x2, y2, value):
    """Fill the rectangle x1 <= x < x2, y1 <= y < y2 of ``bm`` with ``value``."""
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x1, y1, x2, y2, value)
        return
    w = bm.width
    for y in range(y1, y2):
        for x in range(x1, x2):
            bm[y * w + x] = value


def glyph(bm, strip, tile, x, y):
    """Draw font tile ``tile`` of ``strip`` at x, y of ``bm`` in INK (only its inked pixels)."""
    if bitmaptools is not None:
        bitmaptools.blit(
            bm,
            strip,
            x,
            y,
            x1=tile * art.GLYPH_W,
            y1=0,
            x2=tile * art.GLYPH_W + art.GLYPH_W,
            y2=art.ROW_H,
            skip_source_index=0,
        )
        return
    sw = strip.width
    w = bm.width
    for yy in range(art.ROW_H):
        if 0 <= y + yy < bm.height:
            for xx in range(art.GLYPH_W):
                if strip[yy * sw + tile * art.GLYPH_W + xx]:
                    bm[(y + yy) * w + x + xx] = art.INK


def icon(bm, rows, x, y, value=art.INK):
    """Draw a 7x7 one-byte-a-row mask at x, y in ``value``."""
    w = bm.width
    for yy in range(7):
        bits = rows[yy]
        for xx in range(7):
            if bits & (0x40 >> xx):
                bm[(y + yy) * w + x + xx] = value


def card(bm, x0, strip, table, code):
    """Card ``code``'s face in the sheet tile at x0: frame, body, value, icon (or a double's two values)."""
    fill(bm, x0, 0, x0 + art.CARD_W, art.CARD_H, art.FRAME)
    fill(bm, x0 + 1, 1, x0 + art.CARD_W - 1, art.CARD_H - 1, art.BODY)
    low = cards.LOW[code]
    high = cards.HIGH[code]
    x = x0 + (art.CARD_W - art.GLYPH_W) // 2 + 1  # the glyph's last column is blank
    if high != low:  # the lower half in the higher value's colour, both numbers printed
        fill(bm, x0 + 1, art.CARD_H // 2, x0 + art.CARD_W - 1, art.CARD_H - 1, art.BODY2)
        glyph(bm, strip, table[16 + low], x, 0)  # a digit's ink is in rows 2..9 of its cell
        glyph(bm, strip, table[16 + high], x, art.CARD_H // 2 - 1)
        return
    glyph(bm, strip, table[44 if low == 7 else 16 + low], x, 0)  # "L" or the digit
    kind = 4 if code == cards.LLAMA else cards.ICON[code]
    if kind:
        icon(bm, ICONS[kind - 1], x0 + (art.CARD_W - 7) // 2, art.CARD_H - 9, art.INK)


def button(bm, x0, strip, table, name):
    """An action button, BUTTON_W wide (two sheet tiles from x0): a frame, a body and ``name`` centred."""
    fill(bm, x0, 0, x0 + art.BUTTON_W, art.CARD_H, art.FRAME)
    fill(bm, x0 + 1, 1, x0 + art.BUTTON_W - 1, art.CARD_H - 1, art.BODY)
    x = x0 + (art.BUTTON_W - art.GLYPH_W * len(name)) // 2 + 1
    for i in range(len(name)):
        ch = ord(name[i])
        glyph(
            bm,
            strip,
            table[ch - 32] if 32 <= ch < 127 else table[31],
            x + art.GLYPH_W * i,
            (art.CARD_H - art.ROW_H) // 2,
        )


def letters(strip, more, clear=True):
    """A language's letters (``more``) into the strip's cells from 103 (the cells after blank).

    Always from the game's own table (hal/render/glyphs.py, loaded for this and dropped): the pixels
    of the font file the firmware's terminalio.FONT is made from, so a letter the firmware's font has
    looks the same, and one it lacks (every accent on an English build) is drawn all the same ("?"
    for one the table lacks). (Named by a string longer than CircuitPython interns: no name of it
    stays on an English heap.) The strip keeps room for hal/render/build.py's SPARE whatever the language
    (9 bytes a cell), so that another language's letters go into the same bitmap."""
    if clear:  # (another language's letters were there; a new strip is blank)
        for x in range(103 * art.GLYPH_W, strip.width):
            for y in range(art.ROW_H):
                strip[x, y] = 0
    if not more:
        return
    glyphs = __import__("hal.render.glyphs", None, None, ("text",))
    for i in range(len(more)):
        j = glyphs.text.find(more[i])
        for y in range(art.ROW_H):
            for x in range(art.GLYPH_W):
                if glyphs.data[12 * j + y] & (128 >> x) if j >= 0 else strip[31 * art.GLYPH_W + x, y]:
                    strip[(103 + i) * art.GLYPH_W + x, y] = 1
    del glyphs
    hal.forget("hal.render.glyphs")


def buttons(sheet, strip, speech):
    """The action buttons' names (``speech``'s first five parts, ASCII: a View's language's,
    play/view.py's SPEECH) drawn on the card sheet."""
    cells = bytearray(range(103))
    names = speech.split("|")
    for k in range(5):
        button(sheet, (art.BUTTONS + 2 * k) * art.CARD_W, strip, cells, names[k])


def speak(r, more, speech):
    """Another language on renderer ``r``: its letters into the font strip's spare cells (a
    catalog's fit them: tests/test_languages.py) and its buttons' names onto the card sheet, in
    place: the bitmaps the renderer has (made anew, the renderer took a board flow 15 KB more:
    fragments); every text row is written again (a row's cells for the same text differ now)."""
    letters(r.strip, more)
    buttons(r.sheet, r.strip, speech)
    r.more = more
    r.speech = speech
    for k in range(len(r.row_text)):
        r.row_text[k] = "\x00"  # (no row shows it; the token rows' words are said anew)
