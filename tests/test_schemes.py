"""Issue 23: every screen under every control scheme, whole games played with one board's inputs.

The player here (:class:`Player`) answers each screen with one press at a time in the words a
board's own inputs give (hal/script.py: its key names, ``hold:KEY``, taps as targets), reading the
screen as the person holding it would: the title's items, the setup's rows, the turn's row of
cards and buttons. The mock (hal/mock.py) refuses any word the board cannot give, so a game that
ends was played with that board's inputs alone; every press it handed out is also checked against
``hw.buttons.has``, and every footer against the board's own names (``hw.buttons.labels``).
"""

import re

import pytest

import hal
from engine import game, rng
from hal import boards, mock
from play import match as mt
from play import view as v
from play.lang import say
from tests.helpers import machine


class Keys:
    """The words of a board's inputs for each thing the flow asks (None where it has none)."""

    def __init__(self, profile):
        self.touch = profile.scheme == hal.SCHEME_TOUCH
        short = {}
        held = {}
        for n, name in enumerate(profile.keys):
            bits = (1 << n, 0) if profile.map is None else (profile.map[2 * n], profile.map[2 * n + 1])
            short.setdefault(bits[0], name)
            if bits[1]:
                held.setdefault(bits[1], "hold:" + name)
        self.act = "tap:screen" if self.touch else short[hal.A]
        self.down = short.get(hal.DOWN) or short.get(hal.RIGHT)  # a menu's next row (None: touch)
        self.up = short.get(hal.UP) or short.get(hal.LEFT)
        self.right = short.get(hal.RIGHT)
        self.left = short.get(hal.LEFT)
        self.back = "tap:back" if self.touch else short.get(hal.B) or _with(held, hal.B)
        self.menu = "tap:menu" if self.touch else short.get(hal.START) or _with(held, hal.START)


def _with(held, bit):
    """The held key whose long press gives ``bit``."""
    for bits, word in held.items():
        if bits & bit:
            return word
    return None


class Player:
    """A mock ``feed``: one press (a word of the board's inputs) for the screen on display.

    ``kinds`` is the game to set up (a kind a seat); ``choose(game, legal)`` picks each action.
    ``visit_menu``: open the game menu once on the first turn and go back."""

    def __init__(self, app, keys, kinds, choose, visit_menu=True, max_presses=60000):
        self.app = app
        self.keys = keys
        self.kinds = kinds
        self.choose = choose
        self.visit_menu = visit_menu
        self.presses = 0
        self.max_presses = max_presses
        self.want = None  # the action chosen for the turn or prompt on screen
        self.started = False
        self.footers = set()

    def __call__(self):
        self.presses += 1
        if self.presses > self.max_presses:
            return ""
        view = self.app.hw.screen.view
        self.footers.add(view.footer)
        title = view.title
        k = self.keys
        # (the screens known by their words in the language spoken: play/lang.py)
        if title == "L.A.M.A. Kadabra":
            if self.started:
                return ""  # back on the title after the game: done
            return self.menu_to(view, lambda text: text == say("New game"))
        if title == say("New game"):
            return self.setup(view)
        if re.match(r"P\d ", title) and view.line_cursor >= 0:  # a seat's menu
            p = int(title[1]) - 1
            return self.menu_to(view, lambda text: text == say(mt.KINDS).split("|")[self.kinds[p]])
        g = self.app.match.game if self.app.match else None
        if title == say("Menu"):
            return k.back
        if title.startswith(say("Round %d - %s").split("%")[0]) and view.card_cursor >= 0:  # a turn
            self.started = True
            if self.visit_menu:
                self.visit_menu = False
                return k.menu
            if view.event == say("Quit this round?"):
                return "tap:act" if k.touch else k.act  # yes (on touch the footer's "tap: quit"; a tap elsewhere is no)
            if self.want is None or self.want not in g.legal_actions():
                self.want = self.choose(g, g.legal_actions())
            i = list(view.cards[: view.ncards]).index(self.want)
            if i == view.card_cursor:
                self.want = None if self.want != game.QUIT else self.want
                return "tap:item:%d" % i if k.touch else k.act
            if k.touch:
                return "tap:item:%d" % i  # chosen; the next tap on it plays it
            if k.left is not None and i < view.card_cursor:
                return k.left
            return k.right
        if title in say("Give a white|Give a black|Give the magic").split("|") or title == say("Well played"):
            legal = g.legal_actions()
            if self.want not in legal:
                self.want = self.choose(g, legal)
            a = self.want
            if title == say("Well played"):
                words = say("Return a black (-10)|Return a white (-1)|Keep my tokens").split("|")
                text = {game.RETURN_BLACK: words[0], game.RETURN_WHITE: words[1], game.KEEP: words[2]}[a]
            else:
                text = self.app.match.name(a - game.GIVE)
            return self.menu_to(view, lambda line: line.startswith(text))
        self.want = None
        return k.act  # a message, the hand-off, a recap: go on

    def setup(self, view):
        """One press towards the setup of ``kinds``: the players' count, each seat, then start."""
        m = self.app.setup_match
        if m.players != len(self.kinds):
            return self.menu_to(view, lambda text: text.startswith(say("Players      < %d >").split("<")[0].strip()))
        for p in range(m.players):
            if m.kinds[p] != self.kinds[p]:
                return self.menu_to(view, lambda text: text.startswith("P%d " % (p + 1)))
        return self.menu_to(view, lambda text: text in (say("Start the game"), say("Watch the bots play")))

    def menu_to(self, view, wanted):
        """One press towards the menu row that ``wanted(text)`` accepts, or acting on it."""
        k = self.keys
        rows = [i for i in range(v.LINES) if view.colors[i] != v.DIM or i == view.line_cursor]
        texts = {i: view.lines[i].rstrip("^v ").strip() for i in rows}
        found = [i for i in rows if wanted(texts[i])]
        if found and found[0] == view.line_cursor:
            return "tap:line:%d" % found[0] if k.touch else k.act
        if k.touch:  # a tap on the row (on the last or first row of a long list: it scrolls)
            if found:
                return "tap:line:%d" % found[0]
            return "tap:line:%d" % max(i for i in rows if texts[i])
        if found and found[0] < view.line_cursor and k.up is not None:
            return k.up
        return k.down


