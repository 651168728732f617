"""A game of computer players in the terminal: every move, each round's scoring, the winner.

    python tools/demo.py [--players 4] [--seed 7] [--variant classic] [--levels hard,normal,easy]
                         [--delay 0.2]

The seats take the levels in turn (engine/bots.py).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, cards, game, rng  # noqa: E402


def hand_text(g, seat):
    return " ".join(cards.name(c) for c in g.hand(seat)) or "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--variant", choices=cards.VARIANTS, default="kadabra")
    ap.add_argument("--levels", default="hard,normal,easy", help="bot levels, repeated to fill the seats")
    ap.add_argument("--delay", type=float, default=0.0, help="seconds between moves")
    args = ap.parse_args()

    g = game.new_game(args.players, args.seed, args.variant)
    pick = rng.Rng(args.seed)
    names = [x.strip().capitalize() for x in args.levels.split(",")]
    levels = [bots.LEVELS.index(names[p % len(names)]) for p in range(args.players)]
    print("L.A.M.A. %s, %d players, seed %d" % (args.variant, args.players, args.seed))
    rnd = 0
    while not g.is_over():
        if g.round_number != rnd:
            rnd = g.round_number
            print("\n== Round %d: top %s, %d cards to draw" % (rnd, cards.name(g.top_card), g.draw_pile_size))
        p = g.current_player
        a = bots.choose(g, p, levels[p], pick)
        print(
            "P%d %-6s [%s] top %s: %s"
            % (p + 1, bots.LEVELS[levels[p]], hand_text(g, p), cards.name(g.top_card), g.action_name(a))
        )
        g.apply(a)
        last = g.last_round()
        if last and last["round"] == rnd and (g.round_number != rnd or g.is_over() or g.phase == game.CHOOSE_RETURN):
            if g.phase != game.CHOOSE_RETURN:
                for q in range(g.players):
                    hand = " ".join(cards.name(c) for c in last["hands"][q]) or "out"
                    print("   P%d %-22s +%2d -> %d points" % (q + 1, hand, last["points"][q], g.score(q)))
        time.sleep(args.delay)
    print(
        "\nGame over. Points: %s. Winner(s): %s"
        % (
            ", ".join("P%d %d" % (p + 1, s) for p, s in enumerate(g.scores())),
            ", ".join("P%d" % (p + 1) for p in g.winners()),
        )
    )


if __name__ == "__main__":
    main()
