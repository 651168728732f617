"""What limits Hard: the same search when it is told part of what its seat cannot know.

    python tools/oracle.py --games 1000 --know none,hands,near,pool,pile,all
    python tools/oracle.py --games 1000 --know none,hands --opponent jsai --variant classic

An experiment, never a level: one Hard against three ``--opponent`` bots
(arena.py's games, seats rotated), where Hard's rollouts start from deals
that keep some hidden cards where they really are. ``--know`` names what
stays true in every deal:

* ``none``: nothing (the real Hard, unchanged);
* ``hands``: the opponents' hands (the draw pile still random);
* ``near``: the hands of the opponents holding 2 cards or fewer;
* ``pool``: which cards are in the opponents' hands, taken together, and
  which are in the pile (who holds which, and the pile's order, random);
* ``pile``: the draw pile, in the order it will be drawn (the hands random);
* ``all``: everything (the true state).

The gap between ``none`` and the others is what Hard would gain from
inferring that information; docs/BOTS.md has the figures.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game  # noqa: E402
from engine.cards import COUNT  # noqa: E402
from tools import arena  # noqa: E402

KNOWS = ("none", "hands", "near", "pool", "pile", "all")

_true = [None]  # the real game of the decision being made
_know = ["none"]
_fair = bots.hard


def _groups(g, seat, know):
    """The hidden places dealt at random, in groups whose cards are pooled: a seat or 'pile'."""
    others = [q for q in range(g.players) if q != seat]
    if know == "none":
        return [others + ["pile"]]
    if know == "hands":
        return [["pile"]]
    if know == "near":
        return [[q for q in others if g.hand_size(q) > 2] + ["pile"]]
    if know == "pool":
        return [others, ["pile"]]
    if know == "pile":
        return [others]
    return []


def _deal(base, seat, chooser):
    """``base`` becomes the true state, then every group's cards are dealt out again at random."""
    s = base.state
    game.copy_into(s, _true[0].state)
    pile = s[game._DRAW]
    for group in _groups(base, seat, _know[0]):
        deck = bytearray()
        for place in group:
            if place == "pile":
                deck.extend(s[pile:])
            else:
                at = base.hand_at(place)
                for c in range(COUNT):
                    deck.extend(bytes([c]) * cards.packed_count(s, at, c))
                for i in range(at, at + cards.PACKED_SIZE):
                    s[i] = 0
        chooser.shuffle(deck, 0, len(deck))
        k = 0
        for place in group:
            if place == "pile":
                s[pile:] = deck[k : k + len(s) - pile]
                k += len(s) - pile
                for i in range(game._RNG, game._RNG + 4):  # the draws' order too
                    s[i] = chooser.below(256)
                s[game._FLAGS] &= ~game._ORDERED
            else:
                at = base.hand_at(place)
                for c in deck[k : k + base.hand_size(place)]:
                    s[at + (c >> 1)] += 1 << ((c & 1) << 2)
                k += base.hand_size(place)


def _told(g, seat, chooser, budget=bots.HARD_BUDGET):
    """bots.hard, with its rollout deals made by _deal from the true game ``g``."""
    _true[0] = g
    base = bots._scratch(g, 3)[1]
    if _know[0] == "none":  # exactly the real Hard
        base.__dict__.pop("determinize", None)
    else:
        base.determinize = lambda seat, chooser: _deal(base, seat, chooser)
    return _fair(g, seat, chooser, budget)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--know", default=",".join(KNOWS), help="comma-separated, of: " + " ".join(KNOWS))
    ap.add_argument("--opponent", default="normal", choices=("normal", "jsai"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="kadabra", choices=("kadabra", "classic"))
    ap.add_argument("--budget", type=int, default=bots.HARD_BUDGET)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    bots.hard = _told  # bots.choose looks the name up at each call
    jobs = arena.forked(args.jobs)  # the workers inherit the patch
    seats = [bots.HARD] + [arena.NAMES.index(args.opponent)] * (args.players - 1)
    print("| Hard told | win rate | 95% interval |\n|---|---|---|")
    for know in args.know.split(","):
        if know not in KNOWS:
            ap.error("--know: %s is not one of %s" % (know, " ".join(KNOWS)))
        _know[0] = know
        rate = arena.win_rate(args.games, seats, args.seed, args.variant, args.budget, jobs)
        print("| %s | %.1f%% | %.1f-%.1f%% |" % ((know,) + rate), flush=True)


if __name__ == "__main__":
    main()
