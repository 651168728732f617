"""Computer players: Easy, Normal and Hard (issue 4).

``choose(game, seat, level, rng)`` returns one of ``game.legal_actions()``
for ``seat`` (the player to act) in every phase.

What a bot may know: its own hand, the public piles and tokens, how many
cards everyone holds. Every level decides on a *view* (``_view``): a scratch
copy of the game in which the cards the seat cannot see (other hands and the
draw pile) are only counted per code and dealt back in code order, and the
pile's PRNG is cleared. That multiset is public knowledge (the deck minus the
own hand minus the discards everybody saw; the engine keeps no discard pile,
so it is counted from the copy). Hard then deals the view's hidden cards at
random with ``Game.determinize`` before every rollout. So no level can
depend on who holds which card or on the pile's order (a test deals the
hidden cards anew and checks that every level's choice stays the same).

* Easy: plays a random playable card, draws while its hand is small, else
  quits; a llama in a show, else collects; gives to anyone; never skips.
* Normal: a fixed heuristic. Goes out whenever it can; else plays the card
  that sheds the most points (a lone value goes, duplicates stay), with
  bonuses for icons (give-away, next player draws, a llama's token on the
  stage, more when it starts the show) and a malus for the star while not
  holding the magic token; with no card to play it skips with the magic
  token, else draws only while the hand is worth more than 6 + its size
  points and nobody else is down to one card, else quits. In a show: a
  llama, else skip with the magic token, else collect. Skips with the magic
  token before the round may end (someone down to 2 cards). Gives to the
  leader (fewest points). Exchanges 10 whites for a black right before a
  give-away or a llama, so that the black is what leaves.
* Hard: determinized Monte Carlo. Candidates: the legal actions (no
  exchange; no draw or quit while Normal would play a card). Each iteration
  deals one determinization and plays every candidate on it, then the rest
  of the round with Normal for every seat (common random numbers), up to
  60 steps; the best total of ``(others' points gained) - (players - 1) x
  (own points gained)`` wins, Normal's choice on ties. A give-away, the
  token return and forced moves are Normal's. The work is bounded by
  ``budget`` ``Game.step`` calls (default HARD_BUDGET); ``last_steps`` is
  how many the last decision used, never more than the budget.

Budget: on the MicroPython 1.29 (preview) unix port (x86-64) a Hard decision of 700
steps takes 25-28 ms, about 25,000-28,000 steps/s with the view, the
determinizations and Normal's rollout choices included (random play: ~26,000-
29,000 moves/s, tools/bench.py). Assuming a 120 MHz Cortex-M4 runs MicroPython
byte code ~30x slower (20-40x), that is ~0.8 s per Hard move on a PyBadge
(0.55 s at 20x, 1.1 s at 40x); pass a smaller ``budget`` to ``choose`` to go
faster (600 steps ~0.95 s even at 40x). Measure with
``python tools/arena.py --measure``. Strength grows with the budget (Hard
against three Normals, 800 games, before quitting was pruned: 30% won at 300
steps, 37% at 600, 41% at 1500; with the pruning, 41% at 600).

No allocation once the three scratch games exist (checked on MicroPython),
~5.2 KB of heap for the module after import (64-bit unix port), integer
arithmetic only: a seed gives the same choice on CPython and MicroPython.
"""

from engine import cards, game
from engine.cards import COUNT, ICON, LLAMA, VALUE_BITS

try:
    from micropython import const
except ImportError:  # CPython
    const = int

EASY = const(0)
NORMAL = const(1)
HARD = const(2)
LEVELS = ("Easy", "Normal", "Hard")

HARD_BUDGET = const(700)  # Game.step calls per Hard decision (see the docstring)
_DEPTH = const(60)  # most steps of one rollout
_MIN_DEPTH = const(8)  # no iteration with less than this left per candidate

