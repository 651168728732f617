"""Does a loaded game obey the rules? ``validate(g)`` or ValueError naming what is wrong.

``Game.from_bytes`` (and ``Game.validate``, after checking the layout's sizes) calls it:
every saved or foreign game is checked before it is played, so that damaged data can only
fail loudly, never give a game that breaks a rule. Written against the Game's public
accessors and engine/rules.py; the only layout facts it uses are that the draw pile is the
tail of the state bytes and that byte 5 holds two flags. It does not import engine/game.py.

A separate module: it is needed once, when a save is loaded, and the board
drops it afterwards to give its code back to the heap.
"""

from engine import cards, codec, history, rules

# Counter bounds. The rules put no limit on rounds (a game can in principle go on for ever),
# so a loaded game may be at round ROUND_MAX at most: a real game lasts some 3-15 rounds. Token
# counts are bounded by the rules for a round number r (n players): every score is below 40 when
# a round starts (R22), so seats start it with at most 39 whites and 3 blacks each; the stage
# gains at most one token per llama played, 12 a round (R14); in a round whites only move or
# leave (exchange, return) until the scoring adds at most 21 a seat (R19), blacks gain one per
# 10 whites exchanged, one llama point a seat and the magic token's (R20). Hence in every
# reachable state: stage <= 12 r, all whites <= 60 n + 12 r, all blacks <= 10 n + 14 r + 1.
# With r <= ROUND_MAX = 2000 every counter stays below 30,000, and the 16-bit fields of
# engine/game.py cannot overflow for at least another 2,600 rounds of play from any game
# accepted here (blacks, the first to reach 65,535, need round 4,677).
ROUND_MAX = 2000


def _need(ok, what):
    if not ok:
        raise ValueError("game data breaks the rules (" + what + ")")


def load(cls, data, version):
    """``Game.from_bytes`` (``cls`` the Game class): a record of ``version``, or of version 1 (from
    before the history: read with an empty one); its layout, history and rules checked, and on
    CPython (the desktop, the tools, the tests) its history against its state (engine/replay.py).
    Not on a board: there the replay's code at start-up cost the tightest flows their heap goal
    (the MEMENTO's, a .py drive's resume: tests/test_circuitpython.py)."""
    g = _load(cls, data, version)
    import gc

    if not hasattr(gc, "mem_free"):
        from engine import replay

        replay.check(g)
    return g


def _load(cls, data, version):
    old = isinstance(data, (bytes, bytearray, memoryview)) and len(data) > 4 and data[4] == 1
    body = codec.unframe(data, codec.GAME_MAGIC, 1 if old else version, "game data")
    end = len(body)
    n = 1 + body[0] if end else 0  # s is body[1:n]
    if n < 2 or n > end:
        raise ValueError("game data is truncated")
    if old:  # (its round's actions so far are not known: those recorded from now on are a part)
        g = cls(bytearray(body[1:n]), bytearray(body[n:]))
        g.moves[0] = 2  # history.PARTIAL
        return _checked(g)
    m = n + 1 + body[n] if n < end else end + 1  # r is body[n + 1:m], then the history
    if m + 2 > end or m + 2 + body[m + 1] > end:
        raise ValueError("game data is truncated")
    if m + 2 + body[m + 1] != end:
        raise ValueError("game data has bytes past its end")
    g = cls(bytearray(body[1:n]), bytearray(body[n + 1 : m]))
    for i in range(end - m):
        g.moves[i] = body[m + i]
    return _checked(g)


def _checked(g):
    g.validate()  # the layout (engine/game.py), then validate() below
    return g


def _history(h, players):
    """The history is well formed: at most CAP bytes, every entry a seat of the game, a detail
    only after a give-away (the token kind 0..2) or a collect."""
    _need(h[0] <= history.FINISHED | history.PARTIAL and h[1] <= history.CAP, "history")
    prev = -1
    for i in range(2, h[1] + 2):
        b = h[i]
        if b >= history.DETAIL:
            v = b & 31
            give = rules.GIVE <= prev < rules.RETURN_WHITE
            _need((give and v <= 2) or prev == rules.COLLECT, "history")
            prev = -1
        else:
            _need(b >> 5 < players, "history")
            prev = b & 31


def validate(g):
    """Raise ValueError naming the first rule game ``g`` breaks (its sizes already checked)."""
    _history(g.moves, g.players)
    _counters(g)
    _cards(g)
    _phase(g)
    _result(g)


