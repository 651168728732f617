"""The game's version: one place (play.VERSION), shown by About, recorded by every save; older saves load."""

import os
import re

import pytest

import play
from engine import codec
from play import match as mt
from tests.test_flow import play as run_flow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A save written by the game as it was before saves recorded their writer (save version 2,
# commit cf96c2e): 3 players (you, Bot Hard, Bot Easy; Eva, Hugo, Cleo), speed Fast, lights High,
# sound off, round 2 under way, scores 2 / 11 / 5, 36 cards in the pile.
SAVE_V2 = bytes.fromhex(
    "4c4b535602aa00030016000003010202020407020304050fb403324c414d41018d0066030000001100070642020034b92900"
    "010000000302000000000110000000100000070b000000000010022000000011020500000000010000010000000002061109"
    "110101010209010b0c0c060d0d010d0e0f02101010061010100111111101111111110406010100ff00ff0200000101000000"
    "000000030000000001000000000005000002001100000000000c2c8eed"
)


TEXT = "%d.%d.%d" % play.VERSION


def test_the_version_is_one_place_and_pyproject_says_the_same():
    assert len(play.VERSION) == 3 and all(isinstance(n, int) and 0 <= n < 256 for n in play.VERSION)
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        said = re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)
    assert said == TEXT, "pyproject.toml's version must be play.VERSION (play/__init__.py)"

# A save of the version before the hints (save version 3, commit 8924fdd): 3 players (you, Bot
# Hard, Bot Easy; Eva, Hugo, Cleo), speed Fast, lights High, sound off, round 2 with 7 actions
# in its history, scores 25 / 20 / 22, 38 cards in the pile.
SAVE_V3 = bytes.fromhex(
    "4c4b535603b70003001600000301020202040702030405fa142a2b0001004c414d4102970066030000000d000706400200"
    "150625eb00000000050f000100100000000000000022080a0001002000000120110100000602000200300200000000000010"
    "010d06070609020203090206010c0d0d0d060d0e0f1010051010051010111104111111111111061101260100ff00ff0c0120"
    "00100200000000111100000200000011000101090100000000100010003000073252093632564d0763a56a"
)


def test_a_save_records_the_version_that_wrote_it():
    m = mt.Match()
    m.start(7)
    data = m.to_bytes()
    assert data[4] == mt.SAVE_VERSION == 4
    back = mt.Match.from_bytes(data)
    assert back.written_by == play.VERSION and back.to_bytes() == data
    assert data[codec.HEAD + 20 : codec.HEAD + 23] == bytes(play.VERSION)  # after the seats and the bot rng


def test_a_save_keeps_the_hints_each_seat_used_and_the_recap_setting():
    m = mt.Match()
    m.start(7)
    m.hints[:] = bytes((3, 0, 255, 1, 0, 0))
    m.recap = 2
    back = mt.Match.from_bytes(m.to_bytes())
    assert list(back.hints) == [3, 0, 255, 1, 0, 0] and back.recap == 2 and back.to_bytes() == m.to_bytes()
    assert list(m.to_bytes()[codec.HEAD + 23 : codec.HEAD + 29]) == [3, 0, 255, 1, 0, 0]  # after the writer
    m.start(8)  # a new game: none used
    assert not any(m.hints)


def test_a_save_of_version_3_loads_with_no_hints_used_its_history_and_all():
    old = mt.Match.from_bytes(SAVE_V3)
    assert old.written_by == (0, 1, 0) and not any(old.hints) and old.recap == 0
    assert (old.players, old.speed, old.brightness, old.sound) == (3, 2, 3, False)
    g = old.game
    assert (g.round_number, g.draw_pile_size, g.scores()) == (2, 38, [25, 20, 22])
    assert g.history() == [(1, 18), (2, 18), (0, 9), (1, 22), (1, 18), (2, 22), (2, 13)]
    again = old.to_bytes()
    assert again[4] == 4 and mt.Match.from_bytes(again).game.to_bytes() == g.to_bytes()


def test_a_save_of_the_version_before_loads_and_is_saved_again_with_the_writer():
    old = mt.Match.from_bytes(SAVE_V2)
    assert old.written_by is None  # it did not say
    assert (old.players, old.speed, old.brightness, old.sound) == (3, 2, 3, False)
    assert list(old.kinds[:3]) == [mt.HUMAN, 3, 1] and [old.name(p) for p in range(3)] == ["Eva", "Hugo", "Cleo"]
    g = old.game
    assert (g.round_number, g.draw_pile_size, g.scores()) == (2, 36, [2, 11, 5])
    again = old.to_bytes()
    assert again[4] == mt.SAVE_VERSION and mt.Match.from_bytes(again).written_by == play.VERSION
    assert mt.Match.from_bytes(again).game.to_bytes() == g.to_bytes()


def test_a_damaged_version_2_save_is_still_refused_with_its_reason():
    cut = SAVE_V2[:20]
    with pytest.raises(ValueError, match="save is cut short"):
        mt.Match.from_bytes(cut)
    bad = bytearray(SAVE_V2)
    bad[40] ^= 1
    with pytest.raises(ValueError, match="save is corrupt"):
        mt.Match.from_bytes(bad)
    body = codec.unframe(SAVE_V2, mt.SAVE_MAGIC, 2)
    with pytest.raises(ValueError, match="save is cut short"):  # a version 2 frame too short for a match
        mt.Match.from_bytes(codec.frame(mt.SAVE_MAGIC, 2, bytes(body[:10])))


def test_an_updated_game_continues_the_older_save_and_rewrites_it():
    # The title offers Continue for the version 2 save; the game goes on from it.
    hw, app, driver, rec = run_flow("A", save=SAVE_V2, max_screens=300, title_choice=None)
    assert app.match is not None and app.match.game.round_number >= 2
    saved = mt.Match.from_bytes(hw.storage.load())
    assert saved.written_by == play.VERSION and saved.players == 3 and saved.game.round_number >= 2
    assert hw.storage.aside is None


def test_every_save_of_an_older_save_continued_loads_again():
    # The version 2 save kept no history (a version 1 record): its round goes on with the actions
    # recorded from there, a part of the round. Each save written on the way loads again: the
    # history check (engine/replay.py) replayed them from a deal they do not hold, and refused them.
    for screens in range(1, 60, 3):
        hw, app, driver, rec = run_flow("A", save=SAVE_V2, max_screens=screens, title_choice=None)
        again = mt.Match.from_bytes(hw.storage.load())
        assert again.game.to_bytes() == app.match.game.to_bytes()


def test_about_shows_the_version():
    hw, app, driver, rec = run_flow("Up A A", max_screens=0)  # Up from the top: the last row, About
    about = [screen for screen in hw.screen.screens if "About" in screen[0]]
    assert any("L.A.M.A. Kadabra " + TEXT in line for line in about[0])


@pytest.mark.parametrize("version", [1, 5])
def test_a_save_this_version_cannot_read_is_kept_aside_with_the_reason(version):
    # Version 1 (before the stores' records changed) or a newer game's: never loaded, never lost.
    data = codec.frame(mt.SAVE_MAGIC, version, bytes(codec.unframe(SAVE_V2, mt.SAVE_MAGIC, 2)))
    hw, app, driver, rec = run_flow("", save=data, max_screens=2, title_choice=None)
    shown = " ".join(hw.screen.screens[0])
    assert "Save not loaded" in shown and "save is from" in shown and "version %d" % version in shown
    assert hw.storage.aside == data
