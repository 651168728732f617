"""Issue 25: the round's public history (engine), "Since your turn" and the round's log (play/recap.py).

The engine's interface: ``Game.history()`` is the list of ``(seat, action)`` applied since the
deal, empty after a deal, kept exactly through ``to_bytes`` / ``from_bytes``. The screens: a
monkey presses random buttons through games of several humans and bots while a recorder notes
every action really applied, with what the table really did (the card a square made someone
draw, who went out, the token given, the tokens taken); every recap and log line on screen must
say exactly that, and every card drawn on those screens must be the card played on that line:
never a card a seat could not see.
"""

import re

import pytest

from engine import bots, cards, game, history, rng
from hal import mock
from play import match as mt
from play import recap
from play import view as v
from tests.flow_driver import Driver, new_game_script
from tests.helpers import machine


# ---- the engine's interface ---------------------------------------------------------------------
def _random_games(count, seed, players=None):
    """(game, seat, action) before each action of ``count`` random games (Normal and random moves),
    which the caller applies."""
    pick = rng.Rng(seed)
    for k in range(count):
        g = game.new_game(players or 2 + k % 5, seed * 100 + k, ("kadabra", "classic")[k % 2])
        while not g.is_over():
            legal = g.legal_actions()
            p = g.current_player
            a = bots.choose(g, p, bots.NORMAL, pick) if pick.below(3) else legal[pick.below(len(legal))]
            yield g, p, a


def test_history_is_the_actions_applied_since_the_deal_and_survives_a_save_exactly():
    done = []  # this round's (seat, action), as applied
    rounds = 0
    last = None
    for g, p, a in _random_games(40, 1):
        if last is not g:
            last = g
            done = []
            assert g.history() == [] and g.last_history() == []  # a new game: its deal
        rnd = g.round_number
        assert g.history() == done
        back = game.Game.from_bytes(g.to_bytes())
        assert back.history() == done and back.last_history() == g.last_history() and back.to_bytes() == g.to_bytes()
        done.append((p, a))
        g.apply(a)
        if g.is_over():  # the game's last round: no deal, its actions stay the history
            rounds += 1
            assert g.history() == done == g.last_history()
        elif g.round_number != rnd:  # the round is over: a new deal, an empty history
            rounds += 1
            assert g.history() == [] and g.last_history() == done
            done = []
    assert rounds > 100


def test_newest_is_the_newest_action_of_the_round_or_none():
    g = game.new_game(3, 5)
    assert history.newest(g.moves) == -1
    while g.round_number == 1:
        p = g.current_player
        g.apply(g.legal_actions()[0])
        assert history.newest(g.moves) == (p if g.round_number == 1 else -1)


def test_a_version_1_record_loads_with_an_empty_history():
    g = game.new_game(4, 9)
    for _ in range(5):
        g.apply(g.legal_actions()[-1])
    body = bytearray(g.to_bytes()[7:-2])
    n = body[0]
    m = n + 1 + body[n + 1] + 1
    from engine import codec

    old = game.Game.from_bytes(codec.frame(codec.GAME_MAGIC, 1, bytes(body[: n + 1]) + bytes(body[n + 2 : m])))
    assert old.history() == [] and old.state == g.state


