"""Menus and screens by name (issue 37, item 4): a menu's entries are ids (play/ui.py), what is chosen
is compared as an id, and a label is only ever drawn: play/ compares no drawn word, and the flow
goes the same way whatever the labels say (what lets them be translated: issue 38)."""

import ast
import os
import re

from engine import rng
from hal import mock
from play import app as appmod
from play import match as mt
from play import ui
from play import view as v
from tests.flow_driver import Driver, random_choice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The comparisons with a string literal play/ may make, each with its reason: none is a label drawn
# by a menu. (file, the comparison as ast.unparse writes it)
ALLOWED = {
    ("app.py", "__file__.endswith('.mpy')"),  # the module's file: compiled or source
    ("view.py", "text.find('|', i)"),  # the separator of a group of texts (play/view.py's cut), never drawn
    ("rules_text.py", "lines[-1][:1] == '='"),  # the rules pages' own markup, never drawn
    ("table.py", "act == 'tap'"),  # the board's own name of its act input (hal/boards), not a word of play/
    ("ui.py", "'unknown' in words"),  # CPython's os.strerror words, not drawn as such
    ("speak.py", "'/' in here"),  # a path's separator, not a word
    ("ui.py", "label[:5] == 'hold '"),  # a board's label ("hold B": hal/boards/pins.py), not play's word
    ("view.py", "n == 'L'"),  # the engine's name of the llama card (engine/cards.py), drawn as its glyph
}


def _compared_literals(path):
    """(the comparison, its line) of every ==, !=, in, not in, .startswith(), .endswith(), .find(),
    .index() or .count() in ``path`` that has a string literal on one side."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)

    def literal(x):
        if isinstance(x, ast.Constant) and isinstance(x.value, str):
            return True
        return isinstance(x, (ast.Tuple, ast.List, ast.Set)) and any(literal(e) for e in x.elts)

    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(literal(x) for x in [node.left] + node.comparators):
            out.append((ast.unparse(node), node.lineno))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("startswith", "endswith", "find", "index", "count") and any(
                literal(a) for a in node.args
            ):
                out.append((ast.unparse(node), node.lineno))
    return out


def test_play_compares_no_drawn_label():
    found = []
    folder = os.path.join(ROOT, "play")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            for text, line in _compared_literals(os.path.join(folder, name)):
                if (name, text) not in ALLOWED:
                    found.append("play/%s:%d: %s" % (name, line, text))
    assert not found, "a word compared (compare ids, play/ui.py; a label is only drawn):\n" + "\n".join(found)


def test_the_check_finds_a_label_compared():
    # (the check itself: the comparisons of the menus before issue 37 are found)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "old.py")
        with open(path, "w") as f:
            f.write('if choice.startswith("Speed") or choice == "Continue" or row in ("Rules", x):\n    pass\n')
        assert len(_compared_literals(path)) == 3


def test_every_entry_has_a_label_and_every_screen_a_function():
    words = mt.ENTRIES.split("|")
    assert len(words) == ui._LANGUAGE + 1 and all(words[: ui._RECAP + 1]) and words[ui._LANGUAGE]
    assert not any(words[ui._RECAP + 1 : ui._LANGUAGE])  # (the screens' ids between: no entries)
    screens = appmod._SCREENS.split("|")
    assert len(screens) == ui._LOAD + 1
    for sid in range(len(screens)):
        if ui._CONTINUE <= sid <= ui._RECAP:  # entries alone
            assert screens[sid] == ""
            continue
        module, name = screens[sid].split()
        assert "play." + module in appmod.NOW_AND_THEN or module == "load"
        mod = __import__("play." + module, fromlist=[name])
        assert callable(getattr(mod, name)), screens[sid]


def _ids(path):
    """{name: value} of the private consts ``_NAME = const(n)`` at the top level of ``path``."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            call = node.value
            if getattr(call.func, "id", None) == "const" and isinstance(node.targets[0], ast.Name):
                out[node.targets[0].id] = call.args[0].value
    return out


