"""The game in English, German and French (issue 38): the catalogs, the lookup, the choice, the flows.

Every text the code says (``say("...")``, play/lang.py) has its German and French translation in
play/text/*.po with the same placeholders and groups, every character of them can be drawn (the
game's own glyphs and an ASCII-only font: tests/test_glyphs.py), the .bin catalogs are what
tools/lang.py writes, and a whole game plays in each language on every kind of screen.
"""

import os
import re

import pytest

from engine import codec
from hal import mock
from play import app as appmod
from play import catalog, lang, speak
from play import match as mt
from play import view as v
from play.lang import say
from tests.flow_driver import Driver, random_choice
from tools import glyphs
from tools import lang as tool

LANGS = ("de", "fr")
PLACEHOLDER = re.compile(r"%[-0-9]*[sd]|\{[^}]*\}")


@pytest.fixture(autouse=True)
def english_after():
    yield
    speak.use(0)


@pytest.fixture(scope="module")
def keys():
    return tool.found()


def placeholders(text):
    """A text's placeholders by what they take (a width may differ: "{0:4d}", "{0:3d}" are "{0:d}")."""
    out = []
    for p in PLACEHOLDER.findall(text):
        if p[0] == "%":
            out.append("%" + p[-1])
        else:
            name, _, spec = p[1:-1].partition(":")
            out.append("{%s:%s}" % (name, spec.lstrip("0123456789<>^ ")[-1:]))
    return out


def table(code):
    return tool.read_po(os.path.join(tool.TEXT, code + ".po"))


def test_the_catalogs_are_what_tools_lang_writes_from_the_code_and_the_po_files():
    assert tool.main(["--check"]) == 0  # every key translated, the .po and .bin up to date


@pytest.mark.parametrize("code", LANGS)
def test_every_text_has_its_translation_with_the_same_placeholders_and_parts(code, keys):
    have = table(code)
    for key in keys:
        text = have.get(key, "")
        assert text, (code, key)
        assert sorted(placeholders(text)) == sorted(placeholders(key)), (code, key, text)
        assert text.count("|") == key.count("|"), (code, key, text)


@pytest.mark.parametrize("code", LANGS)
def test_every_character_can_be_drawn(code):
    # The texts said in the language, and its own name (the Language entry's value, play/lang.py's
    # NAMES, shown as it is: "Français" drew its "ç" as "?" while French was spoken).
    name = lang.NAMES.split("|")[lang.CODES.index(code)]
    more = glyphs.needed(list(table(code).values()) + [name])  # (ValueError names one the game cannot draw)
    assert set(more) <= set(glyphs.CHARS) and len(more) <= 24  # (the renderer's spare cells: hal/render/build.py)
    assert speak.use(lang.CODES.index(code))
    assert say("") == more  # the catalog's letters: the renderer's font strip
    assert all(c in more for c in name if ord(c) > 126)


@pytest.mark.parametrize("code", LANGS)
def test_the_buttons_names_fit_a_button(code):
    speak.use(lang.CODES.index(code))
    names = say("Draw|Quit|Skip|Take|Swap").split("|")
    assert len(names) == 5 and all(0 < len(n) <= 4 and n.isascii() for n in names), names


@pytest.mark.parametrize("code", LANGS)
def test_say_finds_every_text_in_the_open_catalog(code, keys):
    have = table(code)
    assert speak.use(lang.CODES.index(code)) and lang.code == lang.CODES.index(code)
    for key in keys:
        assert say(key) == have[key]
    assert say("a text no catalog has") == "a text no catalog has"  # English, never nothing
    speak.use(0)
    assert lang.code == 0 and say("Pass the device") == "Pass the device"


def test_a_missing_or_damaged_catalog_leaves_the_game_in_english(tmp_path, monkeypatch):
    monkeypatch.setattr(speak, "folder", lambda: str(tmp_path) + "/")
    assert not speak.use(1) and lang.code == 0
    (tmp_path / "de.bin").write_bytes(b"junk and more junk")
    assert not speak.use(1) and lang.code == 0
    assert say("Pass the device") == "Pass the device"


def test_two_keys_with_one_hash_are_refused():
    # djb2 over 24 bits: find two texts that share one, and the build refuses them.
    seen = {}
    for i in range(200000):
        text = "t%d" % i
        h = catalog.key(text)
        if h in seen:
            with pytest.raises(ValueError, match="share hash"):
                tool.catalog({seen[h]: "a", text: "b"})
            return
        seen[h] = text
    pytest.fail("no two texts share a hash in 200,000")


def test_the_po_format_reads_back_what_it_writes():
    for text in ("plain", 'a "quoted" \\ text', "two\nlines\n", "glyphs \x01\x05 and «é»", ""):
        assert tool.unquote(tool.quote(text)) == text
    po = tool.po_text("de", {"a\nb": ["play/x.py:1"], "c|d": ["hal"]}, {"a\nb": "x\ny", "c|d": "e|f"})
    path = os.path.join(tool.TEXT, "..", "..", "tests", "_tmp.po")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(po)
        assert tool.read_po(path) == {"a\nb": "x\ny", "c|d": "e|f"}
    finally:
        os.remove(path)


