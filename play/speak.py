"""Switching the game's language (play/app.py, at start-up and from the Language setting), loaded
for that moment and dropped: the catalog opened (play/catalog.py reads it), and the View's words the hardware
draws itself (the action buttons, the table's token rows, a text screen's glyph words, the touch
footer's parts, the letters beyond ASCII its font strip needs).
"""

from play import catalog, lang


def folder():
    """Where the catalogs are: ``play/text/`` beside this module (a board: ``/play/text/``)."""
    here = __file__.replace("\\", "/")
    return here[: here.rfind("/") + 1] + "text/" if "/" in here else "play/text/"


def use(i):
    """Speak language ``i`` (an index of play/lang.CODES) from now on. A catalog missing or damaged
    leaves the game in English (returns False): a word in English beats no word."""
    if catalog.file is not None:
        catalog.file.close()
    lang.code = 0
    lang.find = None
    catalog.file = None
    if not 0 < i < len(lang.CODES):
        return i == 0
    try:
        f = open(folder() + lang.CODES[i] + ".bin", "rb")
    except OSError:
        return False
    head = f.read(catalog.HEAD)
    if len(head) < catalog.HEAD or head[:4] != catalog.MAGIC or head[4] != 1:
        f.close()
        return False
    catalog.count = head[6] | head[7] << 8
    catalog.file = f
    lang.code = i
    lang.find = catalog.find
    return True


def speak(view, labels, i):
    """Speak language ``i`` from the next screen on, ``view`` (the flow's one View) with its words;
    ``labels``: the board's names of its inputs (a touch screen's footer parts are words)."""
    if not use(i):
        use(0)  # (a catalog missing or damaged: English, every word still there)
    say = lang.say
    # (play/view.py's SPEECH: the buttons, the token rows, the glyphs' words)
    if lang.code:
        glyphs = say("llama| white| black| magic| cards")
        view.speech = "|".join((say("Draw|Quit|Skip|Take|Swap"), say("Stage|You"), glyphs))
    else:
        view.speech = type(view).speech  # (English's: the class's own string)
    view.more = say("")  # (tools/lang.py: a catalog's "" is the letters its texts use beyond ASCII)
    if view.labels is not None:  # a touch screen's footer parts, as the footers name them
        from play import ui

        view.labels = tuple([ui.named(label) for label in labels])