def _counters(g):
    """The phase, the seats in, the magic token and the token counts within the rules' bounds."""
    s = g.state
    n = g.players
    _need(g.phase <= rules.OVER and g.current_player < n and 1 <= g.round_number <= ROUND_MAX, "phase")
    _need(not s[5] & ~3, "flags")  # game.py: _SHOW | _ORDERED
    for q in range(n, 8):
        _need(not g.in_round(q), "seats in")
    m = g.magic_holder
    _need(m < n or m == rules.SUPPLY or m == rules.STAGE, "magic")
    _need(g.variant == "kadabra" or m == rules.SUPPLY and not g.stage_tokens(), "stage")
    r = g.round_number
    sw, sb, _ = g.stage()
    whites = sw
    blacks = sb
    for p in range(n):
        w, b, _ = g.tokens(p)
        whites += w
        blacks += b
    _need(sw + sb <= cards.DECKS[s[1]][cards.LLAMA] * r, "stage")
    _need(whites <= 60 * n + 12 * r and blacks <= 10 * n + 14 * r + 1, "tokens")


def _cards(g):
    """R1: no card more often than the deck has it (the rest is in the discard pile); R17: no
    empty hand while the round goes on."""
    s = g.state
    table = cards.DECKS[s[1]]
    phase = g.phase
    pile = g.draw_pile_size
    _need(0 <= pile <= sum(table) - 1 - rules.HAND_SIZE * g.players, "pile")
    seen = bytearray(cards.COUNT + 1)
    for i in range(len(s) - pile, len(s)):
        seen[min(s[i], cards.COUNT)] += 1
    seen[min(g.top_card, cards.COUNT)] += 1
    for p in range(g.players):
        hand = g.hand(p)
        _need(len(hand) == g.hand_size(p), "hand size")
        _need(hand or phase > rules.CHOOSE_GIVE or phase == rules.CHOOSE_GIVE and p == g.current_player, "empty hand")
        for c in hand:
            seen[c] += 1
    for c in range(cards.COUNT + 1):
        _need(seen[c] <= (table[c] if c < cards.COUNT else 0), "cards")


def _phase(g):
    """What the phase asks of the seat to act can be asked now (R11, R14, R15, R21, R22)."""
    phase = g.phase
    cur = g.current_player
    # R14/R15: a show needs a full stage, and only runs during turns.
    _need(not g.show_active or phase == rules.PLAY and g.stage_tokens() >= rules.SHOW_AT, "show")
    w, b, magic = g.tokens(cur)
    if phase == rules.PLAY:
        _need(g.in_round(cur), "quitter")
    elif phase == rules.CHOOSE_GIVE:  # R11
        others = [q for q in range(g.players) if q != cur and g.in_round(q)]
        _need(cards.ICON[g.top_card] == cards.ICON_CIRCLE and g.in_round(cur) and others and (w or b or magic), "give")
    elif phase == rules.CHOOSE_RETURN:  # R21
        # Went out: an empty hand, or the one card a square made the player draw alone (R12, R17).
        last = g.last_round()
        left = g.hand_size(cur)
        left = left and (left > 1 or cards.ICON[g.top_card] != cards.ICON_SQUARE)
        _need(not left and last and last["out"] == cur and (w or b), "return")
    else:  # R22
        _need(max(g.scores()) >= rules.GAME_END, "game end")


def _result(g):
    """The last round's result: of an earlier round, or of this one once it is scored (R19-R21)."""
    phase = g.phase
    n = g.players
    last = g.last_round()
    if last is None:
        _need(phase < rules.CHOOSE_RETURN, "result")
        return
    _need(last["round"] == g.round_number if phase >= rules.CHOOSE_RETURN else last["round"] < g.round_number, "result")
    out = last["out"]
    for q in (out, last["magic"]):
        _need(q is None or q < n, "result")
    # R21 is asked of the one who went out, and answered only after this phase.
    returned = last["returned"]
    _need(returned in (0, rules.RETURN_WHITE, rules.RETURN_BLACK, rules.KEEP), "result")
    _need(not returned or out is not None and phase != rules.CHOOSE_RETURN, "result")
    _need(out is None or len(last["hands"][out]) <= 1, "result")  # (R12 alone, as above)
    table = cards.DECKS[g.state[1]]
    for q in range(n):
        hand = last["hands"][q]
        for c in range(cards.COUNT):
            _need(hand.count(c) <= table[c], "result")
        # R19: the points the summary shows are those of the hand.
        at = g.result_at(q)
        r = g.result
        _need(r[at] | (r[at + 1] << 5) == cards.points_for(cards.packed_values(r, at + 2)), "result")
