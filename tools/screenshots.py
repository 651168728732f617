"""PNG pictures of real game screens, drawn by hal/render/__init__.py as on the board.

    python tools/screenshots.py [--out docs] [--scale 2]    # every picture docs/ holds (all of them)
    python tools/screenshots.py --size 320x240 --out shots  # every kind at another size

Plays a seeded game (two humans and two bots) through the real flow with the mock
HAL's scripted player, renders every screen with the board's displayio
renderer on Blinka (headless), and keeps one picture of each kind: the title,
a hand-off, a turn, a bot's move, a magic show, the give-away prompt (R11), the
return choice (R21), a round summary, the scores, game over, a rules page
(``<kind>.png``); and a turn of the same game at each layout of
tools/layoutcheck.py's sizes (``layout-<w>x<h>.png``).
Without ``--size`` it also writes tools/friendshots.py's four (since, log, hint, stats): one
command writes every picture in docs/ (:func:`take_all`). The README and docs/*.md show them;
tests/test_screenshots.py renders them all again and compares them, pixel for pixel, with the
ones in docs/ (a picture this command would draw differently fails there).
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from hal.desktop.venv import again  # noqa: E402

if __name__ == "__main__":
    again(sys.argv)  # in any shell: run again by the project's .venv (hal/desktop/venv.py)

from engine import game, rng  # noqa: E402
from hal import desktop, mock  # noqa: E402
from play import app as appmod  # noqa: E402
from play import match as mt  # noqa: E402
from tests.flow_driver import Driver, new_game_script  # noqa: E402

# Which screen is which, from its View.
KINDS = ("title", "handoff", "turn", "bot", "show", "give", "return", "summary", "scores", "gameover", "rules")


def kind_of(view):
    """The kind of screen ``view`` is, known by its words in the language spoken (play/lang.py)."""
    from play.lang import say

    t = view.title
    round_ = say("Round %d - %s").split("%")[0]  # "Round ", "Runde ", "Manche "
    over = say("Round %d over").split("%d")
    if t == "L.A.M.A. Kadabra":
        return "title"
    if t == say("Pass the device"):
        return "handoff"
    if t.startswith(over[0]) and t.endswith(over[-1]) and t[len(over[0]) : len(t) - len(over[-1])].isdigit():
        return "summary"
    if t in (say("Scores"), say("Final scores")):
        return "scores"
    if t in say("Give a white|Give a black|Give the magic").split("|"):
        return "give"
    if t == say("Well played"):
        return "return"
    if t == say("Game over"):
        return "gameover"
    from play import rules_text

    if t.startswith(say(rules_text.PAGES[0]).split(":")[0] + ":"):  # "Rules: ...", "Regeln: ..."
        return "rules"
    if view.seats and view.show:
        return "show"
    bot = say("%s (bot)").split("%s")[-1]
    plays = say("{0} plays {1}").replace("{0}", "").replace("{1}", "")  # " plays "
    if t.startswith(round_) and t.endswith(bot) and plays in "".join(view.lines):
        return "bot"
    if t.startswith(round_) and view.card_cursor >= 0 and sum(view.marks[: view.ncards]) > 1:
        return "turn"
    return None


SCALE = 2  # docs/'s pictures: twice the display's size, each pixel a 2x2 square
LANGS = ("de", "fr")  # the languages docs/ shows besides English


def save_png(screen, display, view, path, scale=1):
    """Draw ``view`` on ``screen`` (hal.render's Screen over the Blinka ``display``) and save what
    the display shows, ``scale`` times as large, as the PNG ``path``; returns ``path``."""
    import pygame

    screen.show(view)
    surface = display.surface
    if scale != 1:
        w, h = surface.get_size()
        surface = pygame.transform.scale(surface, (w * scale, h * scale))
    pygame.image.save(surface, path)
    return path


def take(out, scale=2, seed=11, kinds=KINDS, humans=2, size=(160, 128), name="%s.png", lang=""):
    """Play until a picture of each of ``kinds`` is taken at display ``size``, in language ``lang``
    ("": English), each written to ``out`` under ``name`` (its ``%s`` the kind); returns {kind: path}."""
    display = desktop.make_display(window=False, size=size)
    screen = desktop.DisplayScreen(display)
    os.makedirs(out, exist_ok=True)
    taken = {}
    seats = [mt.HUMAN] * humans + [2] * (4 - humans)
    hw = mock.Hardware(new_game_script(seats), seed=seed)
    hw.name = "PyBadge"  # as the title reads on the board
    hw.language = lang
    app = appmod.App(hw)
    pick = rng.Rng(seed)

    def choose(g, legal):  # play a card when one fits, else draw, else what there is
        plays = [a for a in legal if a < game.DRAW]
        if plays:
            return plays[pick.below(len(plays))]
        return game.DRAW if game.DRAW in legal else legal[0]

    hw.buttons.feed = Driver(app, choose, 4000, None)
    inner = hw.screen.show

    def show(view):
        inner(view)
        kind = kind_of(view)
        if kind in kinds and kind not in taken:
            taken[kind] = save_png(screen, display, view, os.path.join(out, name.replace("%s", kind)), scale)
            if len(taken) == len(kinds):
                raise mock.Done()

    hw.screen.show = show
    try:
        app.run()
    except mock.Done:
        pass
    if "rules" in kinds and "rules" not in taken:  # a fresh title: New game, Rules, ...
        hw = mock.Hardware("Down A")
        hw.language = lang
        hw.screen.show = show
        try:
            appmod.App(hw).run()
        except mock.Done:
            pass
    import displayio

    displayio.release_displays()
    return taken


def layouts(out, scale=2, seed=11, sizes=None):
    """A turn at each layout (the same game, the same moment): {(w, h): path of layout-WxH.png}."""
    from tools import layoutcheck

    taken = {}
    for w, h in sizes or layoutcheck.SIZES:
        taken[(w, h)] = take(out, scale, seed, ("turn",), size=(w, h), name="layout-%dx%d.png" % (w, h))["turn"]
    return taken


def take_all(out, scale=SCALE, seed=11):
    """Every picture of docs/: each kind at 160x128, the turn at every layout, tools/friendshots.py's
    four; returns {file name: path}."""
    from tools import friendshots

    taken = {}
    for path in list(take(out, scale, seed).values()) + list(layouts(out, scale, seed).values()):
        taken[os.path.basename(path)] = path
    for path in friendshots.take(out, scale).values():
        taken[os.path.basename(path)] = path
    # German and French: the turn, a hand-off, since your turn, a rules page ("de-turn.png", ...).
    for lang in LANGS:
        shots = take(out, scale, seed, ("turn", "handoff", "rules"), name=lang + "-%s.png", lang=lang)
        shots.update(friendshots.take(out, scale, kinds=("since",), lang=lang, name=lang + "-%s.png"))
        for path in shots.values():
            taken[os.path.basename(path)] = path
    from play import speak

    speak.use(0)  # (the process speaks English again)
    return taken


def main():
    from tools.realdisplay import size_list

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs"))
    ap.add_argument("--scale", type=int, default=SCALE)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--size", type=lambda t: size_list(t)[0], help="every kind at this size only, e.g. 320x240")
    args = ap.parse_args()
    if args.size is not None:
        for kind, path in sorted(take(args.out, args.scale, args.seed, size=args.size).items()):
            print("%-8s %s" % (kind, path))
        return
    for name, path in sorted(take_all(args.out, args.scale, args.seed).items()):
        print(path)


if __name__ == "__main__":
    main()
