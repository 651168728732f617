"""Draws an ``engine.view.View`` with displayio: one renderer for the board and the desktop.

Everything is built once (``Renderer(width, height)``) and updated in place:
a row changes its tiles only when its text changed, its colours only when
they changed, a card tile redraws its pixels only when it shows another
card. Nothing is allocated per frame but the bytes of a changed row's text.

Layout (the 26 x 10 grid of the 6x12 terminal font on 160x128, see
engine/view.py): row 0 the title (a blue bar), rows 1..8 the lines (rows
1..6 when there is an item row), the item row in the space of rows 7..8,
row 9 the footer (a grey bar on the bottom edge, y 116..127: 128 is 10 rows
and 8 pixels, which go between the item row and the footer). The line
cursor is a yellow bar with black text. Larger displays get the 160x128 layout scaled by a whole number and
centred (240x240: unscaled, centred).

Text: every row is a TileGrid over the font's glyph strip (26 tiles of 6x12
with a 2-colour palette), the way CircuitPython's own terminal draws text: a
new text rewrites tile numbers and allocates nothing. An
``adafruit_display_text`` bitmap label would cost ~1.8 KB of heap a row on
CircuitPython, and its code 17 KB, against ~150 bytes for a tile row
(measured with tools/cpboard.py): a fifth of the heap the whole game needs.
The bars (title, footer, line cursor) are
20-tile TileGrids of one shared 8x12 single-colour bitmap, laid behind the
text. Card tiles draw their glyphs from the font's own glyph strip (on
CircuitPython ``terminalio.FONT.bitmap``, in flash; Blinka's font has one
bitmap per glyph, so the desktop copies the 95 ASCII glyphs into a strip
once).

Items: up to 10 tile slots, each a 26x22 ``Bitmap`` of 4 colours (2 bits a
pixel: 176 bytes) with its own 4-colour ``Palette``: 0 transparent, 1 ink,
2 body, 3 frame. A card (13x22) shows its value at the top and its icon
below (circle, square, star; a llama for the llama; the two values of a
double); playable cards are white, the others dark grey; an action button
(26x16) is blue with its name. The cursor item is raised 3 pixels with a
yellow frame (a yellow body for a button). Whether an item is playable or
the cursor only changes the palette. When the items do not fit they scroll
so that the cursor stays visible, with ``<`` / ``>`` at the cut ends.

Heap on CircuitPython 10.2.1 (32-bit; tools/cpboard.py with tools/standins):
this module's code ~5 KB as .mpy, its objects (10 tile slots, 10 text rows,
bars, arrows) ~5 KB; a redraw of an unchanged or cursor-moved View allocates
0 bytes (tests/test_hal_micropython.py). On the desktop Blinka's pure-Python
objects take more (tests/test_hal_render.py).
"""

import displayio
import terminalio

from engine import cards
from engine import view as _view

try:
    import bitmaptools
except ImportError:  # a port without it: slower pixel loops
    bitmaptools = None  # type: ignore[assignment]

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

WIDTH = const(160)
HEIGHT = const(128)
ROW_H = const(12)
CELLS = const(26)
CELLS_X = const(2)  # text from x=2 to 157 (each glyph's last column is blank)
GLYPH_W = const(6)

# Colours (RGB888) of the palette indices of engine.view, and the bars.
COLORS = (0xFFFFFF, 0x8C8C8C, 0xFFE040, 0x50E050, 0xFF5A50, 0x50C8FF)
BLACK = const(0x000000)
TITLE_BG = const(0x1C4FA8)
TITLE_FG = const(0xFFFFFF)
CURSOR_BG = const(0xFFD000)
CURSOR_FG = const(0x000000)
FOOTER_BG = const(0x242424)
FOOTER_FG = const(0xC8C8C8)

# Item tiles: (ink, body, frame) for a card / a button, playable / not.
CARD_ON = (0x000000, 0xFFFFFF, 0xA0A0A0)
CARD_OFF = (0x909090, 0x303030, 0x303030)
BUTTON_ON = (0xFFFFFF, 0x2858C0, 0x2858C0)
BUTTON_OFF = (0x8090A0, 0x283040, 0x283040)
BUTTON_CURSOR = (0x000000, 0xFFD000)  # ink, body of the button under the cursor
FRAME_CURSOR = const(0xFFD000)
ARROW = const(0x50C8FF)