def test_every_module_has_the_ids_of_play_ui():
    # The ids are private consts (free on a board: mpy-cross folds them away), so each module that
    # uses one has its own line of play/ui.py's table: every copy must be that line.
    ids = _ids(os.path.join(ROOT, "play", "ui.py"))
    table = dict((k, v) for k, v in ids.items() if not k.endswith("_MS"))  # (the polling time is no id)
    assert sorted(table.values()) == list(range(ui._LOAD + 1)) + [ui._LANGUAGE]
    users = 0
    for name in sorted(os.listdir(os.path.join(ROOT, "play"))):
        if name.endswith(".py") and name != "ui.py":
            mine = _ids(os.path.join(ROOT, "play", name))
            shared = [k for k in mine if k in table]
            assert all(mine[k] == table[k] for k in shared), name
            users += bool(shared)
            with open(os.path.join(ROOT, "play", name)) as f:
                text = f.read()
            for k in set(re.findall(r"\b_[A-Z][A-Z_]+\b", text)) & set(table):  # (a use has its line)
                assert k in mine, "%s uses %s without its line" % (name, k)
    assert users >= 5


# The entries' labels in other words (German, in ASCII): only what is drawn changes.
OTHER_WORDS = (
    "Info|Regeln|Statistik|Tipp|Rundenverlauf|Was die Zeichen zeigen|Neues Spiel|Weiter|Zurueck ins Spiel|"
    "Sichern und beenden|Tempo|Lichter|Ton|Rueckblick|||||||Sprache"
)


def _run(monkeypatch, words):
    """A game through every entry of the title and of the game's menu (by position, never by label),
    the rest played by the test player: (the screens, the game's record)."""
    monkeypatch.setattr(mt, "ENTRIES", words)
    hw = mock.Hardware("", seed=7)
    app = appmod.App(hw)
    driver = Driver(app, random_choice(rng.Rng(4)), 4000, None)
    state = {"title": 0, "turns": 0, "entry": 0}

    def feed():
        view = hw.screen.view
        if view.title == "L.A.M.A. Kadabra":  # Speed twice, Rules, Statistics, About, then the first entry
            state["title"] += 1
            header = 0
            while view.colors[header] == v.DIM:
                header += 1
            k = state["title"]
            if k > 8:
                return ""
            go = (2, 2, 1, 6, 7, 0, 0, 0)[k - 1]  # (the rows of a title without Continue, then its first)
            return " ".join(["Up"] * (view.line_cursor - header) + ["Down"] * go + ["A"])
        if view.title == "Menu":  # back from the menu (after a hint, a setting, the marks)
            return "B"
        if view.title.startswith("Round ") and view.card_cursor >= 0:
            state["turns"] += 1
            k = state["entry"]
            if state["turns"] % 2 == 0 and k < 10:  # the game's menu, entry k (Save and quit: 4)
                state["entry"] += 1
                k += k >= 8  # (not Language, 8: the game would go on in German)
                return " ".join(["Start"] + ["Down"] * k + ["A"])
        return driver()

    hw.buttons.feed = feed
    try:
        app.run()
    except mock.Done:
        pass
    return hw.screen.screens, app.match.game.to_bytes()


def _masked(screens, words):
    """The screens with each entry's label (``words``) put as its id: what stays when labels change."""
    labels = words.split("|")
    pattern = re.compile(
        r"^([> ] )(%s)(?=$|:| )" % "|".join(re.escape(w) for w in sorted(labels, key=len, reverse=True))
    )
    out = []
    for screen in screens:
        out.append(
            [
                " ".join(pattern.sub(lambda m: m.group(1) + "#%d" % labels.index(m.group(2)), line).split())
                for line in screen
            ]
        )
    return out


def test_the_flow_goes_the_same_way_whatever_the_labels_say(monkeypatch):
    words = mt.ENTRIES
    english, game = _run(monkeypatch, words)
    other, other_game = _run(monkeypatch, OTHER_WORDS)
    rows = [line for screen in english for line in screen]
    # every entry was chosen: the settings changed, the screens they open seen, a save and quit resumed
    for seen in ("Speed: Instant", "= Rules: the cards", "= Statistics", "= About", "= Hint", "> Continue"):
        assert any(seen in line for line in rows), seen
    assert any(line.startswith("= Round") and " log" in line for line in rows)
    assert any("Recap: On" in line for line in rows) and any("What the marks mean" in line for line in rows)
    assert any("Tempo: Instant" in line for screen in other for line in screen)
    assert other_game == game
    assert _masked(other, OTHER_WORDS) == _masked(english, words)
