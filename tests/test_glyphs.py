"""Every glyph drawn, on every firmware (issue 38's first layer): German's and French's letters.

CircuitPython's terminalio.FONT holds ASCII plus the characters of the firmware's own translation
(none at all on an English build). The game draws every character German and French text needs
from a table of its own (hal/render/glyphs.py, written by tools/glyphs.py from the font file the firmware's
font is made from): on any firmware, with the firmware font's own pixels.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from hal import render  # noqa: E402
from hal.render import art, glyphs  # noqa: E402
from play import view as v  # noqa: E402
from tools import cpboard  # noqa: E402
from tools import glyphs as tool  # noqa: E402

# The sets a German and a French text may use (tools/glyphs.py): letters, then the marks.
SETS = {"de": tool.GERMAN + "„“…", "fr": tool.FRENCH + "«»’…"}
FIRMWARE = tool.FIRMWARE  # what 10.2.1's own builds' terminalio.FONT holds beyond ASCII
SPARE = 24  # the strip's cells for a language's letters (hal/render/build.py: not imported here)


class Subset:
    """A font with only ASCII and ``extra`` of Blinka's terminalio.FONT: a firmware's font (its
    get_glyph is None for what it lacks, as a board's)."""

    def __init__(self, extra=""):
        import terminalio

        self.font = terminalio.FONT
        self.extra = extra

    def get_glyph(self, code):
        return self.font.get_glyph(code) if 32 <= code < 127 or chr(code) in self.extra else None

    def get_bounding_box(self):
        return self.font.get_bounding_box()


def cell(strip, k):
    """Cell ``k`` of a font strip as 12 row masks (bit 7 the left pixel)."""
    return [sum(0x80 >> x for x in range(art.GLYPH_W) if strip[k * art.GLYPH_W + x, y]) for y in range(art.ROW_H)]


def test_hal_glyphs_is_what_the_tool_writes_from_the_fonts_file():
    with open(tool.MODULE, encoding="utf-8") as f:
        assert f.read() == tool.module_text()
    assert glyphs.text == tool.CHARS and len(glyphs.data) == 12 * len(tool.CHARS)
    assert len(set(glyphs.text)) == len(glyphs.text)
    assert all(ord(c) > 127 for c in glyphs.text)


def test_the_set_is_every_letter_of_german_and_french_and_their_marks():
    assert set("ÄÖÜäöüß") <= set(glyphs.text)
    assert set("ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ") <= set(glyphs.text)
    assert set("«»’…„“") <= set(glyphs.text)
    # What each firmware's own font lacks of them (the facts, and more: French lacks Ü too).
    for lang, have in FIRMWARE.items():
        assert set(have) <= set(glyphs.text)
    assert "Ö" not in FIRMWARE["de_DE"] and not set("ÇÈÊÎÔÛï") & set(FIRMWARE["fr"])


def test_the_games_glyphs_are_the_fonts_own_pixels():
    # Read through another loader (adafruit_bitmap_font, behind Blinka's terminalio.FONT), each
    # glyph placed in its cell as CircuitPython's tools/gen_display_resources.py places it.
    import terminalio

    for k, c in enumerate(glyphs.text):
        g = terminalio.FONT.get_glyph(ord(c))
        rows = [0] * art.ROW_H
        top = (art.ROW_H - 2) - (g.height + g.dy)
        for y in range(g.height):
            for x in range(g.width):
                if g.bitmap[g.tile_index * g.width + x, y]:
                    rows[top + y] |= 0x80 >> (g.dx + x)
        assert list(glyphs.data[12 * k : 12 * k + 12]) == rows, c
        assert any(rows), c  # no blank


def test_a_languages_set_is_what_its_strings_use_and_nothing_unknown_passes():
    assert tool.needed(["Größe", "Ben hat 5 gespielt", "Zoé a joué «5»"]) == "ößé«»"  # (the table's order)
    assert tool.needed(["plain ASCII \x01\x08"]) == ""
    with pytest.raises(ValueError, match="U\\+2014"):
        tool.needed(["a dash \u2014 here"])
    with pytest.raises(ValueError, match="U\\+0009"):
        tool.needed(["a\ttab"])


def test_a_glyph_the_tool_reads_is_the_bdfs():
    # Ö: its two dots on rows 0 and 1, the O under them (ter-u12n.bdf's rows 50 50 70 88 ... 70).
    k = glyphs.text.index("Ö")
    assert tool.art(glyphs.data, k)[:3] == [".#.#..", ".#.#..", ".###.."]
    assert tool.art(glyphs.data, k)[9:] == [".###..", "......", "......"]


def test_english_keeps_its_strip_and_draws_no_letter_it_does_not_carry():
    r = render.Renderer(160, 128, Subset())
    assert r.more == ""
    # ASCII and the game's 8 glyphs, then blank cells kept for a language's letters (hal/render/build.py)
    assert r.strip.width == (103 + SPARE) * art.GLYPH_W
    assert not any(r.strip[x, y] for x in range(103 * art.GLYPH_W, r.strip.width) for y in range(art.ROW_H))
    r._row(1, "Ä", art.COLORS[0])  # (one text row drawn alone: nothing outside the renderer draws one)
    assert r.rows[1][0] == 31  # "?"


@pytest.mark.parametrize("lang", sorted(SETS))
def test_every_character_is_drawn_from_the_games_glyphs_and_an_ascii_only_font(lang):
    more = SETS[lang]
    r = render.Renderer(160, 128, Subset(), more)
    assert r.strip.width == (103 + max(SPARE, len(more))) * art.GLYPH_W
    for text in (more[:13], more[13:26], more[26:]):
        if not text:
            continue
        r._row(1, text, art.COLORS[0])
        for i, c in enumerate(text):
            t = r.rows[1][i]
            assert t == 103 + more.index(c), c  # its own cell: no "?"
            rows = cell(r.strip, t)
            assert any(rows), c  # no blank
            k = glyphs.text.index(c)
            assert rows == list(glyphs.data[12 * k : 12 * k + 12]), c
    # ASCII and the game's glyphs where they were; what the language does not carry: "?".
    r._row(1, "A\x01~", art.COLORS[0])
    assert [r.rows[1][i] for i in range(3)] == [33, 95, 94]
    other = "ß" if lang == "fr" else "ç"
    r._row(1, other, art.COLORS[0])
    assert r.rows[1][0] == 31


def test_a_firmwares_own_accents_change_no_pixel():
    # A German build's font (Ä Ü ß ä ö ü, no Ö) or the whole font: the strip is the same as with an
    # ASCII-only font, for the game draws its letters from its own table (the same pixels).
    more = SETS["de"] + SETS["fr"]
    strips = []
    for font in (Subset(), Subset(FIRMWARE["de_DE"]), Subset(FIRMWARE["fr"]), Subset(glyphs.text)):
        s = render.Renderer(160, 128, font, more).strip
        strips.append([cell(s, k) for k in range(s.width // art.GLYPH_W)])
    assert strips[1:] == strips[:1] * 3


def test_a_character_the_table_lacks_is_drawn_as_a_question_mark():
    r = render.Renderer(160, 128, Subset(), "Ä\u0416")  # (a Cyrillic letter: no table entry)
    assert cell(r.strip, 104) == cell(r.strip, 31)


@pytest.mark.skipif(bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or "")
def test_what_a_languages_letters_cost_on_the_heap_of_circuitpythons_own_displayio():
    # The strip (a 1-bit Bitmap, 32-bit words a row) as CircuitPython's C code allocates it:
    # English's unchanged, German's 10 characters 96 bytes more, French's 36 336 (tools/glyphs.py --heap).
    figures = tool.heap_figures({"en": "", "de": SETS["de"], "fr": SETS["fr"]})
    assert figures["en"][0] == 0
    assert figures["de"][0] == 96 and figures["fr"][0] == 336
    assert figures["de"][1] < 1024 and figures["fr"][1] < 1024  # the whole renderer: a little more


def text_views():
    """Two Views as snapshots (tools/realdisplay.py): a text screen and a table, every letter of both sets."""
    from tools import realdisplay

    vw = v.View()
    vw.title = "Größe Übersicht «Œuvre»"
    vw.line(0, "ÄÖÜ äöü ß „Zaubershow“…")
    vw.line(1, "À bientôt, ça déçoit", v.DIM)
    vw.line(2, "Ÿ Æ æ œ l’été ÿ Ç", v.HIGHLIGHT)
    vw.line(3, "ÂÉÈÊËÎÏÔÙÛ", v.GOOD)
    vw.line(4, "àâçéèêëîïôùû", v.ALERT)
    vw.line_cursor = 4
    vw.footer = "A: wählen  B: zurück"
    a = realdisplay.snapshot(vw)
    vw.clear()
    vw.seats = 3
    vw.names[:3] = ["Jörg", "Zoé", "Ève"]
    vw.points[:3] = [3, 12, 0]
    vw.seat_cards[:3] = bytes([4, 5, 6])
    vw.to_act = 1
    vw.title = "Manche 2"
    vw.event = "Zoé a joué 5 à Jörg"
    vw.footer = "A: spielen  B: übrig"
    return [("text", a), ("table", realdisplay.snapshot(vw))]


@pytest.mark.skipif(bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or "")
def test_the_c_displayio_with_its_ascii_only_font_draws_the_letters_as_blinka_does():
    # CircuitPython 10.2.1's own displayio C code, its terminalio.FONT ASCII only (as an English
    # build's): the accented rows drawn pixel for pixel as Blinka draws them, and not as "?".
    pytest.importorskip("pygame")
    from tools import realdisplay

    views = text_views()
    more = SETS["de"] + "".join(c for c in SETS["fr"] if c not in SETS["de"])
    sizes = ((160, 128), (320, 240))
    c = realdisplay.c_frames(views, sizes, more)
    b = realdisplay.blinka_frames(views, sizes, more)
    plain = realdisplay.c_frames(views, sizes[:1])  # English's strip: "?" for every letter
    for size in sizes:
        for i in range(len(views)):
            assert realdisplay.differ(c[size][i], b[size][i], size[0]) == (0, None), (size, views[i][0])
    for i in range(len(views)):
        assert realdisplay.differ(c[sizes[0]][i], plain[sizes[0]][i], 160)[0] > 100
    # A German and a French firmware's font (some accents, built as the firmware builds its own):
    # the same pixels again, for the letters come from the game's table whatever the font has.
    for lang in ("de_DE", "fr"):
        f = realdisplay.c_frames(views, sizes[:1], more, tool.firmware_font_code(FIRMWARE[lang]))
        assert f[sizes[0]] == c[sizes[0]], lang


@pytest.mark.skipif(bool(cpboard.missing(cpboard.REAL_DISPLAYIO)), reason=cpboard.missing(cpboard.REAL_DISPLAYIO) or "")
def test_the_firmware_font_stand_in_is_laid_out_as_a_firmwares():
    # ASCII where the C build's terminalio.FONT has it, the accents after, get_glyph None for the rest.
    probe = """
import terminalio
t = terminalio.FONT
print(t.get_glyph(0xe9) is None, FONT.get_glyph(0xe9) is None, FONT.get_glyph(0xd6) is None)
print(FONT.bitmap.width, FONT.get_glyph(0xc4).tile_index, FONT.get_glyph(0xdf).tile_index)
print(all(FONT.bitmap[x, y] == t.bitmap[x, y] for x in range(570) for y in range(12)))
"""
    code = tool.firmware_font_code(FIRMWARE["de_DE"]) + probe
    done = cpboard.run(cpboard.REAL_DISPLAYIO, code, "256k", [cpboard.ROOT])
    assert done.stdout.split() == ["True", "True", "True", "606", "95", "97", "True"], done.stdout + done.stderr


def test_the_terminal_screen_writes_utf8_to_a_stream_set_to_another_encoding():
    import io

    from hal.desktop.terminal import TextScreen

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    vw = v.View()
    vw.title = "Größe «Œuvre» l’été…"
    vw.line(0, "Ben hat 5 gespielt, Zoé a joué")
    TextScreen(out, clear=False).show(vw)
    text = raw.getvalue().decode("utf-8")
    assert "= Größe «Œuvre» l’été…" in text and "Zoé a joué" in text


def test_the_terminal_mode_writes_utf8_whatever_the_locale():
    # A C locale and an ASCII stdout (PYTHONIOENCODING): the game's own non-ASCII (the card
    # icons, "4☆") still reaches the terminal, as UTF-8 (it stopped at the first turn before).
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONIOENCODING="ascii", LC_ALL="C", LANG="C")
    args = ["--terminal", "--fast", "--no-save", "--seed", "3", "--script", "A A A A"]
    done = subprocess.run(
        [sys.executable, "-m", "hal.desktop"] + args,
        cwd=tool.ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "= Round 1" in text and "☆" in text
