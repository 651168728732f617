"""PNG pictures of issue 25's screens, drawn by hal/render/__init__.py as on the board.

    python tools/friendshots.py [--out docs] [--scale 2]

Plays a seeded game (two humans passing the device, two Normal bots) through the real flow with
the mock HAL, asks for a hint and the round's log from the turn's menu, plays to the end, then
opens the title's Statistics; keeps one picture of each: "Since your turn" (since.png), the
round's log (log.png), a hint (hint.png) and a player's statistics (stats.png). The README shows
them. tools/screenshots.py takes the other screens the same way, and writes these four too (one
command for every picture of docs/).
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots, rng  # noqa: E402
from hal import desktop, mock  # noqa: E402
from play import app as appmod  # noqa: E402
from play import match as mt  # noqa: E402
from play.lang import say  # noqa: E402
from tests.flow_driver import Driver, new_game_script  # noqa: E402
from tools import screenshots  # noqa: E402

KINDS = ("since", "log", "hint", "stats")


def kind_of(view):
    """Which of KINDS ``view`` is (None: another screen), known by its words in the language spoken."""
    from play.lang import say

    t = view.title
    if t.startswith(say("Since your turn")) and view.ncards >= 3:
        return "since"
    if " log" in t and view.ncards >= 3:
        return "log"
    if t == "Hint":
        return "hint"
    if t == "Ana" and view.lines[0].startswith("Games:"):
        return "stats"
    return None


def take(out, scale=2, seed=5, kinds=KINDS, lang="", name="%s.png"):
    """Play until a picture of each of ``kinds`` is taken, in language ``lang`` ("": English), each
    written to ``out`` under ``name`` (its ``%s`` the kind); returns {kind: path}."""
    display = desktop.make_display(window=False)
    screen = desktop.DisplayScreen(display)
    os.makedirs(out, exist_ok=True)
    taken = {}
    hw = mock.Hardware(new_game_script([mt.HUMAN, 2, mt.HUMAN, 2]), seed=seed, keep=False)
    hw.name = "PyBadge"
    hw.language = lang
    app = appmod.App(hw)
    pick = rng.Rng(seed)
    driver = Driver(app, lambda g, legal: bots.choose(g, g.current_player, bots.NORMAL, pick), 6000, None)
    turns = [0]

    def feed():
        view = hw.screen.view
        if view.title == "L.A.M.A. Kadabra" and app.match is not None and app.match.where == mt.FINISHED:
            return "Up Up A A"  # the title's Statistics (the last but one), Ana's
        if view.title.startswith(say("Round %d - %s").split("%")[0]) and view.card_cursor >= 0:
            turns[0] += 1
            if turns[0] == 3:
                return "Start Down A A B"  # a hint, back to the menu (on Hint), B: back to the turn
            if turns[0] == 9:
                return "Start Down Down A A B"  # the round's log, the menu again, B: back to the turn
        return driver()

    hw.buttons.feed = feed
    inner = hw.screen.show

    def show(view):
        inner(view)
        kind = kind_of(view)
        if kind in kinds and kind not in taken:
            path = os.path.join(out, name.replace("%s", kind))
            taken[kind] = screenshots.save_png(screen, display, view, path, scale)
            if len(taken) == len(kinds):
                raise mock.Done()

    hw.screen.show = show
    try:
        app.run()
    except mock.Done:
        pass
    return taken


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs"))
    ap.add_argument("--scale", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    for kind, path in sorted(take(args.out, args.scale, args.seed).items()):
        print("%-6s %s" % (kind, path))


if __name__ == "__main__":
    main()