SLOTS = const(10)
SLOT_W = const(26)
SLOT_H = const(22)
CARD_W = const(13)
BUTTON_W = const(26)
GAP = const(2)
ITEMS_Y = const(88)  # tiles at y 88..109 (rows 7..8 and the 8 spare pixels); the cursor's at 85
FOOTER_Y = const(116)  # the footer sits on the bottom edge
RAISE = const(3)
ARROW_W = const(7)

# 7x7 icons, one byte a row (bit 6 = left column): circle, square, star, llama.
ICONS = (
    b"\x1c\x22\x41\x41\x41\x22\x1c",
    b"\x7f\x41\x41\x41\x41\x41\x7f",
    b"\x08\x08\x7f\x3e\x1c\x36\x22",
    b"\x20\x70\x30\x30\x3e\x3e\x22",
)


def font_strip(font=None):
    """(bitmap, table): a one-row strip of 6x12 glyphs and the cell of each ASCII 32..126."""
    font = font or terminalio.FONT
    table = bytearray(95)
    strip = getattr(font, "bitmap", None)
    if isinstance(strip, displayio.Bitmap) and strip.height == ROW_H:
        default = 0
        g = font.get_glyph(63)  # "?"
        if g is not None:
            default = g.tile_index
        for i in range(95):
            g = font.get_glyph(32 + i)
            t = default if g is None else g.tile_index
            if t > 255 or (g is not None and g.width != GLYPH_W):
                break
            table[i] = t
        else:
            return strip, table
    # A font with a bitmap per glyph (Blinka's): copy them into a strip once.
    strip = displayio.Bitmap(GLYPH_W * 95, ROW_H, 2)
    for i in range(95):
        table[i] = i
        g = font.get_glyph(32 + i)
        if g is None:
            continue
        top = 0 if g.height >= ROW_H else max(0, 10 - g.height - g.dy)
        x0 = g.tile_index * g.width
        for y in range(min(g.height, ROW_H - top)):
            for x in range(min(g.width, GLYPH_W)):
                if g.bitmap[x0 + x, y]:
                    strip[i * GLYPH_W + x, top + y] = 1
    return strip, table


def _fill(bm, x1, y1, x2, y2, value):
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x1, y1, x2, y2, value)
        return
    w = bm.width
    for y in range(y1, y2):
        for x in range(x1, x2):
            bm[y * w + x] = value


def item_width(code):
    return CARD_W if code < _view.FIRST_ITEM else BUTTON_W


