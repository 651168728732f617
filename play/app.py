"""The game flow: title, setup, play, menus, saving. ``run(hw)`` is the whole program.

Written against the HAL interface only (see hal/__init__.py): the board's
code.py, the desktop simulator and the tests all call ``run`` with their own
hardware object. Screens are drawn into one reused View (play.view).

Lights and sound: the settings (brightness, sound on or off) live in the
match and its save, beside the bots' speed, and go to ``hw.lights.level`` and
``hw.sound.on`` at once. The table lights the seat to act (:meth:`App.light`),
flashes a magic show (:meth:`App.flash`) and beeps (:meth:`App.beep`); back on
the title the lights are off.

Saves: after every action (play.table) and on leaving a game. A save that
cannot be read is kept aside, never deleted, and the player is told why; a
save that cannot be written (full or read-only flash) is reported once and
the game goes on. Any other error of the game or of a store stops that game,
not the program: a message, the save kept aside, back to the title.
"""

import hal
from play import match as mt
from play import ui as _ui
from play import view as v
from play.table import Table


def run(hw):
    """Run the game on ``hw`` until the power goes off (or the HAL stops it)."""
    App(hw).run()


class App:
    def __init__(self, hw):
        self.hw = hw
        self.ui = _ui.Ui(hw)
        self.match = None  # the saved or current match, if any
        self.setup_match = mt.Match()  # the settings the next new game starts with
        self.save_failed = False
        self._rgb = 0  # the lights' colour (App.flash goes back to it)

    def run(self):
        self.apply_settings()
        for note in self.hw.notices:
            self.ui.message("Note", _ui.wrap(note), "A: OK", v.ALERT)
        self.load()
        self.apply_settings()
        cursor = 0
        new = True  # False: the title again after a setting changed on it (play/ui.py)
        while True:
            resumable = self.match is not None and self.match.where != mt.FINISHED
            items = (["Continue"] if resumable else []) + [
                "New game",
                "Rules",
                "Speed: " + mt.SPEEDS[self.setup_match.speed],
                "Lights: " + mt.BRIGHTNESS[self.setup_match.brightness],
                "Sound: " + ("On" if self.setup_match.sound else "Off"),
                "About",
            ]
            # Every item on screen, no scrolling: the board's name goes when Continue comes.
            header = ("Reiner Knizia's card game", "on " + self.hw.name)[: v.LINES - len(items)]
            i = self.ui.menu("L.A.M.A. Kadabra", items, cursor, "A: choose", None, header, new=new)
            cursor = max(i, 0)
            choice = items[i] if i >= 0 else ""
            new = True
            try:
                if choice.startswith("Speed") or choice.startswith("Lights") or choice.startswith("Sound"):
                    self.screen("next_setting", self, choice)
                    self.save()  # kept with the save, when there is one
                    new = False
                elif choice == "Continue":
                    self.play("Game resumed")  # what happened last was not saved: say where we are
                elif choice == "New game" and self.screen("setup", self):
                    self.match = self.setup_match
                    self.setup_match = _copy_settings(self.match)
                    self.match.start(self.hw.entropy())
                    self.save()
                    self.play()
                elif choice == "Rules":
                    self.screen("rules", self)
                elif choice == "About":
                    self.screen("about", self)
            except Exception as e:  # a bug or a store's surprise must not end the program
                self._stopped(e)
                cursor = 0

    def _stopped(self, e):
        """The game hit an error: keep its save aside (the state in memory may be half changed)."""
        self.match = None
        try:
            where = "Kept as " + self.hw.storage.set_aside()[:18]
        except Exception as e2:
            where = "Not kept: %s" % _errno(e2)
        text = "%s: %s" % (type(e).__name__, e)
        print("lama: the game stopped on an error:", text)  # the console too (a board's owner, the tests)
        lines = _ui.wrap("The game stopped on an error:") + _ui.wrap(text[:78]) + [where]
        self.ui.message("Game stopped", lines + _ui.wrap("Back to the title."), "A: OK", v.ALERT)

    def apply_settings(self):
        """The brightness and sound settings to the hardware (the lights redrawn at the new level)."""
        m = self.setup_match
        self.hw.lights.level = m.brightness
        self.hw.sound.on = m.sound
        self.hw.lights.show(self._rgb)

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
        table = Table(self)
        table.event = event
        try:
            table.run()
        finally:
            self.light(-1)  # back to the title: the lights go off
        self.save()

    # ---- now and then: play/screens.py, loaded for the moment --------------------
    def screen(self, name, *args, module="screens"):
        """Run ``name`` of play/<module>.py with ``args``, then drop the module: its result.

        play/screens.py has ``setup``, ``about``, ``rules``, ``game_menu`` and ``next_setting``;
        play/roundend.py has ``summary``."""
        import play

        __import__("play." + module)
        try:
            return getattr(getattr(play, module), name)(*args)
        finally:
            hal.forget("play." + module)

    # ---- saving --------------------------------------------------------------------
    def load(self):
        """Read the save, if any; a damaged one is kept aside and reported."""
        storage = self.hw.storage
        try:
            data = storage.load()
        except Exception as e:  # OSError, or a store's own surprise
            self.ui.message(
                "Saves", _ui.wrap("Can't read the save (%s). New games only." % _errno(e)), "A: OK", v.ALERT
            )
            return
        if not data:
            return
        try:
            self.match = mt.Match.from_bytes(data)
            self.setup_match = _copy_settings(self.match)
            hal.forget("engine.checks")  # the rule checks of loaded data are done
        except Exception as e:  # ValueError says what is wrong; anything else is a bug, kept too
            try:
                where = storage.set_aside()
            except Exception as e2:
                where = "nowhere (%s)" % _errno(e2)
            lines = (
                _ui.wrap("The saved game can't be loaded: %s." % e)
                + ["Kept as " + where[:18]]
                + _ui.wrap("Starting fresh.")
            )
            self.ui.message("Save not loaded", lines, "A: OK", v.ALERT)

    def save(self):
        if self.match is None or self.match.game is None:
            return
        try:
            self.hw.storage.save(self.match.pack())  # the store copies what it keeps
            self.save_failed = False
        except OSError as e:
            if not self.save_failed:  # say it once, then play on
                self.save_failed = True
                self.ui.message(
                    "Not saved",
                    _ui.wrap("Can't save (%s). The game goes on; if the power goes, it is lost." % _errno(e)),
                    "A: play on",
                    v.ALERT,
                )


def _errno(e):
    if not isinstance(e, OSError):
        return type(e).__name__
    code = e.args[0] if e.args else 0
    if code == 28:
        return "storage full"
    if code == 30:
        return "storage read-only"
    return "error %s" % code


def _copy_settings(m):
    s = mt.Match()
    s.players = m.players
    s.variant = m.variant
    s.speed = m.speed
    s.brightness = m.brightness
    s.sound = m.sound
    s.kinds[:] = m.kinds
    s.names[:] = m.names
    return s