# ---- the choice -----------------------------------------------------------------------------
def play(lang_wish="", script="", screens=200, save=None, wins=False, board=None):
    hw = mock.Hardware(script, save=save, seed=3, board=board)
    hw.language = lang_wish
    hw.language_wins = wins
    app = appmod.App(hw)
    driver = Driver(app, random_choice(__import__("engine.rng", fromlist=["Rng"]).Rng(5)), screens)
    hw.buttons.feed = driver
    try:
        app.run()
    except mock.Done:
        pass
    return hw, app


def titles(hw):
    return [s[0] for s in hw.screen.screens]


def test_the_first_start_speaks_what_the_board_asks_for():
    for code, new_game in (("", "New game"), ("en", "New game"), ("de", "Neues Spiel"), ("fr", "Nouvelle partie")):
        hw, _ = play(code, screens=1)
        assert any(line[2:].startswith(new_game) for line in hw.screen.screens[0]), (code, hw.screen.screens[0])


def test_the_language_picked_in_the_menu_is_kept_in_the_save_and_wins_over_the_boards():
    m = mt.Match()
    m.start(1)
    m.lang = 3  # French, picked in the menu
    data = bytes(m.to_bytes())
    assert mt.Match.from_bytes(data).lang == 3
    assert data[codec.HEAD + 1] == 0 | 3 << 2  # (the variant byte's bits 2-3: a save of before reads as none)
    hw, app = play("de", save=data, screens=1)
    assert lang.code == 2 and app.setup_match.lang == 3
    hw, app = play("de", save=data, screens=1, wins=True)  # the desktop's --lang wins
    assert lang.code == 1


def test_the_language_entry_steps_through_the_three_each_named_in_its_own_words():
    hw = mock.Hardware("", seed=3)
    app = appmod.App(hw)
    app.apply_settings()
    items = app.ui.settings()
    assert items[-1] == 20  # (play/ui.py's LANGUAGE)
    seen = []
    from play import menu

    for _ in range(3):
        seen.append(mt.labels([20], app.setup_match)[0])
        menu.next_setting(app, 20)
    assert seen == ["Language: English", "Sprache: Deutsch", "Langue: Fran\u00e7ais"] or seen[0] == "Language: English"
    assert lang.code == 0 and app.setup_match.lang == 1  # round to English, picked


# ---- whole games in each language -------------------------------------------------------------
@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("board", ["pybadge", "clue", "pyportal"])  # buttons, two buttons, touch
def test_a_whole_game_plays_in_each_language_and_every_text_fits(code, board):
    from tests.test_schemes import play_board

    too_long = []
    english = set()  # the texts of more than a word that a translation replaces: none may show
    speak.use(lang.CODES.index(code))
    for key in tool.found():
        if "%" not in key and "{" not in key and "|" not in key and " " in key and say(key) != key:
            english.add(key)
    speak.use(0)
    from hal import mock as mockmod

    inner = mockmod.Screen.show

    def show(screen, view):  # every View as drawn: no text longer than a line, no English left
        for text in [view.title, view.footer] + list(view.lines):
            if len(text) > v.COLUMNS:
                too_long.append(text)
            assert text not in english, (code, text)
        return inner(screen, view)

    mockmod.Screen.show = show
    try:
        hw, app, player = play_board(board, [0, 0, 2, 3], language=code)
    finally:
        mockmod.Screen.show = inner
    assert lang.code == lang.CODES.index(code)
    g = app.match.game
    assert g.is_over() and app.match.where == mt.FINISHED, (board, player.presses)
    assert any(s[0] == "= " + say("Pass the device") for s in hw.screen.screens)
    assert not too_long, too_long[:5]


def test_the_readmes_first_lines_say_how_to_switch_language():
    with open(os.path.join(os.path.dirname(tool.TEXT), "..", "README.md"), encoding="utf-8") as f:
        head = f.read().split("![")[0]
    for said in ("Language", "Deutsch", "Fran\u00e7ais", "LAMA_LANG", "settings.toml", "--lang"):
        assert said in head, said


# ---- every layout, the real displayio, the terminal and the window ------------------------------
@pytest.mark.parametrize("code", LANGS)
def test_every_screen_in_each_language_fits_every_layout(code):
    from tools import layoutcheck

    found = layoutcheck.check(layoutcheck.SIZES, lang=code)
    kinds = {kind.split()[0] for size, kind, problems in found}
    assert {"turn", "handoff", "summary", "gameover", "rules", "menu", "setup"} <= kinds, kinds
    bad = [(size, kind, problems[:2]) for size, kind, problems in found if problems]
    assert bad == []


