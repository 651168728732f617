"""The start-up half of hal/render.py: the layout for the display's size and every object.

``build(r, width, height, font)`` fills a ``render.Renderer``: the layout, then the bars,
text rows, table layer, item slots, arrows and the travelling piece of a motion, each made
once. ``Renderer()`` runs it and then drops this module, so its code does not stay on the
heap of a board.

Layout: 160x128 is the reference (see hal/render.py). A display that holds it twice or
more over (320x256 ...) gets it scaled by a whole number ``k``; the logical screen is then
``width // k`` by ``height // k``. The title sits on top, the footer on the bottom edge, the
item row just above the footer. Where the logical screen has room for it (240 wide and
200 high or more: 240x240, 320x240) the cards are doubled: the item row is a group of
scale 2 (so fewer cards fit across and the row scrolls sooner) and the top card one of
scale 2 on the right, the seats and panels staying where they are.
"""

import displayio
import terminalio

import hal
from hal import cardart
from hal import render as R
from play import view as _view


def font_strip(font=None):
    """(bitmap, table): a one-row strip of 6x12 glyphs and the cell of each ASCII 32..126."""
    font = font or terminalio.FONT
    table = bytearray(95)
    strip = getattr(font, "bitmap", None)
    if isinstance(strip, displayio.Bitmap) and strip.height == R.ROW_H:
        default = 0
        g = font.get_glyph(63)  # "?"
        if g is not None:
            default = g.tile_index
        for i in range(95):
            g = font.get_glyph(32 + i)
            t = default if g is None else g.tile_index
            if t > 255 or (g is not None and g.width != R.GLYPH_W):
                break
            table[i] = t
        else:
            return strip, table
    # A font with a bitmap per glyph (Blinka's): copy them into a strip once.
    strip = displayio.Bitmap(R.GLYPH_W * 95, R.ROW_H, 2)
    for i in range(95):
        table[i] = i
        g = font.get_glyph(32 + i)
        if g is None:
            continue
        top = 0 if g.height >= R.ROW_H else max(0, 10 - g.height - g.dy)
        x0 = g.tile_index * g.width
        for y in range(min(g.height, R.ROW_H - top)):
            for x in range(min(g.width, R.GLYPH_W)):
                if g.bitmap[x0 + x, y]:
                    strip[i * R.GLYPH_W + x, top + y] = 1
    return strip, table