# Normal's weights: points shed, icon bonuses, when to draw and to skip.
_K_SHED = const(4)
_B_CIRCLE = const(4)
_B_SQUARE = const(3)
_B_STAR = const(6)
_B_LLAMA = const(3)
_B_SHOW = const(3)
_B_FOLLOW = const(1)
_Q_BASE = const(6)
_Q_SIZE = const(1)
_NEAR_DRAW = const(1)
_NEAR_SKIP = const(2)

# The state layout of engine/game.py ("state layout"). Read only on the
# determinized view, never on the real game.
_N = const(0)
_VAR = const(1)
_PHASE = const(2)
_CUR = const(3)
_TOP = const(4)
_FLAGS = const(5)
_IN = const(6)
_MAGIC = const(7)
_DRAW = const(8)
_ROUND = const(9)
_RNG = const(11)
_STAGE_W = const(15)
_STAGE_B = const(17)
_HDR = const(19)
_SEAT = const(14)
_HAND = const(5)

_DRAW_A = const(18)
_QUIT = const(19)
_SKIP = const(20)
_COLLECT = const(21)
_EXCHANGE = const(22)
_GIVE = const(23)
_RETURN_WHITE = const(29)
_RETURN_BLACK = const(30)

last_steps = 0  # Game.step calls of the last Hard decision

_buf = bytearray(32)  # legal actions of the view
_rbuf = bytearray(32)  # legal actions inside a rollout
_cnt = bytearray(8)  # cards in hand carrying each value 1..7
_unseen = bytearray(COUNT)  # copies of each code the seat cannot see
_start = [0] * 6  # scores when a Hard decision starts
_sum = [0] * 32  # Hard: total utility per candidate
_games = [None, None, None]  # scratch games: view, rollout base, rollout


def _scratch(g):
    """The three scratch games, (re)made when the player count changes."""
    v = _games[0]
    if v is None or len(v.s) != len(g.s) or len(v.r) != len(g.r):
        for i in range(3):
            _games[i] = g.copy()
    return _games


def _w(s, at):
    return s[at] | (s[at + 1] << 8)


def _score(s, q):
    at = _HDR + _SEAT * q
    return _w(s, at + 1) + 10 * _w(s, at + 3)


def _hand_points(s, at):
    x = cards.points_for(cards.packed_values(s, at))
    return (x & 31) + 10 * (x >> 5)


def _count_values(s, at):
    """_cnt[v]: cards in the packed hand at s[at:] that carry value v."""
    cnt = _cnt
    for v in range(8):
        cnt[v] = 0
    for c in range(COUNT):
        k = cards.packed_count(s, at, c)
        if k:
            lo = cards.LOW[c]
            cnt[lo] += k
            if cards.HIGH[c] != lo:
                cnt[cards.HIGH[c]] += k


def _shed(c):
    """Points the hand (counted in _cnt) loses when one card ``c`` leaves."""
    lo = cards.LOW[c]
    hi = cards.HIGH[c]
    d = 0
    if _cnt[lo] == 1:
        d = 10 if lo == 7 else lo
    if hi != lo and _cnt[hi] == 1:
        d += hi
    return d


def _leader(s, p, buf, n):
    """GIVE to the other seat still in with the fewest points (ties: fewer cards)."""
    best = buf[0]
    key = 99999
    for i in range(n):
        q = buf[i] - _GIVE
        k = _score(s, q) * 16 + s[_HDR + _SEAT * q]
        if k < key:
            key = k
            best = buf[i]
    return best


def _given_back(buf, n):
    """R21 [D]: return the most valuable token."""
    for i in range(n):
        if buf[i] == _RETURN_BLACK:
            return _RETURN_BLACK
    return buf[0]