@pytest.mark.parametrize("code", LANGS)
def test_the_flow_in_each_language_is_drawn_by_circuitpythons_own_displayio_as_blinka_draws_it(code):
    # 10.2.1's displayio C code with its ASCII-only terminalio.FONT (an English firmware), then a
    # font with some of the accents (as a German or French firmware builds its own): the same
    # pixels as Blinka's, for every letter beyond ASCII comes from the game's own glyphs.
    from tools import cpboard, realdisplay

    if cpboard.missing(cpboard.REAL_DISPLAYIO):
        pytest.skip(cpboard.missing(cpboard.REAL_DISPLAYIO))
    pytest.importorskip("pygame")
    views = [kv for kv in realdisplay.collect(lang=code) if kv[0] in ("turn", "handoff", "summary", "rules 1/7")]
    more = views[0][1]["more"]
    assert more and all(d["more"] == more for _, d in views)
    size = [(160, 128)]
    c = realdisplay.c_frames(views, size, more)
    b = realdisplay.blinka_frames(views, size, more)
    for i in range(len(views)):
        assert realdisplay.differ(c[size[0]][i], b[size[0]][i], 160) == (0, None), views[i][0]
    firmware = glyphs.FIRMWARE["de_DE" if code == "de" else "fr"]
    f = realdisplay.c_frames(views, size, more, glyphs.firmware_font_code(firmware))
    assert f[size[0]] == c[size[0]]


def _desktop(args):
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run(
        [sys.executable, "-m", "hal.desktop"] + args, cwd=root, capture_output=True, timeout=300, env=env
    )


@pytest.mark.parametrize(
    "code,words",
    [("de", ("Neues Spiel", "Runde 1", "Spielende")), ("fr", ("Nouvelle partie", "Manche 1", "Partie finie"))],
)
def test_a_whole_game_in_the_terminal_speaks_the_language_asked_for_in_utf8(code, words):
    script = "A A " + "A " * 1500  # (A on every screen: a card or Draw on each turn, to the game's end)
    done = _desktop(["--terminal", "--lang", code, "--fast", "--no-save", "--seed", "1", "--script", script])
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")  # (UTF-8 whatever the locale: hal/desktop/terminal.py)
    for word in words:
        assert word in out, word


def test_the_desktops_locale_picks_the_language_and_lang_wins(tmp_path):
    from hal import desktop

    assert desktop.locale_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert desktop.locale_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert desktop.locale_language({"LANG": "C.UTF-8"}) == "" and desktop.locale_language({}) == ""
    assert desktop.lang_arg(" DE ") == "de"
    with pytest.raises(Exception):
        desktop.lang_arg("klingon")
    shots = tmp_path / "shots"
    done = _desktop(["--headless", "--fast", "--no-save", "--seed", "1", "--lang", "fr", "--screenshot", str(shots),
                     "--script", "A A A A"])  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len(list(shots.glob("*.png"))) >= 4
    done = _desktop(["--terminal", "--lang", "xx", "--script", "A"])
    assert done.returncode != 0 and b"en, de or fr" in done.stderr


def test_lama_lang_in_settings_toml_picks_and_junk_gets_english_and_a_notice(monkeypatch):
    from hal import settings

    notices = []
    monkeypatch.setattr(settings.os, "getenv", lambda name, default=None: {"LAMA_LANG": "FR"}.get(name, default))
    assert settings.language(notices) == "fr" and notices == []
    monkeypatch.setattr(settings.os, "getenv", lambda name, default=None: {"LAMA_LANG": "klingon"}.get(name, default))
    assert settings.language(notices) == "en" and "LAMA_LANG" in notices[0]


@pytest.mark.parametrize("code", LANGS)
def test_a_part_of_a_group_is_read_alone_as_the_whole_group_splits(code):
    from play import recap

    speak.use(lang.CODES.index(code))
    for group in (recap._DID, recap._YOU, mt.ENTRIES, mt.KINDS):
        whole = say(group).split("|")
        assert [lang.part(group, t) for t in range(len(whole))] == whole
    speak.use(0)
    assert [lang.part(mt.KINDS, t) for t in range(4)] == mt.KINDS.split("|")


@pytest.mark.parametrize("code", LANGS)
def test_a_language_picked_mid_game_redraws_the_token_rows_words_and_buttons(code):
    # The table's token rows are formatted only when their counts change: a language picked from
    # the game's menu (the same counts after it) has them said anew, as the buttons' names.
    from tests.test_hal_render import table_view
    from tests.test_layouts import screen

    vw = table_view(4)
    s = screen((160, 128), vw)
    r = s.renderer
    english = [r.row_text[11], r.row_text[12]]
    assert english[0].startswith("Stage ") and english[1].startswith("You ")
    speak.speak(vw, None, lang.CODES.index(code))
    s.show(vw)
    said = say("Stage|You").split("|")
    assert [r.row_text[11].split()[0], r.row_text[12].split()[0]] == said != ["Stage", "You"]
    assert r.speech == vw.speech and v.cut(vw.speech, 0) == say("Draw|Quit|Skip|Take|Swap").split("|")[0]
    speak.speak(vw, None, 0)
    s.show(vw)
    assert [r.row_text[11], r.row_text[12]] == english