# ---- what really happened, noted as the game goes ---------------------------------------------
class Truth:
    """Every Game.apply of a test: ``(game, round, seat, action, line)`` where ``line`` is what the
    table really did, in the words the screens use, with the seat names of ``names()``."""

    def __init__(self, monkeypatch, names):
        self.names = names
        self.done = []
        inner = game.Game.apply

        def apply(g, a, truth=self):
            truth.note(g, a, inner)

        monkeypatch.setattr(game.Game, "apply", apply)

    def note(self, g, a, inner):
        p = g.current_player
        rnd = g.round_number
        before = [g.hand_size(q) for q in range(g.players)]
        w, b, _ = g.tokens(p)
        stage = g.stage_tokens()
        inner(g, a)
        name = self.names()
        if a < cards.COUNT:
            line = "%s played %s" % (name[p], v.label(a))
            if before[p] == 1:
                line += ": out!"
            elif cards.ICON[a] == cards.ICON_SQUARE and g.round_number == rnd:
                grew = [q for q in range(g.players) if g.hand_size(q) > before[q] - (q == p)]
                if grew == [p]:
                    line += ", drew too"
                elif grew:
                    line += ", %s drew" % name[grew[0]]
            elif cards.ICON[a] == cards.ICON_STAR:
                line += ", took magic"
        elif a == game.DRAW:
            line = name[p] + " drew"
        elif a == game.QUIT:
            line = name[p] + " quit"
        elif a == game.SKIP:
            line = name[p] + " gave back the magic"
        elif a == game.COLLECT:
            line = "%s took %d stage tokens" % (name[p], stage)
        elif a == game.EXCHANGE:
            line = name[p] + " swapped 10 whites"
        elif a < game.RETURN_WHITE:
            token = "a white" if w else "a black" if b else "the magic"
            line = "%s gave %s %s" % (name[p], name[a - game.GIVE], token)
        else:
            line = name[p] + " " + ("returned a white", "returned a black", "kept all tokens")[a - game.RETURN_WHITE]
        self.done.append((g, rnd, p, a, line))

    def round(self, g, rnd):
        """The lines of round ``rnd`` of ``g``: ``[(seat, action, line), ...]``."""
        return [(p, a, line) for gg, r, p, a, line in self.done if gg is g and r == rnd]


def _named(line, me, names):
    """A screen's line with "You"/"you" as seat ``me``'s name."""
    if me < 0:
        return line
    line = re.sub(r"^You ", names[me] + " ", line)
    return re.sub(r" you ", " %s " % names[me], re.sub(r" you drew$", " %s drew" % names[me], line))


def _page(view):
    """(first event shown, events in all) from a pager's title, or None when all fit."""
    found = re.search(r" (\d+)-(\d+)/(\d+)$", view.title)
    return (int(found.group(1)) - 1, int(found.group(3))) if found else None


class Checker:
    """Checks every recap and log screen against the Truth: the lines, their count, the cards."""

    def __init__(self, app, truth):
        self.app = app
        self.truth = truth
        self.counts = {"recaps": 0, "logs": 0, "pages": 0, "lines": 0, "cards": 0}
        self.handoff = None  # the seat the last hand-off named
        self.before = ""  # the title of the screen before
        self.failed = []

    def __call__(self, view):
        # The flow catches what a screen raises (play/app.py: "Game stopped"): a failed check is kept
        # for the test to raise, and a stopped game is a failure too.
        try:
            assert view.title != "Game stopped", view.lines
            self.check(view)
        except AssertionError as e:
            self.failed.append(e)
            raise

    def check(self, view):
        title = view.title
        m = self.app.match
        if title == "Pass the device":
            self.handoff = int(view.lines[1].split("(P")[1].rstrip(")")) - 1
        elif title.startswith("Since your turn"):
            g = m.game
            me = g.current_player
            assert m.kinds[me] == mt.HUMAN
            assert self.handoff == me or m.humans() == 1 or self.before.startswith("Since"), (title, self.before)
            events = self.truth.round(g, g.round_number)
            mine = [i for i in range(len(events)) if events[i][0] == me]
            events = events[mine[-1] + 1 if mine else 0 :]
            assert events and events[-1][0] != me
            self._compare(view, events, me)
            self.counts["recaps"] += 1
        elif re.match(r"Round \d+ log", title) and view.lines[0] != "Nothing yet this round.":
            g = m.game
            events = self.truth.round(g, int(title.split()[1]))
            self._compare(view, events, g.current_player)
            self.counts["logs"] += 1
        self.before = title

    def _compare(self, view, events, me):
        names = [self.app.match.name(q) for q in range(self.app.match.players)]
        shown = [view.lines[i] for i in range(v.LINES) if view.lines[i]]
        page = _page(view)
        top, total = page if page else (0, len(shown))
        assert total == len(events), (view.title, shown, events)
        want = events[top : top + len(shown)]
        assert [_named(line, me, names) for line in shown] == [line for _, _, line in want], view.title
        played = [a for _, a, _ in want if a < cards.COUNT]
        assert list(view.cards[: view.ncards]) == played  # the cards of these lines: never another
        self.counts["pages"] += page is not None
        self.counts["lines"] += len(shown)
        self.counts["cards"] += len(played)


