"""A hostile test of the flow and the stores (issue #8), seeded and bounded.

* Forged records: games sealed with counters at and near their limits, and with random bytes
  changed; every accepted one is played on with legal actions and bot decisions.
* Random presses through the whole flow (2-6 seats, several humans, every bot level, both
  variants, held keys) on an nvm store, with power cuts at random presses and inside writes, a
  resume check after each, and damaged saves of every kind; on every screen: no human's hand on
  another seat's turn, and never a "Game stopped" (no error reached the flow).
* Errors of a game or a store reach the title as a message, the save kept aside.
"""

import pytest

import hal
from engine import bots, checks, codec, game, history, replay, rng, rules
from hal import mock, saves
from hal.saves import slots
from play import match as mt
from play import view as v
from tests.flow_driver import Driver, new_game_script, random_choice
from tests.helpers import machine, put16

FIGURES = {}


class PowerCut(BaseException):
    pass


# ---- forged records ----------------------------------------------------------------------------
def _seal(g):
    return codec.frame(codec.GAME_MAGIC, 1, bytes((len(g.state),)), g.state, g.result)


OFF = game.Game.offsets()  # where the counters lie in the state


def _seat(q):
    return OFF["seat"] + OFF["seat_size"] * q


def _play_on(g, pick, steps):
    """Legal actions and bot decisions from ``g``: none may raise."""
    for k in range(steps):
        if g.is_over():
            return
        p = g.current_player
        level = k % 4
        if level == 3:
            legal = g.legal_actions()
            a = legal[pick.below(len(legal))]
        else:
            a = bots.choose(g, p, level, pick, budget=60)
        g.apply(a)