def play_board(name, kinds, seed=1, choose_seed=2, visit_menu=True, language=""):
    """A whole game on board ``name`` with its inputs alone (``language``: the one the board asks
    for, play/lang.py); (hw, app, player)."""
    hw, app = machine("", seed=seed, board=name)
    hw.language = language
    player = Player(app, Keys(boards.get(name)), kinds, _random(choose_seed), visit_menu)
    hw.buttons.feed = player
    try:
        app.run()
    except mock.Done:
        pass
    return hw, app, player


def _random(seed):
    pick = rng.Rng(seed)

    def choose(g, legal):
        return legal[pick.below(len(legal))]

    return choose


def footer_names_only(footer, labels):
    """The footer, every "NAME:" of the board's own input names taken out (a check: none is left)."""
    prev, nxt = labels[hal.LABEL_PREV], labels[hal.LABEL_NEXT]
    names = [x for x in labels if x] + [prev + nxt, prev + "/" + nxt, "^v"]
    for name in sorted(names, key=len, reverse=True):
        footer = footer.replace(name + ":", "")
    return footer


# Each board: a game of 2 to 6 seats, pass-the-device (2 or more humans) in most.
GAMES = [
    ("pybadge", [0, 0]),
    ("pygamer", [0, 1, 2]),
    ("clue", [0, 0, 0, 1]),
    ("cpb_gizmo", [0, 2]),
    ("funhouse", [0, 0, 1, 1, 2]),
    ("feather_s2_reverse_tft", [0, 2, 2]),
    ("feather_s3_reverse_tft", [0, 0, 0, 0, 0, 0]),
    ("pyportal", [0, 0, 2, 1, 1, 2]),
    ("pyportal_titano", [0, 1]),
    ("fruit_jam", [0, 0, 1]),
    ("memento", [0, 2, 1, 0]),
    ("picosystem", [0, 0, 0, 2, 1]),
]


def test_every_board_has_a_game_here():
    assert sorted(name for name, _ in GAMES) == sorted(boards.names())


