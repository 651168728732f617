"""Issue 38: the game in English, German and French (play/lang.py, tools/lang.py, play/text/).

The checks of a translation (its placeholders, '|' parts, lines, characters) are helpers here, and
each module's texts are checked in functions named after it: the words and the screen's 26 x 8 in
every language."""

import os
import re

import pytest

from engine import cards, game
from play import lang
from play import speak as switch
from play import view as v
from play.ui import wrap
from tools import glyphs
from tools import lang as tl

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = tl.found()
CATALOGS = {code: tl.read_po(os.path.join(tl.TEXT, code + ".po")) for code in tl.LANGS}
ALLOWED = set(glyphs.CHARS) | {chr(c) for c in range(32, 127)} | set("\n\x01\x02\x03\x04\x05\x06\x07\x08")


def _placeholders(text):
    """The sorted placeholders of ``text``: its ``%`` conversions ("%d", "%-4s") and its str.format
    fields by number ("{1}"; "{0:4d}" counts as "{0}": a translation may change a width)."""
    found = re.findall(r"%[-0-9]*[sd%]", text)
    found += ["{%s}" % n for n in re.findall(r"\{(\d+)(?::[^}]*)?\}", text)]
    return sorted(found)


def _keys_of(*modules):
    """The keys said in ``modules`` (file names in play/)."""
    places = tuple("play/" + m + ":" for m in modules)
    return [k for k in KEYS if any(p.startswith(places) for p in KEYS[k])]


def _check_translations(keys, free_lines=()):
    """Every key of ``keys`` translated in each language, with the key's placeholders, '|' parts and
    lines (but the texts of ``free_lines``: a screen of lines, each language its own), and only
    characters the game draws."""
    for code, have in CATALOGS.items():
        for k in keys:
            t = have.get(k)
            assert t, "%s: %r not translated" % (code, k)
            assert _placeholders(t) == _placeholders(k), (code, k, t)
            assert t.count("|") == k.count("|"), (code, k, t)
            assert t.count("\n") == k.count("\n") or k in free_lines, (code, k, t)
            assert set(t) <= ALLOWED, (code, t, set(t) - ALLOWED)


@pytest.fixture
def speak():
    """``speak(code)`` switches the game's language; English again after the test."""

    def use(code):
        assert switch.use(lang.CODES.index(code))

    yield use
    switch.use(0)


def test_the_placeholder_check_sees_a_difference():
    assert _placeholders("{0} gave {2} {1}") == _placeholders("{0} donne {1} à {2}")
    assert _placeholders("{0:4d} games") == _placeholders("{0:3d} jeux")
    assert _placeholders("%s wins!") != _placeholders("%d gagne !")
    assert _placeholders("{0} and {1}") != _placeholders("{0} et {0}")


def test_catalogs_are_what_tools_lang_writes_from_the_po_files():
    for code in tl.LANGS:
        po, binary, _ = tl.build(code, KEYS)
        with open(os.path.join(tl.TEXT, code + ".po"), encoding="utf-8") as f:
            assert f.read() == po, "play/text/%s.po: run python tools/lang.py" % code
        with open(os.path.join(tl.TEXT, code + ".bin"), "rb") as f:
            assert f.read() == binary, "play/text/%s.bin: run python tools/lang.py" % code


# ---- play/recap.py, roundend.py, stats.py, hint.py, rules_text.py --------------------------------
LANGS = ("en",) + tl.LANGS
NAME = "Cleo"  # the longest names (play/match.py: 4 letters)
OTHER = "Finn"


def test_recap_roundend_stats_hint_rules_texts_are_translated():
    from play import rules_text

    keys = _keys_of("recap.py", "roundend.py", "stats.py", "hint.py", "rules_text.py")
    assert len(keys) > 60
    _check_translations(keys, free_lines=rules_text.PAGES)  # (a page's lines: checked below)


@pytest.mark.parametrize("code", LANGS)
def test_rules_pages_fit_the_screen_in_each_language(code, speak):
    from play import rules_text

    speak(code)
    for i in range(len(rules_text.PAGES)):
        title, lines, shown = rules_text.page(i)
        english = rules_text.PAGES[i].split("\n")
        room = v.LINES_WITH_CARDS if shown else v.LINES
        assert 0 < len(lines) <= room, (code, title, len(lines))
        assert all(0 < len(x) <= v.COLUMNS for x in lines), (code, [x for x in lines if len(x) > v.COLUMNS])
        assert len("%s %d/%d" % (title, i + 1, len(rules_text.PAGES))) <= v.COLUMNS, (code, title)
        assert shown == (english[-1][1:].split() if english[-1][:1] == "=" else ()), (code, title)
        assert not any(x[:1] == "=" for x in lines), (code, title)


