"""Screen helpers of the game flow over a HAL: wait for a button, menus, messages, pauses.

All of them draw into the one ``play.view.View`` the flow owns and hand it
to ``hw.screen.show``. They know buttons only as the HAL's bits.

Every control scheme (hal/__init__.py) works every screen, with the bits its board has
(``hw.buttons.has``): a menu moves its cursor with Up/Down and changes a value with
Left/Right, or without Up/Down moves it with Left/Right (or Right alone, wrapping) while A
on a value's row steps the value; a tap on a line chooses it and acts. A message closes
on A, B, Start or a tap. A tap on a part of the footer is what its label names: A ("tap: OK"),
B ("Back: resume") or Start ("Menu") (:meth:`Ui.wait`; the View's ``labels``, the board's, let
the screen's hit test tell the parts apart: hal/render/hit.py). Footers name the board's own
inputs (``hw.buttons.labels``): :meth:`Ui.footer`.

A screen acts only on presses made after it was drawn: :meth:`Ui.show` of a
*new* screen drops every press made before (``hw.buttons.clear()``), so that a
tap while the bots move, while a save is written or a second tap of A never
passes a hand-off, plays a card or opens a menu unseen. A redraw that answers a
press on the same screen (a cursor moved, a value changed) keeps the presses
made since, so that quick presses on one screen all count.
"""

import gc

import hal
from play import lang
from play import view as v
from play.lang import said, say

try:
    from micropython import const
except ImportError:  # CPython
    const = int

_POLL_MS = const(15)
# A hand-off answers only a press begun this long after it was drawn (a moment a person sees it):
# a second tap of the A that ended a turn (40-60 ms after) would show the next hand to the wrong
# person. A key held through it must be let go and pressed again (hw.buttons.hush).
SEEN_MS = const(400)
# On a board (gc.mem_free exists: play/app.py reads it too) collect while waiting for a button: idle
# time, and a heap freed early fragments less. CPython needs no help.
ON_BOARD = hasattr(gc, "mem_free")

# Menu entries and the screens shown now and then, by id: a menu's items are ids, what is
# chosen is compared as an id, and a label is only ever drawn (play/match.py's ENTRIES), never compared.
# An entry that opens a screen is that screen's id (App.screen: play/app.py's registry). Private
# consts, free on a board (mpy-cross folds them, no name, no global): each module that uses one
# has its own copy of this table's line (app, screens, table, roundend, load, match), and
# tests/test_menus.py checks that every copy is this one.
_ABOUT = const(0)  # screens: what the entries open
_RULES = const(1)
_STATISTICS = const(2)
_HINT = const(3)
_LOG = const(4)  # the round's log
_MARKS = const(5)  # what the marks mean
_SETUP = const(6)  # a new game's setup: the title's "New game"
_CONTINUE = const(7)  # entries alone
_RESUME = const(8)
_SAVE_QUIT = const(9)
_SPEED = const(10)  # the settings: "Speed: Normal" (play.match.labels)
_LIGHTS = const(11)
_SOUND = const(12)
_RECAP = const(13)
_GAME_MENU = const(14)  # screens alone
_SETTING = const(15)  # the next value of a setting
_SUMMARY = const(16)  # a round's end
_SINCE = const(17)  # since your turn
_RECORD = const(18)  # a finished game into the statistics
_LOAD = const(19)  # the save, at start-up
_LANGUAGE = const(20)  # a setting past the screens: English, Deutsch, Francais (play/lang.py)


def wrap(text, width=v.COLUMNS):
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    out = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word[:width]
        else:
            line = (line + " " + word if line else word)[:width]
    if line:
        out.append(line)
    return out


def named(label):
    """A board's name of an input in the language spoken: a touch screen's words ("tap", "Back",
    "Menu"), "hold B" (a two-button board's); a key's own name ("A", "Start", "D1") as it is."""
    if label[:5] == "hold ":
        return say("hold %s") % label[5:]
    return said(label)


def errno(e):
    """A short text for error ``e`` (an OSError's number in words where it is a common one)."""
    if not isinstance(e, OSError):
        return say("no memory") if isinstance(e, MemoryError) else type(e).__name__
    code = e.args[0] if e.args else 0
    if code == 28:
        return say("storage full")
    if code == 30:
        return say("storage read-only")
    try:  # CPython's words (the desktop); CircuitPython has no os.strerror (nor heap for a table)
        import os

        words = os.strerror(code).lower() if code else ""
    except Exception:
        words = ""
    if lang.code or not words or "unknown" in words:  # (CPython's words are English)
        return say("storage error")  # never a bare number
    return words