@pytest.mark.parametrize("name,kinds", GAMES, ids=[name for name, _ in GAMES])
def test_a_whole_game_with_the_boards_inputs_alone(name, kinds):
    hw, app, player = play_board(name, kinds)
    assert app.match is not None, (name, "no game started", player.presses)
    g = app.match.game
    assert g.is_over() and app.match.where == mt.FINISHED, (name, player.presses)
    assert list(app.match.kinds[: g.players]) == kinds
    has = hw.buttons.has
    for press in hw.buttons.log:  # what the board handed the flow: only bits it has
        bits = press if isinstance(press, int) else hal.TAP
        assert not bits & ~has, (name, press)
    titles = [s[0] for s in hw.screen.screens]
    assert any(t.startswith("= Game over") for t in titles), titles[-5:]
    if kinds.count(0) > 1:
        assert any(t.startswith("= Pass the device") for t in titles)
    labels = hw.buttons.labels
    for footer in player.footers:
        assert ":" not in footer_names_only(footer, labels), (name, footer, labels)


@pytest.mark.parametrize("name", ["pybadge", "funhouse", "clue", "pyportal"])
def test_footers_name_the_boards_own_inputs(name):
    hw, app, player = play_board(name, [0, 0], visit_menu=True)
    footers = " | ".join(sorted(player.footers))
    labels = hw.buttons.labels
    assert labels[hal.LABEL_ACT] + ": " in footers
    if name != "pybadge":
        assert "A: " not in footers or "A" in " ".join(labels), footers
        assert "Start" not in footers and "St:" not in footers and "<>" not in footers, footers


def test_a_script_word_the_board_cannot_give_is_refused():
    with pytest.raises(ValueError, match="no such input"):
        mock.Hardware("Up", board="clue")
    with pytest.raises(ValueError, match="no touchscreen"):
        mock.Hardware("tap:line:1", board="funhouse")
    with pytest.raises(ValueError, match="no long press"):
        mock.Hardware("hold:Up", board="funhouse")
    with pytest.raises(ValueError):
        mock.Hardware("Sel", board="pyportal")
    hw = mock.Hardware("Sel hold:Sel Up Down", board="funhouse")
    assert hw.buttons._todo == [hal.A, hal.B | hal.START, hal.LEFT, hal.RIGHT]
    hw = mock.Hardware("A hold:A B hold:B", board="clue")
    assert hw.buttons._todo == [hal.RIGHT, hal.B, hal.A, hal.START]


def run_script(name, script):
    """The screens of ``script`` on board ``name`` (until it runs out)."""
    hw, hw.app = machine(script, run=True, board=name)  # (the App on hw: the tests look at its match)
    return hw


def test_menus_without_up_down_move_with_right_alone_and_wrap():
    # CLUE: the mover (A: Right) moves down the title, wrapping; B (the actor) chooses.
    hw = run_script("clue", "A A A A A A A A A")
    lines = hw.screen.screens
    cursors = [next(line for line in s if line.startswith(">")) for s in lines]
    assert cursors[0] != cursors[1] and cursors[0] in cursors[1:]  # it came round again
    hw = run_script("clue", "B")  # New game: the setup
    assert hw.screen.screens[-1][0] == "= New game"


def test_the_seat_menu_opens_on_act_under_every_scheme():
    for name, script in (
        ("pybadge", "A Up Up Up Up A Down A"),  # P1's seat: Bot Easy
        ("funhouse", "Sel Up Up Up Up Sel Down Sel"),
        ("clue", "B A A A B A B"),  # 7 rows: from Start the mover wraps to P1; Bot Easy
        ("pyportal", "tap:line:0 tap:line:2 tap:line:1"),  # (no header: the title's 8 items fill it)
    ):
        hw = run_script(name, script)
        setup = hw.screen.screens[-1]
        assert setup[0] == "= New game", (name, setup)
        assert any("P1 Ana  < Bot Easy >" in line for line in setup), (name, setup)


