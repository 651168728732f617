"""Every kind of screen at every layout, drawn by CircuitPython's own displayio and by Blinka: compared.

    python tools/realdisplay.py                      # the table: differing pixels per screen and size
    python tools/realdisplay.py --out shots          # and PNGs: <size>-<kind>-c.png, -blinka.png, -diff.png
    python tools/realdisplay.py --sizes 240x135,480x320

A seeded game through the real flow (the mock HAL, tests/flow_driver.py's player; motion on)
yields one View of each kind (:data:`KINDS`). Both sides draw the same Views, in the same order,
with the board's renderer (hal/render/__init__.py, laid out by hal/render/build.py for the size):

* CircuitPython 10.2.1 with its real displayio C code (``10.2.1-displayio``, see tools/cpboard.py)
  runs the drive tools/deploy writes and draws each frame with ``displayrender.render``, as a
  display's refresh does (the built-in font is the C build's ``terminalio.FONT``);
* the desktop simulator's display (hal/desktop/: Blinka displayio and its PyGameDisplay, the
  font from Blinka's ter-u12n.bdf) draws the same, and its RGB888 pixels are taken back to the
  RGB565 its fill made (PyGameDisplay widens each channel as ``v * 255 / 31``: one to one).

Every pixel that differs is a defect of one side or the other: tests/test_realdisplay.py keeps the
count at 0 (docs/FIGURES.md says what was found and fixed). A new display size plugs in through
:data:`SIZES` (or ``--sizes``): the layout is hal/render/build.py's for any size.
"""

import argparse
import json
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from hal.desktop.venv import again  # noqa: E402

if __name__ == "__main__":
    again(sys.argv)  # in any shell: run again by the project's .venv (hal/desktop/venv.py)

from engine import game, rng  # noqa: E402
from hal import mock  # noqa: E402
from play import app as appmod  # noqa: E402
from play import match as mt  # noqa: E402
from play import view as v  # noqa: E402
from play.lang import say  # noqa: E402
from tests.flow_driver import Driver, new_game_script  # noqa: E402
from tools import cpboard, screenshots  # noqa: E402

# The layouts compared: every one the boards of issue 23 have (hal/render/build.py lays any size out).
SIZES = ((160, 128), (240, 135), (240, 240), (320, 240), (480, 320))
# Every kind of screen: the base ones tools/screenshots.py tells apart, and the rest.
KINDS = (
    "title",
    "setup",
    "message",
    "menu",
    "handoff",
    "turn",
    "bot",
    "give",
    "return",
    "show",
    "summary",
    "scores",
    "gameover",
    "rules",
    "motion-card",
    "motion-back",
    "motion-token",
)
# What a View holds (play/view.py): plain values, and the byte fields.
FIELDS = (
    "title", "footer", "lines", "line_cursor", "ncards", "card_cursor", "seats", "to_act", "names", "points",
    "top", "pile", "show", "has_mine", "event", "event_color", "move", "move_code", "move_from", "move_to",
    "move_step",
)  # fmt: skip
BYTES = ("colors", "cards", "marks", "seat_cards", "seat_flags", "stage", "mine")
MOTION = {v.MOVE_CARD: "motion-card", v.MOVE_BACK: "motion-back", v.MOVE_TOKEN: "motion-token"}


def kind_of(view):
    """Which of :data:`KINDS` ``view`` is (None: one more of a kind, or none of them)."""
    if view.move:
        return MOTION[view.move] if view.move_step >= 96 else None  # a frame well on its way
    t = view.title
    if t == say("New game"):
        return "setup"
    if t == say("Menu"):
        return "menu"
    if t == say("About"):
        return "message"
    kind = screenshots.kind_of(view)
    if kind == "rules":
        return "rules " + t.split()[-1]  # every page: "rules 1/7"
    return kind


# A View's language (play/speak.py): the words the hardware draws (buttons, token rows), its letters.
LANG_FIELDS = ("speech", "more")
LANG = [""]  # the language the collected flows speak (collect's ``lang``)


def snapshot(view):
    """A View's contents as plain data (JSON)."""
    out = {name: getattr(view, name) for name in FIELDS + LANG_FIELDS}
    for name in ("lines", "names", "points"):
        out[name] = list(out[name])
    for name in BYTES:
        out[name] = list(getattr(view, name))
    return out


def restore(data, view=None):
    """A View holding ``data`` (a :func:`snapshot`)."""
    view = view or v.View()
    view.clear()
    for name in FIELDS:
        value = data[name]
        setattr(view, name, list(value) if isinstance(value, list) else value)  # (clear() empties lines)
    for name in BYTES:
        getattr(view, name)[:] = bytes(data[name])
    if "speech" in data:
        view.speech = data["speech"]
        view.more = data["more"]
    return view


