"""Pictures of real game screens (tools/screenshots.py): the renderer really draws them.

Counts pixels in the PNGs written by the board's renderer on Blinka: text in
the title bar and on the lines, card tiles on a turn, no cards on a hand-off.
"""

import os

import pytest

pygame = pytest.importorskip("pygame")

from tools import screenshots  # noqa: E402


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("shots"))
    taken = screenshots.take(out, scale=1)
    return {k: pygame.image.load(p) for k, p in taken.items()}


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


def test_the_docs_pictures_are_there():
    docs = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")
    for kind in screenshots.KINDS:
        assert os.path.getsize(os.path.join(docs, kind + ".png")) > 500
