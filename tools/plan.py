"""Hard planning its own next move (issue 39): an information-set search one own move deep.

    python tools/plan.py --games 2000 --opponent normal --variant kadabra --budget 2000

An experiment, not a level (docs/BOTS.md, "not kept"). engine/search.py compares its candidates
on the same random deals, each played out by Normal's rule for every seat, the searching seat's
later moves included: it cannot value a card played now *because* of what the seat may do next
(quit once the hand is cheap, keep a card to follow). Here each candidate's play-outs choose the
seat's *next* own move by a bandit instead (UCB1 over the actions it tried there, as the next
level of an information-set tree whose nodes are the candidate and the action, open loop: what
happened in between is not part of the node), so a candidate is valued with the best next move
the search has found for it. Still on the same deals for every candidate (common random
numbers), Normal's rule for every other move, the same cut and utility (engine/search.py's).

At the next move the arms are every legal action but the exchange (and drawing while a card can
be played), quitting included; each is tried once, Normal's choice first, then UCB1 (``--c``),
Normal's choice credited as the flat search credits it at the root (2 points a play-out).
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, search  # noqa: E402
from tools import infer  # noqa: E402

settings = {"on": True, "c": 1.0}
_flat = search.decide
_SCALE = 80  # eighths of a point: UCB's exploration term is c x this x sqrt(ln n / visits)


def _next_move(w, seat, arms, normal, buf):
    """The seat's move at its next decision in a play-out: a UCB1 choice among the legal
    actions, from ``arms`` (action -> [visits, total utility]); returns (action, arm or None)."""
    n = w.legal_into(buf)
    pick = normal(w, seat, buf, n)
    if w.phase != game.PLAY or n < 2 or pick == game.EXCHANGE:
        return pick, None
    legal = [a for a in buf[:n] if a != game.EXCHANGE and not (a == game.DRAW and pick < cards.COUNT)]
    if len(legal) < 2:
        return pick, None
    total = 0
    for a in legal:
        if a not in arms:
            arms[a] = [0, 0.0]
        total += arms[a][0]
    for a in legal:  # every arm once, Normal's choice first
        if arms[a][0] == 0 and (a == pick or arms[pick][0]):
            return a, arms[a]
    log = math.log(total + 1)
    best = pick
    key = -1e18
    for a in legal:
        visits, sum_u = arms[a]
        k = sum_u / visits + settings["c"] * _SCALE * math.sqrt(log / visits)
        if a == pick:
            k += search._H_PRIOR  # the flat search's credit (in eighths, a play-out)
        if k > key:
            key = k
            best = a
    return best, arms[best]


def decide(v, seat, rng, budget, evaluate, normal, games):
    """engine/search.py's ``decide``, the seat's next move in each play-out chosen by UCB1."""
    if not settings["on"]:
        return _flat(v, seat, rng, budget, evaluate, normal, games)
    buf = bytearray(32)
    n = v.legal_into(buf)
    pick = normal(v, seat, buf, n)
    if v.phase != game.PLAY or pick == game.EXCHANGE or n < 2 or (pick < cards.COUNT and v.hand_size(seat) == 1):
        search.last_steps = 0
        return pick
    k = search._candidates(buf, n, pick)
    if k < 2:
        search.last_steps = 0
        return pick
    base, w = games[1], games[2]
    for q in range(v.players):
        search._start[q] = v.score(q)
    round0 = v.round_number
    sums = search._sum  # per candidate, as engine/search.py keeps them (its _best reads them)
    for i in range(k):
        sums[i] = 0
    arms = [{} for _ in range(k)]  # per candidate: the next move's bandit
    rbuf = bytearray(32)
    steps = iters = 0
    while True:
        cap = min(search._DEPTH, (budget - steps) // k - 1)
        if cap < search._MIN_DEPTH:
            break
        iters += 1
        game.copy_into(base.state, v.state)
        base.determinize(seat, rng)
        for i in range(k):
            game.copy_into(w.state, base.state)
            w.step(buf[i])
            steps += 1
            left = cap
            arm = None
            mine = True  # the seat's next decision is still to come
            while left and w.phase < game.CHOOSE_RETURN and w.round_number == round0:
                p = w.current_player
                if p == seat and mine and w.phase == game.PLAY:
                    mine = False
                    a, arm = _next_move(w, seat, arms[i], normal, rbuf)
                else:
                    a = normal(w, p, rbuf, w.legal_into(rbuf))
                w.step(a)
                steps += 1
                left -= 1
            u = evaluate(w, seat, round0)
            sums[i] += u
            if arm is not None:
                arm[0] += 1
                arm[1] += u
    search.last_steps = steps
    return search._best(buf, k, pick, iters)


def main():
    ap = infer.arguments(__doc__, "normal")  # (the "reading" arm: planning)
    ap.add_argument("--c", type=float, default=1.0, help="UCB1's exploration")
    args = ap.parse_args()
    settings["c"] = args.c
    search.decide = decide  # bots.hard looks it up at each call
    infer.compare(args, bots.hard, lambda on: settings.__setitem__("on", on), ", planning, %d steps" % args.budget)


if __name__ == "__main__":
    main()
