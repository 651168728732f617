"""Hard's search: determinized Monte Carlo over Normal rollouts (engine/bots.py's ``hard``).

Loaded only when a Hard bot decides (``bots.hard`` imports it): a game without one never carries
this code, and a board's flow, which drops the bots' module while a screen's module loads and
loads it again at the next bot's move, loads less.

No allocation once the buffers exist; integer arithmetic only, so a seed gives the same choice on
CPython and CircuitPython. The tuning history and the measured strength are in docs/BOTS.md
(its first table).
"""

from engine import cards, game

try:
    from micropython import const
except ImportError:  # CPython
    const = int

_DEPTH = const(20)  # most steps of one rollout, then _EVAL
_MIN_DEPTH = const(4)  # no iteration with less than this left per candidate
_H_PRIOR = const(16)  # utility per iteration Normal's choice gets in advance

last_steps = 0  # Game.step calls of the last decision

_buf = bytearray(32)  # legal actions of the view: the candidates
_rbuf = bytearray(32)  # legal actions inside a rollout
_start = [0] * 6  # scores when a decision starts
_sum = [0] * 32  # total utility per candidate


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
    --fit makes new ones, tried as ``bots.hard(..., evaluate=lambda g, me, r: utility(g, me, r, t))``).

    When the round goes on (the depth ran out) a seat still in gains what _EVAL expects of
    its hand, one that quit its hand's points (and 10 with the magic token).
    """
    n = g.players
    done = g.phase >= game.CHOOSE_RETURN or g.round_number != round0
    off = 72 * g.state[1]  # the variant's table
    u = 0
    points = cards.hand_points
    for q in range(n):
        d = 8 * (g.score(q) - _start[q])
        if not done:
            pts = points(g.state, g.hand_at(q))
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


def decide(v, seat, rng, budget, evaluate, normal, games):
    """Hard's choice for ``seat`` on view ``v``, in at most ``budget`` steps: engine/bots.py's
    ``hard`` gives the view, its scratch ``games`` (the rollout base and the rollout at 1 and 2)
    and Normal's rule (``normal``), which plays every seat in the rollouts. (Few arguments and
    locals: this frame is on the deepest chain of a board's pystack, tools/pystack.py.)

    ``evaluate(game, seat, round0)`` scores a rollout's end for ``seat`` (in eighths of a point,
    higher is better; ``round0`` the round the decision is in): :func:`utility` unless a tool
    passes another (tools/tune.py compares evaluations that way). Every candidate is played out
    on the same deals (common random numbers), then Normal for every seat, until the round ends
    or ``_DEPTH`` steps; the best total wins.
    """
    global last_steps
    last_steps = 0
    buf = _buf
    n = v.legal_into(buf)
    pick = normal(v, seat, buf, n)
    if v.phase != game.PLAY or pick == game.EXCHANGE or n < 2 or (pick < cards.COUNT and v.hand_size(seat) == 1):
        return pick
    k = _candidates(buf, n, pick)
    if k < 2:
        return pick
    # The search loop stays in this function: as a function of its own it ran ~25% more
    # instructions on CircuitPython 10.2.1 (callgrind, a game of Hard decisions), for no clear reason.
    base = games[1]
    w = games[2]
    for q in range(v.players):
        _start[q] = v.score(q)
    round0 = v.round_number
    r0 = round0 & 255
    tot = _sum
    bs = base.state
    ws = w.state
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
        game.copy_into(bs, v.state)  # the state only: a rollout never reads r
        base.determinize(seat, rng)
        for i in range(k):
            game.copy_into(ws, bs)
            w.step(buf[i])
            steps += 1
            left = cap
            # game.py's layout: s[2] the phase, s[3] the seat to act, s[9] the round's low byte
            while left and ws[2] < game.CHOOSE_RETURN and ws[9] == r0:
                w.step(normal(w, ws[3], rbuf, w.legal_into(rbuf)))
                steps += 1
                left -= 1
            tot[i] += evaluate(w, seat, round0)
    last_steps = steps
    return _best(buf, k, pick, iters)


# Helpers of decide's own (their frames come and go before and after the rollouts, not under them:
# decide's frame is on the deepest chain of a board's pystack, tools/pystack.py).
def _candidates(buf, n, pick):
    """Keep in ``buf`` the actions Hard compares; how many.

    Every legal action but the exchange (Normal's rule decides that), and neither drawing nor
    quitting while Normal would play a card: rarely better, and the budget goes further on
    fewer candidates (against three Normals, 1,500 steps: 25.2% with both, 33.1% without)."""
    k = 0
    for i in range(n):
        if buf[i] != game.EXCHANGE and not ((buf[i] == game.DRAW or buf[i] == game.QUIT) and pick < cards.COUNT):
            buf[k] = buf[i]
            k += 1
    return k


def _best(buf, k, pick, iters):
    """The candidate with the best total; Normal's choice ``pick`` is credited ``_H_PRIOR`` a
    deal in advance and wins ties."""
    best = pick
    key = -(1 << 30)
    for i in range(k):
        t = _sum[i] * 2
        if buf[i] == pick:
            t += 2 * _H_PRIOR * iters + 1
        if t > key:
            key = t
            best = buf[i]
    return best
