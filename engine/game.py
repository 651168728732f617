"""The rules of L.A.M.A. Kadabra (R1-R24) over one ``bytearray``.

A :class:`Game` is two byte arrays and nothing else:

* ``s``, the state (94..126 bytes): a header, one 14-byte record per seat
  (hand size, whites, blacks, the hand as a 4-bit count per card code) and
  the draw pile.
* ``r``, the last round's result (hands as they were, points each seat got,
  which token went back), kept for the round summary screen.

Actions are small ints: ``0..17`` plays that card code, then :data:`DRAW`
and friends. :meth:`Game.legal_into` writes the legal actions into a
caller's buffer and :meth:`Game.step` applies one without checking: neither
allocates, which is what the bots' look-ahead runs on. ``legal_actions`` and
``apply`` are the checked, friendly versions.

Code size matters as much as speed: on a board the byte code lives in the
same ~100 KB heap as everything else, and every function costs about 100
bytes, so helpers are few.
"""

from engine import cards, history, rng
from engine.cards import COUNT, ICON, LLAMA, VALUE_BITS
from engine.record import Record
from engine.rules import (  # the numbers of the rules: game.DRAW is rules.DRAW
    CHOOSE_GIVE,
    CHOOSE_RETURN,
    COLLECT,
    DRAW,
    EXCHANGE,
    GAME_END,
    GIVE,
    HAND_SIZE,
    KEEP,
    MAX_PLAYERS,
    NUM_ACTIONS,
    OVER,
    PLAY,
    QUIT,
    RETURN_BLACK,
    RETURN_WHITE,
    SHOW_AT,
    SKIP,
    STAGE,
    START_WHITES,
    SUPPLY,
)

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# ---- state layout (s) ------------------------------------------------------
_N = const(0)  # player count
_VAR = const(1)  # variant, index into cards.VARIANTS
_PHASE = const(2)
_CUR = const(3)  # seat to act
_TOP = const(4)  # top card of the discard pile
_FLAGS = const(5)
_IN = const(6)  # a bit per seat still in the round
_MAGIC = const(7)  # a seat, SUPPLY or STAGE
_DRAW = const(8)  # index in s of the next card of the draw pile
_ROUND = const(9)  # round number, 2 bytes
_RNG = const(11)  # 4 bytes of PRNG state
_STAGE_W = const(15)  # 2 bytes
_STAGE_B = const(17)  # 2 bytes
_HDR = const(19)
_SEAT = const(14)  # seat record: +0 cards in hand, +1 whites (2 bytes),
_WHITE = const(1)  # +3 blacks (2 bytes), +5 the packed hand (9 bytes)
_BLACK = const(3)
_HAND = const(5)
# Token counts are 16-bit little-endian: the supply is unlimited (R3).

_SHOW = const(1)  # _FLAGS: the magic show is on
_ORDERED = const(2)  # _FLAGS: the pile is drawn in order (dealt from a given deck)

# ---- result layout (r) -----------------------------------------------------
_R_ROUND = const(0)  # 2 bytes: the round this is the result of, 0 before any
_R_OUT = const(2)  # seat that went out, _NONE when everyone quit
_R_RETURNED = const(3)  # R21: the action taken, 0 when nothing was asked
_R_MAGIC = const(4)  # seat that paid 10 for the magic token (R20), or _NONE
_R_HDR = const(5)
_R_SEAT = const(11)  # per seat: +0 whites for cards, +1 black for llamas, +2 hand
_NONE = const(255)

_DECK = bytearray(60)  # scratch for dealing; a deal never runs inside another
_UNSEEN = bytearray(COUNT)  # scratch of determinize: unseen cards per code
_LEGAL = bytearray(NUM_ACTIONS)  # scratch of legal_actions
_TEMPLATES = (cards.deck_cards(0), cards.deck_cards(1))


def _get16(s, i):
    return s[i] | (s[i + 1] << 8)


def _add16(s, i, k):
    # Saturates at the field's top: no reachable game gets there (engine/checks.py bounds a
    # loaded one), and a counter must never make a legal move raise.
    v = min(s[i] + (s[i + 1] << 8) + k, 0xFFFF)
    s[i] = v & 0xFF
    s[i + 1] = v >> 8


def copy_into(dst, src, at=0):
    """``dst[at:at + len(src)] = src`` as a loop: CircuitPython 9 allocates a heap object for
    every slice, and a move or a bot's look-ahead must allocate nothing."""
    for i in range(len(src)):
        dst[at + i] = src[i]


