#!/usr/bin/env python3
"""The game's own letters: German's and French's beyond ASCII, taken from the firmware's font file.

    python tools/glyphs.py            # write hal/render/glyphs.py from ter-u12n.bdf
    python tools/glyphs.py --check    # exit 1 where hal/render/glyphs.py is not what it would write

CircuitPython's ``terminalio.FONT`` is ASCII plus the characters of the firmware's own
translation (its tools/gen_display_resources.py reads ``locale/<language>.po`` as the sample
text): CircuitPython 10.2.1's English build has no letter beyond ASCII, its German build has
Ä Ü ß ä ö ü but no Ö, its French build « » À É à â ç è é ê ë î ô û ü œ ’ but not Ç È Ê Î Ô Û ï
(nor Â Æ Ë Ï Œ Ù Ü Ÿ æ ù ÿ). So the game draws every character of :data:`CHARS` itself, on every
firmware, from the table this tool writes into hal/render/glyphs.py: the pixels of the very font file
the firmware's font is made from (Terminus ``ter-u12n.bdf``, which Blinka ships too), laid in a
6x12 cell as gen_display_resources.py lays them (x: the glyph's BBX x offset; y: 10 minus its
height and y offset). A glyph the firmware's font has is thus drawn with the same pixels as the
font's own.

hal/render/glyphs.py holds ``text`` (the characters, a str) and ``data`` (bytes: 12 a glyph, a byte a
row, top row first, bit 7 the leftmost of the 6 pixels): names the game already has, for on
CircuitPython every name hal/render/build.py mentions is interned for good, English or not (the
module itself it names by a string longer than CircuitPython interns).
hal/render/build.py reads the module only for a language whose text needs some of its characters
(``more``), copies those into the font strip, and drops it.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hal.desktop.venv import again  # noqa: E402

if __name__ == "__main__":
    again(sys.argv)  # in any shell: run again by the project's .venv (Blinka's font file)

# Every character German and French text needs beyond ASCII: German's letters, French's (its
# capitals too: a title or a sentence may start with any), and the typography the game may use:
# French guillemets and typographic apostrophe, German quotation marks, the ellipsis (one cell
# instead of three). A language's strip holds only those its text uses (the translation step
# passes them: hal/render.Renderer's ``more``).
GERMAN = "ÄÖÜäöüß"
FRENCH = "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ"
MARKS = "«»’…„“"
CHARS = GERMAN + "".join(c for c in FRENCH if c not in GERMAN) + MARKS
# What CircuitPython 10.2.1's own builds put in terminalio.FONT beyond ASCII: every character of
# locale/<language>.po, gen_display_resources.py's sample file (tag 10.2.1, commit bcfcb51).
FIRMWARE = {"en_US": "", "de_DE": "ÄÜßäöü", "fr": "«»ÀÉàâçèéêëîôûüœ’"}
GLYPH_W = 6
ROW_H = 12
MODULE = os.path.join(ROOT, "hal", "render", "glyphs.py")


def bdf_path():
    """Blinka's copy of ter-u12n.bdf (the file CircuitPython's build makes terminalio.FONT from)."""
    import displayio

    return os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")


def needed(texts):
    """The characters beyond ASCII that ``texts`` (a language's strings) use, in the table's order:
    the ``more`` its renderer takes (hal/render.Screen). ValueError names any the table lacks (add
    it to :data:`CHARS` and run this tool) or a control character (1..8 are the game's glyphs)."""
    used = set("".join(texts))
    bad = sorted(
        c
        for c in used
        if (ord(c) < 32 and c not in "\x01\x02\x03\x04\x05\x06\x07\x08\n") or (ord(c) > 126 and c not in CHARS)
    )
    if bad:
        raise ValueError("no glyph for %s" % ", ".join("U+%04X %r" % (ord(c), c) for c in bad))
    return "".join(c for c in CHARS if c in used)


def read_bdf(path, codes):
    """{code: 12 row masks (bit 7 the cell's left pixel)} of the glyphs ``codes`` of a BDF font,
    each placed in a 6x12 cell as CircuitPython's tools/gen_display_resources.py places it."""
    out = {}
    code = bbx = rows = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.split()
            if not word:
                continue
            if word[0] == "ENCODING":
                code = int(word[1])
            elif word[0] == "BBX":
                bbx = [int(n) for n in word[1:5]]
            elif word[0] == "BITMAP":
                rows = []
            elif word[0] == "ENDCHAR":
                if code in codes:
                    w, h, dx, dy = bbx
                    cell = [0] * ROW_H
                    y0 = (ROW_H - 2) - (h + dy)
                    for y, hexrow in enumerate(rows):
                        bits = int(hexrow, 16)
                        width = len(hexrow) * 4
                        for x in range(w):
                            if bits & (1 << (width - 1 - x)):
                                if not (0 <= y0 + y < ROW_H and 0 <= dx + x < GLYPH_W):
                                    raise ValueError("glyph %d does not fit a 6x12 cell" % code)
                                cell[y0 + y] |= 0x80 >> (dx + x)
                    out[code] = cell
                rows = None
            elif rows is not None:
                rows.append(word[0])
    return out


def table(path=None, chars=CHARS):
    """The bytes of hal/render/glyphs.py's ``data``: 12 row masks a character of ``chars``, from the BDF."""
    glyphs = read_bdf(path or bdf_path(), {ord(c) for c in chars})
    missing = [c for c in chars if ord(c) not in glyphs]
    if missing:
        raise ValueError("the font has no " + "".join(missing))
    return bytes(b for c in chars for b in glyphs[ord(c)])


def module_text(path=None, chars=CHARS):
    """The text of hal/render/glyphs.py."""
    data = table(path, chars)
    lines = [
        '"""The game\'s own letters beyond ASCII, 6x12: written by tools/glyphs.py from ter-u12n.bdf, do not edit.',
        "",
        "text: the characters. data: 12 bytes a character of text, a byte a row (top first), bit 7 the",
        "leftmost pixel: the pixels of the font file CircuitPython makes terminalio.FONT from. Read only",
        'by hal/render/build.py for a language that needs some of them, and dropped."""',
        "",
        'text = "%s"' % chars,
        "data = (",
    ]
    for k in range(0, len(data), 24):  # two glyphs a line
        lines.append('    b"%s"' % "".join("\\x%02x" % b for b in data[k : k + 24]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def art(data, k):
    """Glyph ``k`` of ``data`` as 12 lines of '#' and '.' (for the eye and the tests)."""
    return ["".join("#" if data[12 * k + y] & (0x80 >> x) else "." for x in range(GLYPH_W)) for y in range(ROW_H)]


# Under 10.2.1-displayio: a firmware's terminalio.FONT with its translation's accents, built as
# gen_display_resources.py builds one (ASCII and the extra characters, sorted, in 6x12 tiles of
# one 1-bit Bitmap, from the BDF); FONT is that font (get_glyph None for what it lacks).
FONT_CODE = """
import displayio, fontio
class FirmwareFont:
    def __init__(self, chars, data):
        self.chars = chars
        self.bitmap = b = displayio.Bitmap(6 * len(chars), 12, 2)
        for k in range(len(chars)):
            for y in range(12):
                for x in range(6):
                    if data[12 * k + y] & (128 >> x):
                        b[6 * k + x, y] = 1
    def get_glyph(self, code):
        k = self.chars.find(chr(code))
        return None if k < 0 else fontio.Glyph(self.bitmap, k, 6, 12, 0, -2, 6, 0)
    def get_bounding_box(self):
        return (6, 12)
FONT = FirmwareFont(%s, %r)
"""


def firmware_font_code(extra, path=None):
    """Code for the 10.2.1-displayio build that makes ``FONT``: a font of ASCII and ``extra`` (a
    firmware's, :data:`FIRMWARE`) laid out as CircuitPython's build lays out terminalio.FONT."""
    import json

    chars = "".join(sorted(set(bytes(range(32, 127)).decode() + extra)))
    return FONT_CODE % (json.dumps(chars), table(path, chars))


# Under 10.2.1-displayio: what a strip with ``MORE`` costs over English's (its Bitmap, exactly),
# and the whole renderer's heap over English's (the strip, the letters' qstrs and what the table's
# loading leaves; a conservative GC's figure). The string itself is the caller's (a language's).
HEAP = """
import gc, displayio
from hal import render
def strip(n):
    gc.collect()
    a = gc.mem_alloc()
    b = displayio.Bitmap(6 * n, 12, 2)
    gc.collect()
    return gc.mem_alloc() - a
def renderer(more):
    gc.collect()
    a = gc.mem_alloc()
    r = render.Renderer(160, 128, None, more)
    gc.collect()
    return gc.mem_alloc() - a
renderer("")  # (the first loads what stays for good: the builder's names, the layout library's)
base = renderer("")
print(strip(103 + len(MORE)) - strip(103), renderer(MORE) - base)
"""


def heap_figures(sets):
    """{name: (strip bytes, renderer bytes)} over English's, on CircuitPython 10.2.1's own displayio
    (a run for each set)."""
    import json
    import tempfile

    from tools import cpboard

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        drive = cpboard.make_drive(os.path.join(tmp, "CIRCUITPY"), True)
        for name, more in sets.items():
            code = "MORE = %s\n" % json.dumps(more) + HEAP
            done = cpboard.run(cpboard.REAL_DISPLAYIO, code, "256k", [drive, os.path.join(drive, "lib")])
            try:
                out[name] = tuple(int(n) for n in done.stdout.split())
            except ValueError:
                raise RuntimeError(done.stdout + done.stderr) from None
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare hal/render/glyphs.py with what would be written")
    ap.add_argument("--bdf", help="the font file (default: Blinka's ter-u12n.bdf)")
    ap.add_argument("--show", action="store_true", help="print every glyph")
    ap.add_argument("--heap", action="store_true", help="what each language's strip costs (10.2.1-displayio)")
    args = ap.parse_args()
    if args.heap:
        sets = {"de": GERMAN, "de+marks": GERMAN + "„“…", "fr": FRENCH, "fr+marks": FRENCH + "«»’…", "all": CHARS}
        sets["en"] = ""
        figures = heap_figures(sets)
        print("bytes over English's, CircuitPython 10.2.1's own displayio, 160x128:")
        for k in sorted(sets):
            print("  %-9s %2d characters: strip %4d, renderer %5d" % (k, len(sets[k]), *figures[k]))
        return
    text = module_text(args.bdf)
    if args.show:
        data = table(args.bdf)
        for k, c in enumerate(CHARS):
            print(c + "\n" + "\n".join(art(data, k)))
    if args.check:
        with open(MODULE, encoding="utf-8") as f:
            same = f.read() == text
        print("hal/render/glyphs.py is " + ("up to date" if same else "NOT what tools/glyphs.py writes"))
        sys.exit(0 if same else 1)
    with open(MODULE, "w", encoding="utf-8") as f:
        f.write(text)
    print("hal/render/glyphs.py: %d characters, %d bytes of pixels" % (len(CHARS), len(CHARS) * ROW_H))


if __name__ == "__main__":
    main()
