"""The start-up half of hal/render/__init__.py: the layout for the display's size, and every display object.

``render.Renderer()`` calls these functions once, keeps what they return, and drops this module
(``hal.forget``): its code does not stay on a board's heap. Nothing here imports hal/render/__init__.py.

**The layout** (:func:`plan`) is computed from the size, each piece of the screen at the
largest whole scale (a displayio Group's ``scale``: it costs no heap) that leaves room for
the others, at every size the same rules. Each role (the title, the footer, the lines, the
seats, the panel's pile and tokens, the top card, the hand and its buttons, the event) keeps
its scale on every screen of the game: none is chosen per text (a text longer than its role
holds is cut, hal/render/__init__.py; the texts are written to fit):

* Text screens (menus, messages, hand-offs, summaries, the rules): the 26-column grid
  (play/view.py) at scale ``text``, the largest at which 26 columns and 10 rows fit, centred
  across; the title and footer bars (on a table too) one scale more where 26 columns (and a
  table's title of 21 with the show meter) fit at it and the height allows, the lines spread
  over the height between them at a pitch of up to 1.5 rows; a menu has as many lines as that
  height holds at that pitch (11 at 240x240, 9 at 480x320; 8 elsewhere).
* The table (a turn, a bot's move, a motion): the seats on the left (a row each: a colour
  stripe, name, cards in hand, points, the magic star) at scale ``seat``; beside them the
  panel at scale ``sc`` (the seats' where it fits beside them, 78 wide): the pile and its
  count, the top card (``big`` times a card, at most twice a card of the hand), the stage
  and your tokens, in two columns where it is narrow, three where it is wide; under them the
  last event at ``ev`` (where the height has no row for it: beside the seats, under the panel),
  then the hand at ``hand``, above the footer. The scales are chosen together: the smaller of
  the seats' and the hand's as large as it can be, then the hand, the seats, the event; height
  left over spreads the seat rows (up to half a row more). 7 cards, Draw and Quit need 159
  pixels of the row's art: where the row is narrower at the hand's scale, the buttons are at
  half of it (``key``), two stacked in a card's width (7 cards and the buttons: 118), so the
  hand and its buttons show whole. A text screen's cards are at the hand's scale where its
  six lines fit above them, else smaller (``page``). The card slots are as many as the row
  holds (8 at most), the buttons have three of their own (a fourth scrolls in).
  The show meter (five pips: how many tokens the stage holds of the five that start a show)
  sits at the right of the title bar.
* A display at least twice 320x240 (640x480 ...) is laid out as its half, scaled by 2.

At 160x128 every scale is 1 (a PyBadge: the reference; the top card 2x); at 240x135 too but the
hand 2x on a table (its buttons 1x, stacked; the top card 2x, the event beside the seats; a text
screen's cards 1x); at 240x240 the text and the bars 1x (26 columns at 2x would take 312 pixels),
the seats and the hand 2x (its buttons 1x, stacked), the panel 1x beside the seats, the top card
3x; at 320x240 the text, bars, seats, panel and hand 2x, the top card 4x; at 480x320 the text,
seats, panel and event 2x, the bars 3x, the hand 4x (its buttons 2x, stacked), the top card 6x.

The plan's keys are words the game already has (``head``, ``tail``, ``step``...): on CircuitPython
every name and short string is interned for good (qstrs), and a new one costs heap for the whole
run; local names reuse the game's short names for the same reason (a ``.py`` build interns them).
Its numbers: ``scale`` the root's scale, ``w`` x ``h`` the laid-out screen and ``x``, ``y`` its place;
``text`` the text's scale, ``bar`` the bars', ``head`` their height, ``tail`` the footer's top,
``pitch`` and ``y1`` the lines' pitch and first band, ``x0`` their left, ``lines`` a menu's lines;
``seat`` and ``step`` the seats' scale and pitch, ``hand`` and ``band`` the hand's scale and top,
``key`` the buttons' scale, ``page`` and ``bottom`` a text screen's cards' scale and top, ``ev``,
``event`` and ``left`` the event row's scale, top and left, ``slot`` the hand's card slots, ``end``
the title's right end (the show meter there); the panel (:func:`panel`): ``sc`` its scale, ``xx``,
``yy`` its place, ``big`` the top card's zoom, ``top``, ``pile``, ``count``, ``stage``, ``mine``
its pieces' places.
"""

