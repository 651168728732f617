"""hal/render.py through Blinka displayio, headless: screens drawn, then their pixels checked.

The checks are functions that return the problems they find, so that one
test can also show they catch a broken drawing (a test must be able to fail).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import cards  # noqa: E402
from hal import cardart, desktop, render  # noqa: E402
from play import view as v  # noqa: E402

W, H = 160, 128
SHOTS = os.environ.get("LAMA_TEST_SHOTS")  # a folder: keep the screens for a look


def close(a, b, tol=24):
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b))


def rgb(c):
    return ((c >> 16) & 255, (c >> 8) & 255, c & 255)


class Shot:
    """The pixels of the display after a show(): ``at(x, y)`` -> (r, g, b)."""

    def __init__(self, screen, name=None):
        surface = screen.display.surface
        self.w, self.h = surface.get_size()
        self.px = pygame.surfarray.array3d(surface)  # [x][y][rgb]
        if SHOTS and name:
            os.makedirs(SHOTS, exist_ok=True)
            pygame.image.save(surface, os.path.join(SHOTS, name + ".png"))

    def at(self, x, y):
        return tuple(int(c) for c in self.px[x][y])

    def count(self, x0, y0, x1, y1, color, tol=24):
        n = 0
        for x in range(x0, x1):
            for y in range(y0, y1):
                if close(self.at(x, y), color, tol):
                    n += 1
        return n

    def not_color(self, x0, y0, x1, y1, color, tol=24):
        return (x1 - x0) * (y1 - y0) - self.count(x0, y0, x1, y1, color, tol)


def row_problems(shot, row, text, fg, bg, y=None, ox=0, oy=0, cells=None, h=12):
    """What is wrong with a text row: its bar, text where text is, nothing past it.

    A row of the grid starts at x 2 and runs to the right edge; a table row
    of ``cells`` characters starts at ``ox`` and ends with its last cell.
    """
    out = []
    y0 = oy + (row * 12 if y is None else y)
    if cells is not None:
        ox -= 2
    right = ox + W if cells is None else ox + 2 + 6 * cells
    end = ox + 2 + 6 * len(text)
    ink = shot.count(ox + 2, y0, end, y0 + h, rgb(fg)) if text.strip() else 0
    if text.strip() and ink < 3 * len(text.replace(" ", "")):
        out.append("row %d: %d text pixels for %r" % (row, ink, text))
    stray = shot.not_color(end, y0, right, y0 + h, rgb(bg))
    if stray:
        out.append("row %d: %d pixels past the text" % (row, stray))
    if shot.not_color(ox + 2, y0, end, y0 + h, rgb(bg)) - ink > 0:
        out.append("row %d: pixels neither text nor background" % row)
    return out


@pytest.fixture(scope="module")
def screen():
    d = desktop.make_display(window=False)
    s = render.Screen(d)
    yield s
    import displayio

    displayio.release_displays()


def menu_view():
    vw = v.View()
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


def menu_problems(shot, vw, h=128):
    out = row_problems(shot, 0, vw.title, render.TITLE_FG, render.TITLE_BG)
    for i in range(v.LINES):
        if i == vw.line_cursor:
            out += row_problems(shot, i + 1, vw.lines[i], render.CURSOR_FG, render.CURSOR_BG)
        else:
            out += row_problems(shot, i + 1, vw.lines[i], render.COLORS[vw.colors[i]], render.BLACK)
    if shot.not_color(0, 108, W, h - 12, (0, 0, 0)):
        out.append("pixels between the lines and the footer")
    out += row_problems(shot, 9, vw.footer, render.FOOTER_FG, render.FOOTER_BG, y=h - 12)
    return out


def tiles(renderer, vw):
    """(index, x, y, width) of each item tile on screen."""
    out = []
    for k in range(renderer.last - renderer.first):
        tg = renderer._slots[k]
        assert not tg.hidden
        i = renderer.first + k
        z = renderer.zoom  # the row is a group of the cards' scale
        out.append((i, renderer.hand.x + z * tg.x, renderer.hand.y + z * tg.y, z * render.item_width(vw.cards[i])))
    return out


def item_problems(shot, renderer, vw):
    out = []
    cur = vw.card_cursor
    for i, x, y, w in tiles(renderer, vw):
        code = vw.cards[i]
        playable = vw.marks[i] & v.PLAYABLE
        if x < 0 or x + w > W:
            out.append("item %d off screen at x=%d" % (i, x))
            continue
        lift = render.RAISE_PLAYABLE if playable else 0  # the cursor is its frame alone
        if y != render.ITEMS_Y - lift:
            out.append("item %d at y=%d, not raised %d (cursor=%d, playable=%s)" % (i, y, lift, cur, playable))
        top = y + (3 if code >= v.FIRST_ITEM else 0)
        frame = shot.at(x, top)
        want = render.CARD_CURSOR if code < v.FIRST_ITEM else render.FRAME_CURSOR
        if playable and code == cards.LLAMA:
            want = render.FRAME_CURSOR  # yellow on the llama's white body
        if i == cur and not close(frame, rgb(want)):
            out.append("cursor item %d has no cursor frame: %s" % (i, frame))
        if i != cur and close(frame, rgb(want)):
            out.append("item %d framed like the cursor" % i)
        if code < v.FIRST_ITEM:
            pal = {}
            render.card_colors(pal, code, playable)
            body = rgb(pal[cardart.BODY])
            ink = rgb(pal[cardart.INK])
            if shot.count(x + 2, y + 2, x + w - 2, y + 10, body) < 30:
                out.append("card %d: body not %s" % (i, body))
            lower = shot.count(x + 2, y + 12, x + w - 2, y + 20, rgb(pal[cardart.BODY2]))
            if cards.LOW[code] != cards.HIGH[code] and lower < 30:
                out.append("double %d: lower half not %s" % (i, pal[cardart.BODY2]))
            if shot.count(x + 2, y + 2, x + w - 2, y + 11, ink) < 6:
                out.append("card %d: no value drawn" % i)
            icon = cards.ICON[code] or code == cards.LLAMA or cards.LOW[code] != cards.HIGH[code]
            if bool(shot.count(x + 2, y + 11, x + w - 2, y + 20, ink) >= 6) != bool(icon):
                out.append("card %d: icon drawn=%s, has one=%s" % (i, not icon, icon))
        else:
            colors = render.BUTTON_CURSOR if i == cur else (render.BUTTON_ON if playable else render.BUTTON_OFF)
            if shot.count(x + 1, y + 4, x + w - 1, y + 18, rgb(colors[1])) < 150:
                out.append("button %d: body not %s" % (i, colors[1]))
        below = shot.not_color(x, y + 22, x + w, 116, (0, 0, 0))
        if below:
            out.append("item %d: %d pixels below the tile" % (i, below))
    return out


# ---- the tests -------------------------------------------------------------------------------
def test_a_menu_screen_draws_title_lines_cursor_and_footer(screen):
    vw = menu_view()
    screen.show(vw)
    shot = Shot(screen, "menu")
    assert menu_problems(shot, vw) == []
    assert shot.count(0, 0, W, 12, rgb(render.TITLE_BG)) > 1200  # a solid bar, edge to edge
    assert shot.count(0, 60, W, 72, rgb(render.CURSOR_BG)) > 1200  # line 4 (row 5) under the cursor
    assert shot.not_color(0, 36, W, 48, (0, 0, 0)) == 0  # line 2 (row 3) is empty


def test_the_checks_catch_a_broken_screen(screen):
    vw = menu_view()
    screen.show(vw)
    screen.renderer._rows[0].hidden = True  # the title text vanishes
    screen.renderer._row_pals[6][1] = 0x00FF00  # a line in the wrong colour
    screen.display.refresh()
    problems = menu_problems(Shot(screen), vw)
    assert any(p.startswith("row 0:") for p in problems) and any(p.startswith("row 6:") for p in problems)
    screen.renderer._rows[0].hidden = False
    screen.renderer._row_rgb[6] = -1
    bad = turn_view()
    screen.show(bad)
    bad.card_cursor = 4  # the View says 4, the screen shows 3
    assert item_problems(Shot(screen), screen.renderer, bad) != []


def test_a_turn_screen_shows_playable_dim_and_cursor_cards_and_buttons(screen):
    vw = turn_view()
    screen.show(vw)
    shot = Shot(screen, "turn")
    r = screen.renderer
    assert (r.first, r.last) == (0, 8)
    assert item_problems(shot, r, vw) == []
    assert row_problems(shot, 4, "Ben played 3#", render.COLORS[v.ACCENT], render.BLACK) == []
    # Rows 7 and 8 belong to the items now; the footer is there.
    assert row_problems(shot, 9, vw.footer, render.FOOTER_FG, render.FOOTER_BG, y=116) == []
    # Playable and dim cards really differ on screen, and only the cursor is yellow.
    (_, x0, y0, _), (_, x3, y3, _) = tiles(r, vw)[0], tiles(r, vw)[3]
    assert not close(shot.at(x0 + 6, y0 + 15), shot.at(x3 + 2, y3 + 15))
    assert shot.count(x3, y3, x3 + 13, y3 + 22, rgb(render.CARD_CURSOR)) >= 60  # the whole frame
    # Moving the cursor to a button: that button turns yellow, the card drops back.
    vw.card_cursor = 6
    screen.show(vw)
    shot = Shot(screen, "turn-button")
    assert item_problems(shot, r, vw) == []


def test_the_cursor_on_a_card_that_cannot_be_played_is_a_frame_on_a_dim_card(screen):
    # Bright and raised mean "you may play it": the cursor must not lend them (issue 20).
    vw = turn_view(cursor=0)  # "1" cannot be played
    screen.show(vw)
    shot = Shot(screen, "turn-cursor-dim")
    r = screen.renderer
    assert item_problems(shot, r, vw) == []
    (_, x0, y0, _), (_, _, y1, _) = tiles(r, vw)[0], tiles(r, vw)[1]
    assert y0 == y1 == render.ITEMS_Y  # as low as the other dim card
    pal = {}
    render.card_colors(pal, cards.code("1"), False)
    assert shot.count(x0 + 2, y0 + 2, x0 + 11, y0 + 10, rgb(pal[cardart.BODY])) >= 30  # dim
    assert shot.count(x0, y0, x0 + 13, y0 + 22, rgb(render.CARD_CURSOR)) >= 60  # its white frame
    # On a llama's white body the frame is yellow: it still shows where the cursor is.
    vw.card_cursor = 5
    screen.show(vw)
    shot = Shot(screen, "turn-cursor-llama")
    assert item_problems(shot, r, vw) == []
    _, x5, y5, _ = tiles(r, vw)[5]
    assert shot.count(x5, y5, x5 + 13, y5 + 22, rgb(render.FRAME_CURSOR)) >= 60


def test_a_long_hand_scrolls_so_the_cursor_stays_visible_with_arrows(screen):
    names = [cards.name(c % 18) for c in range(45)]
    vw = turn_view(names, playable=("3", "L", "2*"), actions=(18, 21, 22), cursor=0)
    n = vw.ncards
    firsts = []
    for cur in list(range(n)) + [n - 1, 20, 0]:
        vw.card_cursor = cur
        screen.show(vw)
        r = screen.renderer
        assert r.first <= cur < r.last <= n and r.last - r.first >= 5
        firsts.append(r.first)
        shot = Shot(screen, "long-%d" % cur if cur in (0, 20, n - 1) else None)
        assert item_problems(shot, r, vw) == [], cur
        arrow = rgb(render.ARROW)
        assert (shot.count(0, 88, 6, 110, arrow) > 5) == (r.first > 0)
        assert (shot.count(154, 88, 160, 110, arrow) > 5) == (r.last < n)
    assert firsts[:n] == sorted(firsts[:n]) and firsts[0] == 0 and firsts[n - 1] > 30
    assert firsts[-1] == 0


def test_an_unchanged_view_redraws_nothing_and_a_changed_line_only_its_row(screen, monkeypatch):
    vw = turn_view()
    screen.show(vw)
    r = screen.renderer
    drawn = []
    monkeypatch.setattr(r, "_draw_tile", lambda bm, code: drawn.append(code))
    writes = []
    title = r._rows[0]
    cls = type(title)

    class Counting(cls):
        @property
        def text(self):
            return cls.text.fget(self)

        @text.setter
        def text(self, value):
            writes.append(0)
            cls.text.fset(self, value)

    title.__class__ = Counting
    rows = r._rows[1:]
    for k, row in enumerate(rows):
        cls_row = type(row)

        class CountingRow(cls_row):
            def __setitem__(self, i, value, k=k):
                writes.append(k + 1)
                cls_row.__setitem__(self, i, value)

        row.__class__ = CountingRow
    screen.show(vw)
    assert drawn == [] and writes == []
    bitmap = title._bitmap
    vw.line(0, "Top 4   Pile 39 Stage 2M")
    vw.card_cursor = 4
    screen.show(vw)
    # Only row 1 changed: only the tiles of the characters that differ.
    assert drawn == [] and writes and set(writes) == {1} and len(writes) <= 4
    vw.title = "Round 2 - Ben"
    screen.show(vw)
    assert title._bitmap is bitmap  # the padded title keeps its bitmap
    for row in r._rows:
        row.__class__ = type(row).__mro__[1]


def table_view(players=6, show=False):
    vw = turn_view()
    vw.seats = players
    vw.to_act = 1
    for q in range(players):
        vw.names[q] = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fritz")[q]
        vw.seat_cards[q] = 3 + q
        vw.points[q] = (0, 7, 123, 40, 99, 118)[q]
        vw.seat_flags[q] = (v.SEAT_MAGIC if q == 2 else 0) | (v.SEAT_OUT if q == 3 else 0)
    vw.top = cards.code("2/3")
    vw.pile = 23
    vw.show = show
    vw.stage[0], vw.stage[1], vw.stage[2] = 4, 1, 0
    vw.has_mine = True
    vw.mine[0], vw.mine[1], vw.mine[2] = 2, 0, 1
    vw.event = "Ben plays 3#: Cleo draws"
    return vw


def seat_text(q, vw):
    hand = "--" if vw.seat_flags[q] & v.SEAT_OUT else "%dc" % vw.seat_cards[q]
    return "%-5s%3s%4d" % (vw.names[q], hand, vw.points[q])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_table_view_draws_seats_top_card_pile_stage_and_tokens(screen, players):
    vw = table_view(players)
    screen.show(vw)
    shot = Shot(screen, "table-%d" % players)
    r = screen.renderer
    for q in range(6):
        row = r._rows[r._seat_rows[q]]
        assert row.hidden == (q >= players)
        if q < players:
            fg = render.OUT_FG if q == 3 else render.COLORS[v.HIGHLIGHT] if q == 1 else render.COLORS[0]
            bg = render.SEAT_BAR if q == 1 else render.BLACK
            text = seat_text(q, vw)
            problems = row_problems(shot, 0, text, fg, bg, ox=render.SEAT_X, oy=row.y, cells=render.SEAT_CELLS, h=11)
            assert problems == [], (q, problems)
            assert r._seat_magic[q] == (2 if q == 2 else 3)  # the star tile, or the blank one
            # The seat's colour stripe, and nothing of the seat beyond its 80 pixels.
            assert shot.count(0, row.y + 2, 2, row.y + 10, rgb(v.SEAT_COLORS[q])) == 16
    assert shot.not_color(render.PANEL_X - 1, render.SEAT_Y, render.PANEL_X, render.EVENT_Y, (0, 0, 0)) == 0  # a gap
    # The top card, large: its two values' colours, top and bottom.
    x, y = render.TOP_X, render.TOP_Y
    assert shot.count(x + 2, y + 2, x + 24, y + 19, rgb(v.VALUE_COLORS[1])) > 200
    assert shot.count(x + 2, y + 21, x + 24, y + 38, rgb(v.VALUE_COLORS[2])) > 200
    assert row_problems(shot, 0, "  23", render.COLORS[0], render.BLACK, ox=render.PILE_X - 4,
                        oy=render.PILE_Y + render.SLOT_H + 1, cells=5) == []
    assert shot.count(render.PANEL_X, render.STAGE_Y, W, render.STAGE_Y + 8, rgb(render.TOKEN_COLORS[0])) > 20
    assert shot.count(render.PANEL_X, render.MINE_Y, W, render.MINE_Y + 8, rgb(render.TOKEN_COLORS[3])) > 10
    assert row_problems(shot, 0, vw.event, render.COLORS[v.ACCENT], render.BLACK, oy=render.EVENT_Y, h=10) == []
    assert item_problems(shot, r, vw) == []


def test_a_magic_show_replaces_the_pile_with_its_banner_and_back(screen):
    vw = table_view(4, show=True)
    screen.show(vw)
    shot = Shot(screen, "table-show")
    r = screen.renderer
    assert r._pile.hidden
    assert shot.count(render.PANEL_X, render.PILE_Y, render.TOP_X, render.STAGE_Y - 2, rgb(render.SHOW_FG)) > 20
    assert shot.count(0, 0, W, 12, rgb(render.SHOW_BG)) > 1000  # the title bar
    vw.show = False
    screen.show(vw)
    shot = Shot(screen)
    assert not r._pile.hidden and shot.count(0, 0, W, 12, rgb(render.TITLE_BG)) > 1000
    assert shot.count(0, 0, W, 128, rgb(render.SHOW_FG)) == 0
    vw.seats = 0  # a text screen after the table: the table layer goes
    screen.show(vw)
    assert r.table_group.hidden
    assert [(row.x, row.y) for row in r._rows[1:9]] == [(2, 12 * i) for i in range(1, 9)]  # back on the grid


def test_text_is_cut_at_26_columns_and_unknown_characters_show_as_question_marks(screen):
    vw = v.View()
    vw.title = "T" * 40
    vw.lines[0] = "caf\u00e9 \x01"
    screen.show(vw)
    shot = Shot(screen)
    assert shot.count(2 + 6 * 26, 0, W, 12, (255, 255, 255)) == 0
    assert shot.count(2, 0, 2 + 6 * 26, 12, (255, 255, 255)) > 26 * 8
    assert shot.count(2 + 6 * 3, 12, 2 + 6 * 6, 24, (255, 255, 255)) > 5  # "?" glyphs


@pytest.mark.parametrize("size, zoom", [((160, 128), 1), ((240, 240), 2), ((320, 240), 2)])
def test_the_layout_follows_the_display_size_bigger_cards_on_big_screens(screen, size, zoom):
    import displayio

    displayio.release_displays()
    w, h = size
    d = desktop.make_display(window=False, size=size)
    s = render.Screen(d)
    r = s.renderer
    assert (r.scale, r.width, r.height, r.zoom) == (1, w, h, zoom)
    vw = table_view(6)
    s.show(vw)
    shot = Shot(s, "size-%dx%d" % size)
    # The title bar on top and the footer bar on the bottom edge, both the full width.
    assert close(shot.at(w - 1, 1), rgb(render.TITLE_BG)) and close(shot.at(w - 1, h - 1), rgb(render.FOOTER_BG))
    assert row_problems(shot, 9, vw.footer, render.FOOTER_FG, render.FOOTER_BG, y=h - 12) == []
    # The cards: zoom times the reference size, on screen, between the event row and the footer.
    for i, x, y, tw in tiles(r, vw):
        assert 0 <= x and x + tw <= w and 78 + 12 - render.RAISE * zoom <= y and y + zoom * render.SLOT_H <= h - 12
        if vw.cards[i] < v.FIRST_ITEM:
            assert tw == zoom * render.CARD_W
    assert r.last - r.first >= (8 if r.row_w >= 160 else 5)  # 240 wide: fewer, bigger cards
    assert r._arrows[1].hidden == (r.last == vw.ncards)  # and a marker when more are to the right
    # The top card, zoomed, inside the screen and clear of the seats (which end at x 81).
    top = r._top
    x0, y0 = r.top_x, r.top_y
    assert top.x == 0 and 82 <= x0 and x0 + zoom * render.TOP_W <= w and y0 + zoom * render.TOP_H <= r.hand_y
    assert close(shot.at(x0 + zoom * 4, y0 + zoom * 34), rgb(v.VALUE_COLORS[2]))  # the 2/3's lower half: a 3
    for q in range(6):  # the seats keep their rows
        fg = render.OUT_FG if q == 3 else render.COLORS[v.HIGHLIGHT] if q == 1 else render.COLORS[0]
        bg = render.SEAT_BAR if q == 1 else render.BLACK
        y = render.SEAT_Y + q * render.SEAT_H
        text = seat_text(q, vw)
        assert row_problems(shot, 0, text, fg, bg, ox=render.SEAT_X, oy=y, cells=render.SEAT_CELLS, h=11) == []
    s.show(menu_view())  # a text screen: the lines where the reference has them, the footer at the bottom
    assert menu_problems(Shot(s), menu_view(), h) == []
    displayio.release_displays()
    d = desktop.make_display(window=False, size=(320, 256))
    assert render.Screen(d).renderer.group.scale == 2  # twice the reference: all of it doubled
    displayio.release_displays()
    screen.display = desktop.make_display(window=False)  # the module's screen, for any test after
    screen.renderer = render.Renderer(W, H)
    screen.display.root_group = screen.renderer.group


def ink_columns(shot, x0, x1, y0, y1):
    """The x of every column of [x0, x1) that has a pixel other than black in rows [y0, y1)."""
    return {x for x in range(x0, x1) if shot.not_color(x, y0, x + 1, y1, (0, 0, 0), tol=8)}


@pytest.mark.parametrize("size", [(160, 128), (240, 240), (320, 240)])
def test_the_token_icons_keep_clear_of_the_labels_and_the_counts(screen, size):
    # "Stage" ran into its white token and the circles touched the digits (issue 20): at
    # every size a blank column lies between an icon and any letter or digit of its row.
    import displayio

    displayio.release_displays()
    s = render.Screen(desktop.make_display(window=False, size=size))
    r = s.renderer
    vw = table_view(6)
    vw.stage[0], vw.stage[1], vw.stage[2] = 12, 34, 1  # two digits, and the star
    vw.mine[0], vw.mine[1], vw.mine[2] = 56, 78, 1
    for k in range(2):
        icons = r._token_icons[k]
        row = r._rows[r._token_rows[k]]
        y0, y1 = min(row.y, icons.y), max(row.y + 12, icons.y + render.SEAT_H)
        x0, x1 = row.x - 2, size[0]
        s.show(vw)
        both = ink_columns(Shot(s, "tokens-%d-%dx%d" % ((k,) + size)), x0, x1, y0, y1)
        icons.hidden = True
        s.display.refresh()
        text = ink_columns(Shot(s), x0, x1, y0, y1)  # the label and the counts alone
        icons.hidden = False
        icon = both - text
        assert len(icon) >= 3 * 5 and len(text) >= 5 * 4, (sorted(icon), sorted(text))
        touching = sorted(x for x in icon if {x - 1, x, x + 1} & text)
        assert not touching, "%s row: icon columns touching text at x %s" % (("Stage", "You")[k], touching)
    displayio.release_displays()
    screen.display = desktop.make_display(window=False)  # the module's screen, for any test after
    screen.renderer = render.Renderer(W, H)
    screen.display.root_group = screen.renderer.group


def test_renderer_objects_cost_little_heap_on_the_desktop():
    # Blinka's objects are pure Python and much bigger than CircuitPython's;
    # this bounds the desktop figure (the board's estimate is in render's docstring,
    # the MicroPython one in test_hal_micropython.py).
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    r = render.Renderer(W, H)
    r.draw(turn_view())
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print("renderer on Blinka: %d KB" % (used // 1024))
    assert used < 400 * 1024


@pytest.mark.parametrize("kind, code, src, dst", [
    (v.MOVE_CARD, cards.code("4*"), v.PLACE_HAND + 4, v.PLACE_TOP),
    (v.MOVE_BACK, 0, v.PLACE_PILE, 2),
    (v.MOVE_TOKEN, 1, 4, v.PLACE_STAGE),
])
def test_a_motion_moves_one_piece_on_top_from_place_to_place_then_hides_it(screen, kind, code, src, dst):
    r = screen.renderer
    vw = table_view(6)
    vw.move, vw.move_code, vw.move_from, vw.move_to = kind, code, src, dst
    tg = r._mover_token if kind == v.MOVE_TOKEN else r._mover
    other = r._mover if kind == v.MOVE_TOKEN else r._mover_token
    path = []
    for step in (0, 128, 255):
        vw.move_step = step
        screen.show(vw)
        assert not tg.hidden and other.hidden and r.group[-1][-1] is r._mover_token and r.group[-1][-2] is r._mover
        path.append((tg.x, tg.y))
    token = kind == v.MOVE_TOKEN
    assert path[0] == r._place(vw, src, token) and path[2] == r._place(vw, dst, token)
    (x0, y0), (x1, y1), (x2, y2) = path
    assert min(x0, x2) <= x1 <= max(x0, x2) and min(y0, y2) <= y1 <= max(y0, y2) and path[0] != path[2]
    if kind == v.MOVE_CARD:  # the card's face, in its colours, frame white
        assert r._mover_pal[cardart.FRAME] == render.CARD_CURSOR
        assert r._mover_pal[cardart.BODY] == v.VALUE_COLORS[cards.LOW[code] - 1]
    if kind == v.MOVE_BACK:
        assert r._mover_pal[1] == render.PILE_COLORS[0]
    if kind == v.MOVE_TOKEN:
        assert tg[0] == code
    vw.move = 0
    screen.show(vw)
    assert r._mover.hidden and r._mover_token.hidden
    screen.show(menu_view())
    assert r._mover.hidden and r._mover_token.hidden


class _Cells:
    """What seat_cells fills in (a Renderer's two fields)."""


def test_the_seats_are_laid_out_by_adafruit_displayio_layout_then_the_library_is_dropped(monkeypatch):
    import sys

    from adafruit_displayio_layout.layouts import grid_layout

    from hal import renderbuild

    placed = []
    real = grid_layout.GridLayout._layout_cells

    def spy(self):
        real(self)
        placed.extend((self.x + c["content"].x, self.y + c["content"].y) for c in self._cell_content_list)

    monkeypatch.setattr(grid_layout.GridLayout, "_layout_cells", spy)
    r = _Cells()
    assert renderbuild.seat_cells(r) is True
    assert placed == [(render.SEAT_X, render.SEAT_Y + q * render.SEAT_H) for q in range(6)]
    assert (r.seat_x, r.seat_y) == placed[0]
    assert not [m for m in sys.modules if m.startswith("adafruit_displayio_layout")]  # its heap comes back
    # The grid's cells are what the table uses: a shifted grid moves the seat rows with it.
    monkeypatch.setattr(render, "SEAT_Y", render.SEAT_Y + 3)
    assert renderbuild.seat_cells(r) is True and r.seat_y == 15


def test_without_the_layout_library_the_seats_take_the_reference_cells(monkeypatch):
    import sys

    from hal import renderbuild

    monkeypatch.setitem(sys.modules, "adafruit_displayio_layout.layouts.grid_layout", None)  # an ImportError
    r = _Cells()
    assert renderbuild.seat_cells(r) is False
    assert (r.seat_x, r.seat_y) == (render.SEAT_X, render.SEAT_Y)


def test_the_table_draws_its_seat_rows_in_the_layouts_cells(screen):
    screen.show(table_view(3))
    r = screen.renderer
    for q in range(3):
        row = r._rows[r._seat_rows[q]]
        assert (row.x, row.y) == (r.seat_x, r.seat_y + q * render.SEAT_H)