def layout(r, width, height):
    """The renderer's sizes and places for a ``width`` x ``height`` display (see above)."""
    k = max(1, min(width // R.WIDTH, height // R.HEIGHT))
    w = width // k
    h = height // k
    zoom = 2 if w >= 240 and h >= 200 else 1
    r.scale = k
    r.width = w  # the logical screen
    r.height = h
    r.zoom = zoom  # the cards' size: 1, or 2 on a big screen
    r.footer_y = h - R.ROW_H
    r.row_w = w // zoom  # the item row's width, in its own (zoomed) pixels
    # The item row's group: slots at y RAISE in it (raised ones up to 0), footer 1 pixel below.
    r.hand_y = r.footer_y - 1 - zoom * (R.SLOT_H + R.RAISE)
    r.top_x = R.TOP_X if zoom == 1 else w - zoom * R.TOP_W - 4
    r.top_y = R.TOP_Y
    return k


def build(r, width, height, font):
    k = layout(r, width, height)
    r.group = displayio.Group(scale=k, x=(width - r.width * k) // 2, y=(height - r.height * k) // 2)
    r.strip, r.table = font_strip(font)
    r._space = r.table[0]
    # Bars behind the text (title, footer, line cursor): tiles of one shared 8x12 bitmap of a
    # single colour, full width.
    bar = displayio.Bitmap(8, R.ROW_H, 1)
    r._bars = []
    r._bar_pals = []
    for y, color in ((0, R.TITLE_BG), (r.footer_y, R.FOOTER_BG), (R.ROW_H, R.CURSOR_BG)):
        pal = displayio.Palette(1)
        pal[0] = color
        tg = displayio.TileGrid(
            bar, pixel_shader=pal, width=(r.width + 7) // 8, height=1, tile_width=8, tile_height=R.ROW_H, y=y
        )
        r.group.append(tg)
        r._bars.append(tg)
        r._bar_pals.append(pal)
    r._cursor_bar = r._bars[2]
    r._title_pal = r._bar_pals[0]
    r._title_bg = R.TITLE_BG
    r._cursor_bar.hidden = True
    # Text rows (title, 8 lines, footer) are TileGrids over the font's own glyph strip, as
    # CircuitPython's terminal draws text: a row is 26 tile bytes and a palette (~150 bytes
    # on a board, against ~1.8 KB for an adafruit_display_text bitmap label, whose code
    # takes another 17 KB), and a new text only rewrites tile numbers.
    r._rows = []
    r._row_text = []
    r._row_rgb = []  # colour set, cached
    r._row_pals = []
    r._row_cells = bytearray(0)
    for i in range(10):
        new_row(r, R.CELLS_X, r.footer_y if i == 9 else i * R.ROW_H, R.CELLS, r.group)
    build_table(r)
    hand = displayio.Group(scale=r.zoom, y=r.hand_y)
    r.hand = hand
    r.group.append(hand)
    r._slots = []
    r._slot_bms = []
    r._slot_pals = []
    r._slot_code = bytearray(b"\xff" * R.SLOTS)
    r._slot_look = bytearray(b"\xff" * R.SLOTS)
    for _ in range(R.SLOTS):
        bm = displayio.Bitmap(R.SLOT_W, R.SLOT_H, 5)
        pal = displayio.Palette(5)
        pal.make_transparent(0)
        tg = displayio.TileGrid(bm, pixel_shader=pal, x=0, y=R.RAISE)
        tg.hidden = True
        hand.append(tg)
        r._slots.append(tg)
        r._slot_bms.append(bm)
        r._slot_pals.append(pal)
    r._arrow_pal = displayio.Palette(2)
    r._arrow_pal.make_transparent(0)
    r._arrow_pal[1] = R.ARROW
    r._arrows = []
    for x, ch in ((0, 60), (r.row_w - R.GLYPH_W, 62)):  # "<", ">"
        tg = displayio.TileGrid(
            r.strip,
            pixel_shader=r._arrow_pal,
            width=1,
            height=1,
            tile_width=R.GLYPH_W,
            tile_height=R.ROW_H,
            default_tile=r.table[ch - 32],
            x=x,
            y=R.RAISE + 5,
        )
        tg.hidden = True
        hand.append(tg)
        r._arrows.append(tg)
    r.first = 0  # the first item shown when the row scrolls
    r.last = 0  # one past the last item shown
    # Motion (play.view's move fields): one card-sized TileGrid and one token tile on top
    # of everything, in a group of the cards' size; drawn anew only when what travels changes.
    movers = displayio.Group(scale=r.zoom)
    r.group.append(movers)
    r._mover_bm = displayio.Bitmap(R.CARD_W, R.SLOT_H, 5)
    r._mover_pal = displayio.Palette(5)
    r._mover_pal.make_transparent(0)
    r._mover = displayio.TileGrid(r._mover_bm, pixel_shader=r._mover_pal)
    r._mover_token = displayio.TileGrid(
        r._sheet, pixel_shader=r._sheet_pal, tile_width=R.TOKEN_PITCH, tile_height=R.SEAT_H
    )
    for tg in (r._mover, r._mover_token):
        tg.hidden = True
        movers.append(tg)
    r._mover_sig = -1


def seat_cells(r):
    """Lay the seats out with adafruit_displayio_layout: ``r.seat_x``, ``r.seat_y`` (seat 0).

    A GridLayout of one column and six rows over the seats' part of the table (left of
    the panel, SEAT_H a row, the stripe in the cells' padding) places one probe tile a seat;
    the places are kept and the grid goes. Kept on the screen, the library would stay on
    the heap: its code costs ~5 KB there on CircuitPython (measured with tools/cpboard.py,
    .mpy), a twentieth of what the whole game may use, for a layout that never changes.
    So it runs here, at start-up, and hal/render.py drops it with this module. Without
    the library (not installed, or a board without ``vectorio``, which it imports) the
    cells are the reference layout's.
    """
    r.seat_x = R.SEAT_X
    r.seat_y = R.SEAT_Y
    try:
        from adafruit_displayio_layout.layouts.grid_layout import GridLayout
    except ImportError:
        return False
    pad = R.SEAT_X
    grid = GridLayout(
        x=0, y=R.SEAT_Y - pad, width=R.PANEL_X, height=6 * R.SEAT_H, grid_size=(1, 6), cell_padding=pad
    )
    dot = displayio.Bitmap(1, 1, 1)
    pal = displayio.Palette(1)
    probes = []
    for q in range(6):
        probe = displayio.TileGrid(dot, pixel_shader=pal)
        grid.add_content(probe, grid_position=(0, q), cell_size=(1, 1), layout_cells=q == 5)
        probes.append(probe)
    r.seat_x = grid.x + probes[0].x
    r.seat_y = grid.y + probes[0].y
    for q in range(6):  # the grid's rows are the seat rows (a seat's tiles are SEAT_H high)
        if (probes[q].x, probes[q].y) != (probes[0].x, probes[0].y + q * R.SEAT_H):
            raise ValueError("seat %d's cell is not a seat row" % q)
    del grid, probes, GridLayout
    hal.forget("adafruit_displayio_layout")  # the library's package, layouts and grid_layout
    return True


def build_table(r):
    """The table layer (hidden on text screens): built once, updated in place.

    Few objects, as each costs heap on a board: the six colour stripes are
    one TileGrid over one bitmap (a palette entry a seat), the magic
    tokens of the seats one TileGrid of six tiles, a token line one text
    row with one TileGrid of three icons laid over its blank cells.
    """
    seat_cells(r)
    t = displayio.Group()
    r.table_group = t
    r.group.append(t)
    bar = displayio.Bitmap(8, R.SEAT_H, 1)  # seat rows are 11 apart: so is the bar
    pal = displayio.Palette(1)
    pal[0] = R.SEAT_BAR
    r._seat_bar = displayio.TileGrid(bar, pixel_shader=pal, width=10, height=1, tile_width=8, tile_height=R.SEAT_H)
    r._seat_bar.hidden = True
    r.group.insert(len(r._bars), r._seat_bar)  # behind the text rows
    stripes = displayio.Bitmap(2, 6 * R.SEAT_H, 7)
    for q in range(6):
        cardart.fill(stripes, 0, q * R.SEAT_H + 1, 2, q * R.SEAT_H + R.SEAT_H - 1, q + 1)
    r._stripe_pal = displayio.Palette(7)
    r._stripe_pal.make_transparent(0)
    for q in range(6):
        r._stripe_pal[q + 1] = _view.SEAT_COLORS[q]
    t.append(displayio.TileGrid(stripes, pixel_shader=r._stripe_pal, x=r.seat_x - 2, y=r.seat_y))
    r._stripes_shown = 6
    sheet = displayio.Bitmap(4 * R.TOKEN_PITCH, 11, 5)
    cardart.tokens(sheet, R.TOKEN_PITCH)
    tpal = displayio.Palette(5)
    tpal.make_transparent(0)
    for i in range(4):
        tpal[i + 1] = R.TOKEN_COLORS[i]
    r._sheet = sheet
    r._sheet_pal = tpal
    r._seat_magic = displayio.TileGrid(
        sheet, pixel_shader=tpal, width=1, height=6, tile_width=R.TOKEN_PITCH, tile_height=R.SEAT_H,
        default_tile=3, x=r.seat_x + R.SEAT_CELLS * R.GLYPH_W, y=r.seat_y,
    )
    t.append(r._seat_magic)
    # The seats and the event line are the grid's line rows 1..6 and 8, moved: a table
    # screen shows no lines, and a row costs a few hundred bytes of heap.
    r._seat_rows = bytes((1, 2, 3, 4, 5, 6))
    r._seat_sig = [-1] * 6  # what each seat row shows, to redraw only changes
    r._seat_names = [None] * 6
    back = displayio.Bitmap(R.CARD_W, R.SLOT_H, 4)
    cardart.back(back, R.CARD_W, R.SLOT_H)
    pal = displayio.Palette(4)
    pal.make_transparent(0)
    for i in range(3):
        pal[i + 1] = R.PILE_COLORS[i]
    r._pile = displayio.TileGrid(back, pixel_shader=pal, x=R.PILE_X, y=R.PILE_Y)
    t.append(r._pile)
    r._pile_row = new_row(r, R.PILE_X - 4, R.PILE_Y + R.SLOT_H + 1, 5, t)
    r._pile_count = -1
    r._top_bm = displayio.Bitmap(R.TOP_W, R.TOP_H, 5)
    r._top_pal = displayio.Palette(5)
    r._top_pal.make_transparent(0)
    r._top_pal[cardart.FRAME] = R.CARD_FRAME
    r._top = displayio.TileGrid(r._top_bm, pixel_shader=r._top_pal)
    top = displayio.Group(scale=r.zoom, x=r.top_x, y=r.top_y)
    top.append(r._top)
    t.append(top)
    r._top_code = -1
    # Token lines (the stage, your tokens): "Stage" 4 1 with the icons over cells 5, 8, 11.
    r._token_rows = bytearray(2)
    r._token_icons = []
    r._token_sig = [-1] * 2
    for k in range(2):
        y = (R.STAGE_Y, R.MINE_Y)[k]
        r._token_rows[k] = new_row(r, R.PANEL_X, y - 2, 13, t)
        tg = displayio.TileGrid(
            sheet, pixel_shader=tpal, width=3, height=1, tile_width=R.TOKEN_PITCH, tile_height=R.SEAT_H,
            x=R.PANEL_X + 5 * R.GLYPH_W - 1, y=y - 1,
        )
        tg[0] = 0
        tg[1] = 1
        tg[2] = 2
        t.append(tg)
        r._token_icons.append(tg)
    r._event_row = 8
    t.hidden = True
    r._table_rows = False  # rows 1..8 are where the table wants them


def new_row(r, x, y, cells, parent):
    """A text row of ``cells`` characters at x, y in ``parent``; returns its number."""
    pal = displayio.Palette(2)
    pal.make_transparent(0)
    row = displayio.TileGrid(
        r.strip,
        pixel_shader=pal,
        width=cells,
        height=1,
        tile_width=R.GLYPH_W,
        tile_height=R.ROW_H,
        default_tile=r._space,
        x=x,
        y=y,
    )
    parent.append(row)
    r._rows.append(row)
    r._row_text.append("")
    r._row_rgb.append(-1)
    r._row_pals.append(pal)
    r._row_cells.append(cells)
    return len(r._rows) - 1
