"""Draws a ``play.view.View`` with displayio: one renderer for the board and the desktop.

Everything is built once (``Renderer(width, height)``: hal/render/build.py lays the screen out
for its size and makes every object, then goes) and updated in place: a row changes its tiles
only when its text changed, its colours only when they changed; a card slot shows another card
by changing one tile number. Nothing is allocated per frame but the bytes of a changed row's
text.

What goes where (hal/render/build.py computes the places and scales from the size):

* A text screen (play/view.py) is the grid of 26 columns of the 6x12 terminal font: the title
  on a blue bar on top (magenta in a magic show), the lines, the item row (cards, buttons)
  above the footer, the footer on a grey bar on the bottom edge. The line under the cursor is
  on a yellow bar, in black. Title and footer are at their bars' scale on every screen (a
  text too long for it is cut, never drawn smaller).
* A table screen (a turn): the seats on the left, one row each (their cells laid out with
  adafruit_displayio_layout's GridLayout at start-up): a stripe in the seat's colour, name,
  cards in hand (``--`` once out), points, the magic star; the seat to act yellow on a blue
  bar. Beside them the pile's back with its count (``SHOW!`` in its place during a show),
  the top card large, the stage's tokens and yours as icons with counts; the show meter
  (tokens on the stage, of the five that start a show) at the right of the title bar. Then
  the last event, and the hand.

Text: every row is a TileGrid over the font's glyph strip (a 2-colour palette), the way
CircuitPython's own terminal draws text: a new text rewrites tile numbers and allocates
nothing. Rows 1..6 of the grid are the seat rows on a table, row 8 the event line (a row costs
heap on a board): their Groups change scale and place when the screen kind changes.

Items: the hand's slots are TileGrids over one card sheet (hal/render/art.py: 18 faces, the back,
the five buttons, drawn at start-up), each slot with its own 4-colour palette: a card (13
wide) in its value's colour with the number printed, its icon (circle, square, star; a llama;
both values of a double); an action button (a TileGrid of two tiles, in a Group of its own:
at half the cards' scale where the row is narrow, two stacked in a card's width) blue with its
name, yellow under the cursor. Cards you may play are bright and raised, the others dim; the cursor is a white frame
alone (a card it cannot play stays dim). Whether an item is playable or the cursor changes
only palette entries and its height. Items that do not fit scroll so that the cursor stays
visible, with ``<`` / ``>`` at the cut ends. Motion (play/motion.py) moves one card or one
token on top of everything.

Touch: ``Screen.hit(x, y)`` tells what a display pixel shows (a line, an item, a part of the
footer: the input its label names), from the objects' own places, scales and tiles, the
footer's text and the row's scroll (hal/render/hit.py, loaded for a tap and dropped after it).

Heap on CircuitPython 10.2.1 (32-bit, its displayio C objects): see docs/FIGURES.md; a
redraw of an unchanged or cursor-moved View allocates 0 bytes (tests/test_hal_micropython.py).
"""

try:
    from typing import TYPE_CHECKING
except ImportError:  # CircuitPython
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:  # the annotations of Renderer (hal/render/build.py imports displayio itself)
    import displayio

import gc

import hal
from engine import cards
from hal.render import art
from play import view as _view

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

WIDTH = const(160)
HEIGHT = const(128)


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


def _place(g, x, y, scale):
    """Move Group ``g`` (only what changed)."""
    if g.scale != scale:
        g.scale = scale
    if g.x != x:
        g.x = x
    if g.y != y:
        g.y = y


def item_width(code):
    """An item's width in the row: a card, or an action button."""
    return art.CARD_W if code < _view.FIRST_ITEM else art.BUTTON_W


