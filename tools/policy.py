"""Hard reading the table with a model of each opponent (issue 39): policy-based inference.

    python tools/policy.py --games 2000 --opponent normal --variant kadabra --arms "as is,reading"

An experiment, not a level (docs/BOTS.md, "not kept": it bought nothing). Where tools/infer.py
reads constraints any sensible rule obeys, this one asks a *model* of the opponent: each
opponent's hand in a rollout deal is dealt again (up to ``--tries`` times) until the model
explains every move the opponent made since it last drew (a draw of its own or one a square
forced on it, which brings a card nobody saw):

* each card it played is the one the model plays holding the hand it then had (the hand dealt,
  the cards it played since and that card) on the top card then;
* at its last draw it held at most one card playable on the top then (the card drawn may be it);
* when it quit it held no card playable on the top then.

``--model normal`` is Normal's rule (engine/bots.py), which is deterministic: against Normal
every play is explained by the real hands, except where the magic token or the stage have
changed since (read as they are now): 99% of the real hands agree (tests/test_table.py).
``--model jsai`` is tools/arena.py's rule, ``either`` accepts a play that either explains.
The round's history gives the top card before each move (tools/infer.py's ``forward``).

Not written as a board would run it (lists, allocation): it measures what such a reading is
worth before anyone pays for it on a board.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, history  # noqa: E402
from tools import arena, infer  # noqa: E402

MODELS = ("normal", "jsai", "either")
PLAY, DRAWN, QUIT = 0, 1, 2  # kinds of a move the model must explain

settings = {"on": True, "tries": 20, "model": "normal"}
moves = {}  # opponent -> [(kind, top then, cards it played since, action)], the newest first
_scratch = [None]  # a game whose state becomes an opponent's position at a move
_buf = bytearray(32)
_fair = bots.hard


def read(g, v, seat):
    """Fill ``moves`` with what each opponent of ``seat`` did since it last drew (``g``'s
    round history, ``v`` the seat's view); empty when the history is cut short."""
    moves.clear()
    h = g.moves
    if h[0] or not h[1] or not infer.forward(h, v):
        return
    tops = infer._tops
    for q in range(v.players):
        if q == seat:
            continue
        seen = []
        later = []  # the cards q played after the move looked at (walking back)
        for i in range(h[1] + 1, 1, -1):
            b = h[i]
            if b >= history.DETAIL:
                continue
            if (tops[i] >> 5) == q + 1:
                break  # a square made q draw here: older hands are unknown
            if b >> 5 != q:
                continue
            a = b & 31
            top = tops[i] & 31
            if a == game.DRAW:
                seen.append((DRAWN, top, list(later), a))
                break
            if a == game.QUIT:
                seen.append((QUIT, top, [], a))
            elif a < cards.COUNT:
                seen.append((PLAY, top, list(later), a))
                later.append(a)
        if seen:
            moves[q] = seen


def _position(s0, q, hand, top):
    """A scratch game (and its legal actions in ``_buf``, how many): seat ``q`` to play, holding
    ``hand`` (codes) with ``top`` on the pile, the state ``s0``'s other fields as they are now."""
    g = _scratch[0]
    if g is None or len(g.state) != len(s0):
        g = _scratch[0] = game.Game(bytearray(s0), bytearray(64), bytearray(2))
    s = g.state
    s[:] = s0
    at = g.hand_at(q)
    for i in range(cards.PACKED_SIZE):
        s[at + i] = 0
    for c in hand:
        s[at + (c >> 1)] += 1 << ((c & 1) << 2)
    s[at - 5] = len(hand)  # game.py's seat record: the hand size
    s[4] = top
    s[3] = q
    s[2] = game.PLAY
    s[5] &= ~1  # not in a show
    return g, g.legal_into(_buf)


def explains(s0, q, hand):
    """Whether the model explains every move in ``moves[q]`` for ``q`` holding ``hand`` now."""
    model = settings["model"]
    for kind, top, later, a in moves[q]:
        held = hand + later
        if kind != PLAY:
            ok = cards.accepts(top)
            playable = sum(1 for c in held if cards.VALUE_BITS[c] & ok)
            if playable > (1 if kind == DRAWN else 0):
                return False
            continue
        held.append(a)
        g, n = _position(s0, q, held, top)
        if model != "normal" and arena.jsai(g, _buf, n) == a:
            continue
        if model == "jsai":
            return False
        x = bots._normal(g, q, _buf, n)
        if x != a and x < cards.COUNT:  # (Normal may exchange or skip first: moves of their own)
            return False
    return True


def deal(base, seat, chooser):
    """Deal the hidden cards of ``base`` anew, each opponent's hand tried until the model
    explains its moves (else the last try stays)."""
    s = base.state
    n = s[0]
    pool = []
    for q in range(n):
        if q != seat:
            at = base.hand_at(q)
            for c in range(cards.COUNT):
                pool += [c] * cards.packed_count(s, at, c)
            for i in range(at, at + cards.PACKED_SIZE):
                s[i] = 0
    d = s[8]  # game.py's layout: the pile's first index
    pool += list(s[d:])
    s0 = bytes(s)
    pos = 0
    for q in range(n):
        if q == seat:
            continue
        m = base.hand_size(q)
        for _ in range(settings["tries"] if q in moves else 1):
            for i in range(pos, pos + m):
                j = i + chooser.below(len(pool) - i)
                pool[i], pool[j] = pool[j], pool[i]
            if q not in moves or explains(s0, q, pool[pos : pos + m]):
                break
        at = base.hand_at(q)
        for c in pool[pos : pos + m]:
            s[at + (c >> 1)] += 1 << ((c & 1) << 2)
        pos += m
    s[d:] = bytes(pool[pos:])
    for i in range(11, 15):  # the pile's PRNG (game.py's layout)
        s[i] = chooser.below(256)


def reading(g, seat, chooser, budget=bots.HARD_BUDGET):
    """bots.hard, its rollout deals made by :func:`deal` (``settings["on"]``), else the real Hard."""
    base = bots._scratch(g, 3)[1]
    if settings["on"]:
        read(g, bots._view(g, seat), seat)
        base.determinize = lambda st, ch: deal(base, st, ch) if moves else game.Game.determinize(base, st, ch)
    else:
        base.__dict__.pop("determinize", None)
    return _fair(g, seat, chooser, budget)


def main():
    ap = infer.arguments(__doc__, "normal")
    ap.add_argument("--model", default="normal", choices=MODELS)
    ap.add_argument("--tries", type=int, default=20)
    args = ap.parse_args()
    settings.update(tries=args.tries, model=args.model)
    infer.compare(args, reading, lambda on: settings.__setitem__("on", on), ", model " + args.model)


if __name__ == "__main__":
    main()
