"""The save format: magic, version, length, checksum, and rule checks on load."""

import pytest

from engine import codec, game
from tests.helpers import act, new, set_stage

FILL = ["5", "5", "5", "5", "5", "5#"]
FILL2 = ["6", "6", "6", "6", "6", "6"]


def test_crc16_is_ccitt_false():
    assert codec.crc16(b"123456789") == 0x29B1


def test_frame_round_trip_and_each_kind_of_damage():
    rec = codec.frame(b"TEST", 3, b"abc", bytearray(b"de"))
    assert bytes(codec.unframe(rec, b"TEST", 3)) == b"abcde"
    cases = {
        b"": "is not a L.A.M.A. file",
        b"TEXT": "is not a L.A.M.A. file",
        rec[:8]: "is cut short",  # a record's first bytes: a save cut short, not a stranger (issue 20)
        rec[:3]: "is cut short",
        b"XXXX" + rec[4:]: "is not a L.A.M.A. file",
        rec[:4] + b"\x04" + rec[5:]: "is from version 4",
        rec[:-1]: "is cut short",
        rec + b"\x00": "is cut short",
        rec[:8] + b"X" + rec[9:]: "is corrupt",
    }
    for data, problem in cases.items():
        with pytest.raises(ValueError) as err:
            codec.unframe(data, b"TEST", 3, "save")
        assert str(err.value) == "save " + problem
    with pytest.raises(ValueError):
        codec.unframe(None, b"TEST", 3)


def test_game_round_trip_at_every_phase():
    g = new([["1o"] + FILL[:5], FILL2], "L")
    for step in ["play 1o", "give 1", "draw", "quit"]:
        back = game.Game.from_bytes(g.to_bytes())
        assert back.state == g.state and back.result == g.result
        act(g, step)
    assert game.Game.from_bytes(g.to_bytes()).state == g.state


def _forge(g, edit):
    """A save with a valid frame whose state was edited by ``edit(s, r)``."""
    s = bytearray(g.state)
    r = bytearray(g.result)
    edit(s, r)
    return codec.frame(codec.GAME_MAGIC, 1, bytes((len(s),)), s, r)


def _set(i, v):
    def edit(s, r):
        s[i] = v

    return edit


FORGERIES = {
    "player count": _set(0, 9),
    "variant": _set(1, 5),
    "phase": _set(2, 7),
    "seat to play": _set(3, 4),
    "top card": _set(4, 30),
    "seats in": _set(6, 0xFF),
    "magic place": _set(7, 9),
    "draw pile position": _set(8, 200),
    "round zero": _set(9, 0),
    "a card too many": _set(19 + 5, 0x99),  # seat 0 holds nine 1s and nine 1o
    "hand size": _set(19, 5),
    "show without stage": _set(5, 1),
    "give without circle": _set(2, 1),
    "return without going out": _set(2, 2),
    "over below 40": _set(2, 3),
}


@pytest.mark.parametrize("what", sorted(FORGERIES))
def test_rule_breaking_data_with_a_good_checksum_is_refused(what):
    g = game.new_game(3, 42)
    with pytest.raises(ValueError) as err:
        game.Game.from_bytes(_forge(g, FORGERIES[what]))
    assert "game data" in str(err.value)


def test_truncated_state_inside_a_good_frame_is_refused():
    g = game.new_game(3, 42)
    body = bytes((len(g.state) + 5,)) + bytes(g.state)
    with pytest.raises(ValueError):
        game.Game.from_bytes(codec.frame(codec.GAME_MAGIC, 1, body))


def test_a_show_with_a_full_stage_loads():
    g = new([["L"] + FILL[:5], FILL2], "6")
    set_stage(g, 4, 0)
    act(g, "play L")
    assert g.show_active
    assert game.Game.from_bytes(g.to_bytes()).show_active
