"""Issue 25: statistics per player name (play/stats.py), kept beside the save (``hal.STATS``).

Whole games through the mock: each finished game counts once for every human seat's name (games,
wins, points, best game, hints), the record survives a restart and a power cut between the
game's last save and its statistics, a damaged record is kept aside with a message, never lost
silently, and a game's statistics cost one nvm erase on a SAMD51 (tools/bench.py).
"""

import pytest

from engine import bots, codec, rng
from hal import mock
from play import match as mt
from play import stats
from tests.flow_driver import Driver, new_game_script
from tests.helpers import machine
from tools import bench


def _play_games(kinds, games=1, seed=1, storage=None):
    """``games`` whole games one after another on one store (Normal's moves for the humans);
    (storage, the finished matches)."""
    fresh = storage is None
    storage = storage or mock.Storage()
    done = []
    for k in range(games):
        # The setup keeps the last game's seats: after the first, New game and Start (tools/bench.py).
        script = new_game_script(kinds) if k == 0 and fresh else "A A"
        hw, app = machine(script, seed=seed + 10 * k, keep=False, storage=storage)
        pick = rng.Rng(seed + k)
        driver = Driver(app, lambda g, legal: bots.choose(g, g.current_player, bots.NORMAL, pick), 20000, None)

        def feed(driver=driver, app=app):
            if app.match is not None and app.match.where == mt.FINISHED and hw.screen.view.title == "L.A.M.A. Kadabra":
                return ""  # back on the title after the game
            return driver()

        hw.buttons.feed = feed
        with pytest.raises(mock.Done):
            app.run()
        assert app.match.game.is_over()
        done.append(app.match)
    return storage, done


def _figures(data):
    """{name index: (games, wins, points, best, hints)} from a statistics record."""
    body = codec.unframe(data, stats.MAGIC, 1, "statistics")
    out = {}
    for k in range(body[4]):
        at = 5 + 10 * k
        if stats.get(body, at, 2):
            out[k] = tuple(stats.get(body, at + o, n) for o, n in ((0, 2), (2, 2), (4, 3))) + (
                body[at + 7],
                stats.get(body, at + 8, 2),
            )
    return out


def _expected(matches):
    want = {}
    for m in matches:
        g = m.game
        for q in range(g.players):
            if m.kinds[q] != mt.HUMAN:
                continue
            games, wins, points, best, hints = want.get(m.names[q], (0, 0, 0, 255, 0))
            want[m.names[q]] = (games + 1, wins + (q in g.winners()), points + g.score(q), min(best, g.score(q)),
                                hints + m.hints[q])
    return want


def test_each_finished_game_counts_once_for_every_human_name_and_bots_not_at_all():
    storage, matches = _play_games([mt.HUMAN, 2, mt.HUMAN], games=3)
    got = _figures(storage.stats)
    assert got == _expected(matches) and set(got) == {0, 2}  # Ana and Cleo; Ben is a bot
    assert got[0][0] == 3 and len({m.game.to_bytes() for m in matches}) == 3  # three games, each its own


def test_the_record_is_the_same_after_a_restart_and_a_finished_save_is_not_counted_twice():
    storage, matches = _play_games([mt.HUMAN, 2], games=1, seed=5)
    before = storage.stats
    hw, _ = machine("A", keep=False, storage=storage, run=True)  # a restart: the finished game's save is loaded again
    assert storage.stats == before and _figures(before) == _expected(matches)


def test_a_power_cut_between_the_game_s_last_save_and_its_statistics_counts_it_at_the_next_start(monkeypatch):
    # The statistics' save never happens (the power went): the finished game is in the save.
    real = mock.Storage.save

    def cut(self, data, key=0):
        if key:
            raise mock.Done("the power went")
        real(self, data, key)

    monkeypatch.setattr(mock.Storage, "save", cut)
    storage = mock.Storage()
    hw, app = machine(new_game_script([mt.HUMAN, 2]), seed=6, keep=False, storage=storage)
    pick = rng.Rng(6)
    hw.buttons.feed = Driver(app, lambda g, legal: bots.choose(g, g.current_player, bots.NORMAL, pick), 20000, None)
    with pytest.raises(mock.Done):
        app.run()
    assert storage.stats is None and mt.Match.from_bytes(storage.data).where == mt.FINISHED
    monkeypatch.setattr(mock.Storage, "save", real)
    hw, app = machine("", keep=False, storage=storage)
    with pytest.raises(mock.Done):
        app.run()
    assert _figures(storage.stats) == _expected([app.match])


