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


def test_a_save_records_the_version_that_wrote_it():
    m = mt.Match()
    m.start(7)
    data = m.to_bytes()
    assert data[4] == mt.SAVE_VERSION == 3
    back = mt.Match.from_bytes(data)
    assert back.written_by == play.VERSION and back.to_bytes() == data
    assert data[codec.HEAD + 20 : codec.HEAD + 23] == bytes(play.VERSION)  # after the seats and the bot rng


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


def test_about_shows_the_version():
    hw, app, driver, rec = run_flow("Up A A", max_screens=0)  # Up from the top: the last row, About
    about = [screen for screen in hw.screen.screens if "About" in screen[0]]
    assert any("L.A.M.A. Kadabra " + TEXT in line for line in about[0])


@pytest.mark.parametrize("version", [1, 4])
def test_a_save_this_version_cannot_read_is_kept_aside_with_the_reason(version):
    # Version 1 (before the stores' records changed) or a newer game's: never loaded, never lost.
    data = codec.frame(mt.SAVE_MAGIC, version, bytes(codec.unframe(SAVE_V2, mt.SAVE_MAGIC, 2)))
    hw, app, driver, rec = run_flow("", save=data, max_screens=2, title_choice=None)
    shown = " ".join(hw.screen.screens[0])
    assert "Save not loaded" in shown and "save is from" in shown and "version %d" % version in shown
    assert hw.storage.aside == data