PRESSES = ["A"] * 40 + ["Right"] * 12 + ["Left"] * 5 + ["Down"] * 12 + ["Up"] * 5 + ["B"] * 8 + ["Start"] * 10


@pytest.mark.parametrize(
    "kinds, variant, speed, seed",
    [
        ([mt.HUMAN, mt.HUMAN, mt.HUMAN, 2], 0, 1, 1),
        ([mt.HUMAN, 1, mt.HUMAN, 3, mt.HUMAN, 2], 0, 3, 2),
        ([mt.HUMAN, 2, 2, 2], 0, 3, 3),  # one human, Instant: the recap by the Auto setting
        ([mt.HUMAN, mt.HUMAN, 2], 1, 2, 4),
    ],
)
def test_monkey_every_recap_and_log_line_is_what_happened_and_no_card_a_seat_could_not_see(
    monkeypatch, kinds, variant, speed, seed
):
    hw, app = machine(new_game_script(kinds, variant=variant), seed=seed, keep=False)
    app.setup_match.speed = speed
    truth = Truth(monkeypatch, lambda: [app.match.name(q) for q in range(app.match.players)])
    check = Checker(app, truth)
    pick = rng.Rng(seed)
    inner = hw.screen.show

    def show(view):
        inner(view)
        check(view)

    hw.screen.show = show
    left = [6000]

    def feed():
        left[0] -= 1
        return PRESSES[pick.below(len(PRESSES))] if left[0] > 0 else ""

    hw.buttons.feed = feed
    with pytest.raises(mock.Done):
        app.run()
    assert not check.failed, check.failed[0]
    c = check.counts
    assert c["recaps"] >= 20 and c["logs"] >= 3 and c["lines"] >= 200 and c["cards"] >= 50, c


def test_whole_games_every_recap_is_checked_and_the_round_logs_at_each_summary(monkeypatch):
    # Three humans through whole games (tests/flow_driver.py's player), the log opened at every
    # round's summary (Start, read every page with Right, A back, then A to the scores).
    hw, app = machine(new_game_script([mt.HUMAN] * 3 + [2, 2]), seed=8, keep=False)
    truth = Truth(monkeypatch, lambda: [app.match.name(q) for q in range(app.match.players)])
    check = Checker(app, truth)
    inner = hw.screen.show
    hw.screen.show = lambda view: (inner(view), check(view))
    driver = Driver(app, lambda g, legal: bots.choose(g, g.current_player, bots.NORMAL, rng.Rng(len(truth.done))))
    logged = set()

    def feed():
        view = hw.screen.view
        if view.title.endswith(" over") and view.title.startswith("Round ") and view.title not in logged:
            logged.add(view.title)
            return "Start"
        page = _page(view)
        if re.match(r"Round \d+ log", view.title) and page and page[0] + v.LINES_WITH_CARDS < page[1]:
            return "Right"
        if app.match is not None and app.match.where == mt.FINISHED and view.title == "L.A.M.A. Kadabra":
            return ""
        return driver()

    hw.buttons.feed = feed
    with pytest.raises(mock.Done):
        app.run()
    assert not check.failed, check.failed[0]
    assert app.match.game.is_over()
    c = check.counts
    assert c["logs"] >= len(logged) >= 2 and c["recaps"] >= 30 and c["pages"] >= 3, c