def machine(*args, **kw):
    """A mock Hardware that asks for the language of :data:`LANG`."""
    hw = mock.Hardware(*args, **kw)
    hw.language = LANG[0]
    return hw


def _run(hw, keep, feed=None):
    """Run the flow on mock ``hw`` (motion on), ``keep(view)`` on every screen shown."""
    app = appmod.App(hw)
    inner = hw.screen.show

    def show(view):
        inner(view)
        keep(view)

    hw.screen.show = show
    hw.screen.motion = True  # play.motion draws its frames: the motion kinds
    if feed is not None:
        hw.buttons.feed = feed(app)
    try:
        app.run()
    except mock.Done:
        pass


def _game(seats, seed, choose, stop=None, menu=False, limit=4000, variant=0):
    """A feed maker for :func:`_run`: tests/flow_driver.py's player choosing with ``choose``,
    the game menu opened once from a human's turn (``menu``), Done when ``stop()`` says so."""

    def make(app):
        driver = Driver(app, choose, limit, None)
        opened = []

        def feed():
            view = app.hw.screen.view
            turn = view.title.startswith(say("Round %d - %s").split("%")[0])  # (in the language spoken)
            if menu and not opened and turn and view.card_cursor >= 0:
                opened.append(1)
                return "Start"  # (A on the menu resumes)
            if stop is not None and stop():
                raise mock.Done()
            return driver()

        return feed

    return machine(new_game_script(seats, variant=variant), seed=seed), make


def playing(pick):
    """A player that plays a card when one fits, else draws, else takes what there is."""

    def choose(g, legal):
        plays = [a for a in legal if a < game.DRAW]
        if plays:
            return plays[pick.below(len(plays))]
        return game.DRAW if game.DRAW in legal else legal[0]

    return choose


def hoarding(pick):
    """A player that draws whenever it may: long hands, rows that scroll."""

    def choose(g, legal):
        if game.DRAW in legal and g.draw_pile_size > 4:
            return game.DRAW
        return legal[pick.below(len(legal))]

    return choose


def collect(seed=11, every=False, lang=""):
    """[(kind, snapshot)]: a View of each kind, in the order the flow showed them, in language
    ``lang`` ("de", "fr"; "": English).

    ``every``: every screen shown (kind None for most), and more games: six seats of hoarding
    humans (hands that scroll, six seats at the table) and a Classic game of three."""
    taken = []
    seen = set()
    step = [0]  # the last motion frame's step: one frame of a travel is kept (see kind_of)

    def keep(view):
        kind = kind_of(view)
        first = view.move and step[0] < 96
        step[0] = view.move_step if view.move else 0
        if kind is not None and kind not in seen:
            taken.append((kind, snapshot(view)))
            seen.add(kind)
        elif every and (not view.move or (kind is not None and first)):
            taken.append((None, snapshot(view)))

    LANG[0] = lang
    try:
        return _collect(seed, every, taken, seen, keep)
    finally:
        LANG[0] = ""
        from play import speak

        speak.use(0)  # (the process speaks English again: the flows' language is global)


def _collect(seed, every, taken, seen, keep):
    # Two humans and two bots: every table screen, the prompts, the rounds' ends.
    first = [k for k in KINDS if k not in ("message", "rules")]
    hw, feed = _game(
        [mt.HUMAN, mt.HUMAN, 2, 2], seed, playing(rng.Rng(seed)), lambda: all(k in seen for k in first), menu=True
    )
    hw.name = "PyBadge"
    _run(hw, keep, feed)
    # From a fresh title: the About screen, then every page of the rules.
    _run(machine("Up A B"), keep)  # About: the last item
    _run(machine("Down A" + " A" * 12), keep)
    if every:
        hw, feed = _game([mt.HUMAN] * 6, seed + 1, hoarding(rng.Rng(seed + 1)), limit=600)
        _run(hw, keep, feed)
        hw, feed = _game([mt.HUMAN, 1, 3], seed + 2, playing(rng.Rng(seed + 2)), limit=600, variant=1)
        _run(hw, keep, feed)
    return taken