def _normal(g, p, buf, n):
    """Normal's choice for seat ``p`` among the ``n`` legal actions in ``buf``.

    ``g`` must be a view (determinized) or a rollout copy: only ``p``'s hand
    and public fields are read. Allocates nothing.
    """
    s = g.s
    phase = s[_PHASE]
    if phase == game.CHOOSE_GIVE:
        return _leader(s, p, buf, n)
    if phase == game.CHOOSE_RETURN:
        return _given_back(buf, n)
    base = _HDR + _SEAT * p
    at = base + _HAND
    magic = s[_MAGIC] == p
    whites = _w(s, base + 1)
    can_x = whites >= 10 and whites % 10 == 0
    # The nearest anybody else is to going out.
    near = 99
    inn = s[_IN]
    for q in range(s[_N]):
        if q != p and inn & (1 << q) and s[_HDR + _SEAT * q] < near:
            near = s[_HDR + _SEAT * q]
    if s[_FLAGS] & 1:  # the show (R15): a llama, the magic token, or collect
        if buf[0] == LLAMA:
            if can_x:
                return _EXCHANGE
            return LLAMA
        return _SKIP if magic else _COLLECT
    size = s[base]
    _count_values(s, at)
    best = -1
    key = -999
    for i in range(n):
        c = buf[i]
        if c >= COUNT:
            break
        k = _K_SHED * _shed(c)
        icon = ICON[c]
        if size == 1:
            k += 200  # going out
        elif c == LLAMA:
            if s[_VAR] == 0:
                on_stage = _w(s, _STAGE_W) + _w(s, _STAGE_B) + (s[_MAGIC] == game.STAGE)
                k += _B_LLAMA + _B_SHOW * (on_stage >= game.SHOW_AT - 1)
        elif icon == cards.ICON_CIRCLE:
            k += _B_CIRCLE
        elif icon == cards.ICON_SQUARE:
            k += _B_SQUARE
        elif icon == cards.ICON_STAR and not magic:
            k -= _B_STAR
        # a card left that could follow this one
        ok = cards.accepts(c)
        for d in range(COUNT):
            if cards.packed_count(s, at, d) > (d == c) and VALUE_BITS[d] & ok:
                k += _B_FOLLOW
                break
        if k > key:
            key = k
            best = c
    if best >= 0:
        if magic and size > 1 and near <= _NEAR_SKIP:
            return _SKIP  # the round may end: hand the token back first
        if can_x and (best == LLAMA or ICON[best] == cards.ICON_CIRCLE):
            return _EXCHANGE  # so that the black is the lowest token that leaves
        return best
    if magic:
        return _SKIP
    pts = _hand_points(s, at)
    if buf[0] == _DRAW_A and near > _NEAR_DRAW and pts >= _Q_BASE + _Q_SIZE * size:
        return _DRAW_A
    return _QUIT


def _easy(g, p, buf, n, rng):
    s = g.s
    phase = s[_PHASE]
    if phase == game.CHOOSE_GIVE:
        return buf[rng.below(n)]
    if phase == game.CHOOSE_RETURN:
        return _given_back(buf, n)
    if s[_FLAGS] & 1:
        return buf[0] if buf[0] == LLAMA else _COLLECT
    k = 0
    while k < n and buf[k] < COUNT:
        k += 1
    if k:
        return buf[rng.below(k)]
    if buf[k] == _DRAW_A and s[_HDR + _SEAT * p] < 5 + rng.below(3):
        return _DRAW_A
    return _QUIT


def _view(g, seat):
    """_games[0] made the view of ``g`` for ``seat``: what the seat may know, nothing else.

    The cards the seat cannot see (other hands and the draw pile) are only
    counted per code, which is public knowledge (the deck minus the own hand
    and the discards everybody saw; the engine keeps no discard pile, so the
    count is taken from the copy), then dealt back in code order keeping
    every size; the pile's PRNG is cleared. Who really holds which card and
    the pile's order are gone before any decision logic runs.
    """
    v = _scratch(g)[0]
    v.load(g)
    s = v.s
    cnt = _unseen
    for c in range(COUNT):
        cnt[c] = 0
    n = s[_N]
    for q in range(n):
        if q != seat:
            at = _HDR + _SEAT * q + _HAND
            for c in range(COUNT):
                cnt[c] += cards.packed_count(s, at, c)
            for i in range(at, at + cards.PACKED_SIZE):
                s[i] = 0
    for i in range(s[_DRAW], len(s)):
        cnt[s[i]] += 1
    c = 0
    for q in range(n + 1):
        if q == n:  # the pile comes last
            for i in range(s[_DRAW], len(s)):
                while not cnt[c]:
                    c += 1
                cnt[c] -= 1
                s[i] = c
        elif q != seat:
            at = _HDR + _SEAT * q
            for _ in range(s[at]):
                while not cnt[c]:
                    c += 1
                cnt[c] -= 1
                s[at + _HAND + (c >> 1)] += 1 << ((c & 1) << 2)
    for i in range(_RNG, _RNG + 4):
        s[i] = 0
    v._nlegal = -1
    return v


