"""Computer players: Easy, Normal and Hard. ``choose(game, seat, level, rng)`` returns a legal action.

Every level decides on a *view* of the game (``_view``): the cards the seat cannot see (other
hands, the draw pile) are counted per code and dealt back in code order, so no choice can depend
on who holds which hidden card or on the pile's order (tested by dealing them anew).

* Easy: a random playable card; draws while its hand is small, else quits.
* Normal: a fixed rule (weights tuned by tools/tune.py): goes out when it can, else plays its
  highest card, preferring one that leaves a card able to follow and icon bonuses; stuck, it
  skips with the magic token, draws on a hand worth 5 points or more, else quits; gives tokens to
  the leader; exchanges 10 whites just before a give-away or a llama.
* Hard: determinized Monte Carlo over Normal rollouts (engine/search.py, loaded for it), a cut
  rollout scored by a static evaluation; Normal's choice gets a prior and wins ties; at most
  ``budget`` ``Game.step`` calls (``last_steps``).

No allocation once the scratch games exist; integer arithmetic only, so a seed gives the same
choice on CPython and CircuitPython. The tuning history and the measured strength are in
docs/BOTS.md (the players).
"""

from engine import cards, game

try:
    from micropython import const
except ImportError:  # CPython
    const = int

EASY = const(0)
NORMAL = const(1)
HARD = const(2)
LEVELS = ("Easy", "Normal", "Hard")

HARD_BUDGET = const(500)  # Game.step calls per Hard decision (engine/search.py)

# Normal's weights (tools/tune.py): card value, icon bonuses, when to draw and to skip.
_B_CIRCLE = const(4)
_B_SQUARE = const(3)
_B_STAR = const(6)
_B_LLAMA = const(-1)
_B_SHOW = const(3)
_B_FOLLOW = const(5)
_K_VAL = const(1)
_Q_BASE = const(5)
_NEAR_SKIP = const(2)
del const  # (one name fewer in the globals: see below)

last_steps = 0  # Game.step calls of the last Hard decision

_buf = bytearray(32)  # legal actions of the view
_held = bytearray(cards.COUNT)  # Normal: the codes in the hand
_games = [None, None, None]  # scratch games: view, rollout base, rollout

# This module keeps to 23 globals: a module's globals grow through tables of 17, 23, 29 and 37
# slots (136, 184, 232 and 296 bytes, each in one block). A board's flow drops this module while a
# screen's module loads and loads it again at the next bot's move, mid-game, in the most fragmented
# heap of the game: each larger table was, in turn, where the tightest profiles failed first
# (docs/ONBOARD.md). So small helpers used once live in their callers, and Hard's search and its
# buffers in engine/search.py, loaded only when a Hard bot decides.


def _scratch(g, k):
    """The first ``k`` scratch games, (re)made when the player count changes.

    Easy and Normal need only the view; Hard two more for its rollouts.
    """
    v = _games[0]
    if v is None or len(v.state) != len(g.state) or len(v.result) != len(g.result):
        for i in range(3):
            _games[i] = None
    none = None
    for i in range(k):
        if _games[i] is None:
            # Stepped, never applied: no history of their own (one shared empty one,
            # engine/history.py's layout).
            none = none or bytearray(2)
            _games[i] = game.Game(bytearray(g.state), bytearray(g.result), none)
    return _games


def leader(g, buf, n):
    """Of the ``n`` GIVE actions in ``buf``: to the leader, the seat with the fewest
    points (ties: fewer cards). Normal's target, and the flow's default for a person."""
    best = buf[0]
    key = 99999
    for i in range(n):
        q = buf[i] - game.GIVE
        k = g.score(q) * 16 + g.hand_size(q)
        if k < key:
            key = k
            best = buf[i]
    return best


def _given_back(buf, n):
    """R21 [D]: return the most valuable token."""
    for i in range(n):
        if buf[i] == game.RETURN_BLACK:
            return game.RETURN_BLACK
    return buf[0]


def _normal(g, p, buf, n):
    """Normal's choice for seat ``p`` among the ``n`` legal actions in ``buf``.

    ``g`` must be a view (determinized) or a rollout copy: only ``p``'s hand
    and public fields are read. Allocates nothing. (Hard's rollouts spend
    most of their time here, so it reads the hand bytes directly.)
    """
    s = g.state
    phase = s[2]  # game.py's state layout: the phase, the magic token, the flags
    if phase == game.CHOOSE_GIVE:
        return leader(g, buf, n)
    if phase == game.CHOOSE_RETURN:
        return _given_back(buf, n)
    at = g.hand_at(p)
    magic = s[7] == p
    whites = s[at - 4] | (s[at - 3] << 8)
    can_x = whites >= 10 and whites % 10 == 0
    if s[5] & 1:  # the show (R15): a llama, the magic token, or collect
        if buf[0] == cards.LLAMA:
            return game.EXCHANGE if can_x else cards.LLAMA
        return game.SKIP if magic else game.COLLECT
    if buf[0] >= cards.COUNT:  # no card to play
        if magic:
            return game.SKIP
        if buf[0] == game.DRAW and cards.hand_points(s, at) >= _Q_BASE:
            return game.DRAW
        return game.QUIT
    size = s[at - 5]  # the hand size (game.py's seat record)
    best = _best_card(g, s, at, buf, n, size == 1, magic)
    if magic and size > 1:
        near = 99  # the fewest cards anybody else still in the round holds
        for q in range(g.players):
            if q != p and g.in_round(q) and g.hand_size(q) < near:
                near = g.hand_size(q)
        if near <= _NEAR_SKIP:
            return game.SKIP  # the round may end: hand the token back first
    if can_x and (best == cards.LLAMA or cards.ICON[best] == cards.ICON_CIRCLE):
        return game.EXCHANGE  # so that the black is the lowest token that leaves
    return best


