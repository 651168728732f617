"""The save read at start-up (``App.screen(LOAD, app)``), then dropped.

A module apart, loaded for the moment: its code and messages (~0.8 KB) do not stay on a board's
heap for the game, and it is small next to the load checks (engine/checks.py) it runs with.
"""

import hal
from play import match as mt
from play import ui as _ui
from play import view as v
from play.lang import say

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# Menu entries and screens by id: play/ui.py's table, the lines this module uses.
_RECORD = const(18)


def load(app, stopped=None):
    """Read the save, if any (App.run, at start-up); a damaged one is kept aside and reported.
    ``stopped``: the error that stopped a game (:func:`stop`), said first."""
    if stopped is not None:
        if not stop(app, stopped):
            return
    storage = app.hw.storage
    try:
        data = storage.load()
    except Exception as e:  # OSError, or a store's own surprise
        lines = _ui.wrap(say("Can't read the save (%s). New games only.") % _ui.errno(e))
        app.ui.message(say("Saves"), lines, color=v.ALERT)
        return
    if not data:
        if storage.lost:
            lines = _ui.wrap(say("The power went while the game was saving: the last save is lost. Starting fresh."))
            app.ui.message(say("Save was lost"), lines, color=v.ALERT)
        return
    try:
        app.match = mt.Match.from_bytes(data)
        app.setup_match = app.match.copy()
        hal.forget("engine.checks")  # the rule checks of loaded data are done
    except Exception as e:  # ValueError says what is wrong; anything else is a bug, kept too
        try:
            where = storage.set_aside()
        except Exception as e2:
            where = say("nowhere (%s)") % _ui.errno(e2)
        lines = (
            _ui.wrap(say("The saved game can't be loaded: %s.") % e)
            + _ui.wrap(say("Kept as %s.") % where)
            + _ui.wrap(say("Starting fresh."))
        )
        app.ui.message(say("Save not loaded"), lines, color=v.ALERT)
        return
    if app.match.where == mt.FINISHED:  # its statistics, if a power cut came before them
        app.screen(_RECORD, app)


def stop(app, e):
    """The game hit an error: keep its save aside (the state in memory may be half changed); True
    when the save is to be read again. Out of memory the save is good (each one was written whole):
    it stays, read again for Continue, and the game goes on from there."""
    short = isinstance(e, MemoryError)
    try:
        where = say("Continue: from the last save.") if short else say("Kept as %s.") % app.hw.storage.set_aside()
    except Exception as e2:
        where = say("Not kept: %s") % _ui.errno(e2)
    text = "%s: %s" % (type(e).__name__, e)
    print("lama: the game stopped on an error:", text)  # the console too (a board's owner, the tests)
    lines = _ui.wrap(say("The game stopped on an error:")) + _ui.wrap(text[:78]) + _ui.wrap(where)
    app.ui.message(say("Game stopped"), lines + _ui.wrap(say("Back to the title.")), color=v.ALERT)
    return short