# Under CircuitPython 10.2.1-displayio: draw each View at each size, every frame to a file.
# views.json: the sizes on the first line, then a View a line (read one at a time: a heap).
C_DRAW = """
import gc, json, displayrender
from play import view as v
from hal import render
f = open("views.json")
sizes = json.loads(f.readline())
f.close()
view = v.View()
for w, h in sizes:
    r = render.Renderer(w, h, FONT, MORE, SPEECH)
    buf = bytearray(w * h * 2)
    out = open("c-%dx%d.bin" % (w, h), "wb")
    f = open("views.json")
    f.readline()
    while True:
        line = f.readline()
        if not line:
            break
        d = json.loads(line)
        view.clear()
        for name in d:
            value = d[name]
            if isinstance(getattr(view, name), bytearray):
                getattr(view, name)[:] = bytes(value)
            else:
                setattr(view, name, value)
        d = line = None
        r.draw(view)
        displayrender.render(r.group, w, h, buf)
        out.write(buf)
    f.close()
    out.close()
    displayrender.release()
    r = buf = None
    gc.collect()
print("drawn")
"""


def c_frames(views, sizes, more="", font=""):
    """{(w, h): [RGB565 frame (bytes, little-endian) per View]} drawn by the real displayio
    (``more``: a language's letters beyond ASCII, hal/render.Renderer's; ``font``: code that makes
    ``FONT``, the font it copies ASCII from, e.g. tools/glyphs.firmware_font_code; default the
    build's terminalio.FONT, ASCII only as an English firmware's)."""
    version = cpboard.REAL_DISPLAYIO
    reason = cpboard.missing(version)
    if reason:
        raise RuntimeError(reason)
    with tempfile.TemporaryDirectory() as tmp:
        drive = cpboard.make_drive(os.path.join(tmp, "CIRCUITPY"), True)
        with open(os.path.join(tmp, "views.json"), "w") as f:
            f.write(json.dumps([list(s) for s in sizes]) + "\n")
            for kind, data in views:
                f.write(json.dumps(data) + "\n")
        # Room for a frame's buffer in a heap that a long run (--every) fragments.
        heap = "%dk" % (512 + max(w * h for w, h in sizes) * 8 // 1024)
        speech = views[0][1].get("speech") if views else None  # (the buttons in the views' language)
        code = "MORE = %s\nSPEECH = %s\nFONT = None\n" % (json.dumps(more), json.dumps(speech)) + font + C_DRAW
        done = cpboard.run(version, code, heap, [drive, os.path.join(drive, "lib")], cwd=tmp)
        if "drawn" not in done.stdout:
            raise RuntimeError("the real displayio failed:\n" + done.stdout + done.stderr)
        out = {}
        for w, h in sizes:
            with open(os.path.join(tmp, "c-%dx%d.bin" % (w, h)), "rb") as f:
                data = f.read()
            n = w * h * 2
            out[(w, h)] = [data[k : k + n] for k in range(0, len(data), n)]
        return out


def _narrow():
    """RGB888 channel -> the 5 or 6 bits PyGameDisplay widened (its ``v * 255.0 / max``, truncated)."""
    five = {int(k * 255.0 / 31.0): k for k in range(32)}
    six = {int(k * 255.0 / 63.0): k for k in range(64)}
    return five, six


def blinka_frames(views, sizes, more=""):
    """{(w, h): [RGB565 frame per View]} drawn by the desktop simulator's Blinka display."""
    import pygame

    from hal import desktop, render

    five, six = _narrow()
    out = {}
    view = v.View()
    for w, h in sizes:
        display = desktop.make_display(window=False, size=(w, h))
        screen = render.Screen(display)
        if more:  # (the letters of every language drawn: a strip as long as they need)
            screen.renderer = render.Renderer(w, h, None, more, screen.renderer.speech)
            display.root_group = screen.renderer.group
        frames = []
        for kind, d in views:
            restore(d, view).more = more  # (the letters of every language drawn)
            screen.show(view)
            rgb = pygame.image.tobytes(display.surface, "RGB")
            frame = bytearray(w * h * 2)
            for k in range(w * h):
                p = five[rgb[3 * k]] << 11 | six[rgb[3 * k + 1]] << 5 | five[rgb[3 * k + 2]]
                frame[2 * k] = p & 0xFF
                frame[2 * k + 1] = p >> 8
            frames.append(bytes(frame))
        out[(w, h)] = frames
        display._release()
    return out


def differ(a, b, w):
    """(pixels that differ, their bounding box x1, y1, x2, y2 or None) of two RGB565 frames."""
    n = 0
    box = None
    for k in range(0, len(a), 2):
        if a[k] != b[k] or a[k + 1] != b[k + 1]:
            n += 1
            x, y = (k // 2) % w, (k // 2) // w
            box = (
                (x, y, x + 1, y + 1)
                if box is None
                else (min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1))
            )
    return n, box


def png(path, frame, w, h, scale=2):
    """Write an RGB565 frame as a PNG, ``scale`` times as big."""
    import pygame

    rgb = bytearray(w * h * 3)
    for k in range(w * h):
        p = frame[2 * k] | frame[2 * k + 1] << 8
        rgb[3 * k] = (p >> 11) * 255 // 31
        rgb[3 * k + 1] = ((p >> 5) & 63) * 255 // 63
        rgb[3 * k + 2] = (p & 31) * 255 // 31
    surface = pygame.image.frombuffer(bytes(rgb), (w, h), "RGB")
    pygame.image.save(pygame.transform.scale(surface, (w * scale, h * scale)), path)


def diff_frame(a, b):
    """An RGB565 frame: white where ``a`` and ``b`` differ, ``a`` dimmed elsewhere."""
    out = bytearray(len(a))
    for k in range(0, len(a), 2):
        if a[k] != b[k] or a[k + 1] != b[k + 1]:
            out[k] = out[k + 1] = 0xFF
        else:
            p = a[k] | a[k + 1] << 8
            p = (p >> 2) & 0b0011100111100111  # a quarter as bright
            out[k] = p & 0xFF
            out[k + 1] = p >> 8
    return out


def compare(sizes=SIZES, seed=11, out=None, every=False):
    """[(size, kind, differing pixels, bounding box)] for every View of :func:`collect` at each size."""
    views = collect(seed, every)
    c = c_frames(views, sizes)
    b = blinka_frames(views, sizes)
    rows = []
    for w, h in sizes:
        for i in range(len(views)):
            kind = views[i][0] or "%s #%d" % (views[i][1]["title"], i)
            n, box = differ(c[(w, h)][i], b[(w, h)][i], w)
            rows.append(((w, h), kind, n, box))
            if out:
                os.makedirs(out, exist_ok=True)
                stem = os.path.join(out, "%dx%d-%s" % (w, h, kind.replace(" ", "_").replace("/", "of")))
                png(stem + "-c.png", c[(w, h)][i], w, h)
                png(stem + "-blinka.png", b[(w, h)][i], w, h)
                if n:
                    png(stem + "-diff.png", diff_frame(c[(w, h)][i], b[(w, h)][i]), w, h)
    return rows


def bdf_strip(path):
    """{(x, y) inked} of the 95 ASCII glyphs of a BDF font laid side by side in 6x12 tiles, as
    CircuitPython's tools/gen_display_resources.py lays out a board's terminalio.FONT.bitmap
    (each glyph placed in its cell by tools/glyphs.py's reader)."""
    from tools import glyphs

    cells = glyphs.read_bdf(path, range(32, 127))
    return {
        ((code - 32) * 6 + x, y)
        for code, cell in cells.items()
        for y in range(12)
        for x in range(6)
        if cell[y] & (0x80 >> x)
    }


FONT_DUMP = """
import terminalio
b = terminalio.FONT.bitmap
print(b.width, b.height)
for y in range(b.height):
    print("".join("#" if b[x, y] else "." for x in range(b.width)))
"""


def font_differs():
    """The pixels of the 10.2.1-displayio build's terminalio.FONT.bitmap (the ASCII glyphs) that
    differ from a board's, made from the same ter-u12n.bdf (Blinka ships CircuitPython's)."""
    import displayio

    bdf = os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")
    done = cpboard.run(cpboard.REAL_DISPLAYIO, FONT_DUMP, "256k", [cpboard.ROOT])
    lines = done.stdout.split()
    width, height = int(lines[0]), int(lines[1])
    inked = {(x, y) for y in range(height) for x in range(width) if lines[2 + y][x] == "#"}
    return width, height, sorted(inked ^ bdf_strip(bdf))


def size_list(text):
    """``--sizes``: "240x135,480x320" -> ((240, 135), (480, 320))."""
    return tuple(tuple(int(n) for n in s.lower().split("x")) for s in text.split(","))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=size_list, default=SIZES, help="e.g. 160x128,240x135")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", help="a folder for the PNGs of both sides (and of the differences)")
    ap.add_argument("--every", action="store_true", help="every screen of three games, not one of each kind")
    args = ap.parse_args()
    rows = compare(args.sizes, args.seed, args.out, args.every)
    bad = 0
    for (w, h), kind, n, box in rows:
        print("%4dx%-4d %-22s %s" % (w, h, kind, "identical" if not n else "%d pixels differ in %s" % (n, box)))
        bad += n > 0
    print("%d of %d screens identical" % (len(rows) - bad, len(rows)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