@pytest.mark.parametrize("code", LANGS)
def test_recap_lines_fit_one_screen_line_in_each_language(code, speak):
    # Every line recap.action_name can make, with the longest names, cards and counts: one line each
    # (the recap's lines are not wrapped: one event a line).
    from play import recap

    class Names:
        def name(self, q):
            return (NAME, OTHER, "Hugo")[q]

    speak(code)
    made = set()
    for a in range(game.KEEP + 1):
        if game.GIVE <= a < game.RETURN_WHITE and a - game.GIVE not in (1, 2):
            continue  # (seat 0 gives to seat 1 or 2 in these lines)
        for me in (-1, 0, 1):
            for d in (-1, 0, 1, 2, 12):
                rs = (-1,)
                if a < cards.COUNT:
                    rs = (-1, -2) + ((0, 1) if cards.ICON[a] == cards.ICON_SQUARE else ())
                for r in rs:
                    line = recap.action_name(Names(), me, 0, a, d, r)
                    made.add(line)
                    assert len(line) <= v.COLUMNS, (code, line)
                    assert "{" not in line and "}" not in line, (code, line)
    assert len(made) > 40


@pytest.mark.parametrize("code", LANGS)
def test_recap_and_round_end_titles_and_rows_fit_in_each_language(code, speak):
    say = lang.say
    plural = lang.plural
    speak(code)
    # The recap's titles, paged (up to 99 events), and its empty page.
    for title in (say("Since your turn"), say("Round %d log") % 15):
        assert len("%s %d-%d/%d" % (title, 91, 96, 99)) <= v.COLUMNS, (code, title)
    assert len(say("Nothing yet this round.")) <= v.COLUMNS
    # The round's end: a row a hand (play/roundend.page: a space less where the words are longer).
    for n in (0, 1, 12):
        for k in (0, 1, 41):
            text = "%s %-4s %s +%s" % (
                ">",
                NAME,
                plural(n, "%d card", "%d cards") % n if n else say("went out"),
                plural(k, "%d point", "%d points") % k,
            )
            assert len(text) <= v.COLUMNS + 1, (code, text)
    for text in (say("%s kept the magic: +10") % NAME, say("Everybody quit."), say("Round %d over") % 30):
        assert len(text) <= v.COLUMNS, (code, text)
    # The scores: the words in 6 columns.
    assert len(say("point")) <= 6 and len(say("points")) <= 6, code
    # The winners, their totals and hints, the rounds.
    for n in (1, 2):
        text = plural(n, "%s wins!", "%s win!") % (" %s " % say("and")).join([NAME] * n)
        assert len(text) <= v.COLUMNS, (code, text)
    assert len(wrap(plural(3, "%s wins!", "%s win!") % (" %s " % say("and")).join([NAME] * 3))) <= 2
    for k in (1, 99):
        for n in (1, 99):
            text = "%-4s %s, %s" % (NAME, plural(k, "%d point", "%d points") % k,
                                    plural(n, "%d hint", "%d hints") % n)
            assert len(text) <= v.COLUMNS, (code, text)
    assert len(say("Rounds played: %d") % 99) <= v.COLUMNS
    for word in ("scores", "log", "hands", "the winner", "next round", "title", "play on", "more", "top"):
        assert 0 < len(say(word)) <= 16, (code, word)


@pytest.mark.parametrize("code", LANGS)
def test_statistics_fit_in_each_language(code, speak):
    from play import stats  # noqa: F401  (the module's texts, said as play/stats.py says them)

    say = lang.say
    speak(code)
    row = "%-5s" % NAME + say("{0:4d} games {1:4d} wins").format(999, 999)
    assert len(row) <= v.COLUMNS - 1, (code, row)  # (a menu's last column may show a scroll mark)
    lines = say(
        "Games: {0}|Wins: {1} ({2}%)|Average: {3}.{4} points|Best game: {5} points|Hints used: {6}||"
        "Fewest points win."
    ).format(999, 999, 100, 99, 9, 99, 999).split("|")
    assert len(lines) <= v.LINES and all(len(x) <= v.COLUMNS for x in lines), (code, lines)
    for text in (
        say("Can't save the statistics (%s).") % "storage full",
        say("No game finished yet: each player's games, wins and points show here."),
        say("The power went while they were saved: the statistics are lost. Starting afresh."),
        say("{0}. {1} Starting afresh.").format(say("Statistics is cut short"), say("Kept as %s.") % "stats.bad"),
        say("Can't read the statistics (error %s).") % 5,
    ):
        assert len(wrap(text)) <= v.LINES and all(len(w) <= v.COLUMNS for w in text.split()), (code, text)
    for title in (say("Statistics"), say("Not saved")):
        assert len(title) <= v.COLUMNS


@pytest.mark.parametrize("code", LANGS)
def test_hints_fit_three_lines_in_each_language(code, speak):
    from play import hint

    speak(code)
    assert len(lang.say("The Normal player")) <= v.COLUMNS
    keys = [k for k in _keys_of("hint.py") if k[:1].islower() and k != "back"]
    assert len(keys) == 15
    for k in keys:
        text = lang.say(k)
        text = text % "4/5" if "%s" in k else text % 41 if "%d" in k else text
        assert len(wrap(text)) <= 3 and all(len(w) <= v.COLUMNS for w in text.split()), (code, text)
    assert hint.describe  # (the texts above are hint.describe's: tests/test_hint.py plays them)