class Ui:
    def __init__(self, hw):
        self.hw = hw
        self.view = v.View(hw.screen.lines)  # (a menu's lines: as many as the screen shows)
        if hw.buttons.has & hal.TAP:  # (a touchscreen's hit test reads which footer part is which)
            self.view.labels = hw.buttons.labels
        # (Names the game has already: on CircuitPython each new one is a qstr for good.)
        self.shown = 0  # screens shown
        self.spoken = 0  # the language the View's words are in (play/catalog.py's speak)
        self.seen = -1  # ``shown`` when a menu was last drawn
        # What a menu's footer says of moving its cursor: nothing with Up/Down (see menu).
        self.move = "" if hw.buttons.has & hal.UP else say("move")
        # Work put off until the first screen is up and its keys were read once (code.py: the
        # names of the modules used now and then, play.app.intern_names): the title comes sooner.
        self.later = None

    def settings(self):
        """The settings' ids in a menu: Speed, Lights and Sound where the board has them
        (``hw.lights.count``; ``hw.sound.broken``: no speaker, or one silenced), Language."""
        hw = self.hw
        items = [_SPEED]
        if hw.lights.count:
            items.append(_LIGHTS)
        if not hw.sound.broken:
            items.append(_SOUND)
        items.append(_LANGUAGE)
        return items

    def show(self, new=True):
        """Draw the View; a ``new`` screen then drops the presses made before it was drawn."""
        self.hw.screen.show(self.view)
        self.shown += 1
        if new:
            self.hw.buttons.clear()

    def wait(self):
        """The next press's bits (blocks). A tap on the footer's zones comes as B or START; any
        other tap as TAP, with ``hw.buttons.tapped`` saying where (a tap on nothing is no press)."""
        hw = self.hw
        if ON_BOARD:
            gc.collect()
        while True:
            b = hw.buttons.press()
            if b & hal.TAP:
                kind = hw.buttons.tapped[0]
                if kind == hal.HIT_BACK:
                    return hal.B
                if kind == hal.HIT_MENU:
                    return hal.START
                if kind == hal.HIT_ACT:
                    return hal.A
                if not kind:
                    b = 0
            if self.later is not None:  # after the keys' first poll (a press made meanwhile waits)
                later, self.later = self.later, None
                later()
            if b:
                return b
            hw.clock.sleep_ms(_POLL_MS)

    def footer(self, act, back="", menu="", move=""):
        """A footer in this board's own names of its inputs: "A: choose  B: back", "tap: OK"...

        ``act``, ``back``, ``menu``, ``move`` say what the act input, back, the menu and the
        moving keys do here ("": not said). An input the board lacks is not named; moving on a
        board without moving keys (touch) is a tap. What does not fit is left out: moving first (the
        menu first when the act input is not said).
        """
        labels = self.hw.buttons.labels
        prev = named(labels[hal.LABEL_PREV])
        mover = named(labels[hal.LABEL_NEXT])
        if prev and mover:  # "<>", "Up/Down"
            mover = prev + mover if len(prev + mover) == 2 else prev + "/" + mover
        if not mover and not act:
            mover = named(labels[hal.LABEL_ACT])
        parts = []
        for label, what in (
            (named(labels[hal.LABEL_ACT]), act),  # (a touch screen's words: "tap", "Back", "Menu")
            (mover, move),
            (named(labels[hal.LABEL_BACK]), back),
            (named(labels[hal.LABEL_MENU]), menu),
        ):
            if label and what:  # "Back" alone, not "Back: back"
                what = label if label.lower() == what.lower() else label + ": " + what
            parts.append(what if label else "")
        for cut in (1, 3, 2, 0) if act else (3, 1, 2, 0):  # what is left out first when it does not fit
            for gap in ("  ", " "):
                text = gap.join([part for part in parts if part])
                if len(text) <= v.COLUMNS:
                    return text
            parts[cut] = ""
        return ""

    def pause(self, ms):
        """Wait ``ms``, or less while A is held (hurry). Presses made meanwhile do not act: the
        next screen drops them when it is drawn (see :meth:`show`)."""
        hw = self.hw
        hurried = False
        while ms > 0:
            if hw.buttons.held() & hal.A:
                hurried = True
                break
            step = _POLL_MS if ms > _POLL_MS else ms
            hw.clock.sleep_ms(step)
            ms -= step
        if hurried:
            hw.buttons.clear()

    def message(self, title, lines, footer=None, color=v.NORMAL, cards=(), keys=hal.A | hal.B | hal.START | hal.TAP):
        """A screen of text, ``cards`` (codes) drawn under it; returns the press of ``keys`` that closed it.

        ``footer``: its text (made with :meth:`footer`); None: "A: OK" in the board's names.
        A message that B does not close (``keys``: the hand-off's A or a tap) is a confirmation:
        only a press begun ``SEEN_MS`` after it was drawn answers it (``hw.buttons.hush``)."""
        view = self.view
        view.clear()
        view.title = title
        for c in cards:
            view.add_card(c, v.PLAYABLE)
        for i in range(min(len(lines), v.LINES_WITH_CARDS if cards else v.LINES)):
            view.line(i, lines[i], color)
        view.footer = self.footer(say("OK")) if footer is None else footer
        self.show()
        if not keys & hal.B:  # a confirmation, no way back (the hand-off): once it was seen
            hw = self.hw
            hw.buttons.hush(SEEN_MS)
            ms = SEEN_MS
            while ms > 0:  # (the keys read meanwhile: a press begun now is known as such)
                hw.buttons.held()
                hw.clock.sleep_ms(_POLL_MS)
                ms -= _POLL_MS
        while True:
            b = self.wait()
            if b & keys:
                return b

    def menu(self, title, items, cursor=0, footer=None, adjust=None, header=(), back=True, new=True):
        """Choose one of ``items`` (strings): its index, or -1 for B (unless not ``back``).

        ``adjust(index, step)``, when given, is called for Left/Right
        (step -1/+1) on a board with Up/Down and returns the new list of items
        (e.g. a changed value); without Up/Down, Left/Right move the cursor
        and the caller steps a value on A. A tap on an item's line chooses it
        (as A). Lists longer than the screen scroll, with ``^`` / ``v`` at the
        right edge where more items lie above or below (a tap on such a line
        scrolls); ``header`` lines stay on top. ``footer`` is a string, or a
        function of the cursor's index that returns one (what A and Left/Right
        do on that row; :meth:`footer`); None: "A: choose  B: back". ``new``
        False: the caller shows the same menu again after a press on it (a
        value changed), so presses made since still count (see :meth:`show`),
        unless another screen was drawn in between.
        """
        view = self.view
        if self.shown != self.seen:
            new = True
        if footer is None:
            footer = self.footer(say("choose"), say("back") if back else "", "", self.move)
        room = len(view.lines) - len(header)
        top = 0
        while True:
            cursor = max(0, min(cursor, len(items) - 1))
            top = min(max(top, cursor - room + 1), cursor)
            view.clear()
            view.title = title
            for i in range(len(header)):
                view.line(i, header[i], v.DIM)
            end = min(len(items), top + room)
            for i in range(top, end):
                text = items[i]
                mark = "^" if i == top and top else "v" if i == end - 1 and end < len(items) else ""
                if mark:  # in the last column
                    text = (text + " " * v.COLUMNS)[: v.COLUMNS - 1] + mark
                view.line(len(header) + i - top, text, v.HIGHLIGHT if i == cursor else v.NORMAL)
            view.line_cursor = len(header) + cursor - top
            view.footer = footer(cursor) if callable(footer) else footer
            self.show(new)
            self.seen = self.shown
            new = False  # from now on a redraw answering a press
            b = self.wait()
            if b & hal.TAP:
                kind, i = self.hw.buttons.tapped
                i += top - len(header)  # the item on that line
                if kind != hal.HIT_LINE or not top <= i < end:
                    continue
                cursor = i
                if i == top and top:  # a line with more beyond it: scroll that way
                    top -= 1
                elif i == end - 1 and end < len(items):
                    top += 1
                else:
                    return i
                continue
            if self.move and b & (hal.LEFT | hal.RIGHT):  # no Up/Down: Left/Right move the cursor
                b = hal.UP if b & hal.LEFT else hal.DOWN
            if b & hal.UP:
                cursor = cursor - 1 if cursor else len(items) - 1
            elif b & hal.DOWN:
                cursor = cursor + 1 if cursor + 1 < len(items) else 0
            elif b & (hal.LEFT | hal.RIGHT) and adjust:
                items = adjust(cursor, -1 if b & hal.LEFT else 1)
            elif b & hal.A:
                return cursor
            elif b & hal.B and back:
                return -1