def _best_card(g, s, at, buf, n, last, magic):
    """The card Normal plays among the playable ones at the front of ``buf``: the highest, with
    bonuses for icons and for keeping a card that can follow it (``last``: going out wins)."""
    # The codes held, once: the follow-up test below runs over these only.
    held = _held
    m = 0
    for i in range(cards.PACKED_SIZE):
        x = s[at + i]
        if x & 15:
            held[m] = 2 * i
            m += 1
        if x > 15:
            held[m] = 2 * i + 1
            m += 1
    kadabra = s[1] == 0  # game.py's variant byte
    stage_full = kadabra and g.stage_tokens() >= game.SHOW_AT - 1
    best = -1
    key = -999
    for i in range(n):
        c = buf[i]
        if c >= cards.COUNT:
            break
        k = _K_VAL * cards.HIGH[c]
        icon = cards.ICON[c]
        if last:
            k += 200  # going out
        elif c == cards.LLAMA:
            if kadabra:
                k += _B_LLAMA + _B_SHOW * stage_full
        elif icon == cards.ICON_CIRCLE:
            k += _B_CIRCLE
        elif icon == cards.ICON_SQUARE:
            k += _B_SQUARE
        elif icon == cards.ICON_STAR and not magic:
            k -= _B_STAR
        # a card left that could follow this one
        ok = cards.accepts(c)
        two = (s[at + (c >> 1)] >> ((c & 1) << 2)) & 15 > 1
        for j in range(m):
            d = held[j]
            if cards.VALUE_BITS[d] & ok and (d != c or two):
                k += _B_FOLLOW
                break
        if k > key:
            key = k
            best = c
    return best


def _view(g, seat):
    """_games[0] made the view of ``g`` for ``seat``: what the seat may know, nothing else.

    ``Game.determinize`` without a chooser: the cards the seat cannot see
    (other hands and the draw pile) dealt back in code order, every size
    kept, the pile's PRNG cleared. Who really holds which card and the
    pile's order are gone before any decision logic runs.
    """
    v = _scratch(g, 1)[0]
    v.load(g)
    v.determinize(seat)
    return v


def easy(g, seat, rng):
    """Easy's choice: a random playable card; draws while its hand is small, else quits."""
    g = _view(g, seat)
    buf = _buf
    n = g.legal_into(buf)
    phase = g.phase
    if phase == game.CHOOSE_GIVE:
        return buf[rng.below(n)]
    if phase == game.CHOOSE_RETURN:
        return _given_back(buf, n)
    if g.show_active:
        return buf[0] if buf[0] == cards.LLAMA else game.COLLECT
    k = 0
    while k < n and buf[k] < cards.COUNT:
        k += 1
    if k:
        return buf[rng.below(k)]
    if buf[k] == game.DRAW and g.hand_size(seat) < 5 + rng.below(3):
        return game.DRAW
    return game.QUIT


def normal(g, seat, rng):
    v = _view(g, seat)
    return _normal(v, seat, _buf, v.legal_into(_buf))


def hard(g, seat, rng, budget=HARD_BUDGET, evaluate=None):
    """Hard's choice: engine/search.py's Monte Carlo over determinizations, at most ``budget``
    steps (loaded now: a game without a Hard bot never carries its code); ``evaluate``: a
    rollout's score (None: ``search.utility``; tools/tune.py passes others)."""
    global last_steps
    import engine.search  # (not "from engine import search": on MicroPython that allocates at each call)

    search = engine.search
    pick = search.decide(_view(g, seat), seat, rng, budget, evaluate or search.utility, _normal, _scratch(g, 3))
    last_steps = search.last_steps
    return pick


def choose(g, seat, level, rng, budget=HARD_BUDGET):
    """The action for ``seat`` (the player to act) at ``level`` (EASY, NORMAL, HARD)."""
    if level == HARD:
        return hard(g, seat, rng, budget)
    if level == NORMAL:
        return normal(g, seat, rng)
    return easy(g, seat, rng)
