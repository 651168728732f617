"""The engine's self-test: random full games with every invariant checked.

Runs the same on CPython and on MicroPython/CircuitPython::

    micropython -X heapsize=32k -c "import engine.selftest as t; t.main()"

At every step it checks that all cards are accounted for, that token points
change only when a round is scored (R19-R21), that an illegal action is
refused and leaves the state untouched, that ``from_bytes`` of the game's
record is the same game (its histories included), that ``history()`` is
exactly the round's actions so far (``last_history()`` once it is over), and
that rounds and games end exactly per R17/R22. It raises AssertionError (or
ValueError from the engine) at the first failure.
"""

import gc

from engine import cards, history, rng

# On MicroPython (gc.mem_free exists) the heap may be 32 KB: collect before
# the largest module loads and before each game, against fragmentation. On
# CPython a collection is slow and pointless.
_SMALL_HEAP = hasattr(gc, "mem_free")
if _SMALL_HEAP:
    gc.collect()
from engine import game  # noqa: E402

_RECORD = bytearray(480)  # a game record (its history at the fullest included), reused every step
_SEEN = bytearray(history.CAP)  # the actions a history holds (history.actions_into)


def _ok(holds, what):
    """An assert that stays when mpy-cross -O3 (tools/deploy) strips the assert statements."""
    if not holds:
        raise AssertionError(what)


def _holds(h, done, k):
    """History ``h`` holds exactly the ``k`` actions of ``done`` (rounds stay far below CAP)."""
    if history.actions_into(h, _SEEN) != k:
        return False
    for i in range(k):
        if _SEEN[i] != done[i]:
            return False
    return True


def _same(h1, h2):
    """Two histories (engine/history.py) hold the same header and entries."""
    n = h1[1] + 2
    if h1[0] != h2[0] or h1[1] != h2[1]:
        return False
    for i in range(2, n):
        if h1[i] != h2[i]:
            return False
    return True


def _points_in_play(g):
    total = 0
    for p in range(g.players):
        total += g.score(p)
    w, b, _ = g.stage()
    return total + w + 10 * b


def _refuses(g, legal, n):
    """An illegal action is refused and changes nothing."""
    bad = 0
    while bytes((bad,)) in legal[:n]:
        bad += 1
    before = bytes(g.state)
    try:
        g.apply(bad)
        raise AssertionError("illegal accepted")
    except ValueError:
        pass
    _ok(bytes(g.state) == before, "refusal changed state")


def _check_points(g, a, rnd, points):
    """Tokens move only when a round is scored (R17-R21), by exactly the points scored."""
    scored = g.phase == game.CHOOSE_RETURN or g.round_number != rnd or g.is_over()
    if a >= game.RETURN_WHITE:
        # The R21 choice after a scored round: one token back, or none.
        if a == game.RETURN_WHITE:
            points -= 1
        elif a == game.RETURN_BLACK:
            points -= 10
        _ok(_points_in_play(g) == points, "return points")
    elif scored:
        # R17: a round ends on a last card played or when everyone has quit. The hand
        # that went out is empty, or holds the card a square made its player draw (R12, alone).
        last = g.last_round()
        _ok(last["round"] == rnd, "result round")
        out = last["out"]
        if out is None:
            _ok(a == game.QUIT, "round end")
        else:
            left = len(last["hands"][out])
            drew = left == 1 and a < cards.COUNT and cards.ICON[a] == cards.ICON_SQUARE
            _ok(out == g.current_player and (not left or drew), "went out")
        _ok(_points_in_play(g) == points + sum(last["points"]), "scoring points")
    else:
        _ok(_points_in_play(g) == points, "tokens mid-round")


def _check_cards(g, players, size, played, rnd):
    """R1: every card is in a hand or a pile; R22: the game ends exactly at 40."""
    held = 0
    for p in range(players):
        held += g.hand_size(p)
    _ok(held + g.draw_pile_size + 1 + played == size, "cards lost")
    if g.is_over():
        _ok(max(g.scores()) >= game.GAME_END, "ended below 40")
    elif g.round_number != rnd:
        _ok(max(g.scores()) < game.GAME_END, "went on past 40")


def _check_record(g):
    """to_bytes, written into one buffer kept for the whole run, gives the game back exactly."""
    if _SMALL_HEAP:
        gc.collect()  # the checks make garbage: start from a clean heap
    n = g.record_into(_RECORD, 0)
    _ok(n == g.record_size(), "record size")
    g2 = game.Game.from_bytes(memoryview(_RECORD)[:n])
    _ok(g2.state == g.state and g2.result == g.result and _same(g2.moves, g.moves), "round trip")


def play_one(seed, players, variant, chooser, check_bytes=True):
    """Play one full random game; return the number of moves."""
    if _SMALL_HEAP:
        gc.collect()  # so the game's long-lived buffers sit low in the heap
    g = game.new_game(players, seed, variant)
    size = len(cards.deck_cards(cards.VARIANTS.index(variant)))
    legal = bytearray(game.NUM_ACTIONS)
    played = 0  # cards on the discard pile under the top card this round
    moves = 0
    done = bytearray(history.CAP)  # this round's actions (seat << 5 | action): the history's
    k = 0
    while not g.is_over():
        n = g.legal_into(legal)
        _ok(n > 0, "no legal action")
        _refuses(g, legal, n)
        a = legal[chooser.below(n)]
        rnd = g.round_number
        points = _points_in_play(g)
        seat = g.current_player
        g.apply(a)
        moves += 1
        done[k] = seat << 5 | a
        k += 1
        if a < cards.COUNT:
            played += 1
        _check_points(g, a, rnd, points)
        if g.round_number != rnd:
            _ok(g.moves[0] == history.FINISHED and _holds(g.moves, done, k), "last round's history")
            k = 0
            played = 0
        else:  # (the game over too: no deal, the history is still its last round's)
            _ok(not g.moves[0] and _holds(g.moves, done, k), "history")
        _check_cards(g, players, size, played, rnd)
        if check_bytes:
            _check_record(g)
    return moves


def run(games=200, seed=1, check_bytes=True):
    """Play ``games`` random games over every player count and both variants."""
    chooser = rng.Rng(seed)
    moves = 0
    for i in range(games):
        moves += play_one(seed + i, 2 + i % 5, cards.VARIANTS[(i // 5) % 2], chooser, check_bytes)
    return moves


def main(games=200):
    moves = run(games)
    print("selftest ok: %d games, %d moves" % (games, moves))


if __name__ == "__main__":
    main()
