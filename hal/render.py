"""Draws an ``play.view.View`` with displayio: one renderer for the board and the desktop.

Everything is built once (``Renderer(width, height)``) and updated in place:
a row changes its tiles only when its text changed, its colours only when
they changed, a card tile redraws its pixels only when it shows another
card. Nothing is allocated per frame but the bytes of a changed row's text.

Layout: hal/renderbuild.py computes it from the display's size (160x128 the
reference; 240x240 and 320x240 get doubled cards; a screen that holds the
reference twice over gets it scaled) and builds every object once. Text
screens are the 26 x 10 grid of the 6x12 terminal font (play/view.py):
row 0 the title (a blue bar, magenta in a magic show), rows 1..8 the lines
(1..6 when there is an item row), the item row above the footer, row 9 the
footer (a grey bar on the bottom edge). The line cursor is a yellow bar with
black text. A turn is the table: the seats on the left, one row each (their
cells laid out with adafruit_displayio_layout's GridLayout at start-up), a
colour stripe and the magic star beside them, the seat to act on a blue bar;
on the right the pile's back with its count, the top card large, the stage
and your tokens as icons; the last event above the hand.

Text: every row is a TileGrid over the font's glyph strip (a 2-colour
palette), the way CircuitPython's own terminal draws text: a new text
rewrites tile numbers and allocates nothing. An ``adafruit_display_text``
bitmap label would cost ~1.8 KB of heap a row on CircuitPython, and its code
17 KB, against ~150 bytes for a tile row (measured with tools/cpboard.py).
The bars are TileGrids of one shared single-colour bitmap behind the text.
Glyphs come from the font's own strip (on CircuitPython
``terminalio.FONT.bitmap``, in flash; Blinka's font has one bitmap per glyph,
so the desktop copies the 95 ASCII glyphs into a strip once).

Items: 8 tile slots, each a 26x22 ``Bitmap`` with its own 5-colour
``Palette`` (hal/cardart.py: 0 transparent, 1 ink, 2 body, 3 frame, 4 a
double's second body). A card (13x22) shows its value in its own colour with
the number printed, and its icon (circle, square, star; a llama glyph; both
values of a double); cards you may play are bright and raised 2 pixels,
the others dimmed; the cursor is a white frame alone (a card it cannot play stays dim). An
action button (26x16) is blue with its name, yellow under the cursor.
Whether an item is playable or the cursor changes only its palette and its
height, never its pixels. Items that do not fit scroll so that the cursor
stays visible, with ``<`` / ``>`` at the cut ends. Motion (play/motion.py)
moves one card-sized TileGrid or one token tile on top of everything.

Heap on CircuitPython 10.2.1 (32-bit; tools/cpboard.py with tools/standins):
the renderer's objects ~20 KB, this module's code ~9 KB as .mpy; a redraw of
an unchanged or cursor-moved View allocates 0 bytes
(tests/test_hal_micropython.py). On the desktop Blinka's pure-Python objects
take more (tests/test_hal_render.py).
"""


try:
    from typing import TYPE_CHECKING
except ImportError:  # CircuitPython
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:  # the annotations of Renderer (hal/renderbuild.py imports displayio itself)
    import displayio

from engine import cards
from hal import cardart
from play import view as _view

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

# Colours (RGB888) of the palette indices of play.view, and the bars.
COLORS = (0xFFFFFF, 0x8C8C8C, 0xFFE040, 0x50E050, 0xFF5A50, 0x50C8FF)
BLACK = const(0x000000)
TITLE_BG = const(0x1C4FA8)
TITLE_FG = const(0xFFFFFF)
CURSOR_BG = const(0xFFD000)
CURSOR_FG = const(0x000000)
FOOTER_BG = const(0x242424)
FOOTER_FG = const(0xC8C8C8)