class Renderer:
    """The display's object tree for a View; ``group`` goes on the display."""

    def __init__(self, width=WIDTH, height=HEIGHT, font=None):
        scale = max(1, min(width // WIDTH, height // HEIGHT))
        self.group = displayio.Group(scale=scale, x=(width - WIDTH * scale) // 2, y=(height - HEIGHT * scale) // 2)
        self.strip, self.table = font_strip(font)
        self._space = self.table[0]
        # Bars behind the text (title, footer, line cursor): 20 tiles of one
        # shared 8x12 bitmap of a single colour, full width.
        bar = displayio.Bitmap(8, ROW_H, 1)
        self._bars = []
        for y, color in ((0, TITLE_BG), (FOOTER_Y, FOOTER_BG), (ROW_H, CURSOR_BG)):
            pal = displayio.Palette(1)
            pal[0] = color
            tg = displayio.TileGrid(
                bar, pixel_shader=pal, width=WIDTH // 8, height=1, tile_width=8, tile_height=ROW_H, y=y
            )
            self.group.append(tg)
            self._bars.append(tg)
        self._cursor_bar = self._bars[2]
        self._cursor_bar.hidden = True
        # Text rows (title, 8 lines, footer) are TileGrids over the font's own glyph strip, as
        # CircuitPython's terminal draws text: a row is 26 tile bytes and a palette (~150 bytes
        # on a board, against ~1.8 KB for an adafruit_display_text bitmap label, whose code
        # takes another 17 KB), and a new text only rewrites tile numbers.
        self._rows = []
        self._row_text = [""] * 10
        self._row_fg = [-1] * 10  # colour set, cached
        self._row_pals = []
        for r in range(10):
            pal = displayio.Palette(2)
            pal.make_transparent(0)
            row = displayio.TileGrid(
                self.strip,
                pixel_shader=pal,
                width=CELLS,
                height=1,
                tile_width=GLYPH_W,
                tile_height=ROW_H,
                default_tile=self._space,
                x=CELLS_X,
                y=FOOTER_Y if r == 9 else r * ROW_H,
            )
            self.group.append(row)
            self._rows.append(row)
            self._row_pals.append(pal)
        self._slots = []
        self._slot_bms = []
        self._slot_pals = []
        self._slot_code = bytearray(b"\xff" * SLOTS)
        self._slot_look = bytearray(b"\xff" * SLOTS)
        for _ in range(SLOTS):
            bm = displayio.Bitmap(SLOT_W, SLOT_H, 4)
            pal = displayio.Palette(4)
            pal.make_transparent(0)
            tg = displayio.TileGrid(bm, pixel_shader=pal, x=0, y=ITEMS_Y)
            tg.hidden = True
            self.group.append(tg)
            self._slots.append(tg)
            self._slot_bms.append(bm)
            self._slot_pals.append(pal)
        self._arrow_pal = displayio.Palette(2)
        self._arrow_pal.make_transparent(0)
        self._arrow_pal[1] = ARROW
        self._arrows = []
        for x, ch in ((0, 60), (WIDTH - GLYPH_W, 62)):  # "<", ">"
            tg = displayio.TileGrid(
                self.strip,
                pixel_shader=self._arrow_pal,
                width=1,
                height=1,
                tile_width=GLYPH_W,
                tile_height=ROW_H,
                default_tile=self.table[ch - 32],
                x=x,
                y=ITEMS_Y + 5,
            )
            tg.hidden = True
            self.group.append(tg)
            self._arrows.append(tg)
        self.first = 0  # the first item shown when the row scrolls
        self.last = 0  # one past the last item shown

    # ---- text rows -------------------------------------------------------------
    def _row(self, r, text, fg):
        row = self._rows[r]
        if row.hidden:
            row.hidden = False
        if fg != self._row_fg[r]:
            self._row_pals[r][1] = fg
            self._row_fg[r] = fg
        if text == self._row_text[r]:
            return
        self._row_text[r] = text
        table = self.table
        n = len(text)
        for i in range(CELLS):
            ch = ord(text[i]) if i < n else 32
            t = table[ch - 32] if 32 <= ch < 127 else table[31]  # "?" for what the font lacks
            if row[i] != t:
                row[i] = t

    def _hide_row(self, r):
        if not self._rows[r].hidden:
            self._rows[r].hidden = True

    # ---- item tiles --------------------------------------------------------------
    def _glyph(self, bm, x, y, ch):
        """Draw character code ``ch`` with ink (1) at x, y of a tile bitmap."""
        t = self.table[ch - 32] if 32 <= ch < 127 else self.table[31]
        if bitmaptools is not None:
            bitmaptools.blit(
                bm,
                self.strip,
                x,
                y,
                x1=t * GLYPH_W,
                y1=0,
                x2=t * GLYPH_W + GLYPH_W,
                y2=ROW_H,
                skip_source_index=0,
            )
            return
        strip = self.strip
        sw = strip.width
        w = bm.width
        for yy in range(ROW_H):
            for xx in range(GLYPH_W):
                if strip[yy * sw + t * GLYPH_W + xx]:
                    bm[(y + yy) * w + x + xx] = 1

    def _draw_tile(self, bm, code):
        bm.fill(0)
        if code >= _view.FIRST_ITEM:
            _fill(bm, 0, 3, BUTTON_W, SLOT_H - 3, 3)
            _fill(bm, 1, 4, BUTTON_W - 1, SLOT_H - 4, 2)
            name = _view.ITEM_NAMES[code - _view.FIRST_ITEM]
            x = (BUTTON_W - GLYPH_W * len(name)) // 2 + 1
            for i in range(len(name)):
                self._glyph(bm, x + GLYPH_W * i, 5, ord(name[i]))
            return
        _fill(bm, 0, 0, CARD_W, SLOT_H, 3)
        _fill(bm, 2, 2, CARD_W - 2, SLOT_H - 2, 2)
        low = cards.LOW[code]
        high = cards.HIGH[code]
        self._glyph(bm, 4, 1, 76 if low == 7 else 48 + low)  # "L" or the digit
        if high != low:  # a double: its second value below
            self._glyph(bm, 4, 8, 48 + high)
            return
        icon = cards.ICON[code]
        if code == cards.LLAMA:
            icon = 4
        if icon:
            rows = ICONS[icon - 1]
            w = bm.width
            for y in range(7):
                bits = rows[y]
                for x in range(7):
                    if bits & (0x40 >> x):
                        bm[(12 + y) * w + 3 + x] = 1

    def _look(self, k, code, playable, cursor):
        """Colours (and the raise) of slot ``k``: only when they changed."""
        look = (1 if playable else 0) | (2 if cursor else 0) | (4 if code >= _view.FIRST_ITEM else 0)
        if look == self._slot_look[k]:
            return
        self._slot_look[k] = look
        pal = self._slot_pals[k]
        if look & 4:
            ink, body, frame = BUTTON_ON if playable else BUTTON_OFF
            if cursor:
                ink, body = BUTTON_CURSOR
                if not playable:
                    body = 0x806800
        else:
            ink, body, frame = CARD_ON if playable else CARD_OFF
        pal[1] = ink
        pal[2] = body
        pal[3] = FRAME_CURSOR if cursor else frame
        self._slots[k].y = ITEMS_Y - RAISE if cursor else ITEMS_Y

    def _span(self, view, i, j):
        """Width of items i..j-1 with the gaps between them."""
        w = -GAP
        for k in range(i, j):
            w += item_width(view.cards[k]) + GAP
        return w

    def _items(self, view):
        n = view.ncards
        cur = view.card_cursor if 0 <= view.card_cursor < n else -1
        if n == 0:
            first = last = 0
        elif self._span(view, 0, n) <= WIDTH and n <= SLOTS:
            first, last = 0, n
        else:
            room = WIDTH - 2 * ARROW_W
            first = min(max(self.first, 0), n - 1)
            if cur >= 0:
                if cur < first:
                    first = cur
                while self._span(view, first, cur + 1) > room or cur + 1 - first > SLOTS:
                    first += 1
            last = first + 1
            while last < n and last - first < SLOTS and self._span(view, first, last + 1) <= room:
                last += 1
            while first > 0 and last - first < SLOTS and self._span(view, first - 1, last) <= room:
                first -= 1
        self.first = first
        self.last = last
        if last > first:
            span = self._span(view, first, last)
            x = (WIDTH - span) // 2
            if first > 0 or last < n:
                x = ARROW_W + (WIDTH - 2 * ARROW_W - span) // 2
        for k in range(SLOTS):
            tg = self._slots[k]
            i = first + k
            if i >= last:
                if not tg.hidden:
                    tg.hidden = True
                continue
            code = view.cards[i]
            if code != self._slot_code[k]:
                self._slot_code[k] = code
                self._draw_tile(self._slot_bms[k], code)
                self._slot_look[k] = 0xFF  # the width may differ: redo the colours too
            self._look(k, code, view.marks[i] & _view.PLAYABLE, i == cur)
            if tg.x != x:
                tg.x = x
            if tg.hidden:
                tg.hidden = False
            x += item_width(code) + GAP
        left = first > 0
        right = last < n
        if self._arrows[0].hidden == left:
            self._arrows[0].hidden = not left
        if self._arrows[1].hidden == right:
            self._arrows[1].hidden = not right

    # ---- the whole screen ----------------------------------------------------------
    def draw(self, view):
        self._row(0, view.title, TITLE_FG)
        lines = _view.LINES_WITH_CARDS if view.ncards else _view.LINES
        bar = self._cursor_bar
        if 0 <= view.line_cursor < lines:
            y = (view.line_cursor + 1) * ROW_H
            if bar.y != y:
                bar.y = y
            if bar.hidden:
                bar.hidden = False
        elif not bar.hidden:
            bar.hidden = True
        colors = view.colors
        for i in range(_view.LINES):
            if i >= lines:
                self._hide_row(i + 1)
            elif i == view.line_cursor:
                self._row(i + 1, view.lines[i], CURSOR_FG)
            else:
                self._row(i + 1, view.lines[i], COLORS[colors[i]] if colors[i] < 6 else COLORS[0])
        self._row(9, view.footer, FOOTER_FG)
        self._items(view)


class Screen:
    """``hw.screen`` on a displayio display: ``show(view)`` draws and refreshes once."""

    def __init__(self, display, font=None):
        self.display = display
        self.renderer = Renderer(display.width, display.height, font)
        display.root_group = self.renderer.group
        self.view = None  # the View last shown (tests look at it)
        self.count = 0

    def show(self, view):
        self.renderer.draw(view)
        self.view = view
        self.count += 1
        if not self.display.auto_refresh:
            self.display.refresh()