def test_touch_chooses_a_card_then_plays_it_on_a_second_tap():
    # PyPortal: New game, start with the default seats (P1 human), the first game's legend (a tap),
    # then a tap on a card.
    start = "tap:line:0 tap:line:6 tap:screen"
    hw = run_script("pyportal", start)
    turn = hw.screen.view
    assert turn.title.startswith("Round 1") and turn.card_cursor >= 0
    legal = hw.app.match.game.legal_actions()
    target = next(i for i in range(turn.ncards) if i != turn.card_cursor and turn.cards[i] in legal)
    hw = run_script("pyportal", start + " tap:item:%d" % target)
    assert hw.screen.view.card_cursor == target and hw.screen.view.title == turn.title  # chosen, not played
    g_before = len(hw.screen.screens)
    hw = run_script("pyportal", start + " tap:item:%d tap:item:%d" % (target, target))
    assert len(hw.screen.screens) > g_before + 1  # played: the bots moved on


def test_the_hand_off_needs_act_or_a_tap():
    # Two humans: the hand-off stays up through the moving keys, back and the menu; act or a tap close it.
    for name, script, ignored, ok in (
        ("funhouse", "Sel Sel", "Up Down hold:Sel", "Sel"),
        ("clue", "B B", "A hold:A hold:B", "B"),
        ("pyportal", "tap:line:0 tap:line:4", "tap:back tap:menu", "tap:screen"),
    ):
        screens = []
        for presses in (script + " " + ignored, script + " " + ignored + " " + ok):
            hw, app = machine(presses, board=name)
            app.setup_match.players = 2
            app.setup_match.kinds[1] = mt.HUMAN
            with pytest.raises(mock.Done):
                app.run()
            screens.append(hw.screen.screens)
        assert screens[0][-1][0] == "= Pass the device", (name, screens[0][-1])
        assert screens[1][-1][0].startswith("= Round 1"), (name, screens[1][-1])


# ---- the simulator: --list-boards, --board (issue 23's interface) ------------------------------
def _desktop(args, timeout=120):
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run(
        [sys.executable, "desktop.py"] + args, cwd=root, capture_output=True, text=True, timeout=timeout, env=env
    )


def test_the_simulator_lists_every_board_one_a_line():
    done = _desktop(["--list-boards"])
    assert done.returncode == 0, done.stderr
    names = done.stdout.splitlines()
    assert names == boards.names()
    for name in "pybadge pygamer clue cpb_gizmo funhouse feather_s3_reverse_tft pyportal pyportal_titano".split():
        assert name in names
    assert {"fruit_jam", "memento", "picosystem"} <= set(names)


@pytest.mark.parametrize("name", boards.names())
def test_the_simulator_plays_a_board_headless_with_its_inputs(tmp_path, name):
    import pygame

    profile = boards.get(name)
    keys = Keys(profile)
    # The title's New game, the setup's Start: a turn on screen.
    script = "tap:line:1 tap:line:6" if keys.touch else "%s %s" % (keys.act, keys.act)
    shots = tmp_path / "shots"
    done = _desktop(
        [
            "--board",
            name,
            "--headless",
            "--fast",
            "--no-save",
            "--seed",
            "1",
            "--screenshot",
            str(shots),
            "--script",
            script,
        ]
    )
    assert done.returncode == 0, done.stderr
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) >= 3, done.stdout  # the title, the setup, the table
    for png in pngs:
        assert pygame.image.load(str(png)).get_size() == profile.size


def test_the_simulator_refuses_a_word_the_board_cannot_give():
    done = _desktop(["--board", "clue", "--headless", "--no-save", "--script", "A Up"])
    assert done.returncode == 2 and "clue has no such input" in done.stderr
    done = _desktop(["--board", "nosuch", "--list-boards"])
    assert done.returncode == 2 and "no board 'nosuch'" in done.stderr


def _build(*extra):
    from hal import desktop

    return desktop.build(desktop.parser().parse_args(list(extra)))