def _stage_count(s):
    return _get16(s, _STAGE_W) + _get16(s, _STAGE_B) + (s[_MAGIC] == STAGE)


def state_size(players, variant=0):
    """Bytes of the state ``s`` of a game (the layout above)."""
    return _HDR + (_SEAT - HAND_SIZE) * players + len(_TEMPLATES[variant]) - 1


def result_size(players):
    """Bytes of the last-round result ``r`` of a game."""
    return _R_HDR + _R_SEAT * players


def new_game(players, seed, variant="kadabra", deck=None):
    """A new game at the start of round 1, seat 0 to play (R5, R6).

    ``deck``: optional list of every card code, used instead of shuffling for
    round 1: seat 0 gets the first 6, seat 1 the next 6, ..., then the
    discard pile's first card, then the draw pile, drawn in list order.
    """
    if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS or variant not in cards.VARIANTS:
        raise ValueError("need 2..6 players and variant kadabra or classic")
    v = cards.VARIANTS.index(variant)
    size = len(_TEMPLATES[v])
    if deck is not None and sorted(deck) != list(_TEMPLATES[v]):
        raise ValueError("deck is not the %d cards of the %s deck" % (size, variant))
    s = bytearray(state_size(players, v))
    s[_N] = players
    s[_VAR] = v
    s[_MAGIC] = SUPPLY
    rng.seed_into(s, _RNG, seed)
    if v == 0:  # R3; Classic players start with none (R23)
        for p in range(players):
            s[_HDR + _SEAT * p + _WHITE] = START_WHITES
    r = bytearray(result_size(players))
    r[_R_OUT] = _NONE
    r[_R_MAGIC] = _NONE
    g = Game(s, r)
    g.deal(1, 0, deck)
    return g


