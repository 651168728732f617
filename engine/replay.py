"""Does a loaded game's history agree with the state it ends in? ``check(g)`` or ValueError.

``Game.from_bytes`` runs it after engine/checks.py (the layout and the rules) on CPython: the
desktop, the tools, the tests. Not on a board (engine/checks.py's ``load`` says why), where
``check`` still works when called, and drops the module once done. Read in place, one entry at a
time: a list of entries (some 250 small objects) would leave the heap in pieces for the game. So
that a recap never shows what did not happen (a token given to a seat that does not exist, a seat
acting after it quit), the history is checked as far as the state allows.
"""

from engine import cards, history, rules

# A history of at most WHOLE bytes was never halved (engine/history.py: a halving leaves 126 or
# more): it is its round's whole, from the deal, and the state it ends in can be replayed.
WHOLE = history.CAP // 2 - 4


def _need(ok):
    if not ok:
        raise ValueError("game data breaks the rules (history)")


def check(g):
    """Raise ValueError when the history of game ``g`` (checked by engine/checks.py) contradicts
    its state."""
    _replay(g)


def _next(ins, p, n):
    """The first seat after ``p`` whose bit is in ``ins`` (engine/game.py's _next_in); p if alone."""
    q = p
    for _ in range(n):
        q = q + 1 if q + 1 < n else 0
        if ins >> q & 1:
            return q
    return p


def _after(h, i):
    """The entry after index ``i`` of history ``h`` (details skipped), or -1 for none."""
    for j in range(i + 1, h[1] + 2):
        if h[j] < history.DETAIL:
            return h[j]
    return -1


def _replay(g):
    """The history against the state it ends in (R7-R21), so that a recap never shows what did not
    happen: no seat acts after it quit, a token goes only to another seat still in, after the giver's
    circle card, a return comes last; the top card is the last one played. A whole round (never
    halved, engine/history.py) is played again in counts from its deal: every entry by the seat
    whose turn it is, the hands, the draw pile, the seats in, the seat to act and the phase as the
    state has them, its end (who went out, what was returned, the hands) as the result says.
    Read in place, one entry at a time: a board loads a save with its display up, and a list of
    entries (some 250 small objects) would leave the heap in pieces for the game."""
    h = g.moves
    end = h[1] + 2
    b = -1  # the entry before (seat << 5 | action)
    n = g.players
    whole = h[1] <= WHOLE and not h[0] & history.PARTIAL
    done = h[0] & history.FINISHED  # the round just over's; the state: the next deal, untouched
    table = cards.DECKS[g.state[1]]
    ins = (1 << n) - 1
    quits = 0
    hands = [rules.HAND_SIZE] * n
    pile = sum(table) - 1 - rules.HAND_SIZE * n
    cur = give = out = top = -1
    ended = returned = 0
    for i in range(2, end):
        if h[i] >= history.DETAIL:
            continue
        prev = b
        b = h[i]
        p = b >> 5
        a = b & 31
        if a >= rules.RETURN_WHITE:  # R21: last, by who went out (a whole round: it ended so)
            _need(_after(h, i) < 0 and (p == out if whole else prev >= 0 and p == prev >> 5))
            returned = a
            continue
        _need(not ended and ins >> p & 1 and (cur < 0 or p == cur) and (give < 0 or p == give))
        if rules.GIVE <= a:  # R11: to another seat still in, after the giver's circle card
            q = a - rules.GIVE
            _need(q < n and q != p and ins >> q & 1 and (give == p or not whole and prev < 0))
            give = -1
            left = hands[p]
        elif a < cards.COUNT:
            _need(table[a])
            top = a
            hands[p] -= 1
            left = hands[p]  # (R17: out when it is 0, even if R12 then gives the card back)
            _need(left >= 0 or not whole)
            if cards.ICON[a] == cards.ICON_CIRCLE:
                nxt = _after(h, i)
                if nxt < 0:  # the give-away is being chosen now, or was not asked (no token)
                    giving = not done and g.phase == rules.CHOOSE_GIVE
                else:
                    giving = nxt >> 5 == p and rules.GIVE <= nxt & 31 < rules.RETURN_WHITE
                if giving:
                    give = p
                    cur = p if whole else -1
                    continue
            elif cards.ICON[a] == cards.ICON_SQUARE and pile > 0:  # R12: the next seat in draws
                hands[_next(ins, p, n)] += 1
                pile -= 1
        elif a == rules.DRAW:
            _need(ins != 1 << p and (pile or not whole))
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
    if b >= 0:  # (else a new deal, or a version 1 record: no history to check against)
        _against(g, b, whole, done, ended, returned, out, top, cur, give, ins, quits, hands, pile)


def _against(g, b, whole, done, ended, returned, out, top, cur, give, ins, quits, hands, pile):
    """The end of _replay (a function of its own: a board loads each function's code as one block,
    and the heap at start-up has no room for one the size of both): the history's counts against
    the state and the last round's result. ``b``: the last entry."""
    n = g.players
    for q in range(n):
        _need(not (quits >> q & 1 and g.in_round(q)) or done)
    res = g.last_round()
    if done:
        # R6: the last actor starts the next round, dealt and untouched (R5).
        _need(res is not None and g.phase == rules.PLAY and not g.show_active)
        full = sum(cards.DECKS[g.state[1]]) - 1 - rules.HAND_SIZE * n
        _need(g.current_player == b >> 5 and g.draw_pile_size == full)
        for q in range(n):
            _need(g.in_round(q) and g.hand_size(q) == rules.HAND_SIZE)
        _need((res["out"] is None) == (b & 31 == rules.QUIT) and res["returned"] == returned)
    elif top >= 0:
        _need(g.top_card == top)
    if not whole:
        return
    if done or ended:
        _need(ended and res is not None and res["returned"] == returned)
        _need(res["out"] == (None if out < 0 else out))
        for q in range(n):
            _need(len(res["hands"][q]) == hands[q])
        if not done:  # R21 asked now, or the game over (R22)
            _need(res["round"] == g.round_number)
            _need(g.phase == rules.OVER or g.phase == rules.CHOOSE_RETURN and out >= 0 and not returned)
        return
    _need(g.phase == (rules.PLAY if give < 0 else rules.CHOOSE_GIVE) and g.current_player == cur)
    _need(g.draw_pile_size == pile)
    for q in range(n):
        _need(g.in_round(q) == bool(ins >> q & 1) and g.hand_size(q) == hands[q])
