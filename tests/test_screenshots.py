"""Pictures of real game screens (tools/screenshots.py): the renderer really draws them, and the
ones docs/ shows are what it draws now.

Every picture is rendered once for the module (at the display's own size), then: each picture the
README or docs/*.md shows is compared, pixel for pixel, with a fresh render (a stale one fails);
and pixels are counted in them: text in the title bar and on the lines, card tiles on a turn, no
cards on a hand-off.
"""

import os
import re

import pytest

pygame = pytest.importorskip("pygame")

from tools import screenshots  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
REGENERATE = "python tools/screenshots.py"  # writes every picture of docs/


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """{file name: picture} of every picture tools/screenshots.py writes into docs/, rendered now at
    scale 1 (the display's pixels)."""
    out = str(tmp_path_factory.mktemp("shots"))
    return {name: pygame.image.load(p) for name, p in screenshots.take_all(out, scale=1).items()}


@pytest.fixture(scope="module")
def shots(rendered):
    return {kind: rendered[kind + ".png"] for kind in screenshots.KINDS}


def shown():
    """The docs pictures the README and docs/*.md show: {file name in docs/: the pages showing it}."""
    pages = [os.path.join(ROOT, "README.md")]
    pages += [os.path.join(DOCS, n) for n in sorted(os.listdir(DOCS)) if n.endswith(".md")]
    out = {}
    for page in pages:
        with open(page) as f:
            text = f.read()
        for ref in re.findall(r"\(([^()\s]+\.png)\)", text):
            path = os.path.normpath(os.path.join(os.path.dirname(page), ref))
            assert os.path.dirname(path) == DOCS, "%s shows %s: not a picture of docs/" % (page, ref)
            out.setdefault(os.path.basename(path), []).append(os.path.relpath(page, ROOT))
    return out


def pixels(img):
    return pygame.image.tostring(img, "RGB")


def test_the_readme_and_docs_show_pictures_that_the_tool_writes(rendered):
    pictures = shown()
    assert {"turn.png", "title.png", "since.png", "layout-480x320.png"} <= set(pictures)  # the scan finds them
    for name, pages in sorted(pictures.items()):
        assert name in rendered, "%s (shown by %s) is not written by %s" % (name, ", ".join(pages), REGENERATE)
    in_docs = set(n for n in os.listdir(DOCS) if n.endswith(".png"))
    assert in_docs == set(rendered), "docs/ holds pictures %s does not write, or lacks some" % REGENERATE


@pytest.mark.parametrize("name", sorted(shown()))
def test_each_picture_in_docs_is_what_the_renderer_draws_now(rendered, name):
    fresh = rendered[name]
    w, h = fresh.get_size()
    with open(os.path.join(DOCS, name), "rb") as f:
        kept = pygame.image.load(f, name)
    stale = "docs/%s is stale: run %s (it writes every picture)" % (name, REGENERATE)
    assert kept.get_size() == (w * screenshots.SCALE, h * screenshots.SCALE), stale
    # The tool's scaling (each pixel a square), then the decoded pixels: equal, not merely alike.
    same = pixels(kept) == pixels(pygame.transform.scale(fresh, kept.get_size()))
    assert same, stale


def count(img, x1, y1, x2, y2, test):
    n = 0
    for y in range(y1, y2):
        for x in range(x1, x2):
            if test(tuple(img.get_at((x, y)))[:3]):
                n += 1
    return n


def white(c):
    return min(c) > 200


def bright(c):
    return max(c) > 150


def test_every_kind_of_screen_was_taken(shots):
    assert sorted(shots) == sorted(screenshots.KINDS)
    for img in shots.values():
        assert img.get_size() == (160, 128)


@pytest.mark.parametrize("kind", screenshots.KINDS)
def test_the_title_bar_is_drawn_with_its_text(shots, kind):
    img = shots[kind]
    if kind == "show":  # a magic show turns the bar magenta
        assert count(img, 0, 0, 160, 12, lambda c: c[0] > 120 and c[2] > 120 and c[1] < 60) > 800
    else:
        assert count(img, 0, 0, 160, 12, lambda c: c[2] > 120 and c[0] < 80) > 800  # the blue bar
    assert count(img, 2, 0, 158, 12, white) > 40  # its text


def test_lines_of_text_are_drawn_where_the_view_has_them(shots):
    summary = shots["summary"]
    rows_with_text = [r for r in range(1, 9) if count(summary, 0, 12 * r, 160, 12 * r + 12, bright) > 20]
    assert len(rows_with_text) >= 4  # a line per seat at least
    assert count(summary, 0, 12 * 7, 160, 12 * 9, bright) > 100  # and a hand drawn as cards below them


def test_a_turn_shows_card_tiles_and_a_hand_off_shows_none(shots):
    turn = shots["turn"]
    assert count(turn, 0, 89, 160, 116, bright) > 400  # cards in their values' colours, and buttons
    for kind in ("handoff", "bot"):  # two humans: no hand on these
        assert count(shots[kind], 0, 90, 160, 116, bright) == 0


def test_the_table_shows_seats_the_top_card_and_the_stage(shots):
    for kind in ("turn", "bot", "show"):
        img = shots[kind]
        assert count(img, 0, 12, 2, 56, bright) >= 4 * 16  # four seats' colour stripes
        assert count(img, 120, 13, 146, 53, bright) > 500  # the top card, large
        assert count(img, 82, 53, 160, 64, white) > 20  # the stage's tokens and label
    assert count(shots["show"], 82, 16, 118, 50, lambda c: c[0] > 200 and c[2] > 200 and c[1] < 120) > 20  # SHOW!


def test_a_rules_page_shows_the_cards_as_drawn(shots):
    assert count(shots["rules"], 0, 89, 160, 116, bright) > 300


def test_a_changed_pixel_is_seen(rendered):
    # What the comparison above relies on: one pixel of another colour makes the pictures differ.
    fresh = rendered["turn.png"]
    changed = fresh.copy()
    x, y = 80, 100
    r, g, b = tuple(changed.get_at((x, y)))[:3]
    changed.set_at((x, y), (255 - r, g, b))
    assert pixels(changed) != pixels(fresh)
    assert pixels(pygame.transform.scale(changed, (320, 256))) != pixels(pygame.transform.scale(fresh, (320, 256)))
