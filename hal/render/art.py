"""The look of the table: its colours and the sizes of its pieces (hal/render/build.py draws the art).

Art is drawn as palette *indices* into ``displayio.Bitmap``s; the colours live in
the TileGrids' Palettes, so a card turning dim or taking the cursor only changes
palette entries, never pixels.

**The card sheet** (hal/render/build.py's ``card`` and ``button`` draw it): one bitmap of ``SHEET_TILES`` tiles
of CARD_W x CARD_H, 2 bits a pixel, drawn once at start-up by hal/render/build.py (~0.03 s
on a SAMD51: bitmaptools blits the glyphs and fills the bodies): the 18 card faces (tile =
card code), the pile's back (``BACK``) and the five action buttons, two tiles each
(``BUTTONS``). Every
hand slot, the top card, the pile and a travelling card are TileGrids over it: a slot
showing another card changes a tile number, not pixels. Indices: 0 frame, 1 ink (the
number, the icon, the back's pattern; the font strip's 1 blitted as is), 2 body (the
card's colour, the lower value's for a double), 3 a double's lower half (its higher
value's colour). No index is transparent: a tile is opaque edge to edge.

**The token sheet** (drawn by hal/render/build.py at start-up): tiles of TOKEN_W x the seat pitch, a 5x5 icon in
columns 0..4 (a blank column after, as a glyph has): a white token, a black one, the
magic token, none, a lit pip and an unlit pip of the show meter. Indices: 0 transparent,
1 white, 2 black, 3 outline, 4 magic.

Glyphs come from the font strip of hal/render/build.py (the 6x12 terminal font, in flash
on a board).
"""

from engine import cards
from play import view as _view

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

# Sizes, in pixels at scale 1 (a layout scales them by whole numbers: hal/render/build.py).
GLYPH_W = const(6)
ROW_H = const(12)  # a text row: the font's cell
CELLS = const(26)  # the text grid's columns (play.view.COLUMNS)
CARD_W = const(13)
CARD_H = const(20)
BUTTON_W = const(26)
GAP = const(2)  # between items of the row
RAISE = const(2)  # a card that may be played stands this much higher
TOKEN_W = const(6)
SEAT_H = const(11)  # the seat rows' pitch (at least)
SEAT_CELLS = const(12)  # "Name  6c  12": name, cards in hand, points
SEAT_W = const(80)  # a seat: its stripe (2), its row (72), the magic column (6)
ARROW_W = const(7)
KEYS = const(3)  # the item row's buttons at once (Draw, Quit, Skip; a fourth, Swap, scrolls in)

# Card sheet tiles and indices.
FRAME = const(0)
INK = const(1)
BODY = const(2)
BODY2 = const(3)
BACK = const(18)
BUTTONS = const(19)  # action item FIRST_ITEM + i: tiles BUTTONS + 2i and the one after
SHEET_TILES = const(29)
# Token sheet tiles.
WHITE = const(0)
BLACK_TOKEN = const(1)
MAGIC = const(2)
NO_TOKEN = const(3)
PIP_ON = const(4)
PIP_OFF = const(5)
TOKEN_TILES = const(6)

# Colours (RGB888): the text colours of play.view's palette indices, the bars, the table.
COLORS = (0xFFFFFF, 0x8C8C8C, 0xFFE040, 0x50E050, 0xFF5A50, 0x50C8FF)
BLACK = const(0x000000)
TITLE_BG = const(0x1C4FA8)
TITLE_FG = const(0xFFFFFF)
CURSOR_BG = const(0xFFD000)
CURSOR_FG = const(0x000000)
FOOTER_BG = const(0x242424)
FOOTER_FG = const(0xC8C8C8)
CARD_FRAME = const(0x707070)
CARD_FRAME_OFF = const(0x383838)
CARD_CURSOR = const(0xFFFFFF)  # the cursor card's frame (yellow would vanish on a yellow 2; on a
# bright llama's white body it is FRAME_CURSOR's yellow)
DARK_INK = (0x9050D0, 0x3070E0)  # value colours dark enough for white ink
BUTTON_ON = (0xFFFFFF, 0x2858C0, 0x2858C0)  # ink, body, frame of a button that acts
BUTTON_OFF = (0x8090A0, 0x283040, 0x283040)
BUTTON_CURSOR = (0x000000, 0xFFD000)  # ink, body of the button under the cursor
BUTTON_CURSOR_OFF = const(0x806800)
FRAME_CURSOR = const(0xFFD000)
ARROW = const(0x50C8FF)
SEAT_BAR = const(0x2A3F70)  # behind the seat to act
OUT_FG = const(0x707070)
PILE_COLORS = (0xE0E0E0, 0x5070C0, 0x1C2C60)  # frame, pattern, body of the pile's back
TOKEN_COLORS = (0xF4F4F4, 0x181818, 0xB0B0B0, 0xE040E0)  # white, black, outline, magic
SHOW_FG = const(0xFF60FF)
SHOW_BG = const(0x8A1E8A)  # the title bar during a magic show


def card_colors(pal, code, bright=True):
    """Set the ink and body colours of card ``code`` in a card palette (bright, or a third as bright)."""
    low = _view.VALUE_COLORS[cards.LOW[code] - 1]
    high = _view.VALUE_COLORS[cards.HIGH[code] - 1]
    ink = 0xFFFFFF if low in DARK_INK else 0x000000
    if not bright:  # a third as bright: the number still reads
        low = (low >> 2) & 0x3F3F3F
        high = (high >> 2) & 0x3F3F3F
        ink = 0x909090
    pal[INK] = ink
    pal[BODY] = low
    pal[BODY2] = high
