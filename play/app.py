"""The game flow: title, setup, play, menus, saving. ``run(hw)`` is the whole program.

Written against the HAL interface only (hal/__init__.py): the board's code.py, the desktop
simulator and the tests all call ``run`` with their own hardware object. Screens are drawn into
one reused View (play.view). The lights and sound settings live in the match and its save
(:meth:`App.apply_settings`); the table lights the seat to act, flashes a magic show and beeps.

Saves (play.table says when): a save that cannot be read is kept aside, never deleted, and the
player told why; one that cannot be written (a full or read-only flash, no heap for its buffer)
is reported once, and again only after ten saves in a row succeeded (``save_failed``), and the
game goes on. Any other error stops that game, not the program: a message, the save kept aside,
back to the title.
"""

import gc

import hal
from play import lang
from play import match as mt
from play import ui as _ui
from play import view as v
from play.lang import said, say
from play.table import Table

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# Menu entries and screens by id: play/ui.py's table, the lines this module uses.
_ABOUT = const(0)
_RULES = const(1)
_STATISTICS = const(2)
_HINT = const(3)
_SETUP = const(6)
_CONTINUE = const(7)
_SPEED = const(10)
_SETTING = const(15)
_LOAD = const(19)
_LANGUAGE = const(20)

# The screens shown now and then, by id (play/ui.py: ABOUT ... LOAD): "module function" of each,
# play/<module>.py's function that App.screen runs (the entries' ids CONTINUE..RECAP are no screens).
_SCREENS = (
    "screens about|rules_text show|stats show|hint hint|recap log|menu page|screens setup||||||||"
    "menu game_menu|menu next_setting|roundend summary|recap show|stats record|load load"
)

# Modules loaded for a moment, now and then (App.screen, the load checks, the rules' text).
NOW_AND_THEN = (
    "play.screens",
    "play.menu",
    "play.roundend",
    "play.rules_text",
    "play.recap",
    "play.hint",
    "play.stats",
    "play.prompts",
    "hal.saves.aside",
)


def intern_names():
    """Load and drop each module used now and then, at start-up, for its names' sake.

    CircuitPython keeps every name (qstr) a module uses for good, in pools that double in
    size: the 1,261st name of a run allocates a pool of 1,280 names, 7.7 KB in one block. Met
    in the middle of a game, in a heap full of small objects, that block may not be found;
    at start-up, with the heap still nearly empty, it always is. Loading these modules then
    interns their names early (loaded again later they intern none). code.py has it done once
    the title is up (``Ui.later``): ~0.3 s of a SAMD51's start-up. (play/load.py and
    engine/checks.py are not here: only start-up loads them.)"""
    for name in NOW_AND_THEN:
        try:
            __import__(name)
        except (ImportError, MemoryError):  # (hal.saves.aside: not on every board; no room now: never fatal)
            pass
        hal.forget(name)
        gc.collect()  # (its code's heap back in one piece before the next module loads)


def run(hw, later=None):
    """Run the game on ``hw`` until the power goes off (or the HAL stops it); ``later``: work put
    off until the first screen is up (code.py: :func:`intern_names`)."""
    a = App(hw)
    a.ui.later = later
    a.run()