# Item tiles: (ink, body, frame) for a button, playable / not. A card's body is its value's colour
# (play.view.VALUE_COLORS), dimmed to a third when it cannot be played now.
CARD_FRAME = const(0x707070)
CARD_FRAME_OFF = const(0x383838)
CARD_CURSOR = const(0xFFFFFF)  # the cursor card's frame (yellow would vanish on a yellow 2; on a
# bright llama's white body it is FRAME_CURSOR's yellow)
DARK_INK = (0x9050D0, 0x3070E0)  # value colours dark enough for white ink
BUTTON_ON = (0xFFFFFF, 0x2858C0, 0x2858C0)
BUTTON_OFF = (0x8090A0, 0x283040, 0x283040)
BUTTON_CURSOR = (0x000000, 0xFFD000)  # ink, body of the button under the cursor
FRAME_CURSOR = const(0xFFD000)
ARROW = const(0x50C8FF)

# The table (a turn): seats on the left, one row each; the pile, the top card, the stage and
# your tokens on the right; the last event above the hand.
SEAT_Y = const(12)
SEAT_H = const(11)
SEAT_CELLS = const(12)
SEAT_X = const(2)  # after the seat's colour stripe  # "Name  6c 123": name, cards in hand, points
SEAT_BAR = 0x2A3F70  # behind the seat to act
OUT_FG = const(0x707070)
PANEL_X = const(82)  # the seats end at 81
PILE_X = const(86)
PILE_Y = const(16)
TOP_X = const(120)
TOP_Y = const(13)
TOP_W = const(26)
TOP_H = const(40)
STAGE_Y = const(55)
MINE_Y = const(66)
EVENT_Y = const(78)
PILE_COLORS = (0x5070C0, 0x1C2C60, 0xE0E0E0)  # ink, body, frame of the pile's back
TOKEN_COLORS = (0xF4F4F4, 0x181818, 0xB0B0B0, 0xE040E0)  # white, black, outline, magic
SHOW_FG = const(0xFF60FF)
SHOW_BG = const(0x8A1E8A)  # the title bar during a magic show
TOKEN_PITCH = const(18)  # token icon tiles: the icon in the first 8 columns, then room for a count

SLOTS = const(8)  # 160 pixels hold 6 cards and 2 buttons, or 8 cards (more scroll)
SLOT_W = const(26)
SLOT_H = const(22)
CARD_W = const(13)
BUTTON_W = const(26)
GAP = const(2)
ITEMS_Y = const(93)  # tiles at y 93..114; playable ones raised 2, the cursor 4 (to 89, under the event row)
FOOTER_Y = const(116)  # the footer sits on the bottom edge
RAISE = const(4)
RAISE_PLAYABLE = const(2)
ARROW_W = const(7)

_fill = cardart.fill


def _bar_at(bar, y):
    """Show ``bar`` at ``y`` (only what changed), or hide it for y < 0."""
    if y < 0:
        if not bar.hidden:
            bar.hidden = True
        return
    if bar.y != y:
        bar.y = y
    if bar.hidden:
        bar.hidden = False


def card_colors(pal, code, bright=True):
    """Set the ink and body colours of card ``code`` in a card palette (see hal/cardart.py)."""
    low = _view.VALUE_COLORS[cards.LOW[code] - 1]
    high = _view.VALUE_COLORS[cards.HIGH[code] - 1]
    ink = 0xFFFFFF if low in DARK_INK else 0x000000
    if not bright:  # a third as bright: the number still reads
        low = (low >> 2) & 0x3F3F3F
        high = (high >> 2) & 0x3F3F3F
        ink = 0x909090
    pal[cardart.INK] = ink
    pal[cardart.BODY] = low
    pal[cardart.BODY2] = high


def item_width(code):
    return CARD_W if code < _view.FIRST_ITEM else BUTTON_W


