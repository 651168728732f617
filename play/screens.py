"""Screens shown now and then: a new game's setup and About (the game's menu and the settings are
play/menu.py, the end of a round play/roundend.py: smaller, as they come during play).

``App.screen(id, ...)`` (play/ui.py's ids: SETUP, ABOUT) loads this module for one of them and
drops it after, so that their code is not on a board's heap the rest of the time.
"""

import sys

from play import match as mt
from play import view as v
from play.lang import say


def setup(app):
    """Edit the next game's seats and variant; True to start, False for back (or, with a game in
    progress, when the player keeps it: :func:`replace` asks first).

    A on Players or Game steps it, on a seat opens the seat's menu (:func:`seat`), on the last
    row starts; a board with Up/Down also changes a row's value with Left/Right."""
    m = app.setup_match
    ui = app.ui
    if app.match is not None and app.match.where != mt.FINISHED and not replace(app):
        return False
    cursor = len(_items(app)) - 1

    def adjust(i, step, wrap=False):  # Left/Right on row i; A steps it, the players wrapping
        if i == 0:
            n = m.players + step
            m.players = (n - 2) % 5 + 2 if wrap else min(6, max(2, n))
            for p in range(m.players):  # a seat coming back may hold a name another seat took
                if m.names[p] in list(m.names[:p]):  # (a list: CircuitPython seeks no int in a bytearray)
                    _next_name(app, p)
        elif i == 1:
            m.variant = 1 - m.variant
        elif i < 2 + m.players:
            p = i - 2
            m.kinds[p] = (m.kinds[p] + step) % mt.KIND_COUNT
        return _items(app)

    def footer(i):  # what the inputs do on row i
        does = say("change|seat|start").split("|")[(i >= 2) + (i >= 2 + m.players)]
        return ui.footer(does, say("back"), "", ui.move)

    new = True
    while True:
        i = ui.menu(say("New game"), _items(app), cursor, footer, adjust, new=new)
        cursor = i
        new = False  # the same screen, a row changed
        if i < 0:
            return False
        if i == len(_items(app)) - 1:
            return True  # with no human seat, a game to watch
        if i < 2:
            adjust(i, 1, True)
        else:
            seat(app, i - 2)
            new = True


def replace(app):
    """A game is saved, unfinished: True when the player chooses to replace it (default No; B is No)."""
    header = say("A game is in progress:|replace it?").split("|")
    items = say("No, keep it|Yes, replace it").split("|")
    return app.ui.menu(say("Game in progress"), items, header=header) == 1


def seat(app, p):
    """The menu of seat ``p``: Human or a bot's level (chosen: back to the setup), or its next name."""
    m = app.setup_match
    cursor = m.kinds[p]
    new = True
    while True:
        items = say(mt.KINDS).split("|") + [say("Name: %s") % m.name(p)]
        i = app.ui.menu("P%d %s" % (p + 1, m.name(p)), items, cursor, new=new)
        if i == len(items) - 1:
            _next_name(app, p)
            cursor = i
            new = False  # the same menu, the name changed
            continue
        if i >= 0:
            m.kinds[p] = i
        return


def _items(app):
    m = app.setup_match
    items = [say("Players      < %d >") % m.players, say("Game  < %s >") % say("Kadabra|Classic").split("|")[m.variant]]
    for p in range(m.players):
        items.append("P%d %-5s< %s >" % (p + 1, m.name(p), m.kind_name(p)))
    items.append(say("Start the game") if m.humans() else say("Watch the bots play"))
    return items


def _next_name(app, seat):
    """Give ``seat`` the next name from the list that no other seat has."""
    m = app.setup_match
    taken = [m.names[p] for p in range(m.players) if p != seat]
    k = m.names[seat]
    for _ in range(mt.name_count()):
        k = (k + 1) % mt.name_count()
        if k not in taken:
            m.names[seat] = k
            return


def about(app):
    """What a board's owner reports: the game's version, the CircuitPython release, the board, the free heap."""
    import gc

    import play

    impl = sys.implementation
    gc.collect()
    free = gc.mem_free() if hasattr(gc, "mem_free") else -1  # CircuitPython; not CPython
    lines = [
        "L.A.M.A. Kadabra %d.%d.%d" % play.VERSION,
        "%s %s" % (impl.name, ".".join([str(n) for n in impl.version[:3]])),
        say("Board: %s") % app.hw.name,
        (say("Free heap: %d bytes") % free) if free >= 0 else say("Free heap: n/a"),
    ]
    saves = say("Saves: ")
    where = app.hw.storage.path or app.hw.storage.where  # a file's folders too
    if len(where) + len(saves) <= v.COLUMNS:
        lines.append(saves + where)
    else:  # "Saves: " then the path, broken after a / (or \\) where it can, its end kept
        lines.append(saves)
        out = []
        line = part = ""
        n = len(where)
        for i in range(n + 1):
            if i < n:
                part += where[i]
            if i == n or ord(where[i]) in (47, 92) or len(part) == v.COLUMNS:  # a name ends (or a line)
                if len(line) + len(part) > v.COLUMNS:
                    out.append(line)
                    line = ""
                line += part
                part = ""
        out.append(line)
        room = v.LINES - len(lines)
        if len(out) > room:
            out = out[-room:]
            out[0] = "~" + out[0][1:]  # the start is cut
        lines += out
    app.ui.message(say("About"), lines, app.ui.footer(say("back")))