def easy(g, seat, rng):
    v = _view(g, seat)
    return _easy(v, seat, _buf, v.legal_into(_buf), rng)


def normal(g, seat, rng):
    v = _view(g, seat)
    return _normal(v, seat, _buf, v.legal_into(_buf))


def _utility(s, me, round0):
    """A rollout's end state for ``me``: others' points gained minus (players - 1) x own.

    Unfinished (the depth ran out): every hand counts as if the round ended
    now. (A bonus for winning when the round ends the game made no
    measurable difference, so there is none.)
    """
    n = s[_N]
    done = s[_PHASE] >= game.CHOOSE_RETURN or _w(s, _ROUND) != round0
    u = 0
    for q in range(n):
        d = _score(s, q) - _start[q]
        if not done:
            d += _hand_points(s, _HDR + _SEAT * q + _HAND) + 10 * (s[_MAGIC] == q)
        elif s[_PHASE] == game.CHOOSE_RETURN and q == s[_CUR]:
            d -= 10 if _score(s, q) >= 10 else 1
        if q == me:
            u -= (n - 1) * d
        else:
            u += d
    return u


def hard(g, seat, rng, budget=HARD_BUDGET):
    """Hard's choice: Monte Carlo over determinizations, at most ``budget`` steps."""
    global last_steps
    last_steps = 0
    v = _view(g, seat)
    base = _games[1]
    w = _games[2]
    buf = _buf
    n = v.legal_into(buf)
    pick = _normal(v, seat, buf, n)
    s = v.s
    if s[_PHASE] != game.PLAY or pick == _EXCHANGE or n < 2 or (pick < COUNT and s[_HDR + _SEAT * seat] == 1):
        return pick
    # The candidates: every legal action but the exchange (Normal's rule
    # decides that), and neither drawing nor quitting while Normal would play
    # a card: rarely better, and the budget goes further on fewer candidates
    # (measured: Hard against three Normals won 32% with both, 41% without).
    k = 0
    for i in range(n):
        if buf[i] != _EXCHANGE and not ((buf[i] == _DRAW_A or buf[i] == _QUIT) and pick < COUNT):
            buf[k] = buf[i]
            k += 1
    if k < 2:
        return pick
    for q in range(s[_N]):
        _start[q] = _score(s, q)
    round0 = _w(s, _ROUND)
    tot = _sum
    for i in range(k):
        tot[i] = 0
    steps = 0
    rbuf = _rbuf
    while True:
        cap = (budget - steps) // k - 1
        if cap > _DEPTH:
            cap = _DEPTH
        if cap < _MIN_DEPTH:
            break
        base.load(v)
        base.determinize(seat, rng)
        for i in range(k):
            w.load(base)
            ws = w.s
            w.step(buf[i])
            steps += 1
            left = cap
            while left and ws[_PHASE] < game.CHOOSE_RETURN and _w(ws, _ROUND) == round0:
                p = ws[_CUR]
                w.step(_normal(w, p, rbuf, w.legal_into(rbuf)))
                steps += 1
                left -= 1
            tot[i] += _utility(ws, seat, round0)
    last_steps = steps
    best = pick
    key = -(1 << 30)
    for i in range(k):
        # Normal's choice wins ties.
        t = tot[i] * 2 + (buf[i] == pick)
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
