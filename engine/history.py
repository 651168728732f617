"""A round's public history: every action applied since the deal, one byte each, in a bytearray.

``Game.history()`` is the actions since the deal; once the next round is dealt the finished
round's actions stay, as ``Game.last_history()``, until that round's first action: the round's
summary shows them. (After the game's last round there is no deal: both give its actions.)
Everything here is what every seat saw: who played which card, drew, quit, skipped, collected,
exchanged, gave a token to whom, returned one or kept them. A draw is only "draw", never the
card drawn (a card a square makes someone draw is not an action at all).

Layout of a history ``h`` (``CAP + 2`` bytes, made once, rewritten in place)::

    h[0]            FINISHED when the actions are a finished round's; PARTIAL when they began
                    after the round's deal (an older save, which kept no history, continued); else 0
    h[1]            bytes used after it (0..CAP)
    h[2..]          entries: seat << 5 | action (seat 0..5, action 0..31, engine/rules.py)

An action that moved tokens nobody could name from the action alone is followed by a *detail*
byte (its top three bits set: no entry has them, seats stop at 5): after a give-away the kind
of token given (0 white, 1 black, 2 the magic token), after a collect the tokens taken from the
stage (up to 31). The recap says "Ana gave you a white", "Ben took the stage: 6 tokens".

A round is bounded: a game the rules can reach plays at most ~60 cards, ~55 draws, 8 give-aways,
6 quits, 5 skips, a few collects and exchanges a round (~170 actions; random play's longest in
20,000 games was 106), so ``CAP`` = 254 bytes holds any real round. A hand-made save with
thousands of whites could exchange past it: then the oldest half is dropped and the newest
actions stay, which is what a recap shows. Nothing allocates while recording. A save holds the
two header bytes and the used entries (engine/record.py); engine/checks.py reads and checks them.
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int

CAP = const(254)  # bytes of entries and details
DETAIL = const(0xE0)  # a detail byte: DETAIL | value
FINISHED = const(1)
PARTIAL = const(2)  # (the round's deal is not in it: no replay from the deal, engine/replay.py)
_SEAT_SHIFT = const(5)


def new():
    """An empty history."""
    return bytearray(CAP + 2)


def add(h, seat, action, detail=-1):
    """Record ``action`` by ``seat`` (and a detail 0..31, or -1 for none); a finished round's
    actions make room first (and the next round's are whole again, from its deal)."""
    if h[0] & FINISHED:
        h[0] = 0
        h[1] = 0
    need = 1 if detail < 0 else 2
    if h[1] + need > CAP:
        _drop_half(h)
    n = h[1] + 2
    h[n] = seat << _SEAT_SHIFT | action
    if detail >= 0:
        h[n + 1] = DETAIL | (detail if detail < 31 else 31)
    h[1] += need


def _drop_half(h):
    """Keep the newest half of the entries (a cut never splits an entry from its detail)."""
    end = h[1] + 2
    cut = h[1] // 2 + 2
    while cut < end and h[cut] >= DETAIL:
        cut += 1
    k = 2
    for i in range(cut, end):
        h[k] = h[i]
        k += 1
    h[1] = k - 2


def entries(h):
    """``[(seat, action, detail), ...]`` in order, finished or not; detail -1 where none."""
    out = []
    for i in range(2, h[1] + 2):
        b = h[i]
        if b >= DETAIL:
            if out:
                seat, action, _ = out[-1]
                out[-1] = (seat, action, b & 31)
            continue
        out.append((b >> _SEAT_SHIFT, b & 31, -1))
    return out


def pairs(h, finished):
    """``[(seat, action), ...]`` when ``h`` is (``finished`` True) or is not a finished round's,
    else ``[]`` (``Game.history()``, ``Game.last_history()``)."""
    if bool(h[0] & FINISHED) != finished:
        return []
    return [(seat, action) for seat, action, _ in entries(h)]


def actions_into(h, buf):
    """Write the entries (``seat << 5 | action``, details left out) into ``buf``; how many.
    Allocates nothing."""
    k = 0
    for i in range(2, h[1] + 2):
        b = h[i]
        if b < DETAIL:
            buf[k] = b
            k += 1
    return k


def newest(h):
    """The seat of the current round's newest action, or -1 (none yet: a new deal).

    play.table asks it before a human's turn: another seat's means something happened since
    that human's turn ("Since your turn", play/recap.py)."""
    if h[0] & FINISHED:
        return -1
    i = h[1] + 1
    while i > 1 and h[i] >= DETAIL:
        i -= 1
    return h[i] >> _SEAT_SHIFT if i > 1 else -1


def size(h):
    """Bytes a record of ``h`` takes (its two header bytes, then its entries)."""
    return 2 + h[1]


def into(h, buf, at):
    """Write ``h``'s header and entries into ``buf`` at ``at``; the index after them."""
    end = h[1] + 2
    for i in range(end):
        buf[at + i] = h[i]
    return at + end