def test_the_window_takes_a_boards_keys_and_long_presses():
    import pygame

    hw, cleanup = _build("--headless", "--board", "clue")
    try:
        b = hw.buttons
        assert (b.scheme, b.has, b.labels) == (hal.SCHEME_TWO, 0x17, boards.get("clue").labels)
        now = [0]
        b.ticks_ms = lambda: now[0]
        for key, bit in ((pygame.K_a, hal.RIGHT), (pygame.K_b, hal.A)):  # short presses: at the release
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            assert b.press() == 0
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            assert b.press() == bit
        for key, bit in ((pygame.K_a, hal.B), (pygame.K_b, hal.START)):  # held: the long press, at once
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            assert b.press() == 0
            now[0] += 600
            assert b.press() == bit
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            assert b.press() == 0
        for key in (pygame.K_x, pygame.K_RETURN, pygame.K_UP):  # not the CLUE's: nothing
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            assert b.press() == 0
    finally:
        cleanup()


def test_the_mouse_is_the_touchscreen_and_a_scripted_tap_finds_its_target():
    import pygame

    hw, cleanup = _build(
        "--headless", "--board", "pyportal", "--scale", "2", "--script", "tap:30,40 tap:back", "--stay"
    )
    try:
        seen = []

        def hit(x, y):
            seen.append((x, y))
            return (hal.HIT_ITEM, 3)

        hw.screen.hit = hit
        hw.buttons.hit = hit
        assert hw.buttons.press() == hal.TAP and hw.buttons.tapped == (hal.HIT_ITEM, 3) and seen == [(30, 40)]
        assert hw.buttons.press() == hal.B  # the footer's back zone
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 60), button=1))
        assert hw.buttons.press() == hal.TAP and seen[-1] == (50, 30)  # window pixels over the scale
    finally:
        cleanup()
    hw, cleanup = _build("--headless", "--board", "pyportal", "--scale", "2")
    try:
        calls = []
        hw.screen.inner.hit = lambda x, y: calls.append((x, y)) or (hal.HIT_LINE, 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 60), button=1))
        assert hw.buttons.press() == hal.TAP and hw.buttons.tapped == (hal.HIT_LINE, 2)
        assert calls == [(50, 30)]  # through the renderer's hit (render.Screen.hit)
    finally:
        cleanup()


def test_the_terminal_takes_a_boards_keys_upper_case_held():
    from hal.desktop import keys as desktop_keys
    from hal.desktop import terminal as desktop_terminal

    keys, escapes = desktop_keys.terminal_table(boards.get("funhouse"))
    assert desktop_terminal.decode_keys("sS\x1b[A\x1b[Bq", keys, escapes) == [
        hal.A,
        hal.B | hal.START,
        hal.LEFT,
        hal.RIGHT,
        -1,
    ]
    keys, escapes = desktop_keys.terminal_table(boards.get("feather_s3_reverse_tft"))
    assert desktop_terminal.decode_keys("01!2x", keys, escapes) == [hal.LEFT, hal.A, hal.B | hal.START, hal.RIGHT]


@pytest.mark.parametrize("name", ["pybadge", "funhouse", "clue", "pyportal"])
def test_every_title_screen_opens_and_closes_with_the_boards_inputs(name):
    # Rules (every page), the three settings, Statistics and About, and back to the title each time.
    hw, app = machine("", board=name)
    keys = Keys(boards.get(name))
    player = Player(app, keys, [0, 2], _random(1))
    todo = ["Rules", "Speed", "Lights", "Sound", "Statistics", "About"]
    seen = []

    def feed():
        view = hw.screen.view
        if view.title == "L.A.M.A. Kadabra":
            while todo and not any(line.strip(" >").startswith(todo[0]) for line in view.lines):
                todo.pop(0)  # (Lights and Sound only where the board has them)
            if not todo:
                return ""
            want = todo[0]
            press = player.menu_to(view, lambda text: text.startswith(want))
            if press in (keys.act, "tap:line:%d" % view.line_cursor) and view.lines[view.line_cursor].startswith(want):
                seen.append(todo.pop(0))
            return press
        seen.append(view.title)
        return keys.act

    hw.buttons.feed = feed
    with pytest.raises(mock.Done):
        app.run()
    titles = [s[0] for s in hw.screen.screens]
    assert not todo and "= About" in titles and "= Statistics" in titles, titles
    assert any(t.startswith("= Rules") for t in titles) and titles[-1] == "= L.A.M.A. Kadabra"
    assert [s for s in hw.screen.screens[-1] if s.startswith("  Speed") or s.startswith("> Speed")] != []
