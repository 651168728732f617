"""Every kind of screen at every layout: CircuitPython's own displayio draws what Blinka draws.

tools/realdisplay.py draws the same Views with the board's renderer on the 10.2.1-displayio build
(CircuitPython's displayio C code, ``displayrender``) and on the desktop simulator's Blinka
display, and counts the pixels that differ. Each is a defect of one side or the other: none
may be left. Skipped without that build (``LAMA_CIRCUITPYTHON``) or pygame.
"""

import pytest

from tools import cpboard, realdisplay

pytest.importorskip("pygame")
pytestmark = pytest.mark.skipif(
    bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or ""
)


@pytest.fixture(scope="module")
def rows():
    return realdisplay.compare(realdisplay.SIZES)


def test_every_kind_of_screen_is_drawn_at_every_size(rows):
    for size in realdisplay.SIZES:
        kinds = {kind.split()[0] for s, kind, n, box in rows if s == size}
        assert kinds == {kind.split()[0] for kind in realdisplay.KINDS}
        pages = [kind for s, kind, n, box in rows if s == size and kind.startswith("rules")]
        assert len(pages) == int(pages[0].split("/")[1])  # every page of the rules


@pytest.mark.parametrize("kind", realdisplay.KINDS)
@pytest.mark.parametrize("size", realdisplay.SIZES, ids=["%dx%d" % s for s in realdisplay.SIZES])
def test_the_c_code_and_blinka_draw_the_same_pixels(rows, size, kind):
    drawn = [(k, n, box) for s, k, n, box in rows if s == size and k.split()[0] == kind]
    assert drawn and all(n == 0 for k, n, box in drawn), drawn


def test_a_differing_pixel_is_counted():
    a = bytes(160 * 128 * 2)
    b = bytearray(a)
    b[2 * (5 * 160 + 7) + 1] = 0x80  # x 7, y 5
    assert realdisplay.differ(a, bytes(b), 160) == (1, (7, 5, 8, 6))


def test_the_c_builds_font_is_laid_out_as_a_boards():
    # The build's terminalio.FONT was made by a loader of its own: its ASCII glyphs match, pixel
    # for pixel, what CircuitPython's tools/gen_display_resources.py makes of ter-u12n.bdf for a
    # board (the same file Blinka ships), so the comparison above compares with a board's text.
    width, height, differ = realdisplay.font_differs()
    assert (width, height) == (6 * 95, 12)
    assert differ == []


def test_the_board_font_strip_is_read_from_the_bdf():
    import displayio

    bdf = realdisplay.os.path.join(realdisplay.os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")
    inked = realdisplay.bdf_strip(bdf)
    assert 600 < len(inked) < 3000 and all(0 <= x < 570 and 0 <= y < 12 for x, y in inked)
    assert (8, 2) in inked and (8, 7) not in inked and (8, 8) in inked  # "!" (tile 1): its stem, gap, dot
