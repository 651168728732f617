"""Issue 36: on a touchscreen every label, button and card answers a tap on itself.

A game is played on each touch profile's layout (hal/boards: the PyPortal's 320x240, the Titano's
480x320) with hal/render/__init__.py's own objects (a display without pixels); on every kind of screen
the middle of each piece as drawn (found by walking the display tree: tests/test_hal_render.py's
``where``) is tapped through ``Screen.hit`` and the board's touch driver (hal/keys.py ``tap``),
and the press the flow gets must be the one the piece names: a footer part its label's input
("tap: ..." A, "Back..." B, "Menu..." Start), a text line that line, an item of the row that
item. Then the flow acts on footer taps made at pixels: "Back: resume" resumes, "Back" leaves
the setup, "Menu" opens the menu, "tap: play ..." plays.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import re  # noqa: E402

import pytest  # noqa: E402

import hal  # noqa: E402
from hal import boards, keys, mock, render  # noqa: E402
from play import match as mt  # noqa: E402
from play import view as v  # noqa: E402
from tests.helpers import machine
from tests.test_hal_render import where  # noqa: E402
from tests.test_schemes import Keys, Player, _random  # noqa: E402
from tools import layoutcheck  # noqa: E402

TOUCH = [name for name in boards.names() if boards.get(name).scheme == hal.SCHEME_TOUCH]
KINDS = (
    "title menu|setup|game menu|turn|hand-off|give prompt|return prompt|message|round summary|scores|"
    "game over|rules|round log|since your turn|stats"
).split("|")


class Display:
    """A display without pixels: the renderer's objects are all a hit test needs."""

    auto_refresh = True
    root_group = None

    def __init__(self, size):
        self.width, self.height = size


def kind_of(view, app):
    """Which kind of screen ``view`` is (KINDS), or None."""
    t = view.title
    if t == "L.A.M.A. Kadabra":
        return "title menu"
    if t == "New game":
        return "setup"
    if t == "Menu":
        return "game menu"
    if t == "Pass the device":
        return "hand-off"
    if t.startswith("Give a"):
        return "give prompt"
    if t == "Well played":
        return "return prompt"
    if re.match(r"Round \d+ over", t):
        return "round summary"
    if t in ("Scores", "Final scores"):
        return "scores"
    if t == "Game over":
        return "game over"
    if t.startswith("Rules"):
        return "rules"
    if re.match(r"Round \d+ log", t):
        return "round log"
    if t.startswith("Since"):
        return "since your turn"
    if t.startswith("Statistics") or t.startswith("Stats"):
        return "stats"
    if t.startswith("Round ") and view.card_cursor >= 0:
        return "turn"
    if t == "About":
        return "message"
    return None


def middle(r, tg, cells, width=None):
    """The display pixel in the middle of the first ``cells`` tiles of TileGrid ``tg``, as drawn."""
    x, y, s = where(r, tg)
    w = tg.tile_width * cells if width is None else width
    return x + s * w // 2, y + s * tg.tile_height // 2


def pressed(hit):
    """What the flow gets for a touch on ``hit`` (hal/keys.py's ``tap``): bits, or (TAP, target)."""
    b = keys.Buttons(lambda: 0)
    b.tap(*hit)
    bit = b.press()
    return (bit, b.tapped) if bit == hal.TAP else bit


def footer_parts(text, labels):
    """[(first column, end column, the input named)] of a footer: a part from each label of the
    board's act, back and menu inputs that begins a word, to the next."""
    named = {labels[hal.LABEL_ACT]: hal.A, labels[hal.LABEL_BACK]: hal.B, labels[hal.LABEL_MENU]: hal.START}
    starts = [
        (m.start(), named[m.group(1)])
        for m in re.finditer(r"(?:^| )(%s)(?=[: ]|$)" % "|".join(map(re.escape, named)), text)
    ]
    starts = [(i + (text[i] == " "), bit) for i, bit in starts]
    out = []
    for k, (i, bit) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        out.append((i, len(text[:end].rstrip()), bit))
    return out