def _forgeries(pick):
    """(name, record) pairs: counters at, just inside and just past their bounds; random damage."""
    out = []
    for n in (2, 4, 6):
        for variant in ("kadabra", "classic"):
            g = game.new_game(n, 40 + n, variant)
            for k in range(pick.below(12)):  # somewhere into round 1
                legal = g.legal_actions()
                if g.is_over():
                    break
                g.apply(legal[pick.below(len(legal))])
            if g.phase != game.PLAY:
                continue
            for r in (1, 2, checks.ROUND_MAX - 1, checks.ROUND_MAX, checks.ROUND_MAX + 1, 0xFFFE, 0xFFFF):
                wmax = 60 * n + 12 * r
                bmax = 10 * n + 14 * r + 1
                for w in (wmax - 1, wmax, wmax + 1, 0xFFFF):
                    for b in (0, bmax, bmax + 1, 0xFFFF):
                        s = bytearray(g.state)
                        put16(s, OFF["round"], min(r, 0xFFFF))
                        for q in range(n):
                            put16(s, _seat(q) + OFF["whites"], 0)
                            put16(s, _seat(q) + OFF["blacks"], 0)
                        seat = pick.below(n)
                        put16(s, _seat(seat) + OFF["whites"], min(w, 0xFFFF))
                        put16(s, _seat(seat) + OFF["blacks"], min(b, 0xFFFF))
                        out.append(("r%d w%d b%d" % (r, w, b), game.Game(s, bytearray(g.result))))
                if variant == "kadabra":
                    for st in (12 * r, 12 * r + 1, 0xFFFF):
                        s = bytearray(g.state)
                        put16(s, OFF["round"], min(r, 0xFFFF))
                        put16(s, OFF["stage"], min(st, 0xFFFF) - min(st, 0xFFFF) // 2)
                        put16(s, OFF["stage"] + 2, min(st, 0xFFFF) // 2)
                        out.append(("r%d stage%d" % (r, st), game.Game(s, bytearray(g.result))))
    return out


def test_forged_counters_are_refused_past_their_bounds_and_accepted_ones_play_on():
    pick = rng.Rng(8)
    accepted = refused = 0
    for name, g in _forgeries(pick):
        try:
            back = game.Game.from_bytes(_seal(g))
        except ValueError:
            refused += 1
            w = sum(g.tokens(q)[0] for q in range(g.players)) + g.stage()[0]
            b = sum(g.tokens(q)[1] for q in range(g.players)) + g.stage()[1]
            r = g.round_number
            n = g.players
            # Refused only when a bound is broken (a reachable state is never refused).
            assert (
                r > checks.ROUND_MAX or w > 60 * n + 12 * r or b > 10 * n + 14 * r + 1 or g.stage_tokens() > 12 * r
            ), name
            continue
        accepted += 1
        assert back.round_number <= checks.ROUND_MAX
        _play_on(back, pick, 400)
    FIGURES["forged"] = (accepted, refused)
    assert accepted > 50 and refused > 200


@pytest.mark.parametrize("stage", [255, 256, 12 * 30])
def test_counters_at_their_bounds_play_on_through_the_screens(stage):
    """Reachable but huge counters (a long game where nobody collects the stage) fit the screens."""
    m = mt.Match()
    m.players = 3
    m.kinds[1] = m.kinds[2] = 2
    m.start(7)
    s = m.game.state
    put16(s, OFF["round"], 30)  # round 30: up to 360 tokens on the stage, 60 n + 360 whites in all
    put16(s, OFF["stage"], stage - stage // 3)
    put16(s, OFF["stage"] + 2, stage // 3)
    put16(s, _seat(0) + OFF["whites"], 280)  # seat 0: 280 whites, 200 blacks
    put16(s, _seat(0) + OFF["blacks"], 200)
    data = m.pack()
    assert mt.Match.from_bytes(data).game.stage()[0] == stage - stage // 3
    hw, app = machine(save=data, seed=stage, keep=True)
    hw.buttons.feed = Driver(app, random_choice(rng.Rng(stage)), 400, "Continue")
    with pytest.raises(mock.Done):
        app.run()
    titles = [screen[0] for screen in hw.screen.screens]
    # Seat 0's 2,280 points end the game with this round: its scores, then the title.
    end = ["= Round 30 over", "= Final scores", "= Game over", "= L.A.M.A. Kadabra"]
    assert "= Game stopped" not in titles and titles[-4:] == end, titles


def test_random_bytes_changed_in_sealed_records_never_give_a_game_that_raises():
    pick = rng.Rng(21)
    accepted = tried = 0
    for i in range(5000):
        g = game.new_game(2 + i % 5, i, ("kadabra", "classic")[i % 2])
        for _ in range(pick.below(60)):
            if g.is_over():
                break
            legal = g.legal_actions()
            g.apply(legal[pick.below(len(legal))])
        s = bytearray(g.state)
        r = bytearray(g.result)
        for _ in range(1 + pick.below(4)):
            if pick.below(4):
                s[pick.below(len(s))] = pick.below(256)
            else:
                r[pick.below(len(r))] = pick.below(256)
        tried += 1
        try:
            back = game.Game.from_bytes(_seal(game.Game(s, r)))
        except ValueError:
            continue
        accepted += 1
        _play_on(back, pick, 150)
    FIGURES["random bytes"] = (tried, accepted)
    assert accepted > 150


# ---- forged histories (issue 36, item 13) -------------------------------------------------------
def _entries(g):
    """(index in g.moves, byte) of the history's entries (no detail bytes)."""
    h = g.moves
    return [(i, h[i]) for i in range(2, h[1] + 2) if h[i] < history.DETAIL]


def _refused(g):
    try:
        game.Game.from_bytes(g.to_bytes())  # resealed: a valid CRC (engine/codec.py)
    except ValueError as e:
        assert "breaks the rules (history)" in str(e), e
        return True
    return False


def _history_forgeries(pick, count):
    """(kind, forged game) pairs from real games stopped at random points of a round."""
    for i in range(count):
        g = game.new_game(3 + i % 3, 100 + i, ("kadabra", "classic")[i % 2])
        for _ in range(pick.below(70) if i % 4 else 400):
            if g.is_over() or g.moves[0] and not i % 4:  # (every fourth: played out to the next deal)
                break
            legal = g.legal_actions()
            if not i % 4 and len(legal) > 1 and rules.QUIT in legal:
                legal.remove(rules.QUIT)  # (a round someone goes out of)
            g.apply(legal[pick.below(len(legal))])
        es = _entries(g)
        for i, b in es:  # a token given to a seat that does not exist
            if rules.GIVE <= b & 31 < rules.RETURN_WHITE:
                f = g.copy()
                f.moves[i] = (b & ~31) | (rules.GIVE + g.players)
                yield "a token to no seat", f
        for i, b in es:  # a seat acting after it quit
            if b & 31 == rules.QUIT:
                later = [j for j, c in es if j > i and c >> 5 != b >> 5]
                if later:
                    f = g.copy()
                    f.moves[later[-1]] = (b & ~31) | (f.moves[later[-1]] & 31)
                    yield "acts after quitting", f
        if not g.moves[0]:
            for i, b in es:  # a quit by a seat still in the round
                if b & 31 == rules.DRAW:
                    f = g.copy()
                    f.moves[i] = (b & ~31) | rules.QUIT
                    yield "quit but still in", f
                    break
            for i, b in es:  # a card played where a card was drawn: the hand sizes disagree
                if b & 31 == rules.DRAW and g.moves[1] <= replay.WHOLE:
                    f = g.copy()
                    f.moves[i] = (b & ~31) | g.top_card
                    yield "a card too many", f
                    break
        if g.moves[1] and g.moves[1] < replay.WHOLE:  # an action nobody took, at the end
            f = g.copy()
            seat = (g.current_player + 1 + pick.below(g.players - 1)) % g.players
            f.moves[f.moves[1] + 2] = seat << 5 | rules.DRAW
            f.moves[1] += 1
            yield "out of turn", f
        if g.moves[0] and g.last_round()["out"] is not None:  # a finished round that ended otherwise
            f = g.copy()
            i, b = es[-1]
            f.moves[i] = (b & ~31) | rules.QUIT
            yield "ended otherwise", f


def test_forged_histories_are_refused_resealed_or_not():
    # Before issue 36 each was accepted: the recap then showed events that never happened.
    pick = rng.Rng(36)
    kinds = {}
    for kind, f in _history_forgeries(pick, 1500):
        kinds[kind] = kinds.get(kind, 0) + 1
        assert _refused(f), kind
    FIGURES["forged histories"] = kinds
    assert len(kinds) == 6 and min(kinds.values()) >= 20, sorted(kinds.items())


def test_a_forged_history_in_a_save_is_refused_kept_aside_and_said():
    m = mt.Match()
    m.players = 3
    m.kinds[0] = mt.HUMAN
    m.start(11)
    g = m.game
    while not [b for i, b in _entries(g) if b & 31 == rules.QUIT] or g.in_round(g.current_player) is False:
        legal = g.legal_actions()
        g.apply(rules.QUIT if rules.QUIT in legal and g.current_player == 1 else legal[-1])
    quitter = [b >> 5 for i, b in _entries(g) if b & 31 == rules.QUIT][0]
    g.moves[g.moves[1] + 2] = quitter << 5 | rules.DRAW  # the quitter draws: never happened
    g.moves[1] += 1
    hw, _ = machine("A", save=bytes(m.pack()), run=True)
    text = " ".join(" ".join(hw.screen.screens[0]).split())
    assert text.startswith("= Save not loaded") and "breaks the rules (history)" in text
    assert hw.storage.aside is not None


def test_real_games_saved_at_random_points_are_accepted():
    # A property: every state real play reaches, with its history, loads (bots and random play,
    # 2-6 seats, both variants; rounds whose history was halved by thousands of exchanges too).
    pick = rng.Rng(37)
    saved = halved = 0
    for i in range(2000):
        n = 2 + i % 5
        g = game.new_game(n, i, ("kadabra", "classic")[i % 2])
        rich = i % 8 == 7  # late in a long game, whites to exchange past the history's room
        if rich:
            put16(g.state, OFF["round"], 200)
            for q in range(n):
                put16(g.state, _seat(q) + OFF["whites"], 1000 // n)
        for k in range(3000):
            if g.is_over():
                break
            legal = g.legal_actions()
            if rich and rules.EXCHANGE in legal and pick.below(3):
                a = rules.EXCHANGE
            elif i % 3:
                a = legal[pick.below(len(legal))]
            else:
                a = bots.choose(g, g.current_player, k % 3, pick, budget=20)
            g.apply(a)
            halved += g.moves[1] > replay.WHOLE
            if pick.below(6) == 0 or g.is_over():
                saved += 1
                back = game.Game.from_bytes(g.to_bytes())
                assert back.history() == g.history() and back.last_history() == g.last_history()
    FIGURES["real saves"] = (saved, halved)
    assert saved > 15000 and halved > 400


# ---- the flow, with monkeys -----------------------------------------------------------------------
class CutNvm(bytearray):
    """nvm whose write stops after ``cut`` bytes when ``cut`` is set (then the power is gone)."""

    cut = None

    def __setitem__(self, k, value):
        if self.cut is not None and isinstance(k, slice):
            part = bytes(value)[: self.cut]
            self.cut = None
            bytearray.__setitem__(self, slice(k.start, k.start + len(part)), part)
            raise PowerCut()
        bytearray.__setitem__(self, k, value)


class Store(slots.NvmStore):
    """The nvm store, telling the test which save is complete and which one is on its way."""

    def __init__(self, nvm):
        super().__init__(nvm)
        self.complete = None
        self.flying = None

    def save(self, data, key=0):
        if key:  # the statistics (play/stats.py): not the game's save this test follows
            return super().save(data, key)
        self.flying = bytes(data)
        super().save(data)
        self.complete = bytes(data)
        self.flying = None

    def set_aside(self, key=0):
        where = super().set_aside(key)
        if not key:
            self.complete = slots.NvmStore(self.nvm).load()
        return where


PRESSES = ["A"] * 9 + ["Right"] * 4 + ["Left"] * 2 + ["Down"] * 2 + ["Up", "B", "B", "Start", "Select"]


def _damage(nvm, pick, kind):
    """Damage the nvm's saves in one of several ways; returns True when no valid save is left."""
    area = len(nvm) // 3
    if kind == "flip":  # flash damage in both slots
        for slot in (0, 1):
            nvm[slot * area + 8 + pick.below(100)] ^= 1 << pick.below(8)
        return True
    if kind == "foreign":
        nvm[0 : area * 2] = bytes(pick.below(256) for _ in range(area * 2))
        return True
    m = mt.Match()
    m.players = 2 + pick.below(5)
    m.start(pick.below(1000))
    data = bytearray(m.to_bytes())
    if kind == "old":
        data[4] = 1  # save version 1
        c = codec.crc16(data[:-2])
        data[-2], data[-1] = c >> 8, c & 0xFF
    elif kind == "forged":  # a sealed game with its whites at the 16-bit top
        put16(m.game.state, _seat(0) + OFF["whites"], 0xFFFF)
        data = m.to_bytes()
    elif kind == "settings":
        data[codec.HEAD + 4] = 9  # a seat kind that does not exist
        c = codec.crc16(data[:-2])
        data[-2], data[-1] = c >> 8, c & 0xFF
    elif kind == "cut short":
        data = data[: len(data) // 2]
    nvm[0 : area * 2] = bytes(area * 2)
    rec = saves.record(saves.SAVE, 5, data)
    nvm[0 : len(rec)] = rec
    return True


DAMAGE = ("flip", "foreign", "old", "forged", "settings", "cut short")


def _monkey(seed, counts, screens=2000):
    pick = rng.Rng(seed)
    nvm = CutNvm(6144)
    damaged = None
    for life in range(4):  # power-ups of the same device
        if life and pick.below(3) == 0:
            damaged = DAMAGE[pick.below(len(DAMAGE))]
            _damage(nvm, pick, damaged)
            counts["damaged"] += 1
        store = Store(nvm)
        expect = (slots.NvmStore(nvm).load(), None)
        n = 2 + pick.below(5)
        kinds = [pick.below(4) for _ in range(n)]
        if life != 3:  # the last power-up of each device may be a game of bots only, to watch
            kinds[pick.below(n)] = mt.HUMAN
            if pick.below(2):
                kinds[pick.below(n)] = mt.HUMAN
        hw, app = machine(seed=seed * 7 + life, storage=store)
        hw.buttons.push(new_game_script(kinds, variant=pick.below(2)) if expect[0] is None else "")
        state = {"shown": 0, "handoff": None, "cut_at": pick.below(screens)}

        def show(view, app=app, state=state, hw=hw):
            state["shown"] += 1
            counts["screens"] += 1
            assert view.title != "Game stopped", view.lines
            if state["shown"] == 1 and damaged:
                assert view.title in ("Save not loaded", "L.A.M.A. Kadabra"), view.title
                if view.title == "Save not loaded":
                    counts["damaged reported"] += 1
            m = app.match
            if view.title == "Pass the device":
                state["handoff"] = int(view.lines[1].split("(P")[1].rstrip(")")) - 1
            hand = sorted(view.cards[i] for i in range(view.ncards) if view.cards[i] < v.FIRST_ITEM)
            if view.title.startswith("Rules"):
                hand = []  # the rules pages draw example cards, nobody's hand
            elif view.title.startswith("Since your turn") or " log" in view.title or view.title.endswith(" over"):
                hand = []  # cards played, public (tests/test_recap.py checks them against the game)
            elif view.title == "Hint":  # one card of the hand of the player to act, who holds the device
                g = m.game
                p = g.current_player
                assert all(c in g.hand(p) for c in hand) and (state["handoff"] == p or m.humans() == 1)
                hand = []
            if hand and m is not None and m.game is not None:
                g = m.game
                humans = [p for p in range(g.players) if m.kinds[p] == mt.HUMAN]
                allowed = humans if len(humans) == 1 else []
                p = g.current_player
                if m.kinds[p] == mt.HUMAN and state["handoff"] == p:
                    allowed = allowed + [p]
                assert any(sorted(g.hand(q)) == hand for q in allowed), (view.title, hand, humans, p)

        hw.screen.keep = False
        hw.screen.show = show

        def feed(state=state, hw=hw, nvm=nvm):
            counts["presses"] += 1
            hw.buttons.held_mask = hal.A if pick.below(8) == 0 else 0  # A held now and then (hurries bots)
            if state["shown"] >= state["cut_at"]:
                if pick.below(2):
                    raise PowerCut()
                nvm.cut = pick.below(400)  # inside the next write
            return PRESSES[pick.below(len(PRESSES))]

        hw.buttons.feed = feed
        try:
            app.run()
        except PowerCut:
            counts["cuts"] += 1
        nvm.cut = None
        counts["games over"] += sum(1 for _ in [0] if app.match and app.match.game and app.match.game.is_over())
        # Power back: the newest complete save or the one on its way, never an older one.
        got = slots.NvmStore(nvm).load()
        assert got in (store.complete, store.flying) or store.complete is None and got == expect[0]
        damaged = None


@pytest.mark.parametrize("seed", range(16))
def test_monkeys_with_power_cuts_and_damaged_saves(seed):
    counts = dict.fromkeys(("presses", "screens", "cuts", "damaged", "damaged reported", "games over"), 0)
    _monkey(seed, counts)
    FIGURES["monkey %d" % seed] = counts
    assert counts["screens"] > 500 and counts["cuts"] >= 1


# ---- errors reach the title ---------------------------------------------------------------------
def test_an_engine_error_mid_game_stops_the_game_keeps_the_save_and_returns_to_the_title(monkeypatch):
    hw, app = machine(new_game_script([mt.HUMAN, 3, 3]) + " A A A A")  # two human turns: one save
    real = bots.choose
    calls = []

    def broken(*a, **k):
        calls.append(1)
        if len(calls) > 2:
            raise ValueError("byte must be in range(0, 256)")
        return real(*a, **k)

    monkeypatch.setattr(bots, "choose", broken)
    with pytest.raises(mock.Done):
        app.run()
    titles = [s[0] for s in hw.screen.screens]
    stop = titles.index("= Game stopped")
    text = " ".join(hw.screen.screens[stop])
    assert "ValueError" in text and "Kept as memory (aside)" in text
    assert titles[stop + 1] == "= L.A.M.A. Kadabra" and hw.storage.aside is not None
    assert "Continue" not in " ".join(hw.screen.screens[stop + 1])


def test_out_of_memory_mid_game_keeps_the_save_and_continue_goes_on_from_it(monkeypatch):
    # A board's heap that runs out mid-game (a module loaded again, say): the save on flash was
    # written whole, so it is not set aside; the title offers Continue, and the game goes on.
    hw, app = machine(new_game_script([mt.HUMAN, 3, 3]) + " A A A A")
    real = bots.choose
    calls = []

    def short(*a, **k):
        calls.append(1)
        if len(calls) == 3:
            raise MemoryError("memory allocation failed, allocating 334 bytes")
        return real(*a, **k)

    monkeypatch.setattr(bots, "choose", short)
    hw.buttons.feed = lambda: "A" if len(hw.screen.screens) < 400 else ""
    with pytest.raises(mock.Done):
        app.run()
    titles = [s[0] for s in hw.screen.screens]
    stop = titles.index("= Game stopped")
    text = " ".join(" ".join(hw.screen.screens[stop]).split())
    assert "MemoryError" in text and "Continue: from the last save." in text and hw.storage.aside is None
    assert titles[stop + 1] == "= L.A.M.A. Kadabra" and "Continue" in " ".join(hw.screen.screens[stop + 1])
    assert any(t.startswith("= Round") for t in titles[stop + 2 :]) and len(calls) > 3  # played on


class Moody(mock.Storage):
    def __init__(self, fail):
        super().__init__()
        self.fail = fail

    def load(self):
        if self.fail == "load":
            raise RuntimeError("bad sector")
        return None

    def save(self, data):
        if self.fail == "save":
            raise RuntimeError("driver bug")
        super().save(data)

    def set_aside(self):
        raise RuntimeError("no room")


@pytest.mark.parametrize("fail", ["load", "save"])
def test_a_store_that_raises_anything_never_ends_the_flow(fail):
    # (the first A: the legend)
    hw, _ = machine(new_game_script([mt.HUMAN, 2]) + " A A A", storage=Moody(fail), run=True)
    text = " ".join(" ".join(" ".join(s) for s in hw.screen.screens).split())
    assert ("Can't read the save (RuntimeError)" if fail == "load" else "Not kept: RuntimeError") in text
    last = hw.screen.screens[-1][0]
    assert last in ("= L.A.M.A. Kadabra", "= New game", "= What the marks mean") or "Round" in last


def test_zz_figures(capsys):
    # Not an assertion: the counts of this file's runs, for the report (pytest -s shows them).
    total = {}
    for key, value in FIGURES.items():
        if key.startswith("monkey"):
            for k, x in value.items():
                total[k] = total.get(k, 0) + x
    with capsys.disabled():
        print("\nhostile figures:", {k: v for k, v in FIGURES.items() if not k.startswith("monkey")}, total)