import gc

import displayio
import terminalio

import hal
from hal.render import art
from hal.render.sheet import bitmaptools, card, fill, icon, letters
from hal.render.sheet import buttons as sheet_buttons
from play import view as _view

# The token icons (hal/render/art.py's token sheet), 5 pixels wide as a glyph's ink: beside text
# they keep its 1-pixel spacing.
_DISC = b"\x38\x7c\x7c\x7c\x38\x00\x00"  # a token's shape (columns 0..4 of a 7x7 mask)
_RING = b"\x38\x44\x44\x44\x38\x00\x00"  # an unlit pip
_STAR = b"\x10\x7c\x38\x28\x44\x00\x00"  # the magic token, filled


def plan(width, height):
    """The layout of a ``width`` x ``height`` display (see the module docstring), as a dict of numbers."""
    k = max(1, min(width // 320, height // 240))
    w = width // k
    h = height // k
    text = max(1, min((w - 4) // 156, h // 120))  # 26 columns and 10 rows of the 6x12 font
    # The title and footer bars: one scale for every screen, the largest at which 26 columns fit
    # (a table's title: 21 and the show meter), 8 lines at ``text`` between them.
    bar = text + 1 if 157 * (text + 1) + 4 <= w and 24 * (text + 1) + 96 * text <= h else text
    head = 12 * bar  # the title and footer bars' height
    best = None
    for seat in (1, 2, 3, 4):  # the seats, and the panel beside them (78 wide at least)
        for hand in range(1, text + 3):  # (cards beyond two steps over the text would leave the row too few)
            for ev in range(1, min(seat, bar) + 1):  # (the event never outgrows the seats)
                row = h - 2 * head - (art.CARD_H + art.RAISE) * hand - 1  # above the hand
                free = row - 6 * art.SEAT_H * seat - 12 * ev - 2
                if free < 0 and art.SEAT_W * seat + 158 * ev <= w:  # the event beside the seats, under the panel
                    free = row - 6 * art.SEAT_H * seat
                fits = art.SEAT_W * seat + 78 + 2 <= w and (hand == 1 or w // hand >= 120) and 156 * ev + 4 <= w
                score = (min(seat, hand), hand, seat, ev)
                if fits and free >= 0 and (best is None or score > best[0]):
                    best = (score, seat, hand, ev, free)
    _, seat, hand, ev, free = best or ((0,), 1, 1, 1, 0)  # (a display under 160x128: as at 160x128)
    # Beside the seats: the event row at the bottom of their height, right of them.
    side = h - 2 * head - (art.CARD_H + art.RAISE) * hand - 1 - 6 * art.SEAT_H * seat - 12 * ev - 2 < 0
    # The seat rows' pitch: up to half a row more where the height allows.
    step = art.SEAT_H + min(free // (6 * seat), art.ROW_H // 2 - 1)
    free -= 6 * seat * (step - art.SEAT_H)
    tail = h - head  # the footer bar's top
    # The buttons: at the hand's scale in its row, or (a row too narrow for 7 cards and two buttons
    # side by side, 159 pixels of art) at half of it, two stacked in a card's width.
    key = hand // 2 if 159 * hand > w and hand % 2 == 0 else hand
    # A text screen's cards: at the hand's scale where its six lines fit above them, else smaller.
    page = hand
    while page > 1 and h - 2 * head - (art.CARD_H + art.RAISE) * page - 1 < 72 * text:
        page -= 1
    hb = tail - 1 - (art.CARD_H + art.RAISE) * hand  # the hand's band: raised cards at its top
    e = head + 6 * step * seat + free // 2  # the event row, halfway down the room the seats and the hand leave
    if side:
        e = head + 6 * step * seat - 12 * ev
    # Text lines: a pitch of at least a row, at most 1.5 rows; 8 lines above the footer, or 6
    # above the hand (a screen with cards), centred between the bars where there is room.
    # Less than a row to spare (160x128: the 26x10 grid exactly): the lines sit under the title.
    pb = tail - 1 - (art.CARD_H + art.RAISE) * page  # a text screen's cards' band
    p = max(12 * text, min((tail - head) // 8, (pb - head) // 6, 18 * text)) if tail - head >= 108 * text else 12 * text
    p -= p % text
    # A menu's lines: as many as the height holds at that pitch, 8 to 11 (the game's menu whole: 11
    # entries on a board with lights and a speaker; a line more is a row's ~150 bytes of heap), the
    # grid of them centred (a text of 8 lines sits at its top).
    n = max(_view.LINES, min(11, (tail - head) // p))
    y1 = head + max(0, min((tail - head - n * p) // 2, pb - head - 6 * p)) if tail - head >= 108 * text else head
    out = {
        "scale": k, "w": w, "h": h, "x": (width - w * k) // 2, "y": (height - h * k) // 2,
        "text": text, "bar": bar, "head": head, "tail": tail, "pitch": p, "y1": y1, "x0": max(2, (w - 156 * text) // 2),
        "lines": n,
        "seat": seat, "step": step, "hand": hand, "band": hb, "ev": ev, "event": e,
        "key": key, "page": page, "bottom": pb, "left": art.SEAT_W * seat + 2 if side else 2,
        # The hand's card slots (a TileGrid and a Palette each, ~200 bytes): as many cards as the
        # row holds at the larger of the two scales, 8 at most (the rules' eight cards, a hand of 7
        # with Draw and Quit); the buttons have their own (KEYS).
        "slot": min((w // page + art.GAP) // (art.CARD_W + art.GAP), 8),
    }  # fmt: skip
    out["end"] = w - 31 * bar  # the title's right end on a table: the show meter after it
    panel(out)
    return out


def panel(p):
    """The panel's scale ``sc``, place (``xx``, ``yy``) and pieces (units of ``sc``) beside the seats."""
    x = art.SEAT_W * p["seat"] + 2
    for sc in range(p["seat"], 0, -1):  # the seats' scale where it fits beside them (78 wide)
        w = (p["w"] - x) // sc
        if w >= 78 or sc == 1:
            break
    h = (6 * p["step"] * p["seat"] - (12 * p["ev"] if p["left"] > 2 else 0)) // sc  # (the event beside: under it)
    z = max(1, 2 * p["hand"] // sc)  # the top card at most twice a card of the hand
    a = min((w - 118) // art.CARD_W, h // art.CARD_H, z)  # pile | top card | tokens
    b = min((w - 36) // art.CARD_W, (h - 25) // art.CARD_H, z) if w >= 78 else 0  # tokens below
    big = max(1, a, b)
    if a >= 2 and a >= b:
        u = 38 + art.CARD_W * big  # the tokens' column
        v = 1 + (art.CARD_H * big - 23) // 2
        room = (u + 78, art.CARD_H * big + 2)
        top = 34
    else:
        u = 0
        v = art.CARD_H * big + 2
        room = (max(78, 36 + art.CARD_W * big), v + 23)
        top = 32 + (max(78, w) - 32 - art.CARD_W * big) // 2
    p["sc"] = sc
    p["big"] = big
    p["xx"] = x + sc * max(0, (w - room[0]) // 2)
    p["yy"] = p["head"] + sc * max(0, (h - room[1]) // 2)
    p["top"] = (top, 1)
    p["pile"] = (4, 2)
    p["count"] = (4, 3 + art.CARD_H)  # "%2d" under the pile, or "SHOW!"
    p["stage"] = (u, v)
    p["mine"] = (u, v + art.SEAT_H)


# Cells the font strip keeps for a language's letters beyond ASCII (German needs 7, French 17 of
# the game's own: tools/lang.py's catalogs; tests/test_languages.py checks they fit): 216 bytes
# of an English board's heap, so that switching language draws into the strip it has (a strip made
# anew, and the renderer with it, took a board flow 15 KB more: fragments, measured).
SPARE = 24


def font_strip(font=None, more=""):
    """(bitmap, table): a one-row strip of 6x12 glyphs, ASCII 32..126 then the game's own
    (characters 1..8: play/view.py), then ``more`` (a language's letters beyond ASCII: none for
    English), and the cell of each (``ch - 32``, ``94 + ch`` for the game's, ``103 + k`` for
    ``more[k]``: hal/render/__init__.py counts them so; hal/render/sheet.py's drawing reads the table).

    Copied once from the font (a board's terminalio.FONT keeps its glyphs in flash, in a bitmap
    of its own that cannot grow: the copy takes ~1 KB of heap), so that a text row, one TileGrid
    over the strip, draws the card icons and the tokens as it draws letters."""
    font = font or terminalio.FONT
    n = 103 + max(SPARE, len(more))
    table = bytearray(range(103))
    strip = displayio.Bitmap(art.GLYPH_W * n, art.ROW_H, 2)
    bm = getattr(font, "bitmap", None)
    ok = isinstance(bm, displayio.Bitmap) and bm.height == art.ROW_H  # a strip of whole cells (a board's)
    for i in range(95):
        g = font.get_glyph(32 + i) or font.get_glyph(63)  # "?" for what the font lacks
        if g is None:
            continue
        if ok and g.width == art.GLYPH_W:
            copy(strip, bm, i * art.GLYPH_W, g.tile_index * art.GLYPH_W, 0, art.GLYPH_W, art.ROW_H)
            continue
        # A font with a bitmap per glyph (Blinka's): its ink placed on the cell's baseline.
        top = 0 if g.height >= art.ROW_H else max(0, 10 - g.height - g.dy)
        x0 = g.tile_index * g.width
        for y in range(min(g.height, art.ROW_H - top)):
            for x in range(min(g.width, art.GLYPH_W)):
                if g.bitmap[x0 + x, y]:
                    strip[i * art.GLYPH_W + x, top + y] = 1
    # The game's own glyphs: 5 columns of ink (bit 4 the left one) in rows 2..9 of a cell, as a
    # digit's. The circle, the square and the star as on the cards; the llama; a white token (a disc),
    # a black one (its rim, a dot inside: the table draws it so, black inside), the magic token (a star
    # without the card star's stem); cards in hand (two cards' outlines, one behind the other).
    data = (
        b"\x00\x00\x0e\x11\x11\x11\x0e\x00\x00\x00\x1f\x11\x11\x11\x1f\x00"
        b"\x00\x04\x04\x1f\x0e\x0a\x11\x00\x10\x18\x08\x0f\x0f\x09\x09\x00"
        b"\x00\x00\x0e\x1f\x1f\x1f\x0e\x00\x00\x00\x0e\x11\x15\x11\x0e\x00"
        b"\x00\x00\x04\x1f\x0e\x0a\x11\x00\x07\x05\x1d\x15\x15\x17\x14\x1c"
    )
    for i in range(64):  # glyph i // 8, its row i % 8
        for x in range(5):
            if data[i] & (16 >> x):
                strip[(95 + i // 8) * art.GLYPH_W + x, 2 + i % 8] = 1
    letters(strip, more, False)
    return strip, table


def copy(strip, bm, x, x1, y1, w, h):
    """Pixels x1..x1+w-1, y1..y1+h-1 of ``bm`` into ``strip`` at x, 0 (bitmaptools' blit where there is one)."""
    if bitmaptools is not None:
        bitmaptools.blit(strip, bm, x, 0, x1=x1, y1=y1, x2=x1 + w, y2=y1 + h)
    else:
        for yy in range(h):
            for xx in range(w):
                strip[x + xx, yy] = 1 if bm[x1 + xx, y1 + yy] else 0


def bar(parent, color, width, height, y=0, x=0):
    """A bar of one colour, ``width`` x ``height`` pixels at x, y in ``parent``: (TileGrid, Palette)."""
    tile = 8
    while width % tile:  # tiles that end at the bar's end
        tile -= 1
    pal = displayio.Palette(1)
    pal[0] = color
    tg = displayio.TileGrid(
        displayio.Bitmap(tile, height, 1), pixel_shader=pal, width=(width + tile - 1) // tile, height=1,
        tile_width=tile, tile_height=height, x=x, y=y,
    )  # fmt: skip
    parent.append(tg)
    return tg, pal


def groups(parent, n):
    """``n`` new Groups appended to ``parent``, in order (back to front)."""
    out = []
    for _ in range(n):
        g = displayio.Group()
        parent.append(g)
        out.append(g)
    return out


def back(bm, x0):
    """The draw pile's back in the sheet tile at x0: a frame and a diagonal pattern."""
    fill(bm, x0, 0, x0 + art.CARD_W, art.CARD_H, art.FRAME)
    fill(bm, x0 + 1, 1, x0 + art.CARD_W - 1, art.CARD_H - 1, art.BODY)
    w = bm.width
    for y in range(2, art.CARD_H - 2):
        for x in range(2, art.CARD_W - 2):
            if (x + y) % 4 == 0:
                bm[y * w + x0 + x] = art.INK


def tokens(bm):
    """The token sheet (hal/render/art.py): TOKEN_TILES tiles, the icons at rows 3..7."""
    fill(bm, 0, 0, bm.width, bm.height, 0)
    for tile in (art.WHITE, art.BLACK_TOKEN):
        x = tile * art.TOKEN_W
        icon(bm, _DISC, x, 3, 3)  # the outline: a black token shows on the black table
        fill(bm, x + 1, 4, x + 4, 7, 1 + tile)
    icon(bm, _STAR, art.MAGIC * art.TOKEN_W, 3, 4)
    icon(bm, _DISC, art.PIP_ON * art.TOKEN_W, 3, 4)
    icon(bm, _RING, art.PIP_OFF * art.TOKEN_W, 3, 3)


def rows(strip, default, data):
    """Text rows: TileGrids over the font strip, one per (parent, x, y, cells) of ``data``.

    As CircuitPython's terminal draws text: a row is its tile numbers and a 2-colour palette
    (~150 bytes on a board, against ~1.8 KB for an adafruit_display_text label, whose code
    takes another 17 KB), and a new text only rewrites tile numbers (a row's palette is its
    ``pixel_shader``). Returns (rows, cells)."""
    out = []
    cells = bytearray(0)
    for parent, x, y, n in data:
        pal = displayio.Palette(2)
        pal.make_transparent(0)
        row = displayio.TileGrid(
            strip, pixel_shader=pal, width=n, height=1, tile_width=art.GLYPH_W, tile_height=art.ROW_H,
            default_tile=default, x=x, y=y,
        )  # fmt: skip
        row.hidden = True
        parent.append(row)
        out.append(row)
        cells.append(n)
    return out, cells


def seat_cells(p):
    """Lay the seats out with adafruit_displayio_layout: (x, y) of seat 0's row, in the seats' units.

    A GridLayout of one column and six rows over the seats' part of the table (SEAT_W wide,
    the seat pitch a row, the stripe in the cells' padding) places one probe tile a seat;
    the places are kept and the grid goes. Kept on the screen, the library would stay on
    the heap: its code costs ~5 KB there on CircuitPython (measured with tools/cpboard.py,
    .mpy), a twentieth of what the whole game may use, for a layout that never changes.
    So it runs here, at start-up, and goes with this module. Without the library (not
    installed, or a board without ``vectorio``, which it imports) the cells are (2, 0).
    """
    step = p["step"]
    try:
        from adafruit_displayio_layout.layouts.grid_layout import GridLayout
    except ImportError:
        return 2, 0
    grid = GridLayout(x=0, y=-2, width=art.SEAT_W, height=6 * step, grid_size=(1, 6), cell_padding=2)
    dot = displayio.Bitmap(1, 1, 1)
    pal = displayio.Palette(1)
    probes = []
    for q in range(6):
        probe = displayio.TileGrid(dot, pixel_shader=pal)
        grid.add_content(probe, grid_position=(0, q), cell_size=(1, 1), layout_cells=q == 5)
        probes.append(probe)
    x = grid.x + probes[0].x
    y = grid.y + probes[0].y
    for q in range(6):  # the grid's rows are the seat rows
        if (probes[q].x, probes[q].y) != (probes[0].x, probes[0].y + q * step):
            raise ValueError("seat %d's cell is not a seat row" % q)
    del grid, probes, GridLayout
    hal.forget("adafruit_displayio_layout")  # the library's package, layouts and grid_layout
    return x, y


def seats(p, parent, sheet, tpal, x, y):
    """The seats' decoration in ``parent`` (scale ``ss``): the bar behind the seat to act, the six
    colour stripes (one TileGrid, a palette entry a seat) and the magic column (one TileGrid of six
    token tiles). Returns (bar, stripe palette, magic column)."""
    step = p["step"]
    parent.scale = p["seat"]
    parent.y = p["head"]
    a, _ = bar(parent, art.SEAT_BAR, art.SEAT_W - 2, step, x=2)
    a.hidden = True
    stripes = displayio.Bitmap(2, 6 * step, 7)
    for q in range(6):
        fill(stripes, 0, q * step + 1, 2, q * step + step - 1, q + 1)
    pal = displayio.Palette(7)
    pal.make_transparent(0)
    for q in range(6):
        pal[q + 1] = _view.SEAT_COLORS[q]
    parent.append(displayio.TileGrid(stripes, pixel_shader=pal, x=x - 2, y=y))
    magic = displayio.TileGrid(
        sheet, pixel_shader=tpal, width=1, height=6, tile_width=art.TOKEN_W, tile_height=step,
        default_tile=art.NO_TOKEN, x=x + art.SEAT_CELLS * art.GLYPH_W, y=y + 1,
    )  # fmt: skip
    parent.append(magic)
    return a, pal, magic


def token_sheet(p):
    """The token icons' sheet and palette (hal/render/art.py, ``tokens``), tiles as tall as a seat row."""
    sheet = displayio.Bitmap(art.TOKEN_TILES * art.TOKEN_W, p["step"], 5)
    tokens(sheet)
    pal = displayio.Palette(5)
    pal.make_transparent(0)
    for i in range(4):
        pal[i + 1] = art.TOKEN_COLORS[i]
    return sheet, pal


def card_tile(sheet, x=0, y=0, pal=None, frame=art.CARD_FRAME, width=1):
    """A TileGrid of one card of the sheet (tile 0 until told; ``width`` tiles: a button two) with its
    own palette: (TileGrid, Palette)."""
    if pal is None:
        pal = displayio.Palette(4)
        pal[art.FRAME] = frame
    tg = displayio.TileGrid(
        sheet, pixel_shader=pal, width=width, tile_width=art.CARD_W, tile_height=art.CARD_H, x=x, y=y
    )  # fmt: skip
    return tg, pal


def pile_and_top(p, parent, sheet):
    """The pile's back and the top card in the panel ``parent``: (pile, top, top's Group)."""
    x, y = p["pile"]
    pal = displayio.Palette(4)
    for i in range(3):
        pal[i] = art.PILE_COLORS[i]
    pile, _ = card_tile(sheet, x, y, pal)
    pile[0] = art.BACK
    parent.append(pile)
    x, y = p["top"]
    group = displayio.Group(scale=p["big"], x=x, y=y)
    parent.append(group)
    top, _ = card_tile(sheet)
    group.append(top)
    return pile, top, group


def meter(p, parent, sheet, pal):
    """The show meter: five pips in the title bar's right end, at the bar's scale (hidden)."""
    g = displayio.Group(scale=p["bar"], x=p["end"], y=(p["head"] - p["bar"] * p["step"]) // 2)
    parent.append(g)
    tg = displayio.TileGrid(
        sheet, pixel_shader=pal, width=5, height=1, tile_width=art.TOKEN_W, tile_height=p["step"],
        default_tile=art.PIP_OFF,
    )  # fmt: skip
    g.append(tg)
    g.hidden = True
    return g, tg


def hand(p, parent, keys, sheet, strip, two):
    """The item row: in ``parent`` (scale ``hand``) a slot a card, each with its own palette (its
    ``pixel_shader``), and the ``<`` / ``>`` parts at its ends; in ``keys`` (scale ``key``) the action
    buttons, a TileGrid of two sheet tiles each (KEYS of them).
    Returns (out, parts): the cards' slots then the buttons'."""
    parent.scale = p["hand"]
    parent.y = p["band"]
    keys.scale = p["key"]
    keys.y = p["band"]
    out = []
    for i in range(p["slot"] + art.KEYS):
        tg, _ = card_tile(sheet, y=art.RAISE, width=1 if i < p["slot"] else 2)
        tg.hidden = True
        (parent if i < p["slot"] else keys).append(tg)
        out.append(tg)
    c = displayio.Palette(2)
    c.make_transparent(0)
    c[1] = art.ARROW
    parts = []
    for x, tile in ((0, two[0]), (p["w"] // p["hand"] - art.GLYPH_W, two[1])):
        tg = displayio.TileGrid(
            strip, pixel_shader=c, tile_width=art.GLYPH_W, tile_height=art.ROW_H, default_tile=tile, x=x,
            y=art.RAISE + (art.CARD_H - art.ROW_H) // 2,
        )  # fmt: skip
        tg.hidden = True
        parent.append(tg)
        parts.append(tg)
    return out, parts


def build(width, height, font=None, more="", speech=None):
    """The parts of a ``width`` x ``height`` display's ``render.Renderer``, laid out and made: a tuple
    in the order of the Renderer's constructor (hal/render/__init__.py), which takes them as its own. Last in
    it, the buffers where the renderer keeps what each part shows (made here, each beside its
    parts, as they always were: the heap's blocks lie as before). ``more``: the characters beyond
    ASCII its texts use, drawn from the game's own glyphs (hal/render/glyphs.py)."""
    p = plan(width, height)
    # The seats' cells first: the layout library comes and goes before the objects that stay are
    # made, so that what it leaves behind lies under them, not between them (fewer holes).
    strip, cells = font_strip(font, more)  # (first: ~1 KB that stays, under what comes and goes)
    x, y = seat_cells(p)
    gc.collect()
    # Text screens' rows 1..8 (x, y, scale, pitch in units); tables' seats and event
    # (x, y, scale, pitch) and the event line (x, y, scale).
    u = (p["x0"], p["y1"] + (p["pitch"] - 12 * p["text"]) // 2, p["text"], p["pitch"] // p["text"])
    v = (p["bar"], p["text"], p["x0"], p["end"] - 2)
    g = displayio.Group(scale=p["scale"], x=p["x"], y=p["y"])  # the root: the layout's scale, centred
    a, _ = bar(g, art.TITLE_BG, p["w"], p["head"])
    b, _ = bar(g, art.FOOTER_BG, p["w"], p["head"], p["tail"])
    c, _ = bar(g, art.CURSOR_BG, p["w"], p["pitch"])
    c.hidden = True
    bars = (a, b, c)
    table, line, lines, title, footer, row, keys, movers = groups(g, 8)
    texts = (line, lines)
    heads = (title, footer)
    seat, panel, m = groups(table, 3)
    # The sheets: card faces and token icons. The card sheet (hal/render/art.py): SHEET_TILES tiles of
    # a card, 2 bits a pixel, all drawn here, once: ~0.03 s on a SAMD51 by the pystone calibration
    # (bitmaptools blits the glyphs and fills the bodies in C); no drawing code runs mid-game.
    sheet = displayio.Bitmap(art.SHEET_TILES * art.CARD_W, art.CARD_H, 4)
    back(sheet, art.BACK * art.CARD_W)
    for k in range(art.BACK):
        card(sheet, k * art.CARD_W, strip, cells, k)
    sheet_buttons(sheet, strip, speech or _view.SPEECH)  # (the language's: play/speak.py)
    tokens, tpal = token_sheet(p)
    o = (x, y, p["seat"], p["step"], p["head"])
    z = (p["left"], p["event"], p["ev"])
    seat_bar, stripe_pal, magic = seats(p, seat, tokens, tpal, x, y)
    seat_sig = [-1] * 6  # what each seat row shows
    names = [None] * 6
    panel.scale = p["sc"]
    panel.x = p["xx"]
    panel.y = p["yy"]
    pile, top, top_group = pile_and_top(p, panel, sheet)
    # Text rows: title, 8 lines, footer; the pile's count, the token rows (the stage, yours); a menu's more lines.
    data = [(title, 0, 0, art.CELLS)]
    data += [(line, 0, 0, art.CELLS)] * 6 + [(lines, 0, 0, art.CELLS)] * 2
    data += [(footer, 0, 0, art.CELLS)]
    data += [(panel, p["count"][0], p["count"][1], 5)]
    data += [(panel, p[k][0], p[k][1], 13) for k in ("stage", "mine")]
    data += [(lines, 0, 0, art.CELLS)] * (p["lines"] - _view.LINES)  # a menu's lines 9.. (rows 13..)
    text, row_cells = rows(strip, 0, data)  # (the strip's cells: ASCII from 32, then the game's glyphs)
    row_text = [""] * len(text)  # what each row shows, its colour
    rgb = [-1] * len(text)
    sig = [-1, -1]  # the token rows'
    meter_group, tg = meter(p, m, tokens, tpal)
    # The item row: slots over the card sheet, the arrows; then the travelling pieces.
    two = (60 - 32, 62 - 32)  # "<" and ">"
    slots, arrows = hand(p, row, keys, sheet, strip, two)
    n = len(slots)
    code = bytearray(b"\xff" * n)  # the sheet tile each slot shows, its look
    look = bytearray(b"\xff" * n)
    item_slot = bytearray(n + 1)  # visible item k's slot
    mover, _ = card_tile(sheet, frame=art.CARD_CURSOR)
    token = displayio.TileGrid(tokens, pixel_shader=tpal, tile_width=art.TOKEN_W, tile_height=p["step"])
    movers.append(mover)
    movers.append(token)
    mover.hidden = token.hidden = True
    # Places the renderer reads: text screens' rows 1..8 (u: x, y, scale, pitch in units); the title
    # (v: bar scale, text scale, x0, table title scale, its room); the seats (o: x, y, scale, pitch,
    # top) and the event line (z: x, y, scale); the scales a travelling card and token take.
    # The item row's scale and top on a table and on a text screen (its cards smaller where the six lines need it).
    parts = (u, v, o, z, (p["hand"], p["seat"], p["key"]), (p["hand"], p["band"], p["page"], p["bottom"]))
    # The layout's numbers: the root's scale (a display twice 320x240 or more), the laid-out screen
    # in the root's pixels, the footer's top, text screens' first line band and pitch, the hand's
    # scale (the cards' size) and the item row's width in its own pixels.
    return (
        p["scale"], p["w"], p["h"], p["tail"], p["y1"], p["pitch"], p["hand"], p["w"] // p["hand"], parts,
        strip, sheet, g, bars, table, texts, heads, row, keys, movers, panel,
        seat_bar, stripe_pal, magic, pile, top, top_group, meter_group, tg,
        text, row_cells, slots, arrows, mover, token,
        seat_sig, names, row_text, rgb, sig, code, look, item_slot,
    )  # fmt: skip
