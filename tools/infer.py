"""Hard reading the table (issue 39): rollout deals that agree with the round's public history.

    python tools/infer.py --games 1000 --opponent jsai --variant classic --seed 7

An experiment, not a level (docs/BOTS.md, "not kept": it bought nothing): one Hard against three
``--opponent`` bots (arena.py's games, seats rotated), first as it is, then with its rollout deals
made by :func:`_deal`, which deals each opponent's hand again (up to ``--tries`` times) until it
agrees with what the round's public history (``Game.history()``) says of it (:func:`read_table`):

* a seat that drew or quit with ``t`` on top held no card playable on ``t`` (both Normal and the
  JavaScript AI only draw or quit when they cannot play; a hard constraint);
* a seat that quit (with cards left to draw) held 5 points or fewer (both rules; hard);
* a seat that played a card held no dearer card playable on the same top (the JavaScript AI's
  rule; soft: such a hand is kept with a chance of ``--soft`` in 16, since Normal often plays a
  cheaper card: its plays agree 91% of the time in Kadabra, 96% in Classic);

and each card the seat drew since (its draws, a square's) allows one card more, since the card
drawn may be the one a constraint forbids. The round's first top card is the one card that is
neither seen, hidden nor played this round. Written as a board would run it (bytearrays, no
allocation), so that the figures hold for a board's Hard had it been kept.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, history  # noqa: E402
from tools import arena  # noqa: E402

_TRIES = 24  # deals of one seat's hand tried until one agrees with what it did
_SOFT = 4  # in 16: the chance a hand that played a card over a dearer one is kept
_MAX_EV = 64  # constraints kept, the newest first
_ev = bytearray(4 * _MAX_EV)  # a constraint: seat, top then, allowance, kind (below)
_tops = bytearray(256)  # per history byte: the top card before it | (1 + the seat its square made draw) << 5
_after = bytearray(6 * cards.COUNT)  # cards each seat played later (the backward pass)
_drawn = bytearray(6)  # cards each seat drew later
_left = [0] * cards.COUNT  # the discard pile, to find the round's first top card
_pool = bytearray(64)  # the hidden cards, dealt
_nev = 0
_NOPLAY = 255  # kind: held at most `allowance` cards playable on the top then
_CHEAP = 254  # kind: quit with a hand of 5 points or fewer
# A card's worth to the JavaScript AI's rule (tools/arena.py's jsai): the dearest playable card goes.
_WORTH = bytes(
    10 if c == cards.LLAMA else cards.LOW[c] + (cards.HIGH[c] if cards.HIGH[c] != cards.LOW[c] else 0)
    for c in range(cards.COUNT)
)
_on = [True]
_fair = bots.hard


def read_table(h, v, seat):
    """What the round's public history ``h`` (engine/history.py) tells of the hands ``seat``
    cannot see, as constraints for :func:`_deal` (``v``: the seat's view). Allocates nothing.

    A seat that drew or quit with ``t`` on top held no card playable on ``t``; one that quit
    held 5 points or fewer (with cards left to draw); one that played a card held no dearer
    card playable on the same top (the JavaScript AI's rule, a soft constraint: Normal often
    prefers a cheaper card). Cards a seat drew later (its draws, a square's) may be what a
    constraint forbids: each draw since allows one card more.
    """
    global _nev
    _nev = 0
    if h[0] or not h[1]:
        return
    s = v.state
    end = h[1] + 2
    if not forward(h, v):
        return
    tops = _tops
    after = _after
    drawn = _drawn
    for i in range(len(after)):
        after[i] = 0
    for q in range(6):
        drawn[q] = 0
    ev = _ev
    i = end
    while i > 2 and _nev < _MAX_EV:  # backward: the newest first
        i -= 1
        b = h[i]
        if b >= history.DETAIL:
            continue
        if tops[i] >> 5:
            drawn[(tops[i] >> 5) - 1] += 1
        p = b >> 5
        a = b & 31
        if p == seat or not (a < cards.LLAMA or a == game.DRAW or a == game.QUIT):
            continue
        if a == game.DRAW:
            drawn[p] += 1  # the card drawn now may be one the check forbids
        t = tops[i] & 31
        ok = cards.accepts(t)
        k = drawn[p]
        for c in range(cards.COUNT):
            if cards.VALUE_BITS[c] & ok and (a >= cards.COUNT or _WORTH[c] > _WORTH[a]):
                k -= after[p * cards.COUNT + c]
        if 0 <= k < v.hand_size(p):
            e = 4 * _nev
            ev[e] = p
            ev[e + 1] = t
            ev[e + 2] = k
            ev[e + 3] = a if a < cards.COUNT else _NOPLAY
            _nev += 1
        if a == game.QUIT and s[8] < len(s) and _nev < _MAX_EV:
            e = 4 * _nev
            ev[e] = p
            ev[e + 3] = _CHEAP
            _nev += 1
        if a < cards.COUNT:
            after[p * cards.COUNT + a] += 1


def first_top(v, h):
    """The round's first top card: the one card neither seen, hidden nor played this round (the
    deck less every hand, the pile and the cards the history ``h`` played); -1 if no single card
    is left (a history cut short, engine/history.py)."""
    s = v.state
    left = _left
    deck = cards.DECKS[s[1]]
    for c in range(cards.COUNT):
        left[c] = deck[c]
    for q in range(s[0]):
        at = v.hand_at(q)
        for c in range(cards.COUNT):
            left[c] -= cards.packed_count(s, at, c)
    for i in range(s[8], len(s)):  # the pile (game.py's layout: s[8] its first index)
        left[s[i]] -= 1
    for i in range(2, h[1] + 2):
        if h[i] < history.DETAIL and h[i] & 31 < cards.COUNT:
            left[h[i] & 31] -= 1
    top = -1
    for c in range(cards.COUNT):
        if left[c]:
            if left[c] != 1 or top >= 0:
                return -1
            top = c
    return top


def forward(h, v):
    """Fill ``_tops`` for the history ``h`` of view ``v``: per history byte, the top card before
    it, | (1 + the seat a square it played made draw) << 5. False when the round's first top card
    is unknown (nothing is filled)."""
    top = first_top(v, h)
    if top < 0:
        return False
    n = v.state[0]
    tops = _tops
    inset = (1 << n) - 1
    for i in range(2, h[1] + 2):  # the top before each action, who a square made draw
        b = h[i]
        tops[i] = top
        if b >= history.DETAIL:
            continue
        p = b >> 5
        a = b & 31
        if a < cards.COUNT:
            top = a
            if cards.ICON[a] == cards.ICON_SQUARE:  # R12 (with an empty pile nobody draws: allowed)
                q = p
                for _ in range(n):
                    q = q + 1 if q + 1 < n else 0
                    if inset >> q & 1:
                        break
                tops[i] |= (q + 1) << 5
        elif a == game.QUIT:
            inset &= ~(1 << p)
    return True


def _fits(q, pool, at, m, rng):
    """Whether the hand ``pool[at:at + m]`` agrees with what seat ``q`` did (read_table)."""
    ev = _ev
    soft = 0
    for e in range(0, 4 * _nev, 4):
        if ev[e] != q:
            continue
        kind = ev[e + 3]
        if kind == _CHEAP:
            seen = 0
            for i in range(at, at + m):
                seen |= cards.VALUE_BITS[pool[i]]
            x = cards.points_for(seen)
            if (x & 31) + 10 * (x >> 5) > 5:
                return False
            continue
        ok = cards.accepts(ev[e + 1])
        k = 0
        for i in range(at, at + m):
            c = pool[i]
            if cards.VALUE_BITS[c] & ok and (kind == _NOPLAY or _WORTH[c] > _WORTH[kind]):
                k += 1
        if k > ev[e + 2]:
            if kind == _NOPLAY:
                return False
            soft += 1
    return not soft or rng.below(16) < _SOFT


def _deal(s, seat, rng):
    """Deal the hidden cards of state ``s`` anew (as ``Game.determinize`` with a chooser), each
    opponent's hand tried up to ``_TRIES`` times until it agrees with the constraints of
    :func:`read_table` (else the last one tried stays). How many hands were tried."""
    pool = _pool
    n = s[0]
    k = 0
    for q in range(n):
        if q != seat:
            at = 24 + 14 * q  # game.py's layout: the packed hand of seat q
            for c in range(cards.COUNT):
                for _ in range(cards.packed_count(s, at, c)):
                    pool[k] = c
                    k += 1
            for i in range(at, at + cards.PACKED_SIZE):
                s[i] = 0
    d = s[8]
    for i in range(d, len(s)):
        pool[k] = s[i]
        k += 1
    pos = 0
    tried = 0
    for q in range(n):
        if q == seat:
            continue
        m = s[19 + 14 * q]
        for _ in range(_TRIES):
            tried += 1
            for i in range(pos, pos + m):
                j = i + rng.below(k - i)
                c = pool[j]
                pool[j] = pool[i]
                pool[i] = c
            if _fits(q, pool, pos, m, rng):
                break
        at = 24 + 14 * q
        for i in range(pos, pos + m):
            c = pool[i]
            s[at + (c >> 1)] += 1 << ((c & 1) << 2)
        pos += m
    for i in range(d, len(s)):  # the pile: its order is drawn by its PRNG
        s[i] = pool[pos]
        pos += 1
    for i in range(11, 15):
        s[i] = rng.below(256)
    return tried


def _reading(g, seat, chooser, budget=bots.HARD_BUDGET):
    """bots.hard, with its rollout deals made by _deal from what the history of ``g`` says."""
    base = bots._scratch(g, 3)[1]
    if _on[0]:
        read_table(g.moves, bots._view(g, seat), seat)
        base.determinize = lambda seat, chooser: (
            _deal(base.state, seat, chooser) if _nev else game.Game.determinize(base, seat, chooser)
        )
    else:  # exactly the real Hard
        base.__dict__.pop("determinize", None)
    return _fair(g, seat, chooser, budget)


def main():
    global _TRIES, _SOFT
    ap = arguments(__doc__, "jsai")
    ap.add_argument("--tries", type=int, default=_TRIES)
    ap.add_argument("--soft", type=int, default=_SOFT)
    args = ap.parse_args()
    _TRIES, _SOFT = args.tries, args.soft
    compare(args, _reading, lambda on: _on.__setitem__(0, on), "")


def arguments(doc, opponent):
    """The command line of an arena experiment (this one's, tools/policy.py's, tools/plan.py's)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--opponent", default=opponent, choices=("normal", "jsai"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="kadabra", choices=("kadabra", "classic"))
    ap.add_argument("--budget", type=int, default=bots.HARD_BUDGET)
    ap.add_argument("--arms", default="as is,reading", help="as is, reading, or both (comma-separated)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    return ap


def compare(args, reading, turn_on, about):
    """Print one arena row per arm of ``args.arms`` ("as is", "reading"): one Hard against three
    ``args.opponent`` bots, ``bots.hard`` replaced by ``reading``, ``turn_on(bool)`` switching
    its reading on for the "reading" arm (also tools/policy.py's)."""
    bots.hard = reading  # bots.choose looks the name up at each call
    jobs = arena.forked(args.jobs)  # the workers inherit the patch
    seats = [bots.HARD] + [arena.NAMES.index(args.opponent)] * 3
    print(
        "| Hard vs 3x %s, %s, seed %d%s | win rate | 95%% interval |" % (args.opponent, args.variant, args.seed, about)
    )
    print("|---|---|---|")
    for arm in args.arms.split(","):
        turn_on(arm == "reading")
        rate = arena.win_rate(args.games, seats, args.seed, args.variant, args.budget, jobs)
        print("| %s | %.1f%% | %.1f-%.1f%% |" % ((arm,) + rate), flush=True)


if __name__ == "__main__":
    main()
