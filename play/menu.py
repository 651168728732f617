"""The game's menu (Start in a game), the settings' next values (from it and from the title) and
the legend of the marks: loaded for the moment (``App.screen``: play/ui.py's ids GAME_MENU, SETTING,
MARKS), apart from the setup (play/screens.py), so that each is small where it comes: a board
compiling sources compiles only what the moment needs.
"""

from play import match as mt
from play.lang import say

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# Menu entries and screens by id: play/ui.py's table, the lines this module uses.
_RULES = const(1)
_HINT = const(3)
_LOG = const(4)
_MARKS = const(5)
_RESUME = const(8)
_SAVE_QUIT = const(9)
_SPEED = const(10)
_LIGHTS = const(11)
_RECAP = const(13)
_LANGUAGE = const(20)


def next_setting(app, choice):
    """A on a setting's entry ``choice`` (play/ui.py's ids: SPEED, LIGHTS, SOUND, RECAP): its next value.

    The bots' pace, the lights' brightness (Off, Low, Mid, High), sound on/off or when "Since
    your turn" comes (play/recap.py: Auto, On, Off); kept for new games too, and the lights and
    sound applied to the hardware at once.
    """
    m = app.setup_match
    if choice == _SPEED:
        m.speed = (m.speed + 1) % mt.SPEED_COUNT
    elif choice == _LIGHTS:
        m.brightness = (m.brightness + 1) % mt.BRIGHTNESS_COUNT
    elif choice == _RECAP:
        m.recap = (m.recap + 1) % mt.RECAP_COUNT
    elif choice == _LANGUAGE:  # the next one, spoken at once (the menu redrawn in it)
        from play import lang

        m.lang = (lang.code + 1) % len(lang.CODES) + 1
    else:
        m.sound = not m.sound
    if app.match is not None:
        app.match.speed = m.speed
        app.match.brightness = m.brightness
        app.match.sound = m.sound
        app.match.recap = m.recap
        app.match.lang = m.lang
    app.apply_settings()


def game_menu(app, choice=_RESUME):
    """The Start menu in a game: the entry chosen (play/ui.py's ids), RESUME (B too), SAVE_QUIT,
    HINT, LOG (the round's log) or RULES: the turn opens those screens once this module is dropped
    (play/hint.py, play/recap.py, play/rules_text.py), so that the two are never on a board's heap
    at once: ~3 KB. The settings and the marks' page are done here. ``choice``: the entry it opens on
    (the turn opens it on Hint again after a hint). Lights and Sound only where the board has them
    (Ui.settings)."""
    m = app.match
    items = [_RESUME, _HINT, _LOG, _RULES, _SAVE_QUIT] + app.ui.settings() + [_RECAP, _MARKS]
    cursor = items.index(choice)
    new = True
    while True:
        labels = mt.labels(items, m)
        footer = app.ui.footer(say("choose"), say("resume"), "", app.ui.move)
        i = app.ui.menu(say("Menu"), labels, cursor, footer, new=new)
        cursor = i
        new = True
        choice = items[i] if i >= 0 else _RESUME
        if choice == _MARKS:
            page(app)
        elif choice >= _SPEED:  # a setting: its next value
            next_setting(app, choice)
            app.save()  # a power cut keeps it too
            new = False  # the same menu, a value changed
        else:
            return choice


def page(app):
    """The legend: what every mark on the table means (the game's own glyphs: play/view.py): from the game's
    menu, and once at the first game ever (play/table.py, ``Match.seen``)."""
    app.ui.message(
        say("What the marks mean"),
        say(
            "Ana  6\x08 12: a player, the|cards in hand, the points|\x05 white token: 1 point|"
            "\x06 black token: 10 points|\x07 magic token: skip a turn|\x01 \x02 \x03 card icons, \x04 llama|"
            "Stage: its tokens; a show|at 5 (the dots top right)"
        ).split("|"),
    )
