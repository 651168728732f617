"""Does a loaded game obey the rules? ``validate(g)`` or ValueError naming what is wrong.

``load`` is ``Game.from_bytes``: every saved or foreign game is checked before it is
played, so that damaged data can only fail loudly, never give a game that
breaks a rule. Written against the Game's public accessors; the only layout
facts it uses are the two sizes (``game.state_size``, ``game.result_size``)
and that the draw pile is the tail of the state bytes.

A separate module: it is needed once, when a save is loaded, and the board
drops it afterwards to give its code back to the heap.
"""

from engine import cards, codec, game


def _need(ok, what):
    if not ok:
        raise ValueError("game data breaks the rules (" + what + ")")


def load(data):
    """``Game.from_bytes``: the game in a record, checked against the rules."""
    body = codec.unframe(data, codec.GAME_MAGIC, codec.GAME_VERSION, "game data")
    if not body or len(body) < 1 + body[0]:
        raise ValueError("game data is truncated")
    g = game.Game(bytearray(body[1 : 1 + body[0]]), bytearray(body[1 + body[0] :]))
    validate(g)
    return g


def validate(g):
    s = g.s
    _need(len(s) > 8 and 2 <= s[0] <= game.MAX_PLAYERS and s[1] < len(cards.VARIANTS), "players")
    n = g.players
    table = cards.DECKS[s[1]]
    _need(len(s) == game.state_size(n, s[1]) and len(g.r) == game.result_size(n), "length")
    phase = g.phase
    cur = g.current_player
    _need(phase <= game.OVER and cur < n and g.round_number >= 1, "phase")
    for q in range(n, 8):
        _need(not g.in_round(q), "seats in")
    m = g.magic_holder
    _need(m < n or m == game.SUPPLY or m == game.STAGE, "magic")
    _need(g.variant == "kadabra" or m == game.SUPPLY and not g.stage_tokens(), "stage")
    # R1: no card more often than the deck has it (the rest is in the discard pile).
    pile = g.draw_pile_size
    _need(0 <= pile <= sum(table) - 1 - game.HAND_SIZE * n, "pile")
    seen = bytearray(cards.COUNT + 1)
    for i in range(len(s) - pile, len(s)):
        seen[min(s[i], cards.COUNT)] += 1
    seen[min(g.top_card, cards.COUNT)] += 1
    for p in range(n):
        hand = g.hand(p)
        _need(len(hand) == g.hand_size(p), "hand size")
        # R17: a round ends as soon as a hand is empty.
        _need(hand or phase > game.CHOOSE_GIVE or phase == game.CHOOSE_GIVE and p == cur, "empty hand")
        for c in hand:
            seen[c] += 1
    for c in range(cards.COUNT + 1):
        _need(seen[c] <= (table[c] if c < cards.COUNT else 0), "cards")
    # R14/R15: a show needs a full stage, and only runs during turns.
    _need(not g.show_active or phase == game.PLAY and g.stage_tokens() >= game.SHOW_AT, "show")
    w, b, magic = g.tokens(cur)
    last = g.last_round()
    if phase == game.PLAY:
        _need(g.in_round(cur), "quitter")
    elif phase == game.CHOOSE_GIVE:  # R11
        others = [q for q in range(n) if q != cur and g.in_round(q)]
        _need(cards.ICON[g.top_card] == cards.ICON_CIRCLE and g.in_round(cur) and others and (w or b or magic), "give")
    elif phase == game.CHOOSE_RETURN:  # R21
        _need(not g.hand_size(cur) and last and last["out"] == cur and (w or b), "return")
    else:  # R22
        _need(max(g.scores()) >= game.GAME_END, "game end")
    # The last round's result: of an earlier round, or of this one once it is scored.
    if last is None:
        _need(phase < game.CHOOSE_RETURN, "result")
        return
    _need(last["round"] == g.round_number if phase >= game.CHOOSE_RETURN else last["round"] < g.round_number, "result")
    for q in (last["out"], last["magic"]):
        _need(q is None or q < n, "result")
    _need(last["returned"] in (0, game.RETURN_WHITE, game.RETURN_BLACK, game.KEEP), "result")
    for hand in last["hands"]:
        for c in range(cards.COUNT):
            _need(hand.count(c) <= table[c], "result")