def pieces(hw):
    """[(what, display pixel, the press it should give)] of every label, line and item on screen."""
    s = hw.screen
    r = s.renderer
    view = s.view
    out = []
    text = r.row_text[9]
    assert text == view.footer
    row = r.rows[9]
    for a, b, bit in footer_parts(text, hw.buttons.labels):
        x, y, k = where(r, row)
        w = row.tile_width
        out.append(("footer %r" % text[a:b], (x + k * (a + b) * w // 2, y + k * row.tile_height // 2), bit))
    if not view.seats:  # a text screen's lines (a table's rows are its seats)
        lines = v.LINES_WITH_CARDS if view.ncards else min(len(r.rows) - 5, len(view.lines))
        for i in range(lines):
            if view.lines[i].strip():
                tg = r.rows[layoutcheck.line_row(i)]
                n = len(view.lines[i].rstrip())
                out.append(("line %r" % view.lines[i], middle(r, tg, n), (hal.TAP, (hal.HIT_LINE, i))))
    for k in range(r.last - r.first):
        i = r.first + k
        tg = r.slots[r.item_slot[k]]
        n = tg.width  # (a button: two tiles)
        out.append(("item %d" % i, middle(r, tg, n), (hal.TAP, (hal.HIT_ITEM, i))))
    return out


def check(hw):
    """Every piece on screen, tapped in its middle: the press it names. Returns what was checked."""
    done = []
    for what, (x, y), want in pieces(hw):
        got = pressed(hw.screen.hit(x, y))
        assert got == want, (hw.screen.view.title, what, (x, y), got, want)
        done.append(what)
    return done


def _cards_first(seed):
    """A player who plays a card when one fits (to go out, and be asked which token to return)."""
    pick = _random(seed)

    def choose(g, legal):
        cards = [a for a in legal if a < 18]
        return pick(g, cards or legal)

    return choose


class Visitor(Player):
    """test_schemes' touch player, who first visits the title's screens and the game menu's log,
    and checks every piece of every kind of screen it meets."""

    def __init__(self, app, name, kinds, seed):
        super().__init__(app, Keys(boards.get(name)), kinds, _cards_first(seed))
        self.seen = {}
        self.todo = ["Rules", "Statistics", "About"]  # from the title, before the game
        self.logged = False

    def __call__(self):
        hw = self.app.hw
        view = hw.screen.view
        kind = kind_of(view, self.app)
        if kind is not None and kind not in self.seen:
            self.seen[kind] = check(hw)
        title = view.title
        if title == "L.A.M.A. Kadabra" and self.todo:
            return self.menu_to(view, lambda text: text == self.todo[0])
        if kind in ("rules", "stats", "message") and self.todo and title.split(":")[0].startswith(self.todo[0][:5]):
            self.todo.pop(0)
            return "tap:back" if kind != "message" else "tap:screen"
        if title == "Menu" and not self.logged:
            self.logged = True
            return self.menu_to(view, lambda text: text == "Round log")
        if kind == "round log":
            return "tap:back"
        return super().__call__()


@pytest.mark.parametrize("name", TOUCH)
def test_every_piece_of_every_kind_of_screen_answers_a_tap_on_itself(name):
    assert set(TOUCH) >= {"pyportal", "pyportal_titano"}
    profile = boards.get(name)
    seen = {}
    for seed in range(1, 12):
        hw, app = machine("", seed=seed, board=name)
        hw.screen = render.Screen(Display(profile.size))
        app.setup_match.speed = 3  # Instant
        app.setup_match.recap = 1  # "Since your turn" at every turn
        player = Visitor(app, name, [mt.HUMAN, mt.HUMAN, 2], seed)
        hw.buttons.feed = player
        try:
            app.run()
        except mock.Done:
            pass
        for kind, done in player.seen.items():
            seen.setdefault(kind, done)
        if set(seen) >= set(KINDS):
            break
    assert set(seen) >= set(KINDS), sorted(set(KINDS) - set(seen))
    for kind in KINDS:  # each kind had its labels, and the menus their lines, the turn its items
        assert any(w.startswith("footer") for w in seen[kind]), (kind, seen[kind])
    for kind in ("title menu", "setup", "game menu", "give prompt", "return prompt"):
        assert any(w.startswith("line") for w in seen[kind]), (kind, seen[kind])
    assert sum(w.startswith("item") for w in seen["turn"]) >= 3


def _tap_footer(hw, label):
    """The display pixel in the middle of the footer's part that begins with ``label``."""
    r = hw.screen.renderer
    text = r.row_text[9]
    for a, b, bit in footer_parts(text, hw.buttons.labels):
        if text.startswith(label, a):
            row = r.rows[9]
            x, y, k = where(r, row)
            return "tap:%d,%d" % (x + k * (a + b) * row.tile_width // 2, y + k * row.tile_height // 2)
    raise AssertionError("no %r in %r" % (label, text))


@pytest.mark.parametrize("name", TOUCH)
def test_back_menu_and_act_in_the_footer_do_what_they_say(name):
    # The case: "Back: resume" in the game menu and "Back" on New game were drawn in the
    # footer's right half, which answered as the menu: a tap on them did nothing.
    profile = boards.get(name)
    hw, app = machine("", seed=1, board=name)
    hw.screen = render.Screen(Display(profile.size))
    hw.buttons.hit = hw.screen.hit  # taps at pixels, found as a board finds them
    app.setup_match.speed = 3
    app.setup_match.kinds[1] = mt.HUMAN  # two humans: a hand-off
    steps = []
    before = []

    def feed():
        view = hw.screen.view
        t = view.title
        steps.append(t)
        if len(steps) == 1:  # the title: New game
            return "tap:line:0"
        if len(steps) == 2:
            assert t == "New game" and view.footer.endswith("  Back"), view.footer
            return _tap_footer(hw, "Back")
        if len(steps) == 3:
            assert t == "L.A.M.A. Kadabra", t  # the setup left
            return "tap:line:0"
        if len(steps) == 4:
            assert t == "New game" and view.lines[6] == "Start the game"
            return "tap:line:6"
        if t == "Pass the device":
            return _tap_footer(hw, "tap")
        if t == "What the marks mean":  # the first game's legend: its OK
            return _tap_footer(hw, "tap")
        if t.startswith("Round ") and view.card_cursor >= 0:
            if "menu" not in steps:
                steps.append("menu")
                return _tap_footer(hw, "Menu")
            assert steps[-2] == "resume", steps  # back from the menu to the turn
            if before:
                return ""
            g = app.match.game
            before.append((g.current_player, g.hand_size(g.current_player)))
            assert view.footer.startswith("tap: "), view.footer
            return _tap_footer(hw, "tap")
        if t == "Menu":
            assert "resume" not in steps and "Back: resume" in view.footer
            steps.append("resume")
            return _tap_footer(hw, "Back")
        return ""

    hw.buttons.feed = feed
    with pytest.raises(mock.Done):
        app.run()
    assert "menu" in steps and "resume" in steps and before, steps
    g = app.match.game
    p, n = before[0]
    assert g.current_player != p or g.hand_size(p) != n  # the turn was played


@pytest.mark.parametrize("elsewhere", ["card", "back", "nothing"])
def test_the_quit_question_on_touch_quits_only_on_its_footer_act(elsewhere):
    # The turn asks "Quit this round?" after Quit: a tap anywhere used to mean yes (a finger
    # resting on a card quit the round). Now only the footer's "tap: quit" is yes; a tap on a
    # card, or "Back: no", is no; a tap on nothing leaves the question asked.
    from play import app as appmod

    quits = []
    hw = mock.Hardware("", seed=1, board="pyportal")  # (its screen set before the program starts)
    hw.screen = render.Screen(Display((320, 240)))
    hw.buttons.hit = hw.screen.hit
    app = appmod.App(hw)
    app.setup_match.speed = 3
    seen = []

    def feed():
        view = hw.screen.view
        t = view.title
        seen.append((t, view.event))
        if t == "L.A.M.A. Kadabra":
            return "tap:line:0" if len(seen) == 1 else ""
        if t == "New game":
            return "tap:line:6"
        if t == "What the marks mean":
            return _tap_footer(hw, "tap")
        if t.startswith("Round ") and view.card_cursor >= 0:
            g = app.match.game
            if view.event == "Quit this round?":
                if [e for _, e in seen].count("Quit this round?") == 1:
                    # the first time: a tap on a card (or Back) answers no
                    return {"card": "tap:item:0", "nothing": "tap:screen"}.get(elsewhere) or _tap_footer(hw, "Back")
                return _tap_footer(hw, "tap")  # the second time: yes
            if not g.in_round(g.current_player):
                raise mock.Done()
            quit_at = [i for i in range(view.ncards) if view.cards[i] == v.FIRST_ITEM + 1][0]
            quits.append(1)
            if view.card_cursor == quit_at:
                return "tap:item:%d" % quit_at  # Quit
            return "tap:item:%d tap:item:%d" % (quit_at, quit_at)  # the cursor onto Quit, then Quit
        return ""

    hw.buttons.feed = feed
    with pytest.raises(mock.Done):
        app.run()
    asked = [e for _, e in seen].count("Quit this round?")
    g = app.match.game
    assert asked == 2, seen[-6:]
    assert not g.in_round(0) or g.round_number > 1  # quit on the second yes only
    assert len(quits) == (1 if elsewhere == "nothing" else 2)  # (nothing: asked again, not answered)
