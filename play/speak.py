"""Switching the game's language (play/app.py, at start-up and from the Language setting), loaded
for that moment and dropped: the catalog (play/catalog.py), and the View's words the hardware
draws itself (the action buttons, the table's token rows, a text screen's glyph words, the touch
footer's parts, the letters beyond ASCII its font strip needs).
"""

from play import catalog, lang


def speak(view, labels, i):
    """Speak language ``i`` from the next screen on, ``view`` (the flow's one View) with its words;
    ``labels``: the board's names of its inputs (a touch screen's footer parts are words)."""
    if not catalog.use(i):
        catalog.use(0)  # (a catalog missing or damaged: English, every word still there)
    say = lang.say
    view.items = tuple(say("Draw|Quit|Skip|Take|Swap").split("|"))
    view.panel = tuple(say("Stage|You").split("|"))  # the table's token rows (5 letters at most)
    # (the card icons as shapes, as hal/textview.py shows them in any language)
    words = "\u25cb|\u25a1|\u2606|" + say("llama| white| black| magic| cards")
    view.words = tuple(words.split("|")) if lang.code else None
    view.more = say("")  # (tools/lang.py: a catalog's "" is the letters its texts use beyond ASCII)
    if view.labels is not None:  # a touch screen's footer parts, as the footers name them
        from play import ui

        view.labels = tuple([ui.named(label) for label in labels])