class Game(Record):
    """One game: its ``state`` (a bytearray: the layout above), the last round's ``result`` and the
    round's ``moves`` (its history, engine/history.py: a byte an action). The save format is
    engine/record.py's. (The attributes' names are qstrs once: as cheap on a board as s, r, h.)"""

    def __init__(self, state, result, moves=None):
        self.state = state
        self.result = result
        self.moves = history.new() if moves is None else moves

    # ---- reading the state -----------------------------------------------------
    @property
    def players(self):
        return self.state[_N]

    @property
    def variant(self):
        return cards.VARIANTS[self.state[_VAR]]

    @property
    def current_player(self):
        return self.state[_CUR]

    @property
    def phase(self):
        return self.state[_PHASE]

    @property
    def top_card(self):
        return self.state[_TOP]

    @property
    def show_active(self):
        return bool(self.state[_FLAGS] & _SHOW)

    @property
    def draw_pile_size(self):
        return len(self.state) - self.state[_DRAW]

    @property
    def round_number(self):
        return _get16(self.state, _ROUND)

    @property
    def magic_holder(self):
        """The seat holding the magic token, or SUPPLY, or STAGE."""
        return self.state[_MAGIC]

    def is_over(self):
        return self.state[_PHASE] == OVER

    def in_round(self, seat):
        return bool(self.state[_IN] & (1 << seat))

    def hand_size(self, seat):
        return self.state[_HDR + _SEAT * seat]

    def hand(self, seat):
        """The cards in a seat's hand, as codes in rank order."""
        return cards.unpack(self.state, _HDR + _SEAT * seat + _HAND)

    def tokens(self, seat):
        """``(whites, blacks, has_magic)`` of a seat."""
        base = _HDR + _SEAT * seat
        return (_get16(self.state, base + _WHITE), _get16(self.state, base + _BLACK), self.state[_MAGIC] == seat)

    def lowest(self, seat):
        """The token ``seat`` gives or places first (R11): 0 a white, 1 a black, 2 the magic token."""
        w, b, _ = self.tokens(seat)
        return 0 if w else 1 if b else 2

    def stage(self):
        """``(whites, blacks, has_magic)`` on the magic stage."""
        return (_get16(self.state, _STAGE_W), _get16(self.state, _STAGE_B), self.state[_MAGIC] == STAGE)

    def stage_tokens(self):
        """How many tokens lie on the magic stage."""
        return _stage_count(self.state)

    def score(self, seat):
        """A seat's points: whites + 10 a black (the magic token counts at round end)."""
        base = _HDR + _SEAT * seat
        return _get16(self.state, base + _WHITE) + 10 * _get16(self.state, base + _BLACK)

    def scores(self):
        out = []
        for p in range(self.state[_N]):
            out.append(self.score(p))
        return out

    def winners(self):
        """The seats with the fewest points (R22: ties share the win)."""
        sc = self.scores()
        out = []
        for p in range(len(sc)):
            if sc[p] == min(sc):
                out.append(p)
        return out

    def last_round(self):
        """The last scored round as a dict, or None before any.

        Keys: ``round``; ``out``, the seat that went out (None if all quit);
        ``returned``, the R21 action taken (0 when none was asked);
        ``magic``, the seat that paid 10 for the magic token (or None);
        ``hands`` and ``points`` (from cards and magic token), per seat.
        """
        r = self.result
        if not _get16(r, _R_ROUND):
            return None
        hands = []
        points = []
        for p in range(self.state[_N]):
            at = _R_HDR + _R_SEAT * p
            hands.append(cards.unpack(r, at + 2))
            points.append(r[at] + 10 * r[at + 1] + 10 * (r[_R_MAGIC] == p))
        return {
            "round": _get16(r, _R_ROUND),
            "out": None if r[_R_OUT] == _NONE else r[_R_OUT],
            "returned": r[_R_RETURNED],
            "magic": None if r[_R_MAGIC] == _NONE else r[_R_MAGIC],
            "hands": hands,
            "points": points,
        }

    # ---- actions ---------------------------------------------------------------
    def legal_into(self, out):
        """Write the legal actions into ``out`` (32 bytes or more); return how many."""
        s = self.state
        p = s[_CUR]
        base = _HDR + _SEAT * p
        phase = s[_PHASE]
        k = 0
        if phase == PLAY:
            if s[_FLAGS] & _SHOW:  # R15: a llama, or collect first
                if cards.packed_count(s, base + _HAND, LLAMA):
                    out[0] = LLAMA
                    k = 1
                out[k] = COLLECT
                k += 1
            else:
                ok = cards.accepts(s[_TOP])  # R8
                c = 0
                for i in range(base + _HAND, base + _SEAT):
                    b = s[i]
                    if b:  # codes c and c + 1
                        if b & 15 and VALUE_BITS[c] & ok:
                            out[k] = c
                            k += 1
                        if b > 15 and VALUE_BITS[c + 1] & ok:
                            out[k] = c + 1
                            k += 1
                    c += 2
                if s[_DRAW] < len(s) and s[_IN] != 1 << p:  # R9, R18
                    out[k] = DRAW
                    k += 1
                out[k] = QUIT
                k += 1
            if s[_MAGIC] == p:
                out[k] = SKIP
                k += 1
            if _get16(s, base + _WHITE) >= 10:
                out[k] = EXCHANGE
                k += 1
        elif phase == CHOOSE_GIVE:
            for q in range(s[_N]):
                if q != p and s[_IN] & (1 << q):
                    out[k] = GIVE + q
                    k += 1
        elif phase == CHOOSE_RETURN:
            w = _get16(s, base + _WHITE)
            if w:
                out[0] = RETURN_WHITE
                k = 1
            if w >= 10 or _get16(s, base + _BLACK):
                out[k] = RETURN_BLACK
                k += 1
            out[k] = KEEP
            k += 1
        return k

    def legal_actions(self):
        """The legal actions now, as a list of ints (empty once the game is over)."""
        return list(_LEGAL[: self.legal_into(_LEGAL)])

    def apply(self, action):
        """Carry out a legal action; an illegal one raises ValueError and changes nothing."""
        legal = self.legal_actions()
        if action not in legal or not isinstance(action, int):
            names = "nothing, the game is over"
            for i in range(len(legal)):
                names = action_name(legal[i]) if i == 0 else names + ", " + action_name(legal[i])
            raise ValueError("%r is not legal now; legal: %s" % (action, names))
        s = self.state
        p = s[_CUR]
        detail = -1  # what the action alone does not tell (engine/history.py)
        if GIVE <= action < RETURN_WHITE:
            detail = self.lowest(p)  # the lowest token goes (R11)
        elif action == COLLECT:
            detail = _stage_count(s)
        h = self.moves
        history.add(h, p, action, detail)
        rnd = self.round_number
        self.step(action)
        if self.round_number != rnd:
            h[0] |= history.FINISHED  # a deal: kept for the summary until the next round's first action

    def history(self):
        """The actions applied since the deal, in order, as ``(seat, action)`` pairs (empty after a
        deal; once the game is over, its last round's; what every seat saw: a draw is ``DRAW``,
        never the card). Kept in the save."""
        return history.pairs(self.moves, False)

    def last_history(self):
        """The round just over's actions, as :meth:`history`, until the next round's first action
        (its summary shows them; once the game is over, its last round's); else empty."""
        return history.pairs(self.moves, not self.is_over())

    def step(self, a):
        """Carry out action ``a``, which must be legal: unchecked, allocates nothing."""
        s = self.state
        p = s[_CUR]
        base = _HDR + _SEAT * p
        if a < COUNT:
            self._play(s, p, base, a)
        elif a == DRAW:
            self._draw(s, base)
            s[_CUR] = self._next_in(s, p)
        elif a == QUIT:  # R10
            s[_IN] &= ~(1 << p)
            if s[_IN]:
                s[_CUR] = self._next_in(s, p)
            else:
                self._end_round(s, p, False)
        elif a == SKIP:  # R7; during a show, the show goes on (R15)
            s[_MAGIC] = SUPPLY
            s[_CUR] = self._next_in(s, p)
        elif a == COLLECT:  # R15: the same player then takes a normal turn
            _add16(s, base + _WHITE, _get16(s, _STAGE_W))
            _add16(s, base + _BLACK, _get16(s, _STAGE_B))
            for i in range(_STAGE_W, _HDR):
                s[i] = 0
            if s[_MAGIC] == STAGE:
                s[_MAGIC] = p
            s[_FLAGS] &= ~_SHOW
        elif a == EXCHANGE:
            _add16(s, base + _WHITE, -10)
            _add16(s, base + _BLACK, 1)
        elif a < RETURN_WHITE:
            self._lowest_to(s, p, base, a - GIVE)
            s[_PHASE] = PLAY
            self._after_play(s, p, not s[base])
        else:
            if a == RETURN_WHITE:
                _add16(s, base + _WHITE, -1)
            elif a == RETURN_BLACK:
                if _get16(s, base + _BLACK):
                    _add16(s, base + _BLACK, -1)
                else:  # exchange 10 whites for the black (R16), return it
                    _add16(s, base + _WHITE, -10)
            self.result[_R_RETURNED] = a
            self._finish_round(s, p)

    # ---- the rules behind step -------------------------------------------------
    def _play(self, s, p, base, c):
        s[base + _HAND + (c >> 1)] -= 1 << ((c & 1) << 2)
        s[base] -= 1
        # R17 ends the round on the last card played, even when R12 then gives
        # the player (alone in the round) a card back: that card is scored.
        out = not s[base]
        s[_TOP] = c
        icon = ICON[c]
        if c == LLAMA:
            if s[_VAR] == 0:  # R14; Classic has no stage (R23)
                self._lowest_to(s, p, base, STAGE)
                if _stage_count(s) >= SHOW_AT:
                    s[_FLAGS] |= _SHOW
        elif icon == cards.ICON_CIRCLE:
            # R11: only with a token to give and someone else still in (R18).
            if s[_IN] != 1 << p and (s[_MAGIC] == p or _get16(s, base + _WHITE) or _get16(s, base + _BLACK)):
                s[_PHASE] = CHOOSE_GIVE
                return
        elif icon == cards.ICON_SQUARE:
            # R12: the next player still in draws; alone, the player does.
            if s[_DRAW] < len(s):
                self._draw(s, _HDR + _SEAT * self._next_in(s, p))
        elif icon == cards.ICON_STAR:
            s[_MAGIC] = p  # R13: from wherever it is
        self._after_play(s, p, out)

    def _after_play(self, s, p, out):
        if out:
            self._end_round(s, p, True)  # R17: after the card's action
        else:
            s[_CUR] = self._next_in(s, p)

    def _draw(self, s, base):
        # The pile is shuffled lazily: each draw is the next Fisher-Yates step.
        i = s[_DRAW]
        if s[_FLAGS] & _ORDERED:
            c = s[i]
        else:
            c = rng.swap_in(s, _RNG, s, i, len(s))
        s[base + _HAND + (c >> 1)] += 1 << ((c & 1) << 2)
        s[base] += 1
        s[_DRAW] = i + 1

    def _next_in(self, s, p):
        """The first seat to the left of p still in the round; p itself if alone."""
        n = s[_N]
        q = p
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if s[_IN] & (1 << q):
                return q
        return p

    def _lowest_to(self, s, p, base, dest):
        """Move p's lowest token (white, then black, then magic) to a seat or STAGE."""
        at = _STAGE_W if dest == STAGE else _HDR + _SEAT * dest + _WHITE
        if _get16(s, base + _WHITE):
            _add16(s, base + _WHITE, -1)
            _add16(s, at, 1)
        elif _get16(s, base + _BLACK):
            _add16(s, base + _BLACK, -1)
            _add16(s, at + 2, 1)  # blacks follow whites in both layouts
        elif s[_MAGIC] == p:
            s[_MAGIC] = dest

    def _end_round(self, s, actor, went_out):
        """R17-R20: score every hand; then R21 for the player who went out."""
        r = self.result
        r[_R_ROUND] = s[_ROUND]
        r[_R_ROUND + 1] = s[_ROUND + 1]
        r[_R_OUT] = actor if went_out else _NONE
        r[_R_RETURNED] = 0
        r[_R_MAGIC] = _NONE
        for q in range(s[_N]):
            base = _HDR + _SEAT * q
            at = _R_HDR + _R_SEAT * q
            for i in range(cards.PACKED_SIZE):
                r[at + 2 + i] = s[base + _HAND + i]
            pts = cards.points_for(cards.packed_values(s, base + _HAND))
            r[at] = pts & 31
            r[at + 1] = pts >> 5
            _add16(s, base + _WHITE, pts & 31)
            _add16(s, base + _BLACK, pts >> 5)
        m = s[_MAGIC]
        if m < SUPPLY:  # R20
            r[_R_MAGIC] = m
            s[_MAGIC] = SUPPLY
            _add16(s, _HDR + _SEAT * m + _BLACK, 1)
        s[_FLAGS] &= ~_SHOW  # R17: the show ends with the round, nobody collects
        s[_CUR] = actor
        if went_out and self.score(actor):
            s[_PHASE] = CHOOSE_RETURN
        else:
            self._finish_round(s, actor)

    def _finish_round(self, s, actor):
        """R22, or else the next round, started by the last actor (R6)."""
        for p in range(s[_N]):
            if self.score(p) >= GAME_END:
                s[_PHASE] = OVER
                return
        self.deal(self.round_number + 1, actor, None)

    def deal(self, round_number, starter, order):
        """R5: deal round ``round_number``, begun by seat ``starter`` (new_game deals the first, the
        game the next ones: R6): 6 each from a shuffled deck (or ``order``), flip the discard.

        Only the dealt cards and the discard are picked now; the rest of the
        shuffle happens one step per draw (see _draw).
        """
        s = self.state
        n = s[_N]
        dealt = HAND_SIZE * n
        deck = _DECK
        size = len(_TEMPLATES[s[_VAR]])
        if order is None:
            copy_into(deck, _TEMPLATES[s[_VAR]])
            for k in range(dealt + 1):
                rng.swap_in(s, _RNG, deck, k, size)
            s[_FLAGS] = 0
        else:
            copy_into(deck, order)
            s[_FLAGS] = _ORDERED
        for p in range(n):
            base = _HDR + _SEAT * p
            s[base] = HAND_SIZE
            for i in range(base + _HAND, base + _SEAT):
                s[i] = 0
            for k in range(HAND_SIZE * p, HAND_SIZE * p + HAND_SIZE):
                c = deck[k]
                s[base + _HAND + (c >> 1)] += 1 << ((c & 1) << 2)
        s[_TOP] = deck[dealt]  # R5: its icon is not carried out
        at = _HDR + _SEAT * n
        s[_DRAW] = at
        for k in range(dealt + 1, size):  # a loop, not a slice: no allocation
            s[at] = deck[k]
            at += 1
        s[_PHASE] = PLAY
        s[_CUR] = starter
        s[_IN] = (1 << n) - 1
        round_number = min(round_number, 0xFFFF)  # as _add16: a 16-bit field never overflows
        s[_ROUND] = round_number & 0xFF
        s[_ROUND + 1] = round_number >> 8

    # ---- copies, names and saves -----------------------------------------------
    def copy(self):
        """A new Game equal to this one, histories included."""
        return Game(bytearray(self.state), bytearray(self.result), bytearray(self.moves))

    def load(self, other):
        """Take ``other``'s state and result (same player count and variant), in place: a bot's
        view or rollout, which needs no history (the history stays as it was)."""
        copy_into(self.state, other.state)
        copy_into(self.result, other.result)

    def determinize(self, seat, chooser=None):
        """Deal again every card ``seat`` cannot see (for a bot's view and look-ahead).

        The other hands and the pile keep their sizes; their cards, taken
        together as counts per code (which is all the seat may know of them),
        are dealt out again: in code order when ``chooser`` is None, else at
        random with ``chooser`` (an ``rng.Rng``). The pile's future shuffle
        is cleared or reseeded likewise. What ``seat`` knows (its hand, the
        top card, every count and token) stays. Either way the result does
        not depend on who held which hidden card nor on the pile's order, so
        a copy a bot looks at holds nothing the bot may not know.
        """
        s = self.state
        n = s[_N]
        deck = _DECK
        counts = _UNSEEN
        for c in range(COUNT):
            counts[c] = 0
        for q in range(n):  # count the unseen cards: other hands, then the pile
            if q != seat:
                at = _HDR + _SEAT * q + _HAND
                for c in range(COUNT):
                    counts[c] += cards.packed_count(s, at, c)
                for i in range(at, at + cards.PACKED_SIZE):
                    s[i] = 0
        for i in range(s[_DRAW], len(s)):
            counts[s[i]] += 1
        k = 0
        for c in range(COUNT):
            for _ in range(counts[c]):
                deck[k] = c
                k += 1
        if chooser is not None:
            chooser.shuffle(deck, 0, k)
        k = 0
        for q in range(n):
            if q != seat:
                base = _HDR + _SEAT * q
                for _ in range(s[base]):
                    c = deck[k]
                    s[base + _HAND + (c >> 1)] += 1 << ((c & 1) << 2)
                    k += 1
        for i in range(s[_DRAW], len(s)):
            s[i] = deck[k]
            k += 1
        for i in range(_RNG, _RNG + 4):
            s[i] = chooser.below(256) if chooser is not None else 0
        s[_FLAGS] &= ~_ORDERED

    def hand_at(self, seat):
        """Where ``seat``'s packed hand lies in ``s`` (read it with cards.packed_*)."""
        return _HDR + _SEAT * seat + _HAND

    def whites(self, seat):
        """A seat's whites (as ``tokens(seat)[0]``, without building a tuple)."""
        return _get16(self.state, _HDR + _SEAT * seat + _WHITE)


    def validate(self):
        """Raise ValueError naming the first broken rule (used on loaded data).

        The layout is checked here; the rules by engine/checks.py, a module of its own that a
        board drops once a save is loaded."""
        s = self.state
        n = s[_N] if len(s) > _HDR else 0
        if not (2 <= n <= MAX_PLAYERS and s[_VAR] < len(cards.VARIANTS)):
            raise ValueError("game data breaks the rules (players)")
        if len(s) != state_size(n, s[_VAR]) or len(self.result) != result_size(n):
            raise ValueError("game data breaks the rules (length)")
        from engine import checks

        checks.validate(self)

    @staticmethod
    def offsets():
        """Where the counters lie in ``s``, for tools and tests that build positions by hand: a
        dict of ``round``, ``stage`` (whites, then blacks), ``seat`` (seat 0's record) and
        ``seat_size``, and within a seat's record ``whites``, ``blacks``, ``hand``; counters
        are 16-bit little-endian."""
        return {
            "round": _ROUND,
            "stage": _STAGE_W,
            "seat": _HDR,
            "seat_size": _SEAT,
            "whites": _WHITE,
            "blacks": _BLACK,
            "hand": _HAND,
        }

    def result_at(self, seat):
        """Where ``seat``'s part of the last round's result lies in ``r``: whites for its cards,
        a black for a llama, then its hand as it was (packed as in ``s``)."""
        return _R_HDR + _R_SEAT * seat


_NAMES = "draw quit skip collect exchange return|white return|black keep"


def action_name(action):
    """``"play 3#"``, ``"draw"``, ``"give 2"``, ``"return black"``, ... (also ``Game.action_name``)."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError("%r is not an action code" % (action,))
    if action < COUNT:
        return "play " + cards.name(action)
    if GIVE <= action < RETURN_WHITE:
        return "give %d" % (action - GIVE)
    i = action - DRAW if action < GIVE else action - RETURN_WHITE + 5
    return _NAMES.split()[i].replace("|", " ")


Game.action_name = staticmethod(action_name)  # one function, reachable from a game too