# ---- when the recap comes -----------------------------------------------------------------------
def _titles(kinds, speed, recap_setting=0, presses=1500, seed=5):
    hw, app = machine(new_game_script(kinds), seed=seed)
    app.setup_match.speed = speed
    app.setup_match.recap = recap_setting
    driver = Driver(app, lambda g, legal: legal[0], presses, None)
    hw.buttons.feed = driver
    with pytest.raises(mock.Done):
        app.run()
    return [s[0][2:] for s in hw.screen.screens]


@pytest.mark.parametrize(
    "speed, setting, shown", [(1, 0, False), (2, 0, True), (3, 0, True), (1, 1, True), (3, 2, False)]
)
def test_with_only_bots_in_between_the_recap_is_a_setting_on_by_default_at_fast_and_instant(speed, setting, shown):
    titles = _titles([mt.HUMAN, 2, 2, 2], speed, setting, 300)
    assert ("Since your turn" in titles) == shown


def test_after_a_hand_off_the_recap_comes_before_the_hand_even_with_the_setting_off():
    titles = _titles([mt.HUMAN, mt.HUMAN, 2], 1, 2, 400)
    at = [i for i in range(len(titles)) if titles[i] == "Since your turn"]
    assert len(at) >= 5
    for i in at:
        assert titles[i - 1] == "Pass the device" and titles[i + 1].startswith("Round ")


def test_the_log_turns_its_pages_both_ways_and_a_goes_on():
    g = game.new_game(6, 3)
    while len(g.history()) < 40:  # forty actions of round 1: draws first (the hands grow), then plays
        legal = g.legal_actions()
        g.apply(game.DRAW if game.DRAW in legal else ([a for a in legal if a != game.QUIT] or legal)[0])
    assert g.round_number == 1
    m = mt.Match()
    m.players = 6
    m.game = g
    hw, app = machine("Down Down Right Up Left" + " Right" * 7 + " A")
    app.match = m
    recap.log(app, g.current_player)  # returns on the A
    firsts = [int(re.search(r" (\d+)-\d+/40$", s[0]).group(1)) for s in hw.screen.screens]
    # Down, Down, Right: a page each; Up, Left: a page back; Right to the last page (37-40), and
    # from there round to the first (boards with only a Right see every page).
    assert firsts == [1, 7, 13, 19, 13, 7, 13, 19, 25, 31, 37, 1, 7]
    for first, screen in zip(firsts, hw.screen.screens):
        shown = [line for line in screen if line.startswith("  ") and "[" not in line]
        assert len(shown) == min(v.LINES_WITH_CARDS, 41 - first)
        assert screen[-1] in ("- A: play on  <>: more", "- A: play on  <>: top")


def test_the_pictures_of_the_new_screens_are_drawn(tmp_path):
    # tools/friendshots.py (docs/since.png, log.png, hint.png, stats.png): the renderer draws them,
    # with the blue title bar, lines of text and, on the recap and the log, cards.
    pygame = pytest.importorskip("pygame")
    from tools import friendshots

    taken = friendshots.take(str(tmp_path), scale=1)
    assert sorted(taken) == sorted(friendshots.KINDS)
    for kind, path in taken.items():
        img = pygame.image.load(path)
        assert img.get_size() == (160, 128)
        px = [tuple(img.get_at((x, y)))[:3] for y in range(0, 128, 2) for x in range(0, 160, 2)]
        bar = [c for c in px[:80 * 6] if c[2] > 120 and c[0] < 80]
        text = [c for c in px[80 * 6 :] if min(c) > 200]
        colour = [c for c in px if max(c) - min(c) > 100 and not (c[2] > 120 and c[0] < 80)]
        assert len(bar) > 200 and len(text) > 30, kind
        if kind in ("since", "log"):
            assert len(colour) > 30, kind  # the cards' colours