class Renderer:
    """The display's object tree for a View; ``group`` goes on the display."""

    # Made by hal/renderbuild.py (annotations only: nothing at run time on CircuitPython).
    group: "displayio.Group"
    table_group: "displayio.Group"
    hand: "displayio.Group"
    scale: "int"
    width: "int"
    height: "int"
    zoom: "int"
    footer_y: "int"
    row_w: "int"
    hand_y: "int"
    top_x: "int"
    top_y: "int"
    first: "int"
    last: "int"
    strip: "displayio.Bitmap"
    table: "bytearray"
    _space: "int"
    _bars: "list[displayio.TileGrid]"
    _bar_pals: "list[displayio.Palette]"
    _cursor_bar: "displayio.TileGrid"
    _seat_bar: "displayio.TileGrid"
    _title_pal: "displayio.Palette"
    _title_bg: "int"
    _rows: "list[displayio.TileGrid]"
    _row_text: "list[str]"
    _row_rgb: "list[int]"
    _row_pals: "list[displayio.Palette]"
    _row_cells: "bytearray"
    _slots: "list[displayio.TileGrid]"
    _slot_bms: "list[displayio.Bitmap]"
    _slot_pals: "list[displayio.Palette]"
    _slot_code: "bytearray"
    _slot_look: "bytearray"
    _arrows: "list[displayio.TileGrid]"
    _stripe_pal: "displayio.Palette"
    _stripes_shown: "int"
    seat_x: "int"  # seat 0's row, laid out by adafruit_displayio_layout (hal/renderbuild.py)
    seat_y: "int"
    _seat_magic: "displayio.TileGrid"
    _seat_rows: "bytes"
    _seat_sig: "list[int]"
    _seat_names: "list[object]"
    _pile: "displayio.TileGrid"
    _pile_row: "int"
    _pile_count: "int"
    _top: "displayio.TileGrid"
    _top_bm: "displayio.Bitmap"
    _top_pal: "displayio.Palette"
    _top_code: "int"
    _token_rows: "bytearray"
    _token_icons: "list[displayio.TileGrid]"
    _token_sig: "list[int]"
    _event_row: "int"
    _table_rows: "bool"
    _sheet: "displayio.Bitmap"
    _sheet_pal: "displayio.Palette"
    _mover: "displayio.TileGrid"
    _mover_token: "displayio.TileGrid"
    _mover_bm: "displayio.Bitmap"
    _mover_pal: "displayio.Palette"
    _mover_sig: "int"

    def __init__(self, width=WIDTH, height=HEIGHT, font=None):
        # The objects are made by hal/renderbuild.py, start-up code dropped once it is done.
        import hal
        from hal import renderbuild

        renderbuild.build(self, width, height, font)
        del renderbuild
        hal.forget("hal.renderbuild")

    def _tokens(self, k, label, counts, shown):
        """Token line ``k`` (0 the stage, 1 your tokens): ``counts`` is whites, blacks, magic."""
        r = self._token_rows[k]
        icons = self._token_icons[k]
        if icons.hidden == shown:
            icons.hidden = not shown
        if not shown:
            self._hide_row(r)
            return
        sig = counts[0] | counts[1] << 8
        text = self._row_text[r]
        if sig != self._token_sig[k]:
            self._token_sig[k] = sig
            text = "%-5s %-2d %-2d" % (label, min(counts[0], 99), min(counts[1], 99))
        self._row(r, text, COLORS[0])
        magic = 2 if counts[2] else 3
        if icons[2] != magic:
            icons[2] = magic

    def _table(self, view):
        n = view.seats
        if n != self._stripes_shown:  # the stripes of empty seats turn transparent
            self._stripes_shown = n
            for q in range(6):
                if q < n:
                    self._stripe_pal.make_opaque(q + 1)
                else:
                    self._stripe_pal.make_transparent(q + 1)
        magic_col = self._seat_magic
        for q in range(6):
            r = self._seat_rows[q]
            if q >= n:
                self._hide_row(r)
                if magic_col[q] != 3:
                    magic_col[q] = 3
                continue
            flags = view.seat_flags[q]
            sig = view.seat_cards[q] | (min(view.points[q], 0xFFFF) << 8) | (flags << 24)
            text = self._row_text[r]
            if sig != self._seat_sig[q] or view.names[q] is not self._seat_names[q]:
                self._seat_sig[q] = sig
                self._seat_names[q] = view.names[q]
                hand = "--" if flags & _view.SEAT_OUT else "%dc" % view.seat_cards[q]
                text = "%-5s%3s%4d" % (view.names[q][:5], hand, view.points[q])
            fg = OUT_FG if flags & _view.SEAT_OUT else COLORS[_view.HIGHLIGHT] if q == view.to_act else COLORS[0]
            self._row(r, text, fg)
            tile = 2 if flags & _view.SEAT_MAGIC else 3
            if magic_col[q] != tile:
                magic_col[q] = tile
        _bar_at(self._seat_bar, self.seat_y + view.to_act * SEAT_H if 0 <= view.to_act < n else -1)
        # The pile and its count; in a magic show the title bar turns magenta and "SHOW" lies
        # where the pile was (nobody draws in a show).
        show = view.show
        if self._pile.hidden != show:
            self._pile.hidden = show
        if show:
            self._pile_count = -1
            self._row(self._pile_row, "SHOW!", SHOW_FG)
        else:
            text = self._row_text[self._pile_row]
            if view.pile != self._pile_count:
                self._pile_count = view.pile
                text = "%4d" % view.pile
            self._row(self._pile_row, text, COLORS[0])
        if view.top != self._top_code:
            self._top_code = view.top
            cardart.card(self._top_bm, self.strip, self.table, view.top, TOP_W, TOP_H, 2)
            card_colors(self._top_pal, view.top)
        self._tokens(0, "Stage", view.stage, True)
        self._tokens(1, "You", view.mine, view.has_mine)
        self._row(self._event_row, view.event, COLORS[view.event_color] if view.event_color < 6 else COLORS[0])

    # ---- text rows -------------------------------------------------------------
    def _row(self, r, text, fg):
        row = self._rows[r]
        if row.hidden:
            row.hidden = False
        if fg != self._row_rgb[r]:
            self._row_pals[r][1] = fg
            self._row_rgb[r] = fg
        if text == self._row_text[r]:
            return
        self._row_text[r] = text
        table = self.table
        n = len(text)
        for i in range(self._row_cells[r]):
            ch = ord(text[i]) if i < n else 32
            t = table[ch - 32] if 32 <= ch < 127 else table[31]  # "?" for what the font lacks
            if row[i] != t:
                row[i] = t

    def _hide_row(self, r):
        if not self._rows[r].hidden:
            self._rows[r].hidden = True

    # ---- item tiles --------------------------------------------------------------
    def _tile(self, ch):
        """The strip tile of character code ``ch`` ("?" for what the font lacks)."""
        return self.table[ch - 32] if 32 <= ch < 127 else self.table[31]

    def _draw_tile(self, bm, code):
        if code < _view.FIRST_ITEM:
            cardart.card(bm, self.strip, self.table, code, CARD_W, SLOT_H)
            return
        bm.fill(0)
        _fill(bm, 0, 3, BUTTON_W, SLOT_H - 3, cardart.FRAME)
        _fill(bm, 1, 4, BUTTON_W - 1, SLOT_H - 4, cardart.BODY)
        name = _view.ITEM_NAMES[code - _view.FIRST_ITEM]
        x = (BUTTON_W - GLYPH_W * len(name)) // 2 + 1
        for i in range(len(name)):
            cardart.glyph(bm, self.strip, self._tile(ord(name[i])), x + GLYPH_W * i, 5)

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
            pal[cardart.INK] = ink
            pal[cardart.BODY] = body
            pal[cardart.FRAME] = FRAME_CURSOR if cursor else frame
        else:  # the cursor is the frame alone: bright and raised say "playable", nothing else
            card_colors(pal, code, playable)
            frame = CARD_FRAME if playable else CARD_FRAME_OFF
            if cursor:
                frame = FRAME_CURSOR if playable and code == cards.LLAMA else CARD_CURSOR
            pal[cardart.FRAME] = frame
        self._slots[k].y = RAISE - (RAISE_PLAYABLE if playable else 0)  # in the row's group

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
        elif self._span(view, 0, n) <= self.row_w and n <= SLOTS:
            first, last = 0, n
        else:
            room = self.row_w - 2 * ARROW_W
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
            x = (self.row_w - span) // 2
            if first > 0 or last < n:
                x = ARROW_W + (self.row_w - 2 * ARROW_W - span) // 2
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
    def _place_rows(self, table):
        """Move the line rows 1..8 to the table's places (seats, event) or back to the grid."""
        if self._table_rows == table:
            return
        self._table_rows = table
        for r in range(1, 9):
            row = self._rows[r]
            if table and r <= 6:
                row.x = self.seat_x
                row.y = self.seat_y + (r - 1) * SEAT_H
            elif table and r == 8:
                row.x = CELLS_X
                row.y = EVENT_Y
            else:
                row.x = CELLS_X
                row.y = r * ROW_H

    def draw(self, view):
        self._row(0, view.title, TITLE_FG)
        table = view.seats > 0
        if self.table_group.hidden == table:
            self.table_group.hidden = not table
        self._place_rows(table)
        title_bg = SHOW_BG if table and view.show else TITLE_BG
        if self._title_bg != title_bg:
            self._title_bg = title_bg
            self._title_pal[0] = title_bg
        if table:
            self._table(view)
        elif not self._seat_bar.hidden:
            self._seat_bar.hidden = True
        lines = 0 if table else _view.LINES_WITH_CARDS if view.ncards else _view.LINES
        if table:
            self._hide_row(7)
        _bar_at(self._cursor_bar, (view.line_cursor + 1) * ROW_H if 0 <= view.line_cursor < lines else -1)
        colors = view.colors
        for i in range(0 if table else _view.LINES):  # (a table's rows 1..8 are its seats and event)
            if i >= lines:
                self._hide_row(i + 1)
            elif i == view.line_cursor:
                self._row(i + 1, view.lines[i], CURSOR_FG)
            else:
                self._row(i + 1, view.lines[i], COLORS[colors[i]] if colors[i] < 6 else COLORS[0])
        self._row(9, view.footer, FOOTER_FG)
        self._items(view)
        self._motion(view if table else None)

    # ---- motion --------------------------------------------------------------------
    def _place(self, view, place, token):
        """The top-left corner, in screen pixels, of the travelling piece at ``place`` (play.view)."""
        z = self.zoom
        if place < 6:  # a seat: over its cards-in-hand column
            return self.seat_x + 5 * GLYPH_W, self.seat_y + place * SEAT_H + (0 if token else -5)
        if place == _view.PLACE_PILE:
            return PILE_X, PILE_Y
        if place == _view.PLACE_TOP:
            return self.top_x + z * ((TOP_W - CARD_W) // 2), self.top_y + z * ((TOP_H - SLOT_H) // 2)
        if place == _view.PLACE_STAGE:
            return PANEL_X + 5 * GLYPH_W - 1, STAGE_Y - 1
        k = place - _view.PLACE_HAND - self.first  # an item of the row, where it is drawn
        x = (self.row_w - CARD_W) // 2
        if 0 <= k < SLOTS and not self._slots[k].hidden:
            x = self._slots[k].x
        return z * x, self.hand_y + z * RAISE

    def _motion(self, view):
        kind = view.move if view is not None else 0
        token = kind == _view.MOVE_TOKEN
        card = self._mover
        tok = self._mover_token
        hide = kind == 0 or token
        if card.hidden != hide:
            card.hidden = hide
        if tok.hidden == token:
            tok.hidden = not token
        if not kind:
            return
        sig = kind << 8 | view.move_code
        if sig != self._mover_sig:
            self._mover_sig = sig
            if token:
                tok[0] = (0, 1, 2)[view.move_code % 3]
            elif kind == _view.MOVE_BACK:
                cardart.back(self._mover_bm, CARD_W, SLOT_H)
                for i in range(3):
                    self._mover_pal[i + 1] = PILE_COLORS[i]
            else:
                cardart.card(self._mover_bm, self.strip, self.table, view.move_code, CARD_W, SLOT_H)
                card_colors(self._mover_pal, view.move_code)
                self._mover_pal[cardart.FRAME] = CARD_CURSOR
        x0, y0 = self._place(view, view.move_from, token)
        x1, y1 = self._place(view, view.move_to, token)
        t = view.move_step
        tg = tok if token else card
        x = (x0 + (x1 - x0) * t // 255) // self.zoom  # the movers' group has the cards' scale
        y = (y0 + (y1 - y0) * t // 255) // self.zoom
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y


class Screen:
    """``hw.screen`` on a displayio display: ``show(view)`` draws and refreshes once."""

    motion = True  # play.motion.travel draws its frames here
    text = False  # a table screen is drawn from its table fields: the flow need not write text lines

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