class Renderer:
    """The display's object tree for a View; ``group`` goes on the display."""

    # The parts, made by hal/render/build.py's build() and taken by the constructor, in this order
    # (annotations only: nothing at run time on CircuitPython). What hal/render/hit.py, the tools
    # and the tests read of the screen is here, by name (a TileGrid's palette: its pixel_shader);
    # what the renderer remembers of the last View it drew (to redraw only what changed) is its
    # own and private (its buffers come from build() too, made beside their parts).
    scale: "int"  # the layout: the root's scale (a display twice 320x240 or more)
    width: "int"  # the laid-out screen, in the root's pixels
    height: "int"
    footer_y: "int"  # the footer bar's top
    lines_y: "int"  # text screens: the first line's band, the bands' pitch
    pitch: "int"
    zoom: "int"  # the hand's scale (the cards' size)
    row_w: "int"  # the item row's width, in its own pixels
    more: "str"  # a language's letters beyond ASCII: the strip's cells from 103 (hal/render/glyphs.py)
    speech: "str"  # the words it draws (a View's ``speech``: its language's, play/view.py's SPEECH)
    parts: "tuple"  # the places of the text rows, title, seats, event line; the travellers' scales
    strip: "displayio.Bitmap"  # the font's glyphs and the game's (hal/render/build.font_strip)
    sheet: "displayio.Bitmap"  # the card faces, the back, the buttons (hal/render/art.py)
    group: "displayio.Group"  # the root, on the display
    bars: "tuple[displayio.TileGrid, displayio.TileGrid, displayio.TileGrid]"  # title, footer, cursor
    table_group: "displayio.Group"  # a table screen's seats, panel and meter
    lines: "tuple[displayio.Group, displayio.Group]"  # text rows 1..6 and 7..8 (a table: seats, event)
    heads: "tuple[displayio.Group, displayio.Group]"  # the title's row, the footer's
    hand: "displayio.Group"  # the item row's cards
    keys: "displayio.Group"  # its action buttons (at half the cards' scale where the row is narrow: stacked)
    movers: "displayio.Group"  # the travelling card and token (play/motion.py)
    panel: "displayio.Group"  # the pile, the top card, the token rows
    seat_bar: "displayio.TileGrid"  # behind the seat to act
    stripe_pal: "displayio.Palette"  # the seats' colour stripes, an entry a seat
    seat_magic: "displayio.TileGrid"  # the magic star of each seat
    pile: "displayio.TileGrid"
    top: "displayio.TileGrid"  # the top card, in top_group (its zoom)
    top_group: "displayio.Group"
    meter_group: "displayio.Group"  # the show meter
    meter: "displayio.TileGrid"  # its five pips
    # text rows: title, lines 1..8, footer, the pile's count, stage, yours, then a menu's lines 9.. where
    # the height holds them (line i: row i + 1, from line 9 row i + 5; len(rows) - 5 lines in all)
    rows: "list[displayio.TileGrid]"
    row_cells: "bytearray"  # each row's width in characters
    slots: "list[displayio.TileGrid]"  # the item row's slots: the cards', then the buttons' (KEYS, two tiles each)
    arrows: "list[displayio.TileGrid]"  # "<" and ">" at the row's cut ends
    mover: "displayio.TileGrid"  # a travelling card
    mover_token: "displayio.TileGrid"  # a travelling token
    # What it drew last (public where hal/render/hit.py reads it).
    row_text: "list[str]"  # the text each row shows
    item_slot: "bytearray"  # visible item k's slot
    first: "int"  # the first item shown when the row scrolls
    last: "int"  # one past the last item shown

    def __init__(self, width=WIDTH, height=HEIGHT, font=None, more="", speech=None):
        # The parts are made by hal/render/build.py, start-up code dropped once it is done.
        from hal.render import build

        (
            self.scale, self.width, self.height, self.footer_y, self.lines_y, self.pitch, self.zoom, self.row_w,
            self.parts, self.strip, self.sheet, self.group, self.bars, self.table_group, self.lines, self.heads,
            self.hand, self.keys, self.movers, self.panel, self.seat_bar, self.stripe_pal, self.seat_magic, self.pile,
            self.top, self.top_group, self.meter_group, self.meter, self.rows, self.row_cells, self.slots, self.arrows,
            self.mover, self.mover_token,
            self._seat_sig, self._seat_names, self.row_text, self._row_rgb, self._token_sig, self._slot_code,
            self._slot_look, self.item_slot,
        ) = build.build(width, height, font, more, speech)  # fmt: skip
        self.more = more  # (the text rows look a language's letters up in it)
        self.speech = speech or _view.SPEECH  # the words it draws (the buttons' on the card sheet)
        del build
        hal.forget("hal.render.build")
        hal.forget("hal.render.sheet")  # (its drawing code, which build used)
        # What each piece shows, to redraw only what changes (-1, None: nothing drawn yet; the
        # buffers of the rows, seats and slots came with their parts, in the same state).
        self._title_bg = art.TITLE_BG
        self._stripes_shown = 6
        self._top_code = self._pile_count = self._stage_count = self._mover_sig = -1
        self._table_rows = None  # rows 1..8 are where neither screen kind wants them yet
        self.first = self.last = 0

    # ---- the table -------------------------------------------------------------------
    def _tokens(self, k, speech, counts, shown):
        """Token line ``k`` (0 the stage, 1 your tokens): ``counts`` is whites, blacks, magic.

        "Stage W3 B0 M": the label, then each token's glyph (play/view.py's) followed by its count,
        a blank cell between a count and the next token; the magic token when it is there."""
        r = 11 + k
        if not shown:
            self._hide_row(r)
            return
        sig = counts[0] | counts[1] << 8 | counts[2] << 16
        text = self.row_text[r]
        if sig != self._token_sig[k] or text == "\x00":  # (new counts, or another language: sheet.speak)
            self._token_sig[k] = sig
            label = _view.cut(speech, _view.SPEECH_PANEL + k)  # ("Stage", "You": the View's language)
            text = "%s \x05%d \x06%d \x07" % (label, min(counts[0], 99), min(counts[1], 99))
            if not counts[2]:
                text = text[:-2]
            if len(text) > self.row_cells[r]:  # (two digits and the magic on the stage: the label meets its token)
                text = text.replace(" ", "", 1)
        self._row(r, text, art.COLORS[0])

    def seats(self, view):
        n = view.seats
        if n != self._stripes_shown:  # the stripes of empty seats turn transparent
            self._stripes_shown = n
            for q in range(6):
                if q < n:
                    self.stripe_pal.make_opaque(q + 1)
                else:
                    self.stripe_pal.make_transparent(q + 1)
        magic_col = self.seat_magic
        for q in range(6):
            r = 1 + q
            if q >= n:
                self._hide_row(r)
                if magic_col[q] != art.NO_TOKEN:
                    magic_col[q] = art.NO_TOKEN
                continue
            flags = view.seat_flags[q]
            sig = view.seat_cards[q] | (min(view.points[q], 0xFFFF) << 8) | (flags << 24)
            text = self.row_text[r]
            if sig != self._seat_sig[q] or view.names[q] is not self._seat_names[q]:
                self._seat_sig[q] = sig
                self._seat_names[q] = view.names[q]
                hand = "out" if flags & _view.SEAT_OUT else "%d\x08" % view.seat_cards[q]  # (a card: a glyph)
                # (The name padded by hand: CircuitPython's "%-5s" counts bytes, not letters.)
                # (Points in 3 cells, the magic star's cell after them: a blank one between them.)
                text = (view.names[q] + "     ")[:5] + "%3s%3d" % (hand, view.points[q])
            out = flags & _view.SEAT_OUT
            self._row(
                r, text, art.OUT_FG if out else art.COLORS[_view.HIGHLIGHT] if q == view.to_act else art.COLORS[0]
            )
            tile = art.MAGIC if flags & _view.SEAT_MAGIC else art.NO_TOKEN
            if magic_col[q] != tile:
                magic_col[q] = tile
        x, y, _, step, _ = self.parts[2]
        _bar_at(self.seat_bar, y + view.to_act * step if 0 <= view.to_act < n else -1)

    def _table(self, view):
        self.seats(view)
        # The pile and its count; in a magic show "SHOW!" lies where the pile was (nobody draws).
        show = view.show
        pile = self.pile
        if pile.hidden != show:
            pile.hidden = show
        if show:
            self._pile_count = -1
            self._row(10, "SHOW!", art.SHOW_FG)
        else:
            text = self.row_text[10]
            if view.pile != self._pile_count:
                self._pile_count = view.pile
                text = "%2d" % view.pile
            self._row(10, text, art.COLORS[0])
        if view.top != self._top_code:
            self._top_code = view.top
            self.top[0] = view.top
            art.card_colors(self.top.pixel_shader, view.top)
        self._tokens(0, view.speech, view.stage, True)
        self._tokens(1, view.speech, view.mine, view.has_mine)
        # The show meter: a lit pip a token on the stage, of the five that start a show; none
        # before the stage holds a token (and so never in Classic L.L.A.M.A., which has no stage).
        stage = view.stage[0] + view.stage[1] + view.stage[2]
        sig = 5 if show else min(stage, 5)
        if self.meter_group.hidden != (stage == 0 and not show):
            self.meter_group.hidden = stage == 0 and not show
        if sig != self._stage_count:
            self._stage_count = sig
            for i in range(5):
                self.meter[i] = art.PIP_ON if i < sig else art.PIP_OFF
        self._row(8, view.event, art.COLORS[view.event_color] if view.event_color < 6 else art.COLORS[0])

    # ---- text rows -------------------------------------------------------------------
    def _row(self, r, text, fg):
        row = self.rows[r]
        if row.hidden:
            row.hidden = False
        if fg != self._row_rgb[r]:
            row.pixel_shader[1] = fg
            self._row_rgb[r] = fg
        if text == self.row_text[r]:
            return
        self.row_text[r] = text
        n = len(text)
        for i in range(self.row_cells[r]):
            ch = ord(text[i]) if i < n else 32
            # The strip's cell: ASCII, the game's glyphs, a language's letters (``more[k]``: 103 + k), else "?".
            t = ch - 32 if 32 <= ch < 127 else 94 + ch if 0 < ch < 9 else (self.more.find(text[i]) + 1 or -71) + 102
            if row[i] != t:
                row[i] = t

    def _hide_row(self, r):
        if not self.rows[r].hidden:
            self.rows[r].hidden = True

    def _head(self, k, text, fg, table):
        """The title (k 0) or the footer (k 1), at the bars' scale on every screen: a text longer
        than the bar holds is cut (the texts are written to fit)."""
        bar, low, x0, room = self.parts[1]
        if not (table and k == 0):  # (a table's title ends before the show meter)
            room = self.width - 4
        n = room // (art.GLYPH_W * bar)
        if len(text) > n:
            text = text[:n]
        n = len(text)
        x = 2 if table and k == 0 else x0 if bar == low else (self.width - n * art.GLYPH_W * bar) // 2
        _place(self.heads[k], x, 0 if k == 0 else self.footer_y, bar)
        self._row(9 * k, text, fg)

    def _place_rows(self, table):
        """Rows 1..8: the grid's lines, or the seats (1..6) and the event line (8) of a table (a
        menu's more lines hidden)."""
        if self._table_rows == table:
            return
        self._table_rows = table
        # The item row: a table's hand, or a text screen's cards (smaller where the lines need it).
        z, y, page, low = self.parts[5]
        m = self.parts[4][2]  # the buttons' scale
        if not table:
            z, y, m = page, low, min(m, page)
        _place(self.hand, 0, y, z)
        _place(self.keys, 0, y, m)
        self.row_w = self.width // z
        self.arrows[1].x = self.row_w - art.GLYPH_W
        a, b = self.lines
        if table:
            x, y, s, step, head = self.parts[2]
            _place(a, 0, head, s)
            u, v, e = self.parts[3]
            _place(b, u, v, e)
            for q in range(6):
                row = self.rows[1 + q]
                row.x = x
                row.y = y + q * step
            self.rows[8].y = 0
            self._hide_row(7)
            for r in range(13, len(self.rows)):
                self._hide_row(r)
            return
        x0, y0, s, pitch = self.parts[0]
        _place(a, x0, y0, s)
        _place(b, x0, y0 + 6 * pitch * s, s)
        for i in range(len(self.rows) - 5):  # (lines 1..6 in one group, 7.. in the other)
            row = self.rows[i + 1 if i < 8 else i + 5]
            row.x = 0
            row.y = (i if i < 6 else i - 6) * pitch

    # ---- item tiles --------------------------------------------------------------------
    def _look(self, j, code, playable, cursor):
        """Colours of slot ``j``: only when they changed."""
        look = (1 if playable else 0) | (2 if cursor else 0) | (4 if code >= _view.FIRST_ITEM else 0)
        if look == self._slot_look[j]:
            return
        self._slot_look[j] = look
        pal = self.slots[j].pixel_shader
        if look & 4:
            ink, body, frame = art.BUTTON_ON if playable else art.BUTTON_OFF
            if cursor:
                ink, body = art.BUTTON_CURSOR
                if not playable:
                    body = art.BUTTON_CURSOR_OFF
                frame = art.FRAME_CURSOR
            pal[art.INK] = ink
            pal[art.BODY] = body
            pal[art.FRAME] = frame
        else:  # the cursor is the frame alone: bright and raised say "playable", nothing else
            art.card_colors(pal, code, playable)
            frame = art.CARD_FRAME if playable else art.CARD_FRAME_OFF
            if cursor:
                frame = art.FRAME_CURSOR if playable and code == cards.LLAMA else art.CARD_CURSOR
            pal[art.FRAME] = frame

    def _wide(self, view, i, first):
        """The width item ``i`` adds to the row (its gap after it included), ``first`` the first shown:
        a card, a button, or a stacked button (two in a card's width: the second adds nothing)."""
        code = view.cards[i]
        if code < _view.FIRST_ITEM:
            return art.CARD_W + art.GAP
        if self.keys.scale == self.hand.scale:
            return art.BUTTON_W + art.GAP
        k = i  # (the first button: the top of a pair, the third too)
        while k > 0 and view.cards[k - 1] >= _view.FIRST_ITEM:
            k -= 1
        return art.CARD_W + art.GAP if i == first or (i - k) % 2 == 0 else 0

    def _span(self, view, i, j):
        """Width of items i..j-1 with the gaps between them."""
        w = -art.GAP
        for k in range(i, j):
            w += self._wide(view, k, i)
        return w

    def fits(self, view, i, j, room):
        """Items i..j-1 fit in ``room`` pixels and in the slots (the cards' and the buttons')."""
        n = 0
        for k in range(i, j):
            n += 1 if view.cards[k] < _view.FIRST_ITEM else 64
        return n % 64 <= len(self.slots) - art.KEYS and n // 64 <= art.KEYS and self._span(view, i, j) <= room

    def _items(self, view):
        n = view.ncards
        cur = view.card_cursor if 0 <= view.card_cursor < n else -1
        if n == 0:
            first = last = 0
        elif self.fits(view, 0, n, self.row_w):
            first, last = 0, n
        else:
            room = self.row_w - 2 * art.ARROW_W
            first = min(max(self.first, 0), n - 1)
            if cur >= 0:
                if cur < first:
                    first = cur
                while not self.fits(view, first, cur + 1, room):
                    first += 1
            last = first + 1
            while last < n and self.fits(view, first, last + 1, room):
                last += 1
            while first > 0 and self.fits(view, first - 1, last, room):
                first -= 1
        self.first = first
        self.last = last
        x = 0
        if last > first:
            span = self._span(view, first, last)
            x = (self.row_w - span) // 2
            if first > 0 or last < n:
                x = art.ARROW_W + (self.row_w - 2 * art.ARROW_W - span) // 2
        slot = self.slots
        z = self.hand.scale
        m = self.keys.scale
        c = 0  # the next card slot
        b = len(slot) - art.KEYS  # the next button's
        for i in range(first, last):
            code = view.cards[i]
            playable = view.marks[i] & _view.PLAYABLE
            y = 0 if playable else art.RAISE
            if code < _view.FIRST_ITEM:
                j = c
                c += 1
                t = code
            else:  # a button: its two tiles, in the buttons' group
                j = b
                b += 1
                t = art.BUTTONS + 2 * (code - _view.FIRST_ITEM)
            tg = slot[j]
            self.item_slot[i - first] = j
            if t != self._slot_code[j]:
                self._slot_code[j] = t
                tg[0] = t
                if j >= len(slot) - art.KEYS:
                    tg[1] = t + 1
                self._slot_look[j] = 0xFF  # a card or a button: redo the colours too
            self._look(j, code, playable, i == cur)
            u = x
            w = self._wide(view, i, first)
            if j >= len(slot) - art.KEYS:  # the buttons' units
                if m != z:  # stacked: the top one, the bottom one (beside the one above), or one alone
                    if not w:
                        u -= art.CARD_W + art.GAP
                    y = (art.CARD_H + art.RAISE) * z // m - art.CARD_H
                    if w:
                        y = 0 if i + 1 < last and not self._wide(view, i + 1, first) else y // 2
                u = u * z // m
            if tg.x != u:
                tg.x = u
            if tg.y != y:
                tg.y = y
            if tg.hidden:
                tg.hidden = False
            x += w
        for k in range(len(slot)):
            if (c <= k < len(slot) - art.KEYS or k >= b) and not slot[k].hidden:
                slot[k].hidden = True
        left = first > 0
        if self.arrows[0].hidden == left:
            self.arrows[0].hidden = not left
        if self.arrows[1].hidden == (last < n):
            self.arrows[1].hidden = last >= n

    # ---- the whole screen --------------------------------------------------------------
    def draw(self, view):
        table = view.seats > 0
        if self.table_group.hidden == table:
            self.table_group.hidden = not table
        self._place_rows(table)
        self._head(0, view.title, art.TITLE_FG, table)
        title_bg = art.SHOW_BG if table and view.show else art.TITLE_BG
        if self._title_bg != title_bg:
            self._title_bg = title_bg
            self.bars[0].pixel_shader[0] = title_bg  # type: ignore[index, assignment]  # (a bar's shader: a Palette)
        if table:
            self._table(view)
        elif not self.seat_bar.hidden:
            self.seat_bar.hidden = True
        n = len(self.rows) - 5  # (the lines this screen has)
        lines = 0 if table else _view.LINES_WITH_CARDS if view.ncards else min(n, len(view.lines))
        cursor = view.line_cursor if 0 <= view.line_cursor < lines else -1
        _bar_at(self.bars[2], self.lines_y + cursor * self.pitch if cursor >= 0 else -1)
        colors = view.colors
        for i in range(0 if table else n):  # (a table's rows 1..8 are its seats and event)
            r = i + 1 if i < 8 else i + 5
            if i >= lines:
                self._hide_row(r)
            elif i == cursor:
                self._row(r, view.lines[i], art.CURSOR_FG)
            else:
                self._row(r, view.lines[i], art.COLORS[colors[i]] if colors[i] < 6 else art.COLORS[0])
        self._head(1, view.footer, art.FOOTER_FG, False)
        self._items(view)
        self._motion(view if table else None)

    # ---- where things are ------------------------------------------------------------
    def where(self, view, place, token):
        """The top-left corner, in the root's pixels, of the piece travelling at ``place`` (play.view)."""
        if place < 6:  # a seat: over its cards-in-hand column
            x, y, s, step, head = self.parts[2]
            return s * (x + 5 * art.GLYPH_W), head + s * (y + place * step + (1 if token else -5))
        panel = self.panel
        s = panel.scale
        if place == _view.PLACE_PILE:
            return panel.x + s * self.pile.x, panel.y + s * self.pile.y
        if place == _view.PLACE_TOP:
            top = self.top_group
            z = s * top.scale - self.zoom
            return panel.x + s * top.x + z * art.CARD_W // 2, panel.y + s * top.y + z * art.CARD_H // 2
        if place == _view.PLACE_STAGE:
            row = self.rows[11]  # the stage's white token
            return panel.x + s * (row.x + 6 * art.GLYPH_W), panel.y + s * row.y
        k = place - _view.PLACE_HAND - self.first  # an item of the row, where it is drawn
        hand = g = self.hand
        x = (self.row_w - art.CARD_W) // 2
        if 0 <= k < self.last - self.first:
            j = self.item_slot[k]
            x = self.slots[j].x
            if j >= len(self.slots) - art.KEYS:  # a button
                g = self.keys
        return g.x + g.scale * x, hand.y + hand.scale * art.RAISE

    # ---- motion ------------------------------------------------------------------------
    def _motion(self, view):
        kind = view.move if view is not None else 0
        token = kind == _view.MOVE_TOKEN
        card = self.mover
        tok = self.mover_token
        hide = kind == 0 or token
        if card.hidden != hide:
            card.hidden = hide
        if tok.hidden == token:
            tok.hidden = not token
        if not kind:
            return
        sig = kind << 8 | view.move_code
        pal: "displayio.Palette" = card.pixel_shader  # type: ignore[assignment]  # (a card's shader: a Palette)
        if sig != self._mover_sig:
            self._mover_sig = sig
            if token:
                tok[0] = (art.WHITE, art.BLACK_TOKEN, art.MAGIC)[view.move_code % 3]
            elif kind == _view.MOVE_BACK:
                card[0] = art.BACK
                for i in range(3):
                    pal[i] = art.PILE_COLORS[i]
            else:
                card[0] = view.move_code
                art.card_colors(pal, view.move_code)
                pal[art.FRAME] = art.CARD_CURSOR
        x0, y0 = self.where(view, view.move_from, token)
        x1, y1 = self.where(view, view.move_to, token)
        m = self.parts[4][1 if token else 0]
        if self.movers.scale != m:
            self.movers.scale = m
        t = view.move_step
        tg = tok if token else card
        x = (x0 + (x1 - x0) * t // 255) // m  # the movers' group has the piece's scale
        y = (y0 + (y1 - y0) * t // 255) // m
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y


class Screen:
    """``hw.screen`` on a displayio display: ``show(view)`` draws and refreshes once; ``hit(x, y)``."""

    motion = True  # play.motion.travel draws its frames here
    text = False  # a table screen is drawn from its table fields: the flow need not write text lines

    def __init__(self, display, font=None):
        self.display = display
        self.size = (display.width, display.height)
        self.view = None  # the View last shown (tests look at it)
        self.count = 0
        # Made now, in English, before the game's modules load: the objects that stay lie low on
        # the heap, under what comes and goes (made at the first show instead: 2 KB more of a board
        # flow's heap, measured). Another language draws into its bitmaps (hal/render/sheet.speak).
        self.renderer = Renderer(display.width, display.height, font)
        self.lines = len(self.renderer.rows) - 5  # a menu's lines (play/ui.py)
        display.root_group = self.renderer.group

    def show(self, view):
        r = self.renderer
        if view.more != r.more or view.speech != r.speech:  # another language (play/speak.py)
            gc.collect()  # (its code into the lowest free blocks, gone after: a German flow 1 KB less)
            from hal.render import sheet

            sheet.speak(r, view.more, view.speech)
            hal.forget("hal.render.sheet")  # (its drawing code: loaded for this, dropped)
        r.draw(view)
        self.view = view
        self.count += 1
        if not self.display.auto_refresh:
            self.display.refresh()

    def hit(self, x, y):
        """What display pixel x, y shows, as (kind, index) (hal/__init__.py's HIT_*): see hal/render/hit.py."""
        from hal.render import hit  # touch boards only: its code stays off a button board's heap

        found = hit.hit(self.renderer, self.view, x, y)
        hal.forget("hal.render.hit")  # (a tap is rare: its code loads for the moment, off the game's peak)
        return found
