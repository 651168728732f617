"""Motion in the flow (issue 9): what travels when, the speed setting, A skips, none where not wanted."""

import hal
from engine import cards
from hal import mock
from play import match as mt
from play import motion, ui
from play import view as v
from tests.flow_driver import new_game_script
from tests.helpers import machine
from tests.test_flow import play


class Frames:
    """A mock screen with motion: every frame of every motion, as (kind, code, from, to, step)."""

    def __init__(self, hw):
        self.frames = []
        self.inner = hw.screen.show
        hw.screen.motion = True
        hw.screen.show = self.show

    def show(self, view):
        if view.move:
            self.frames.append((view.move, view.move_code, view.move_from, view.move_to, view.move_step))
        self.inner(view)


def motions(frames):
    """The motions (kind, code, from, to) of a list of frames, each with its number of frames."""
    out = []
    for f in frames:
        if out and out[-1][0] == f[:4] and f[4] > out[-1][2]:
            out[-1][1] += 1
            out[-1][2] = f[4]
        else:
            assert not out or out[-1][2] == 255, "a motion stopped before its end"
            out.append([f[:4], 1, f[4]])
    return [(m[0], m[1]) for m in out]


def test_plays_draws_and_tokens_travel_between_their_places_at_the_chosen_speed():
    seen = set()
    frames_each = mt.MOVE_MS[1] // motion.FRAME_MS + 1  # the default speed, Normal
    for seed in (5, 6, 7, 8):
        hw, app, rec = run_flow(new_game_script([0, 2, 2, 2]), seed)
        for (kind, code, src, dst), n in motions(rec.frames):
            assert n == frames_each
            seen.add(kind)
            if kind == v.MOVE_CARD:
                assert code < cards.COUNT and dst == v.PLACE_TOP and (src < 6 or src >= v.PLACE_HAND)
            elif kind == v.MOVE_BACK:
                assert src == v.PLACE_PILE and (dst < 6 or dst >= v.PLACE_HAND)
            else:
                assert kind == v.MOVE_TOKEN and code in (0, 1, 2) and src != dst
                assert src in range(6) or src == v.PLACE_STAGE
    assert seen == {v.MOVE_CARD, v.MOVE_BACK, v.MOVE_TOKEN}


def run_flow(script, seed=5, screens=300):
    from engine import rng
    from tests.flow_driver import Driver, random_choice

    hw, app = machine(script, seed=seed)
    rec = Frames(hw)
    hw.buttons.feed = Driver(app, random_choice(rng.Rng(seed)), screens, None)
    try:
        app.run()
    except mock.Done:
        pass
    return hw, app, rec


def test_instant_speed_and_screens_without_motion_show_none():
    hw, app, rec = run_flow("Down Down A A Up Up " + new_game_script([0, 2, 2, 2]))  # Speed: Instant
    assert app.setup_match.speed == 3 and app.match.game.round_number >= 1 and rec.frames == []
    hw, app, rec = run_flow(new_game_script([0, 2, 2, 2]))
    assert rec.frames  # the same game at Normal speed moves
    hw, app, driver, _ = play(new_game_script([0, 2, 2, 2]), max_screens=300)  # the plain mock: tests
    assert hw.screen.motion is False and app.match.game.round_number >= 1


def test_holding_a_skips_a_motion_and_the_press_is_dropped():
    hw, _ = machine("")
    hw.screen.motion = True
    u = ui.Ui(hw)
    u.view.seats = 4
    shown = []
    inner = hw.screen.show
    hw.screen.show = lambda view: (shown.append(view.move_step), inner(view))
    motion.travel(u, v.MOVE_CARD, 3, 0, v.PLACE_TOP, 300)
    assert len(shown) == 300 // motion.FRAME_MS + 1 and shown[-1] == 255 and u.view.move == 0
    shown.clear()
    hw.buttons.held_mask = hal.A
    motion.travel(u, v.MOVE_CARD, 3, 0, v.PLACE_TOP, 300)
    assert len(shown) == 1 and u.view.move == 0
    motion.travel(u, v.MOVE_CARD, 3, 0, v.PLACE_TOP, 0)  # Instant: nothing
    assert len(shown) == 1


def test_motion_is_loaded_at_the_first_move_that_travels_even_after_a_speed_change_in_a_game():
    from play.table import Table

    hw, app, rec = run_flow("Down Down A A Up Up " + new_game_script([0, 2, 2, 2]))  # Speed: Instant
    app.match.start(5)  # a fresh deal: every seat can move
    g = app.match.game
    table = Table(app)
    assert table.motion is None  # where the screen animates, not loaded before a move travels
    table.act(g.current_player, g.legal_actions()[0])
    assert table.motion is None and rec.frames == []  # Instant: nothing travels, nothing loaded
    app.match.speed = 1  # Normal, as the game's menu sets it
    app.ui.view.seats = g.players
    table.act(g.current_player, g.legal_actions()[0])
    assert table.motion is motion and rec.frames
    hw2, app2, _, _ = play(new_game_script([0, 2, 2, 2]), max_screens=300)  # the plain mock: no motion
    assert Table(app2).motion is False
