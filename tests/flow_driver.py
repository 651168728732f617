"""A test player for the flow: looks at the screen and the table, presses buttons.

``Driver(app, choose)`` is a mock ``feed``: each time the scripted presses run
out it reads the View on screen and returns the presses that carry out
``choose(game, legal) -> action`` on a turn screen, or that answer any other
screen (A on messages, the default in prompts). It also records every screen
it answers, so tests can check what was visible when.
"""

from engine import game
from play import match as mt
from play.lang import say


class Driver:
    def __init__(self, app, choose, max_screens=20000, title_choice="New game"):
        self.app = app
        self.choose = choose
        self.max_screens = max_screens
        self.answered = 0
        self.title_choice = title_choice
        self.log = []  # (title, kind) per screen answered

    def __call__(self):
        hw = self.app.hw
        view = hw.screen.view
        self.answered += 1
        if self.answered > self.max_screens:
            return ""
        title = view.title
        g = self.app.match.game if self.app.match else None
        # (the screens known by their titles in the language spoken: play/lang.py)
        round_ = say("Round %d - %s").split("%")[0]
        gives = say("Give a white|Give a black|Give the magic").split("|")
        if title == "L.A.M.A. Kadabra":
            if self.title_choice is None:
                return ""
            items = [view.lines[i].strip() for i in range(len(view.lines))]
            want = [i for i in range(len(items)) if items[i] == say(self.title_choice)]
            if not want:
                return ""
            return " ".join(["Down"] * ((want[0] - view.line_cursor) % 8)) + " A"
        if title == say("Game in progress"):  # New game over an unfinished one: the driver chose it, yes
            return "Down A"
        if title.startswith(round_) and view.card_cursor >= 0:
            legal = g.legal_actions()
            a = self.choose(g, legal)
            items = list(view.cards[: view.ncards])
            i = items.index(a)
            steps = (i - view.card_cursor) % len(items)
            self.log.append((title, "turn", g.current_player))
            return " ".join(["Right"] * steps + ["A"] + (["A"] if a == game.QUIT else []))
        if title in gives or title == say("Well played"):
            legal = g.legal_actions()
            a = self.choose(g, legal)
            self.log.append((title, "prompt", g.current_player))
            if title == say("Well played"):
                order = [x for x in (game.RETURN_BLACK, game.RETURN_WHITE, game.KEEP) if x in legal]
            else:
                order = legal
            header = 3 if title == say("Well played") else 2
            return " ".join(["Down"] * ((order.index(a) - (view.line_cursor - header)) % len(order))) + " A"
        self.log.append((title, "message", None))
        return "A"


def random_choice(pick):
    def choose(g, legal):
        return legal[pick.below(len(legal))]

    return choose


def new_game_script(kinds, players=None, variant=0):
    """Presses from the title screen through setup to the first turn.

    ``kinds``: a kind (0 human, 1..3 bot levels) per seat; the default setup is 4 seats,
    P1 Human and the rest Bot Normal, cursor on "Start the game".
    """
    players = len(kinds)
    out = ["A"]  # title: New game
    out += ["Up"] * 6  # to "Players"
    out += ["Left" if players < 4 else "Right"] * abs(players - 4)
    if variant:
        out += ["Down", "Right", "Up"]
    defaults = [mt.HUMAN] + [2] * 5
    for p in range(players):
        out += ["Down"] * (1 if p else 2)
        diff = (kinds[p] - defaults[p]) % mt.KIND_COUNT
        out += ["Right"] * diff
    out += ["Down", "A"]
    return " ".join(out)
