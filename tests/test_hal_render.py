"""hal/render/__init__.py through Blinka displayio, headless: screens drawn at every layout, then their pixels checked.

The checks are functions that return the problems they find, so that one test can also show they
catch a broken drawing (a test must be able to fail). Places come from the renderer's own objects
(:func:`where`): the same checks hold at every size.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import cards  # noqa: E402
from hal import desktop, render  # noqa: E402
from hal.render import art  # noqa: E402
from play import view as v  # noqa: E402

SIZES = [(160, 128), (240, 135), (240, 240), (320, 240), (480, 320)]
IDS = ["%dx%d" % s for s in SIZES]
SHOTS = os.environ.get("LAMA_TEST_SHOTS")  # a folder: keep the screens for a look


def rgb(c):
    return ((c >> 16) & 255, (c >> 8) & 255, c & 255)


class Shot:
    """The pixels of the display after a show(): ``at(x, y)`` -> (r, g, b); counts by colour."""

    def __init__(self, screen, name=None):
        surface = screen.display.surface
        self.w, self.h = surface.get_size()
        self.px = pygame.surfarray.array3d(surface).astype(int)  # [x][y][rgb]
        if SHOTS and name:
            os.makedirs(SHOTS, exist_ok=True)
            pygame.image.save(surface, os.path.join(SHOTS, "%s-%dx%d.png" % (name, self.w, self.h)))

    def at(self, x, y):
        return tuple(int(c) for c in self.px[x][y])

    def count(self, x0, y0, x1, y1, color, tol=24):
        area = self.px[max(0, x0) : max(0, x1), max(0, y0) : max(0, y1)]
        return int(numpy.all(numpy.abs(area - numpy.array(color)) <= tol, axis=2).sum())

    def not_color(self, x0, y0, x1, y1, color, tol=24):
        area = self.px[max(0, x0) : max(0, x1), max(0, y0) : max(0, y1)]
        return area.shape[0] * area.shape[1] - self.count(x0, y0, x1, y1, color, tol)


def close(a, b, tol=24):
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b))


def where(r, target):
    """(x, y, scale) of display object ``target`` on the display, through every Group above it (the
    scale its pixels are drawn at: a Group's own included)."""

    def walk(group, x, y, s):
        for i in range(len(group)):
            layer = group[i]
            tile = hasattr(layer, "tile_width")
            if layer is target:
                return x + s * layer.x, y + s * layer.y, s if tile else s * layer.scale
            if not tile:
                found = walk(layer, x + s * layer.x, y + s * layer.y, s * layer.scale)
                if found:
                    return found
        return None

    g = r.group
    if target is g:
        return g.x, g.y, g.scale
    return walk(g, g.x, g.y, g.scale)


def row_problems(shot, r, k, text, fg, bg, cells=None):
    """What is wrong with text row ``k`` of renderer ``r``: its ink where the text is, in ``fg``;
    ``bg`` past the text (to the row's last cell, or ``cells``, or the display's edge) and between
    the glyphs."""
    out = []
    x, y, s = where(r, r.rows[k])
    h = art.ROW_H * s
    end = x + art.GLYPH_W * s * len(text)
    right = min(shot.w, x + art.GLYPH_W * s * (cells or r.row_cells[k]))
    ink = shot.count(x, y, end, y + h, rgb(fg)) if text.strip() else 0
    if text.strip() and ink < 3 * s * s * len(text.replace(" ", "")):
        out.append("row %d: %d text pixels for %r" % (k, ink, text))
    stray = shot.not_color(end, y + s, right, y + h - s, rgb(bg))
    if stray:
        out.append("row %d: %d pixels past the text" % (k, stray))
    if shot.not_color(x, y + s, end, y + h - s, rgb(bg)) - ink > 0:
        out.append("row %d: pixels neither text nor background" % k)
    return out


@pytest.fixture(scope="module")
def screen():
    d = desktop.make_display(window=False)
    s = render.Screen(d)
    yield s
    import displayio

    displayio.release_displays()


@pytest.fixture(scope="module", params=SIZES, ids=IDS)
def sized(request):
    """A screen of each layout's size."""
    import displayio

    displayio.release_displays()
    d = desktop.make_display(window=False, size=request.param)
    yield render.Screen(d)
    displayio.release_displays()


def menu_view(lines=v.LINES):
    vw = v.View(lines)
    vw.title = "L.A.M.A. Kadabra"
    vw.line(0, "Reiner Knizia's card game", v.DIM)
    vw.line(1, "on desktop", v.DIM)
    vw.line(3, "Continue")
    vw.line(4, "New game", v.HIGHLIGHT)
    vw.line(5, "Rules", v.GOOD)
    vw.line(6, "Speed: Normal", v.ALERT)
    vw.line_cursor = 4
    vw.footer = "A: choose"
    return vw


def turn_view(names=("1", "1o", "2/3", "3#", "4*", "L"), playable=("3#", "4*", "L"), actions=(18, 19), cursor=3):
    vw = v.View()
    vw.title = "Round 1 - Ana"
    vw.line(0, "Top 3#  Pile 40 Stage 2M")
    vw.line(3, "Ben played 3#", v.ACCENT)
    vw.line(4, "You: 2w 0b", v.DIM)
    for n in names:
        vw.add_card(cards.code(n), v.PLAYABLE if n in playable else 0)
    for a in actions:
        vw.add_card(a, v.PLAYABLE)
    vw.card_cursor = cursor
    vw.footer = "A: play 3#  St: menu"
    return vw


def menu_problems(shot, r, vw):
    out = row_problems(shot, r, 0, vw.title, art.TITLE_FG, art.TITLE_BG)
    for i in range(v.LINES):
        if i == vw.line_cursor:
            out += row_problems(shot, r, i + 1, vw.lines[i], art.CURSOR_FG, art.CURSOR_BG)
        elif vw.lines[i]:
            out += row_problems(shot, r, i + 1, vw.lines[i], art.COLORS[vw.colors[i]], art.BLACK)
    out += row_problems(shot, r, 9, vw.footer, art.FOOTER_FG, art.FOOTER_BG)
    last = where(r, r.rows[8])[1] + art.ROW_H * r.parts[0][2]
    if shot.not_color(0, last, shot.w, r.footer_y, (0, 0, 0)):
        out.append("pixels between the lines and the footer")
    return out


def tiles(r, vw):
    """(index, x, y, width, height) of each item on screen."""
    out = []
    for k in range(r.last - r.first):
        j = r.item_slot[k]
        tg = r.slots[j]
        assert not tg.hidden
        i = r.first + k
        x, y, s = where(r, tg)  # (a button: in the buttons' group, at their scale)
        assert s * render.item_width(vw.cards[i]) == s * tg.width * art.CARD_W
        out.append((i, x, y, s * tg.width * art.CARD_W, s * art.CARD_H))
    return out


def item_problems(shot, r, vw):
    out = []
    cur = vw.card_cursor
    z = r.hand.scale
    hy = where(r, r.hand)[1]
    for i, x, y, w, h in tiles(r, vw):
        code = vw.cards[i]
        playable = vw.marks[i] & v.PLAYABLE
        if x < 0 or x + w > shot.w:
            out.append("item %d off screen at x=%d" % (i, x))
            continue
        lift = art.RAISE if playable else 0  # the cursor is its frame alone
        stacked = code >= v.FIRST_ITEM and r.keys.scale < z  # (two buttons in a card's width, top and bottom)
        if stacked and not hy <= y <= r.footer_y - 1 - h:
            out.append("button %d at y=%d, out of the row" % (i, y))
        if not stacked and y != hy + z * (art.RAISE - lift):
            out.append("item %d at y=%d, not raised %d (cursor=%d, playable=%s)" % (i, y, lift, cur, playable))
        frame = shot.at(x, y)
        want = art.CARD_CURSOR if code < v.FIRST_ITEM else art.FRAME_CURSOR
        if playable and code == cards.LLAMA:
            want = art.FRAME_CURSOR  # yellow on the llama's white body
        if i == cur and not close(frame, rgb(want)):
            out.append("cursor item %d has no cursor frame: %s" % (i, frame))
        if i != cur and close(frame, rgb(want)):
            out.append("item %d framed like the cursor" % i)
        if code < v.FIRST_ITEM:
            pal = {}
            art.card_colors(pal, code, playable)
            top = (x + z, y + z, x + w - z, y + z * 10)
            if shot.count(*top, rgb(pal[art.BODY])) < 30 * z * z:
                out.append("card %d: body not %s" % (i, pal[art.BODY]))
            lower = shot.count(x + z, y + 11 * z, x + w - z, y + 19 * z, rgb(pal[art.BODY2]))
            if cards.LOW[code] != cards.HIGH[code] and lower < 30 * z * z:
                out.append("double %d: lower half not %s" % (i, pal[art.BODY2]))
            if shot.count(*top, rgb(pal[art.INK])) < 6 * z * z:
                out.append("card %d: no value drawn" % i)
            icon = cards.ICON[code] or code == cards.LLAMA or cards.LOW[code] != cards.HIGH[code]
            if bool(shot.count(x + z, y + 11 * z, x + w - z, y + 19 * z, rgb(pal[art.INK])) >= 6 * z * z) != bool(icon):
                out.append("card %d: icon drawn=%s, has one=%s" % (i, not icon, icon))
        else:
            colors = art.BUTTON_CURSOR if i == cur else (art.BUTTON_ON if playable else art.BUTTON_OFF)
            m = r.keys.scale
            if shot.count(x + m, y + m, x + w - m, y + h - m, rgb(colors[1])) < 150 * m * m:
                out.append("button %d: body not %s" % (i, colors[1]))
        low = r.footer_y
        for i2, x2, y2, _, _ in tiles(r, vw):  # (a button stacked under it)
            if x2 == x and y2 > y:
                low = y2
        below = shot.not_color(x, y + h, x + w, low, (0, 0, 0))
        if below:
            out.append("item %d: %d pixels below the tile" % (i, below))
    return out


def table_view(players=6, show=False):
    vw = turn_view()
    vw.seats = players
    vw.to_act = 1
    for q in range(players):
        vw.names[q] = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")[q]
        vw.seat_cards[q] = 3 + q
        vw.points[q] = (0, 7, 23, 40, 9, 38)[q]
        vw.seat_flags[q] = (v.SEAT_MAGIC if q == 2 else 0) | (v.SEAT_OUT if q == 3 else 0)
    vw.top = cards.code("2/3")
    vw.pile = 23
    vw.show = show
    vw.stage[0], vw.stage[1], vw.stage[2] = 2, 1, 0
    vw.has_mine = True
    vw.mine[0], vw.mine[1], vw.mine[2] = 2, 0, 1
    vw.event = "Ben plays 3#: Cleo draws"
    return vw


def seat_text(q, vw):
    hand = "out" if vw.seat_flags[q] & v.SEAT_OUT else "%d\x08" % vw.seat_cards[q]
    return "%-5s%3s%4d" % (vw.names[q], hand, vw.points[q])


# ---- the tests -------------------------------------------------------------------------------
def test_a_menu_screen_draws_title_lines_cursor_and_footer(sized):
    vw = menu_view()
    sized.show(vw)
    shot = Shot(sized, "menu")
    r = sized.renderer
    assert menu_problems(shot, r, vw) == []
    w = shot.w
    assert shot.count(0, 0, w, 12, rgb(art.TITLE_BG)) > 4 * w  # a solid bar, edge to edge
    y = r.lines_y + 4 * r.pitch  # line 4's band: under the cursor
    assert shot.count(0, y, w, y + r.pitch, rgb(art.CURSOR_BG)) > r.pitch * w // 2
    y = r.lines_y + 2 * r.pitch  # line 2 is empty
    assert shot.not_color(0, y, w, y + r.pitch, (0, 0, 0)) == 0


def test_the_checks_catch_a_broken_screen(screen):
    r = screen.renderer
    vw = menu_view()
    screen.show(vw)
    r.rows[0].hidden = True  # the title text vanishes
    ink = r.rows[6].pixel_shader[1]
    r.rows[6].pixel_shader[1] = 0x00FF00  # a line in the wrong colour
    screen.display.refresh()
    problems = menu_problems(Shot(screen), r, vw)
    assert any(p.startswith("row 0:") for p in problems) and any(p.startswith("row 6:") for p in problems)
    r.rows[0].hidden = False
    r.rows[6].pixel_shader[1] = ink
    bad = turn_view()
    screen.show(bad)
    bad.card_cursor = 4  # the View says 4, the screen shows 3
    assert item_problems(Shot(screen), r, bad) != []


def test_a_turn_screen_shows_playable_dim_and_cursor_cards_and_buttons(sized):
    vw = turn_view()
    sized.show(vw)
    shot = Shot(sized, "turn")
    r = sized.renderer
    assert item_problems(shot, r, vw) == []
    assert r.first == 0 and r.last >= 5  # (a 240-wide row of doubled cards scrolls: fewer, bigger)
    assert row_problems(shot, r, 4, "Ben played 3#", art.COLORS[v.ACCENT], art.BLACK) == []
    assert row_problems(shot, r, 9, vw.footer, art.FOOTER_FG, art.FOOTER_BG) == []
    # Playable and dim cards really differ on screen, and the cursor card has its white frame.
    t = tiles(r, vw)
    (_, x0, y0, _, _), (_, x3, y3, w3, h3) = t[0], t[3]
    z = r.hand.scale
    assert not close(shot.at(x0 + 6 * z, y0 + 15 * z), shot.at(x3 + 2 * z, y3 + 15 * z))
    assert shot.count(x3, y3, x3 + w3, y3 + h3, rgb(art.CARD_CURSOR)) >= 60 * z * z
    # The cursor on a button: that button turns yellow, the card's frame goes back to grey.
    vw.card_cursor = 6
    sized.show(vw)
    assert item_problems(Shot(sized, "turn-button"), r, vw) == []


def test_the_cursor_on_a_card_that_cannot_be_played_is_a_frame_on_a_dim_card(screen):
    # Bright and raised mean "you may play it": the cursor must not lend them (issue 20).
    vw = turn_view(cursor=0)  # "1" cannot be played
    screen.show(vw)
    shot = Shot(screen, "turn-cursor-dim")
    r = screen.renderer
    assert item_problems(shot, r, vw) == []
    (_, x0, y0, _, _), (_, _, y1, _, _) = tiles(r, vw)[0], tiles(r, vw)[1]
    assert y0 == y1  # as low as the other dim card
    pal = {}
    art.card_colors(pal, cards.code("1"), False)
    assert shot.count(x0 + 2, y0 + 2, x0 + 11, y0 + 10, rgb(pal[art.BODY])) >= 30  # dim
    assert shot.count(x0, y0, x0 + 13, y0 + 20, rgb(art.CARD_CURSOR)) >= 60  # its white frame
    # On a llama's white body the frame is yellow: it still shows where the cursor is.
    vw.card_cursor = 5
    screen.show(vw)
    shot = Shot(screen, "turn-cursor-llama")
    assert item_problems(shot, r, vw) == []
    _, x5, y5, _, _ = tiles(r, vw)[5]
    assert shot.count(x5, y5, x5 + 13, y5 + 20, rgb(art.FRAME_CURSOR)) >= 60


def test_a_long_hand_scrolls_so_the_cursor_stays_visible_with_arrows(sized):
    names = [cards.name(c % 18) for c in range(45)]
    vw = turn_view(names, playable=("3", "L", "2*"), actions=(18, 21, 22), cursor=0)
    n = vw.ncards
    r = sized.renderer
    firsts = []
    hx, hy, z = where(r, r.hand)
    for cur in list(range(n)) + [n - 1, 20, 0]:
        vw.card_cursor = cur
        sized.show(vw)
        assert r.first <= cur < r.last <= n and r.last - r.first >= (5 if r.row_w >= 160 else 4)
        firsts.append(r.first)
        if cur in (0, 20, n - 1):
            shot = Shot(sized, "long-%d" % cur)
            assert item_problems(shot, r, vw) == [], cur
            arrow = rgb(art.ARROW)
            assert (shot.count(hx, hy, hx + 6 * z, r.footer_y, arrow) > 5) == (r.first > 0)
            assert (shot.count(shot.w - 6 * z, hy, shot.w, r.footer_y, arrow) > 5) == (r.last < n)
    assert firsts[:n] == sorted(firsts[:n]) and firsts[0] == 0 and firsts[n - 1] > 30
    assert firsts[-1] == 0


def test_an_unchanged_view_redraws_nothing_and_a_changed_line_only_its_row(screen, monkeypatch):
    vw = turn_view()
    screen.show(vw)
    r = screen.renderer
    tiles = [slot[0] for slot in r.slots]
    writes = []
    for k, row in enumerate(r.rows):
        cls_row = type(row)

        class CountingRow(cls_row):
            def __setitem__(self, i, value, k=k):
                writes.append(k)
                cls_row.__setitem__(self, i, value)

        row.__class__ = CountingRow
    screen.show(vw)
    assert writes == [] and [slot[0] for slot in r.slots] == tiles
    vw.line(0, "Top 4   Pile 39 Stage 2M")
    vw.card_cursor = 4
    screen.show(vw)
    # Only row 1 changed: only the tiles of the characters that differ; no slot shows another tile.
    assert writes and set(writes) == {1} and len(writes) <= 4 and [slot[0] for slot in r.slots] == tiles
    for row in r.rows:
        row.__class__ = type(row).__mro__[1]


def test_the_card_sheet_is_drawn_at_start_up_and_never_again():
    r = render.Renderer(160, 128)
    sheet = r.sheet

    def pixels():
        return bytes(sheet[x, y] for y in range(art.CARD_H) for x in range(sheet.width))

    start = pixels()
    for t in range(art.SHEET_TILES):  # every tile drawn: its frame, and ink on its body
        tile = [start[y * sheet.width + t * art.CARD_W + x] for y in range(art.CARD_H) for x in range(art.CARD_W)]
        assert tile[0] == art.FRAME and art.INK in tile, t
    r.draw(turn_view())
    r.draw(table_view(6))
    assert pixels() == start  # showing cards only changes tile numbers and palettes


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_table_view_draws_seats_top_card_pile_stage_and_tokens(sized, players):
    vw = table_view(players)
    sized.show(vw)
    shot = Shot(sized, "table-%d" % players)
    r = sized.renderer
    for q in range(6):
        row = r.rows[1 + q]
        assert row.hidden == (q >= players)
        if q < players:
            fg = art.OUT_FG if q == 3 else art.COLORS[v.HIGHLIGHT] if q == 1 else art.COLORS[0]
            bg = art.SEAT_BAR if q == 1 else art.BLACK
            text = seat_text(q, vw)
            problems = row_problems(shot, r, 1 + q, text, fg, bg, cells=art.SEAT_CELLS)
            assert problems == [], (q, problems)
            assert r.seat_magic[q] == (art.MAGIC if q == 2 else art.NO_TOKEN)
            x, y, s = where(r, row)
            assert shot.count(x - 2 * s, y + 2 * s, x, y + 9 * s, rgb(v.SEAT_COLORS[q])) == 14 * s * s  # its stripe
    # The top card, large: its two values' colours, top and bottom.
    x, y, _ = where(r, r.top)
    s = r.top_group.scale * r.panel.scale
    assert shot.count(x + s, y + s, x + 12 * s, y + 9 * s, rgb(v.VALUE_COLORS[1])) > 60 * s * s
    assert shot.count(x + s, y + 11 * s, x + 12 * s, y + 19 * s, rgb(v.VALUE_COLORS[2])) > 60 * s * s
    assert row_problems(shot, r, 10, "23", art.COLORS[0], art.BLACK) == []
    x, y, s = where(r, r.rows[11])
    assert shot.count(x, y, x + 30 * s, y + 12 * s, rgb(art.COLORS[0])) > 30 * s * s  # "Stage"
    assert r.row_text[11] == "Stage \x05%d \x06%d%s" % (vw.stage[0], vw.stage[1], " \x07" if vw.stage[2] else "")
    assert row_problems(shot, r, 11, r.row_text[11], art.COLORS[0], art.BLACK) == []  # the tokens as glyphs
    assert r.row_text[12] == "You \x05%d \x06%d%s" % (vw.mine[0], vw.mine[1], " \x07" if vw.mine[2] else "")
    assert row_problems(shot, r, 8, vw.event, art.COLORS[v.ACCENT], art.BLACK) == []
    assert item_problems(shot, r, vw) == []


def test_the_show_meter_lights_a_pip_a_stage_token_and_all_five_in_a_show(sized):
    r = sized.renderer
    vw = table_view(4)
    vw.stage[0] = vw.stage[1] = vw.stage[2] = 0
    sized.show(vw)
    assert r.meter_group.hidden  # an empty stage (and Classic, which has none): no meter
    for whites, lit in ((1, 2), (3, 4), (9, 5)):  # and a black one
        vw.stage[0], vw.stage[1] = whites, 1
        sized.show(vw)
        shot = Shot(sized, "meter-%d" % lit)
        x, y, s = where(r, r.meter)
        assert not r.meter_group.hidden and x + 30 * s <= shot.w and y + 11 * s <= 12 * r.parts[1][0]  # in the bar
        on = [
            shot.count(x + 6 * s * i, y, x + 6 * s * i + 5 * s, y + 11 * s, rgb(art.TOKEN_COLORS[3])) for i in range(5)
        ]
        assert [n >= 15 * s * s for n in on] == [i < lit for i in range(5)], on
    vw.show = True
    vw.stage[0], vw.stage[1] = 4, 1
    sized.show(vw)
    assert list(r.meter[i] for i in range(5)) == [art.PIP_ON] * 5


def test_a_magic_show_replaces_the_pile_with_its_banner_and_back(sized):
    vw = table_view(4, show=True)
    sized.show(vw)
    shot = Shot(sized, "table-show")
    r = sized.renderer
    w = shot.w
    tb = 12 * r.parts[1][0]
    assert r.pile.hidden
    assert row_problems(shot, r, 10, "SHOW!", art.SHOW_FG, art.BLACK) == []
    assert shot.count(0, 0, w, tb, rgb(art.SHOW_BG)) > w * tb // 2  # the title bar
    vw.show = False
    sized.show(vw)
    shot = Shot(sized)
    assert not r.pile.hidden and shot.count(0, 0, w, tb, rgb(art.TITLE_BG)) > w * tb // 2
    assert shot.count(0, 0, w, shot.h, rgb(art.SHOW_FG)) == 0
    vw.seats = 0  # a text screen after the table: the table layer goes, the rows are lines again
    sized.show(vw)
    assert r.table_group.hidden
    x0, y0, ls, pitch = r.parts[0]
    assert [where(r, row)[:2] for row in r.rows[1:9]] == [(x0, y0 + i * pitch * ls) for i in range(8)]


def test_text_is_cut_at_26_columns_and_unknown_characters_show_as_question_marks(screen):
    vw = v.View()
    vw.title = "T" * 40
    vw.lines[0] = "caf\u00e9 \x01"
    screen.show(vw)
    shot = Shot(screen)
    assert shot.count(2 + 6 * 26, 0, 160, 12, (255, 255, 255)) == 0
    assert shot.count(2, 0, 2 + 6 * 26, 12, (255, 255, 255)) > 26 * 8
    y = screen.renderer.lines_y
    assert shot.count(2 + 6 * 3, y, 2 + 6 * 6, y + 12, (255, 255, 255)) > 5  # "?" glyphs


@pytest.mark.parametrize(
    "size, scales",
    [
        ((160, 128), (1, 1, 1, 1, 1, 1)),
        ((240, 135), (1, 1, 1, 2, 1, 1)),
        ((240, 240), (1, 1, 2, 2, 1, 1)),
        ((320, 240), (2, 2, 2, 2, 2, 1)),
        ((480, 320), (2, 3, 2, 4, 2, 2)),
    ],
    ids=IDS,
)
def test_the_layout_grows_with_the_display(size, scales):
    # (lines, title bar, seats, hand, panel, event): every piece at the largest scale that leaves
    # the others room (hal/render/build.py); the same objects at every size. The bars at 1x on the
    # CLUE: 26 columns of footer (and a table's title of 21 and the show meter) at 2x take 312.
    r = render.Renderer(*size)
    x0, y0, ls, pitch = r.parts[0]
    bar = r.parts[1][0]
    ss = r.parts[2][2]
    es = r.parts[3][2]
    assert (ls, bar, ss, r.zoom, r.panel.scale, es) == scales
    assert (r.scale, r.width, r.height) == (1,) + size
    # (The cards' slots: as many as a text screen's row holds, at its cards' scale; four buttons.)
    assert r.row_w * r.zoom <= size[0]
    assert len(r.slots) - 4 <= (size[0] // r.parts[5][2] + art.GAP) // (art.CARD_W + art.GAP)
    big = render.Renderer(640, 480)  # twice 320x240: all of it doubled
    assert big.group.scale == 2 and (big.width, big.height) == (320, 240)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_bigger_screen_costs_no_more_objects_than_the_reference(size):
    # Scaled Groups, not bigger bitmaps: the same count of display objects, and bitmaps no bigger
    # (the item row's slots are a card wide each: a row as many cards wide as the reference's, or more on 240x135;
    # a menu's lines beyond 8 where the height holds them, a text row each: 3 on 240x240, 1 on 480x320).
    def count(r):
        n = [0]
        bitmaps = {}

        def walk(g):
            for i in range(len(g)):
                layer = g[i]
                n[0] += 1
                if hasattr(layer, "tile_width"):
                    bitmaps[id(layer.bitmap)] = layer.bitmap.width * layer.bitmap.height
                else:
                    walk(layer)

        walk(r.group)
        return n[0], sum(bitmaps.values())

    ref = count(render.Renderer(160, 128))
    r = render.Renderer(*size)
    objects, pixels = count(r)
    extra = len(r.slots) - 10  # slots beyond the reference's ten (240x135: a wider row)
    more = len(r.rows) - 13  # (a menu's lines beyond 8)
    assert more == {(240, 240): 3, (480, 320): 1}.get(size, 0)
    assert objects <= ref[0] + max(0, extra) + more and pixels <= ref[1] + 4 * size[0]  # (bars: a row of pixels)


def ink_columns(shot, x0, x1, y0, y1):
    """The x of every column of [x0, x1) that has a pixel other than black in rows [y0, y1)."""
    return {x for x in range(x0, x1) if shot.not_color(x, y0, x + 1, y1, (0, 0, 0), tol=8)}


def test_the_token_rows_keep_a_blank_cell_between_a_label_a_count_and_the_next_token(sized):
    # "Stage" ran into its white token and the circles touched the digits (issues 20, 36): the
    # tokens are glyphs of the row now, a blank cell after the label and after each count.
    r = sized.renderer
    vw = table_view(6)
    vw.stage[0], vw.stage[1], vw.stage[2] = 12, 34, 0  # two digits (with the star too: a row too short)
    vw.mine[0], vw.mine[1], vw.mine[2] = 56, 78, 1
    sized.show(vw)
    assert r.row_text[11] == "Stage \x0512 \x0634"
    assert r.row_text[12] == "You \x0556 \x0678 \x07"
    for k in range(2):
        x, y, s = where(r, r.rows[11 + k])
        shot = Shot(sized, "tokens-%d" % k)
        text = r.row_text[11 + k]
        for i in range(1, len(text)):  # each token's cell: ink, and a blank cell before it
            if text[i] in "\x05\x06\x07":
                assert text[i - 1] == " "
                assert shot.count(x + 6 * s * i, y, x + 6 * s * (i + 1), y + 12 * s, rgb(art.COLORS[0])) >= 8 * s * s


def test_renderer_objects_cost_little_heap_on_the_desktop():
    # Blinka's objects are pure Python and much bigger than CircuitPython's; this bounds the
    # desktop figure (the board's is measured by tools/bench.py --board).
    import tracemalloc

    # A first renderer loads what it needs once (Blinka, its imaging, the layout library): the
    # second's objects are measured, whatever the tests before this one imported. Only what the
    # renderer's own code allocated counts (a thread an earlier test left running allocates too).
    render.Renderer(160, 128).draw(turn_view())
    tracemalloc.start(64)
    r = render.Renderer(160, 128)
    r.draw(turn_view())
    snap = tracemalloc.take_snapshot()
    tracemalloc.stop()
    mine = ("__init__.py", "build.py", "sheet.py")
    here = os.sep.join(("", "hal", "render", ""))
    used = 0
    for trace in snap.traces:
        if any(f.filename.endswith(mine) and here in f.filename for f in trace.traceback):
            used += trace.size
    print("renderer on Blinka: %d KB" % (used // 1024))
    assert 20 * 1024 < used < 400 * 1024


@pytest.mark.parametrize("kind, code, src, dst", [
    (v.MOVE_CARD, cards.code("4*"), v.PLACE_HAND + 4, v.PLACE_TOP),
    (v.MOVE_BACK, 0, v.PLACE_PILE, 2),
    (v.MOVE_TOKEN, 1, 4, v.PLACE_STAGE),
])  # fmt: skip
def test_a_motion_moves_one_piece_on_top_from_place_to_place_then_hides_it(sized, kind, code, src, dst):
    r = sized.renderer
    vw = table_view(6)
    vw.move, vw.move_code, vw.move_from, vw.move_to = kind, code, src, dst
    tg = r.mover_token if kind == v.MOVE_TOKEN else r.mover
    other = r.mover if kind == v.MOVE_TOKEN else r.mover_token
    path = []
    for step in (0, 128, 255):
        vw.move_step = step
        sized.show(vw)
        assert not tg.hidden and other.hidden and r.group[-1] is r.movers
        x, y, _ = where(r, tg)
        path.append((x, y))
    token = kind == v.MOVE_TOKEN
    m = r.movers.scale
    assert [(x // m * m, y // m * m) for x, y in (r.where(vw, src, token), r.where(vw, dst, token))] == [
        path[0],
        path[2],
    ]
    (x0, y0), (x1, y1), (x2, y2) = path
    assert min(x0, x2) <= x1 <= max(x0, x2) and min(y0, y2) <= y1 <= max(y0, y2) and path[0] != path[2]
    if kind == v.MOVE_CARD:  # the card's face, in its colours, frame white
        assert r.mover.pixel_shader[art.FRAME] == art.CARD_CURSOR
        assert r.mover.pixel_shader[art.BODY] == v.VALUE_COLORS[cards.LOW[code] - 1]
        assert r.mover[0] == code
    if kind == v.MOVE_BACK:
        assert r.mover.pixel_shader[art.INK] == art.PILE_COLORS[art.INK] and r.mover[0] == art.BACK
    if kind == v.MOVE_TOKEN:
        assert tg[0] == code
    # Where it lands: the top card's middle, the seat's cards-in-hand column, the stage's white icon.
    if dst == v.PLACE_TOP:
        tx, ty, _ = where(r, r.top)
        zt = r.top_group.scale * r.panel.scale
        assert abs((x2 + 13 * m / 2) - (tx + 13 * zt / 2)) <= m and abs((y2 + 10 * m) - (ty + 10 * zt)) <= m
    vw.move = 0
    sized.show(vw)
    assert r.mover.hidden and r.mover_token.hidden
    sized.show(menu_view())
    assert r.mover.hidden and r.mover_token.hidden


def test_the_seats_are_laid_out_by_adafruit_displayio_layout_then_the_library_is_dropped(monkeypatch):
    import sys

    from adafruit_displayio_layout.layouts import grid_layout

    from hal.render import build

    # (the library's own layout step, spied on and bent: nothing outside the library shows where it
    # puts the cells before render.build reads them)
    placed = []
    real = grid_layout.GridLayout._layout_cells

    def spy(self):
        real(self)
        placed.extend((self.x + c["content"].x, self.y + c["content"].y) for c in self._cell_content_list)

    monkeypatch.setattr(grid_layout.GridLayout, "_layout_cells", spy)
    p = build.plan(160, 128)
    assert build.seat_cells(p) == (2, 0)
    assert placed == [(2, q * p["step"]) for q in range(6)]
    assert not [m for m in sys.modules if m.startswith("adafruit_displayio_layout")]  # its heap comes back
    # The grid's cells are what the table uses: a grid that placed them elsewhere moves the seats.
    from adafruit_displayio_layout.layouts import grid_layout as again

    monkeypatch.setattr(
        again.GridLayout,
        "_layout_cells",
        lambda self: [setattr(c["content"], "y", 1 + 11 * k) for k, c in enumerate(self._cell_content_list)],
    )
    assert build.seat_cells(p) == (0, -1)  # (the grid at y -2: a cell's content at 1)


def test_without_the_layout_library_the_seats_take_the_reference_cells(monkeypatch):
    import sys

    from hal.render import build

    monkeypatch.setitem(sys.modules, "adafruit_displayio_layout.layouts.grid_layout", None)  # an ImportError
    assert build.seat_cells(build.plan(160, 128)) == (2, 0)


def test_the_table_draws_its_seat_rows_in_the_layouts_cells(sized):
    sized.show(table_view(3))
    r = sized.renderer
    sx, sy, ss, sp, tb = r.parts[2]
    for q in range(3):
        assert where(r, r.rows[1 + q])[:2] == (ss * sx, tb + ss * (sy + q * sp))


def test_the_renderer_and_its_builder_do_not_import_each_other():
    # Issue 22: no module imports one that imports it back, not even inside a function.
    import ast
    import inspect

    from hal.render import build

    def imports(mod):
        tree = ast.parse(inspect.getsource(mod))
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                out |= {"%s.%s" % (node.module, a.name) for a in node.names} | {node.module}
            elif isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
        return out

    assert "hal.render.build" in imports(render)
    # The builder takes only its siblings from the package (the package itself is the renderer,
    # which a sibling's import finds loaded: the renderer imports the builder, never at load time).
    siblings = {"hal.render.art", "hal.render.sheet"}
    assert {m for m in imports(build) if m.startswith("hal.render.") and m.count(".") == 2} <= siblings
    assert "hal.render" not in imports(art) and "hal.render.build" not in imports(art)