class App:
    def __init__(self, hw):
        self.hw = hw
        self.ui = _ui.Ui(hw)
        self.match = None  # the saved or current match, if any
        self.setup_match = mt.Match()  # the settings the next new game starts with
        self.save_failed = 0  # after a failure: the saves in a row still to succeed before a new one is news
        self._rgb = 0  # the lights' colour (App.flash goes back to it)

    def run(self):
        self.begin()
        cursor = 0
        new = True  # False: the title again after a setting changed on it (play/ui.py)
        while True:
            choice, i = self.title(cursor, new)
            cursor = max(i, 0)
            new = True
            try:
                if choice >= _SPEED:  # a setting: its next value
                    self.screen(_SETTING, self, choice)
                    self.save()  # kept with the save, when there is one
                    new = False
                elif choice == _CONTINUE:
                    self.play(say("Game resumed"))  # what happened last was not saved: say where we are
                elif choice == _SETUP:
                    if self.screen(_SETUP, self):
                        replaces = self.match is not None and self.match.where != mt.FINISHED
                        self.match = self.setup_match
                        self.setup_match = self.match.copy()
                        self.match.start(self.hw.entropy())
                        if replaces:  # else its first save waits for its first human decision
                            self.save()
                        self.play()
                elif choice >= 0:  # Rules, Statistics, About: the screen of that id
                    self.screen(choice, self)
            except Exception as e:  # a bug or a store's surprise must not end the program
                self.match = None  # (the state in memory may be half changed)
                try:  # say so (play/load.py: loaded for it)
                    self.screen(_LOAD, self, e)
                except MemoryError:  # (no room even for that: back to the title, the save kept)
                    pass
                cursor = 0

    def begin(self):
        """Before the title: the settings, the board's notices, the save loaded (play/load.py)."""
        self.apply_settings()
        for note in self.hw.notices:  # (hal's words, said part by part: "Lights off: write failed")
            note = ": ".join([said(part) for part in note.split(": ")])
            self.ui.message(say("Note"), _ui.wrap(note), color=v.ALERT)
        self.screen(_LOAD, self)  # the save, if any (play/load.py: not kept)
        self.apply_settings()

    def title(self, cursor, new):
        """The title's menu: (the entry chosen, -1 for none, and its index). A method of its own: the
        frame of run() stays small under every game (the pystack, tools/pystack.py), as with begin()."""
        resumable = self.match is not None and self.match.where != mt.FINISHED
        items = ([_CONTINUE] if resumable else []) + [_SETUP, _RULES] + self.ui.settings()
        items += [_STATISTICS, _ABOUT]
        rows = len(self.ui.view.lines)  # (8; a screen with the height, more)
        if len(items) > rows:  # every item on screen: with Continue, Language is in the game's menu
            items.remove(_LANGUAGE)
        # Every item on screen where it fits: the board's name goes first, then the line above it.
        header = (say("Reiner Knizia's card game"), say("on %s") % self.hw.name)[: max(0, rows - len(items))]
        labels = mt.labels(items, self.setup_match)
        i = self.ui.menu("L.A.M.A. Kadabra", labels, cursor, header=header, back=False, new=new)
        return (items[i] if i >= 0 else -1), i

    def apply_settings(self):
        """The brightness and sound settings to the hardware (the lights redrawn at the new level),
        and the language: the one picked in the menu (kept in the save), else the one the board or
        desktop asks for (``hw.language``: LAMA_LANG, the firmware's or desktop's locale), else
        English; ``--lang`` on the desktop wins over the menu's (``hw.language_wins``)."""
        m = self.setup_match
        hw = self.hw
        hw.lights.level = m.brightness
        hw.sound.on = m.sound
        hw.lights.show(self._rgb)
        wish = lang.CODES.index(hw.language) if hw.language in lang.CODES else 0
        i = m.lang - 1 if m.lang and not hw.language_wins else wish
        if i != lang.code or i != self.ui.spoken:  # (English at start-up: nothing to load)
            from play import speak

            speak.speak(self.ui.view, hw.buttons.labels, i)
            hal.forget("play.speak")  # (its code: for this moment; the catalog stays, every screen asks it)
            self.ui.spoken = lang.code

    # ---- lights and sound, for the table ----------------------------------------------
    def light(self, seat):
        """The lights in ``seat``'s colour (play.view.SEAT_COLORS); -1: off."""
        self._rgb = v.SEAT_COLORS[seat] if 0 <= seat < len(v.SEAT_COLORS) else 0
        self.hw.lights.show(self._rgb)

    def flash(self):
        """A magic show: the lights flash white and magenta (480 ms), then their colour again."""
        lights = self.hw.lights
        if not lights.count or not lights.level:
            return  # nothing to see: no waiting either
        sleep_ms = self.hw.clock.sleep_ms
        for _ in range(3):
            lights.show(0xFFFFFF)
            sleep_ms(80)
            lights.show(0xFF00FF)
            sleep_ms(80)
        lights.show(self._rgb)

    def beep(self, kind):
        """``hw.sound.beep(kind)`` (hal.BEEP_TURN, hal.BEEP_OVER) when the sound is on."""
        if self.setup_match.sound:
            self.hw.sound.beep(kind)

    def play(self, event=""):
        """Play the match until it is over or saved and quit; ``event`` is the first last-move line."""
        try:  # the store's record buffer made now, for this game's largest save
            self.hw.storage.room(len(self.match.room()))
        except MemoryError:  # (no block for it now: a save makes it, or says it could not)
            pass
        table = Table(self)
        table.event = event
        try:
            table.run()
        finally:
            self.light(-1)  # back to the title: the lights go off
        self.save()

    # ---- now and then: screens loaded for the moment --------------------------------
    def screen(self, what, *args):
        """Run screen ``what`` (an id of play/ui.py: SETUP, ABOUT, ... LOAD) with ``args``: the function
        the registry (``_SCREENS``) names in its module of play/, the module dropped after; its result."""
        import play

        module, name = _SCREENS.split("|")[what].split()
        # From .mpy files (what the bundle ships) the bots' module is dropped while a screen's module
        # is loaded (a hint's asks it), and loaded again at the next bot's move (~16 ms on a
        # SAMD51): the screen's code finds its room (the board flows: 1-10 KB less heap). From .py
        # sources each load would compile bots.py again (seconds, its parse on the heap): kept.
        if what != _HINT and __file__.endswith(".mpy"):
            hal.forget("engine.bots")
            hal.forget("engine.search")  # (Hard's, when a Hard bot has played)
        # On a board only (play/ui.py's ON_BOARD): on CPython a full collection costs milliseconds,
        # thousands of times in the tests, and helps nothing.
        if _ui.ON_BOARD:
            gc.collect()  # (the module's code into the lowest free blocks)
        __import__("play." + module)
        try:
            return getattr(getattr(play, module), name)(*args)
        finally:
            hal.forget("play." + module)
            if _ui.ON_BOARD:
                gc.collect()  # its code's heap free at once, for what comes next to fill (less fragmented)

    # ---- saving --------------------------------------------------------------------
    def save(self):
        """Store the match (a store writes nothing when it holds the same); False when it failed."""
        if self.match is None or self.match.game is None:
            return True
        try:
            self.hw.storage.save(self.match.pack())  # the store copies what it keeps
        except (OSError, MemoryError) as e:  # (a heap with no room for the record: the same, said)
            print("lama: not saved:", _ui.errno(e))  # the console hears of every one
            said = self.save_failed
            self.save_failed = 10  # (a flash that fails now and then is not reported every time)
            if not said:  # say it once, then play on
                self.ui.message(
                    say("Not saved"),
                    _ui.wrap(say("Can't save (%s). The game goes on; if the power goes, it is lost.") % _ui.errno(e)),
                    self.ui.footer(say("play on")),
                    v.ALERT,
                )
            return False
        if self.save_failed:  # saves work again: after ten, a new failure is news
            self.save_failed -= 1
        return True
