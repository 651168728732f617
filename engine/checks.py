"""Does a loaded game obey the rules? ``validate(g)`` or ValueError naming what is wrong.

``Game.from_bytes`` (and ``Game.validate``, after checking the layout's sizes) calls it:
every saved or foreign game is checked before it is played, so that damaged data can only
fail loudly, never give a game that breaks a rule. Written against the Game's public
accessors and engine/rules.py; the only layout facts it uses are that the draw pile is the
tail of the state bytes and that byte 5 holds two flags. It does not import engine/game.py.

A separate module: it is needed once, when a save is loaded, and the board
drops it afterwards to give its code back to the heap.
"""

from engine import cards, rules

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


def validate(g):
    """Raise ValueError naming the first rule game ``g`` breaks (its sizes already checked)."""
    s = g.s
    n = g.players
    table = cards.DECKS[s[1]]
    phase = g.phase
    cur = g.current_player
    _need(phase <= rules.OVER and cur < n and 1 <= g.round_number <= ROUND_MAX, "phase")
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
    _need(sw + sb <= table[cards.LLAMA] * r, "stage")
    _need(whites <= 60 * n + 12 * r and blacks <= 10 * n + 14 * r + 1, "tokens")
    # R1: no card more often than the deck has it (the rest is in the discard pile).
    pile = g.draw_pile_size
    _need(0 <= pile <= sum(table) - 1 - rules.HAND_SIZE * n, "pile")
    seen = bytearray(cards.COUNT + 1)
    for i in range(len(s) - pile, len(s)):
        seen[min(s[i], cards.COUNT)] += 1
    seen[min(g.top_card, cards.COUNT)] += 1
    for p in range(n):
        hand = g.hand(p)
        _need(len(hand) == g.hand_size(p), "hand size")
        # R17: a round ends as soon as a hand is empty.
        _need(hand or phase > rules.CHOOSE_GIVE or phase == rules.CHOOSE_GIVE and p == cur, "empty hand")
        for c in hand:
            seen[c] += 1
    for c in range(cards.COUNT + 1):
        _need(seen[c] <= (table[c] if c < cards.COUNT else 0), "cards")
    # R14/R15: a show needs a full stage, and only runs during turns.
    _need(not g.show_active or phase == rules.PLAY and g.stage_tokens() >= rules.SHOW_AT, "show")
    w, b, magic = g.tokens(cur)
    last = g.last_round()
    if phase == rules.PLAY:
        _need(g.in_round(cur), "quitter")
    elif phase == rules.CHOOSE_GIVE:  # R11
        others = [q for q in range(n) if q != cur and g.in_round(q)]
        _need(cards.ICON[g.top_card] == cards.ICON_CIRCLE and g.in_round(cur) and others and (w or b or magic), "give")
    elif phase == rules.CHOOSE_RETURN:  # R21
        # Went out: an empty hand, or the one card a square made the player draw alone (R12, R17).
        left = g.hand_size(cur)
        left = left and (left > 1 or cards.ICON[g.top_card] != cards.ICON_SQUARE)
        _need(not left and last and last["out"] == cur and (w or b), "return")
    else:  # R22
        _need(max(g.scores()) >= rules.GAME_END, "game end")
    # The last round's result: of an earlier round, or of this one once it is scored.
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
    for q in range(n):
        hand = last["hands"][q]
        for c in range(cards.COUNT):
            _need(hand.count(c) <= table[c], "result")
        # R19: the points the summary shows are those of the hand.
        at = g.result_at(q)
        _need(g.r[at] | (g.r[at + 1] << 5) == cards.points_for(cards.packed_values(g.r, at + 2)), "result")
