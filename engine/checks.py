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
# A history of at most WHOLE bytes was never halved (engine/history.py: a halving leaves 126 or
# more): it is its round's whole, from the deal, and the state it ends in can be replayed.
WHOLE = history.CAP // 2 - 4


def _need(ok, what):
    if not ok:
        raise ValueError("game data breaks the rules (" + what + ")")


def load(cls, data, version):
    """``Game.from_bytes`` (``cls`` the Game class): a record of ``version``, or of version 1 (from
    before the history: read with an empty one); its layout, history and rules checked."""
    old = isinstance(data, (bytes, bytearray, memoryview)) and len(data) > 4 and data[4] == 1
    body = codec.unframe(data, codec.GAME_MAGIC, 1 if old else version, "game data")
    end = len(body)
    n = 1 + body[0] if end else 0  # s is body[1:n]
    if n < 2 or n > end:
        raise ValueError("game data is truncated")
    if old:
        return _checked(cls(bytearray(body[1:n]), bytearray(body[n:])))
    m = n + 1 + body[n] if n < end else end + 1  # r is body[n + 1:m], then the history
    if m + 2 > end or m + 2 + body[m + 1] > end:
        raise ValueError("game data is truncated")
    if m + 2 + body[m + 1] != end:
        raise ValueError("game data has bytes past its end")
    g = cls(bytearray(body[1:n]), bytearray(body[n + 1 : m]))
    for i in range(end - m):
        g.h[i] = body[m + i]
    return _checked(g)


def _checked(g):
    g.validate()  # the layout (engine/game.py), then validate() below
    return g


def _history(h, players):
    """The history is well formed: at most CAP bytes, every entry a seat of the game, a detail
    only after a give-away (the token kind 0..2) or a collect."""
    _need(h[0] <= history.FINISHED and h[1] <= history.CAP, "history")
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
    _history(g.h, g.players)
    _counters(g)
    _cards(g)
    _phase(g)
    _result(g)
    _replay(g)


def _counters(g):
    """The phase, the seats in, the magic token and the token counts within the rules' bounds."""
    s = g.s
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
    s = g.s
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
    table = cards.DECKS[g.s[1]]
    for q in range(n):
        hand = last["hands"][q]
        for c in range(cards.COUNT):
            _need(hand.count(c) <= table[c], "result")
        # R19: the points the summary shows are those of the hand.
        at = g.result_at(q)
        _need(g.r[at] | (g.r[at + 1] << 5) == cards.points_for(cards.packed_values(g.r, at + 2)), "result")


def _next(ins, p, n):
    """The first seat after ``p`` whose bit is in ``ins`` (engine/game.py's _next_in); p if alone."""
    q = p
    for _ in range(n):
        q = q + 1 if q + 1 < n else 0
        if ins >> q & 1:
            return q
    return p


def _replay(g):
    """The history against the state it ends in (R7-R21), so that a recap never shows what did not
    happen: no seat acts after it quit, a token goes only to another seat still in, after the giver's
    circle card, a return comes last; the top card is the last one played. A whole round (never
    halved, engine/history.py) is played again in counts from its deal: every entry by the seat
    whose turn it is, the hands, the draw pile, the seats in, the seat to act and the phase as the
    state has them, its end (who went out, what was returned, the hands) as the result says."""
    h = g.h
    es = history.entries(h)
    if not es:
        return  # a new deal, or a version 1 record (no history): nothing to check against
    n = g.players
    whole = h[1] <= WHOLE
    done = h[0] & history.FINISHED  # the round just over's; the state: the next deal, untouched
    table = cards.DECKS[g.s[1]]
    ins = (1 << n) - 1
    quits = 0
    hands = [rules.HAND_SIZE] * n
    pile = sum(table) - 1 - rules.HAND_SIZE * n
    cur = give = out = top = -1
    ended = returned = 0
    last = len(es) - 1
    for i in range(len(es)):
        p, a, _ = es[i]
        nxt = es[i + 1] if i < last else None
        if a >= rules.RETURN_WHITE:  # R21: last, by who went out (a whole round: it ended so)
            _need(i == last and (p == out if whole else i and p == es[i - 1][0]), "history")
            returned = a
            continue
        _need(not ended and ins >> p & 1 and (cur < 0 or p == cur) and (give < 0 or p == give), "history")
        if rules.GIVE <= a:  # R11: to another seat still in, after the giver's circle card
            q = a - rules.GIVE
            _need(q < n and q != p and ins >> q & 1 and (give == p or not whole and not i), "history")
            give = -1
            left = hands[p]
        elif a < cards.COUNT:
            _need(table[a], "history")
            top = a
            hands[p] -= 1
            left = hands[p]  # (R17: out when it is 0, even if R12 then gives the card back)
            _need(left >= 0 or not whole, "history")
            if cards.ICON[a] == cards.ICON_CIRCLE:
                if nxt is None:  # the give-away is being chosen now, or was not asked (no token)
                    giving = not done and g.phase == rules.CHOOSE_GIVE
                else:
                    giving = nxt[0] == p and rules.GIVE <= nxt[1] < rules.RETURN_WHITE
                if giving:
                    give = p
                    cur = p if whole else -1
                    continue
            elif cards.ICON[a] == cards.ICON_SQUARE and pile > 0:  # R12: the next seat in draws
                hands[_next(ins, p, n)] += 1
                pile -= 1
        elif a == rules.DRAW:
            _need(ins != 1 << p and (pile or not whole), "history")
            hands[p] += 1
            pile -= 1
        elif a == rules.QUIT:
            ins &= ~(1 << p)
            quits |= 1 << p
            if not ins:
                ended = 1
                continue
        if (a < cards.COUNT or rules.GIVE <= a) and whole and not left:
            ended = 1  # R17: went out (after the card's action)
            out = p
            continue
        # (the turn goes on after a collect or an exchange, R15, R16)
        cur = -1 if not whole else p if a in (rules.COLLECT, rules.EXCHANGE) else _next(ins, p, n)
    for q in range(n):
        _need(not (quits >> q & 1 and g.in_round(q)) or done, "history")
    res = g.last_round()
    if done:
        # R6: the last actor starts the next round, dealt and untouched (R5).
        _need(res is not None and g.phase == rules.PLAY and not g.show_active, "history")
        _need(g.current_player == es[last][0] and g.draw_pile_size == sum(table) - 1 - rules.HAND_SIZE * n, "history")
        for q in range(n):
            _need(g.in_round(q) and g.hand_size(q) == rules.HAND_SIZE, "history")
        _need((res["out"] is None) == (es[last][1] == rules.QUIT) and res["returned"] == returned, "history")
    elif top >= 0:
        _need(g.top_card == top, "history")
    if not whole:
        return
    if done or ended:
        _need(ended and res is not None and res["returned"] == returned, "history")
        _need(res["out"] == (None if out < 0 else out), "history")
        for q in range(n):
            _need(len(res["hands"][q]) == hands[q], "history")
        if not done:  # R21 asked now, or the game over (R22)
            _need(res["round"] == g.round_number, "history")
            _need(g.phase == rules.OVER or g.phase == rules.CHOOSE_RETURN and out >= 0 and not returned, "history")
        return
    _need(g.phase == (rules.PLAY if give < 0 else rules.CHOOSE_GIVE) and g.current_player == cur, "history")
    _need(g.draw_pile_size == pile, "history")
    for q in range(n):
        _need(g.in_round(q) == bool(ins >> q & 1) and g.hand_size(q) == hands[q], "history")
