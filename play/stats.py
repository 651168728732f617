"""Statistics per player name (issue 25): games, wins, average points, best game, hints used.

Kept beside the save as the store's second record kind (``hw.storage.save(data, hal.STATS)``)
and written once per finished game, right after the save that ends it: on a SAMD51 that is one
more nvm erase a game (hal/saves/__init__.py; an RP2040's log appends it). Only human seats count
(a bot's name is just a label). ``App.screen(RECORD, app)`` adds the finished
game of ``app.match``; ``App.screen(STATISTICS, app)`` is the title's Statistics.

The record is an engine.codec frame (magic ``LKST``, version 1)::

    last game (4) | names (1) | per name, in play.match's order: games (2) | wins (2) |
    points (3) | best (1, 255: none yet) | hints (2)            (little-endian, capped)

``last game`` (two CRCs of the finished game's state and result) makes the count happen
exactly once: the game is saved as finished first, and a power cut before its statistics were
written leaves that save, which the next start-up adds (play/app.py, ``App.load``); a game
counted already is not counted again. A record that cannot be read is kept aside
(``set_aside(hal.STATS)``) and the player told; one the power cut short is said to be lost.

Names cost a board's heap for good (docs/DESIGN.md): the helpers reuse names the game has
(``get``, ``into``, ``load``), a name's place is written out (``5 + 10 * k``).
"""

import hal
from engine import codec
from play import match as mt
from play import view as v
from play.lang import say
from play.ui import errno, wrap

MAGIC = b"LKST"
# A name's figures take 10 bytes (numbers of 3 bytes at most: a board may have no long ints),
# the first name's from byte 5 (after the last game and the count): name k's at 5 + 10 * k.


def record(app):
    """Add the finished game ``app.match`` to every human seat's name; store it (once a game)."""
    m = app.match
    g = m.game
    if not m.humans():
        return
    data = load(app)
    if get(data, 0, 2) == codec.crc16(g.state) and get(data, 2, 2) == codec.crc16(g.result):
        return  # counted before a power cut
    into(data, 0, 2, codec.crc16(g.state))
    into(data, 2, 2, codec.crc16(g.result))
    for q in range(g.players):
        if m.kinds[q] != mt.HUMAN:
            continue
        at = 5 + 10 * m.names[q]
        score = min(g.score(q), 254)
        into(data, at, 2, get(data, at, 2) + 1)
        into(data, at + 2, 2, get(data, at + 2, 2) + (q in g.winners()))
        into(data, at + 4, 3, get(data, at + 4, 3) + score)
        data[at + 7] = min(data[at + 7], score)
        into(data, at + 8, 2, get(data, at + 8, 2) + m.hints[q])
    try:
        app.hw.storage.save(codec.frame(MAGIC, 1, data), hal.STATS)
    except (OSError, MemoryError) as e:  # said once, as the game's own saves (App.save_failed)
        if not app.save_failed:
            lines = wrap(say("Can't save the statistics (%s).") % errno(e))
            app.ui.message(say("Not saved"), lines, color=v.ALERT)
        app.save_failed = 10


def show(app):
    """The title's Statistics: a row a name that played; A on it, its figures."""
    data = load(app)
    who = []
    for k in range(mt.name_count()):
        if get(data, 5 + 10 * k, 2):
            who.append(k)
    if not who:
        app.ui.message(
            say("Statistics"),
            wrap(say("No game finished yet: each player's games, wins and points show here.")),
            app.ui.footer(say("back")),
        )
        return
    who.sort(key=lambda k: -get(data, 5 + 10 * k, 2))
    rows = []
    m = mt.Match()
    text = say("{0:4d} games {1:4d} wins")  # (after the name in 5 columns: the figures' screen's title)
    for k in who:
        m.names[0] = k
        rows.append("%-5s" % m.name(0) + text.format(get(data, 5 + 10 * k, 2), get(data, 7 + 10 * k, 2)))
    i = 0
    while True:
        i = app.ui.menu(say("Statistics"), rows, i)
        if i < 0:
            return
        at = 5 + 10 * who[i]
        n = get(data, at, 2)
        w = get(data, at + 2, 2)
        pts = get(data, at + 4, 3)
        lines = (
            say(
                "Games: {0}|Wins: {1} ({2}%)|Average: {3}.{4} points|Best game: {5} points|Hints used: {6}||"
                "Fewest points win."
            ).format(n, w, 100 * w // n, pts // n, pts * 10 // n % 10, data[at + 7], get(data, at + 8, 2))
        ).split("|")
        app.ui.message(rows[i][:5].strip(), lines, app.ui.footer(say("back")))


def load(app):
    """The statistics as a bytearray to update (empty when none, or unreadable: kept aside)."""
    n = mt.name_count()
    data = bytearray(5 + 10 * n)
    for k in range(n):
        data[12 + 10 * k] = 255  # no best game yet
    data[4] = n
    storage = app.hw.storage
    said = None
    try:
        old = storage.load(hal.STATS)
        if old:
            body = codec.unframe(old, MAGIC, 1, "Statistics")
            if len(body) < 5 or len(body) != 5 + 10 * body[4]:
                raise ValueError(say("Statistics is cut short"))
            for i in range(min(len(body), len(data))):
                data[i] = body[i]
            data[4] = n
        elif storage.lost:
            said = say("The power went while they were saved: the statistics are lost. Starting afresh.")
    except ValueError as e:  # damaged: kept aside, never lost silently
        try:
            where = say("Kept as %s.") % storage.set_aside(hal.STATS)
        except Exception as e2:
            where = say("Not kept (%s).") % type(e2).__name__
        said = say("{0}. {1} Starting afresh.").format(e, where)
    except OSError as e:
        said = say("Can't read the statistics (error %s).") % (e.args[0] if e.args else "?")
    if said:
        app.ui.message(say("Statistics"), wrap(said), color=v.ALERT)
    return data


def get(data, at, n):
    """The little-endian number of ``n`` bytes at ``data[at]``."""
    x = 0
    for i in range(n - 1, -1, -1):
        x = x << 8 | data[at + i]
    return x


def into(data, at, n, x):
    """Write ``x`` (capped to ``n`` bytes) little-endian at ``data[at]``."""
    x = min(x, (1 << 8 * n) - 1)  # (n <= 3: a small int on every board)
    for i in range(n):
        data[at + i] = x >> 8 * i & 255