def _title_statistics(storage, screens=6):
    """The title's Statistics chosen, then A on every screen (a few): the hardware, screens kept."""
    hw, app = machine(storage=storage)
    hw.buttons.feed = Driver(app, None, screens, "Statistics")
    with pytest.raises(mock.Done):
        app.run()
    return hw


def test_the_title_shows_each_name_s_figures():
    storage, matches = _play_games([mt.HUMAN, 2, 2], games=2, seed=2)
    games, wins, points, best, hints = _figures(storage.stats)[0]
    hw = _title_statistics(storage)  # the title's Statistics, Ana's row (A), her figures
    screens = hw.screen.screens
    rows = [s for s in screens if s[0] == "= Statistics"][0]
    assert any(line[2:].startswith("Ana") and "%d games" % games in line for line in rows)
    ana = [s for s in screens if s[0] == "= Ana"][0]
    assert "  Games: %d" % games in ana and "  Best game: %d points" % best in ana
    assert "  Average: %d.%d points" % (points // games, points * 10 // games % 10) in ana
    assert "  Hints used: %d" % hints in ana


def test_no_statistics_yet_says_so():
    hw = _title_statistics(mock.Storage())
    assert any(s[0] == "= Statistics" and "No game finished yet" in " ".join(s) for s in hw.screen.screens)


@pytest.mark.parametrize(
    "damage",
    [
        b"garbage, not a statistics record",
        "flip",  # a bit flipped: the CRC refuses it
        "short",  # a good frame whose body is cut short
        "newer",  # a version this game cannot read
    ],
)
def test_a_damaged_record_is_kept_aside_with_a_message_and_the_next_game_starts_afresh(damage):
    storage, first = _play_games([mt.HUMAN, 2], games=1, seed=3)
    good = storage.stats
    if damage == "flip":
        bad = bytearray(good)
        bad[9] ^= 4
    elif damage == "short":
        bad = codec.frame(stats.MAGIC, 1, bytes(codec.unframe(good, stats.MAGIC, 1))[:-3])
    elif damage == "newer":
        bad = codec.frame(stats.MAGIC, 2, bytes(codec.unframe(good, stats.MAGIC, 1)))
    else:
        bad = damage
    storage.stats = bytes(bad)
    hw = _title_statistics(storage)
    # Said at start-up (the finished game in the save is counted there: its record was the bad one).
    said = [" ".join(s.strip() for s in screen) for screen in hw.screen.screens if screen[0] == "= Statistics"]
    assert "Kept as memory (aside). Starting afresh." in said[0], said[0]
    assert storage.aside == bytes(bad)  # never lost silently
    assert _figures(storage.stats) == _expected(first)  # afresh, with the game just finished
    _, more = _play_games([mt.HUMAN, 2], games=1, seed=4, storage=storage)
    assert _figures(storage.stats) == _expected(first + more) and storage.aside == bytes(bad)


def test_a_full_flash_says_the_statistics_were_not_saved_and_the_game_ends_as_ever():
    storage, _ = _play_games([mt.HUMAN, 2], games=1, seed=3)
    storage.full = True
    hw, app = machine("A A", seed=9, storage=storage)
    pick = rng.Rng(9)
    hw.buttons.feed = Driver(app, lambda g, legal: bots.choose(g, g.current_player, bots.NORMAL, pick), 20000, None)
    with pytest.raises(mock.Done):
        app.run()
    assert app.match.game.is_over()
    titles = [s[0] for s in hw.screen.screens]
    assert "= Not saved" in titles and "= Game over" in titles


def test_the_counts_are_capped_not_wrapped():
    data = bytearray(12)
    stats.into(data, 0, 2, 70000)
    stats.into(data, 2, 3, 1 << 30)
    assert stats.get(data, 0, 2) == 0xFFFF and stats.get(data, 2, 3) == 0xFFFFFF


@pytest.mark.parametrize("rule, most", [("samd51", 1), ("rp2040", 1)])
def test_a_game_s_statistics_cost_at_most_one_erase(rule, most):
    # tools/bench.py's flow on the board's own store: the erases made by the statistics' saves.
    stats_erases = []
    games = 4
    bench.flow_erases([mt.HUMAN, 2, 2, 2], games, rule, stats=stats_erases)
    assert len(stats_erases) == games  # one statistics save a game
    assert max(stats_erases) <= most
    if rule == "samd51":
        assert stats_erases == [1] * games  # SAMD51 erases its 8 KB block at every write
