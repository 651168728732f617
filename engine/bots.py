"""Computer players: Easy, Normal and Hard. ``choose(game, seat, level, rng)`` returns a legal action.

Every level decides on a *view* of the game (``_view``): the cards the seat cannot see (other
hands, the draw pile) are counted per code and dealt back in code order, so no choice can depend
on who holds which hidden card or on the pile's order (tested by dealing them anew).

* Easy: a random playable card; draws while its hand is small, else quits.
* Normal: a fixed rule (weights tuned by tools/tune.py): goes out when it can, else plays its
  highest card, preferring one that leaves a card able to follow and icon bonuses; stuck, it
  skips with the magic token, draws on a hand worth 5 points or more, else quits; gives tokens to
  the leader; exchanges 10 whites just before a give-away or a llama.
* Hard: determinized Monte Carlo over Normal rollouts of at most ``_DEPTH`` steps, a cut rollout
  scored by a static evaluation (``evaluate``, default :func:`utility` over ``_EVAL``); Normal's
  choice gets a prior and wins ties; at most ``budget`` ``Game.step`` calls (``last_steps``).

No allocation once the scratch games exist; integer arithmetic only, so a seed gives the same
choice on CPython and CircuitPython. The tuning history and the measured strength are in the
README ("Computer players").
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

HARD_BUDGET = const(500)  # Game.step calls per Hard decision (see the docstring)
_DEPTH = const(20)  # most steps of one rollout, then _EVAL
_MIN_DEPTH = const(4)  # no iteration with less than this left per candidate
_H_PRIOR = const(16)  # utility per iteration Normal's choice gets in advance

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
_rbuf = bytearray(32)  # legal actions inside a rollout
_held = bytearray(cards.COUNT)  # Normal: the codes in the hand
_start = [0] * 6  # scores when a Hard decision starts
_sum = [0] * 32  # Hard: total utility per candidate
_games = [None, None, None]  # scratch games: view, rollout base, rollout

# This module's globals are kept to 29 names: the table a module's globals grow into holds 29 (232
# bytes), the next 37 (296 bytes, in one block). A board's flow drops this module while a screen's
# module loads and loads it again at the next bot's move, mid-game, in the most fragmented heap
# of the game: the larger table is where it failed first (README, "Boards"). Small helpers used
# once live in their callers for that reason.


def _scratch(g, k):
    """The first ``k`` scratch games, (re)made when the player count changes.

    Easy and Normal need only the view; Hard two more for its rollouts.
    """
    v = _games[0]
    if v is None or len(v.s) != len(g.s) or len(v.r) != len(g.r):
        for i in range(3):
            _games[i] = None
    none = None
    for i in range(k):
        if _games[i] is None:
            # Stepped, never applied: no history of their own (one shared empty one,
            # engine/history.py's layout).
            none = none or bytearray(2)
            _games[i] = game.Game(bytearray(g.s), bytearray(g.r), none)
    return _games


def _hand_points(s, at):
    x = cards.points_for(cards.packed_values(s, at))
    return (x & 31) + 10 * (x >> 5)


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
    s = g.s
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
        if buf[0] == game.DRAW and _hand_points(s, at) >= _Q_BASE:
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


# Hard's static evaluation (tools/tune.py --fit): the points a seat still in the round gains
# by the round's end, in eighths, by hand size (1..9, more counts as 9) and hand points // 4,
# averaged over 4-player games of Normal bots; Kadabra's table, then Classic's.
_EVAL = (
    b"\x08\x16\n\x18\x1c $(\r#&%'26;\x10+01.59:\x1a/862295/6>>417:E7CD8235HBDLFGKEDDDOOORW:C?JTUb]"
    b"\x01\x0c\x0b\x18\x1f&-4\n\x19\x1c%$06<\x11#&(-46;\x17),-0086\".132/085369630.9<?FHHPT8?FLTUge3=IN[bou"
)


def utility(g, me, round0, table=_EVAL):
    """A rollout's end state for ``me``, in eighths of a point: others' points gained minus
    (players - 1) x own. ``table``: the static evaluation (``_EVAL``'s layout; tools/tune.py
    --fit makes new ones, tried as ``hard(..., evaluate=lambda g, me, r: utility(g, me, r, t))``).

    When the round goes on (the depth ran out) a seat still in gains what _EVAL expects of
    its hand, one that quit its hand's points (and 10 with the magic token).
    """
    n = g.players
    done = g.phase >= game.CHOOSE_RETURN or g.round_number != round0
    off = 72 * g.s[1]  # the variant's table
    u = 0
    for q in range(n):
        d = 8 * (g.score(q) - _start[q])
        if not done:
            pts = _hand_points(g.s, g.hand_at(q))
            if g.in_round(q):
                h = g.hand_size(q)
                d += table[off + 8 * ((h if h < 9 else 9) - 1) + (pts >> 2)]
            else:
                d += 8 * pts + 80 * (g.magic_holder == q)
        elif g.phase == game.CHOOSE_RETURN and q == g.current_player:
            d -= 80 if g.score(q) >= 10 else 8
        if q == me:
            u -= (n - 1) * d
        else:
            u += d
    return u


def hard(g, seat, rng, budget=HARD_BUDGET, evaluate=utility):
    """Hard's choice: Monte Carlo over determinizations, at most ``budget`` steps.

    ``evaluate(game, seat, round0)`` scores a rollout's end for ``seat`` (in eighths of a point,
    higher is better; ``round0`` the round the decision is in): :func:`utility` unless a tool
    passes another (tools/tune.py compares evaluations that way). Every candidate is played out
    on the same deals (common random numbers), then Normal for every seat, until the round ends
    or ``_DEPTH`` steps; the best total wins.
    """
    global last_steps
    last_steps = 0
    v = _view(g, seat)
    _scratch(g, 3)
    buf = _buf
    n = v.legal_into(buf)
    pick = _normal(v, seat, buf, n)
    if v.phase != game.PLAY or pick == game.EXCHANGE or n < 2 or (pick < cards.COUNT and v.hand_size(seat) == 1):
        return pick
    # The candidates, kept at the front of buf: every legal action but the exchange (Normal's
    # rule decides that), and neither drawing nor quitting while Normal would play a card: rarely
    # better, and the budget goes further on fewer candidates (against three Normals, 1,500
    # steps: 25.2% with both, 33.1% without).
    k = 0
    for i in range(n):
        if buf[i] != game.EXCHANGE and not ((buf[i] == game.DRAW or buf[i] == game.QUIT) and pick < cards.COUNT):
            buf[k] = buf[i]
            k += 1
    if k < 2:
        return pick
    # The search loop stays in this function: as a function of its own it ran ~25% more
    # instructions on CircuitPython 10.2.1 (callgrind, a game of Hard decisions), for no clear reason.
    base = _games[1]
    w = _games[2]
    for q in range(v.players):
        _start[q] = v.score(q)
    round0 = v.round_number
    r0 = round0 & 255
    tot = _sum
    bs = base.s
    ws = w.s
    for i in range(k):
        tot[i] = 0
    steps = 0
    iters = 0
    rbuf = _rbuf
    while True:
        cap = (budget - steps) // k - 1
        if cap > _DEPTH:
            cap = _DEPTH
        if cap < _MIN_DEPTH:
            break
        iters += 1
        game.copy_into(bs, v.s)  # the state only: a rollout never reads r
        base.determinize(seat, rng)
        for i in range(k):
            game.copy_into(ws, bs)
            w.step(buf[i])
            steps += 1
            left = cap
            # game.py's layout: s[2] the phase, s[3] the seat to act, s[9] the round's low byte
            while left and ws[2] < game.CHOOSE_RETURN and ws[9] == r0:
                w.step(_normal(w, ws[3], rbuf, w.legal_into(rbuf)))
                steps += 1
                left -= 1
            tot[i] += evaluate(w, seat, round0)
    last_steps = steps
    # The candidate with the best total; Normal's choice is credited _H_PRIOR a deal in advance
    # and wins ties.
    best = pick
    key = -(1 << 30)
    for i in range(k):
        t = tot[i] * 2
        if buf[i] == pick:
            t += 2 * _H_PRIOR * iters + 1
        if t > key:
            key = t
            best = buf[i]
    return best


def choose(g, seat, level, rng, budget=HARD_BUDGET):
    """The action for ``seat`` (the player to act) at ``level`` (EASY, NORMAL, HARD)."""
    if level == HARD:
        return hard(g, seat, rng, budget)
    if level == NORMAL:
        return normal(g, seat, rng)
    return easy(g, seat, rng)
