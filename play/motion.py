"""Motion at the table (issue 9): what an action moved, travelling over the screen.

Loaded by play.table only where the screen animates (``hw.screen.motion``: a board's
display, the desktop window without ``--fast``), so that the mock, the terminal and the
tests neither run nor hold it.
"""

import hal
from engine import cards
from play import match as mt
from play import view as v

FRAME_MS = 30  # a motion's frame


def pieces(table):
    """What motion compares: the pile, then each seat's cards and tokens, then the stage's."""
    g = table.game
    out = [g.draw_pile_size]
    for q in range(g.players):
        out.append(g.hand_size(q))
        out.extend(g.tokens(q))
    out.extend(g.stage())
    return out


def animate(table, p, a, before, rnd):
    """Animate what ``a`` by ``p`` moved, over the screen still showing the table before it:
    the card played travels to the top, drawn cards from the pile, a token to its new seat
    or the stage (:func:`travel`: none at the Instant speed or without a screen for it)."""
    ms = mt.MOVE_MS[table.match.speed]
    view = table.ui.view
    if not ms or not view.seats:
        return
    ui = table.ui
    g = table.game
    mine = table.match.kinds[p] == mt.HUMAN and view.card_cursor >= 0  # p's own row on screen
    if a < cards.COUNT:
        travel(ui, v.MOVE_CARD, a, v.PLACE_HAND + view.card_cursor if mine else p, v.PLACE_TOP, ms)
    if g.round_number != rnd:
        return  # a new deal: nothing else is where it was
    after = pieces(table)
    n = g.players
    if after[0] < before[0]:  # cards drawn: to whose hand grew
        for q in range(n):
            if after[1 + 4 * q] > before[1 + 4 * q]:
                to = v.PLACE_HAND + view.ncards - 1 if mine and q == p else q
                travel(ui, v.MOVE_BACK, 0, v.PLACE_PILE, to, ms)
    src = dst = -1
    kind = 0
    for q in range(n + 1):  # the seats, then the stage
        at = 2 + 4 * q if q < n else 1 + 4 * n
        place = q if q < n else v.PLACE_STAGE
        for k in range(3):  # white, black, magic
            d = after[at + k] - before[at + k]
            if d > 0:
                dst = place
                kind = k
            elif d < 0:
                src = place
    if src >= 0 and dst >= 0 and src != dst:  # (an exchange stays with its seat)
        travel(ui, v.MOVE_TOKEN, kind, src, dst, ms)


def travel(ui, kind, code, src, dst, ms):
    """A piece (play.view.MOVE_*) travels from place ``src`` to ``dst`` over the table on
    screen, in about ``ms``; A skips it. None where the screen has no motion (the mock, the
    terminal, ``--fast``) or ``ms`` is 0 (the Instant speed)."""
    hw = ui.hw
    if ms <= 0 or not hw.screen.motion:
        return
    view = ui.view
    view.move = kind
    view.move_code = code
    view.move_from = src
    view.move_to = dst
    frames = ms // FRAME_MS + 1
    for i in range(1, frames + 1):
        view.move_step = i * 255 // frames
        hw.screen.show(view)
        if hw.buttons.held() & hal.A:
            hw.buttons.clear()
            break
        hw.clock.sleep_ms(FRAME_MS)
    view.move = 0
