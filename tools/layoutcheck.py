"""What a drawn screen gets wrong in its layout: pieces that overlap, or that the display's edge cuts.

    python tools/layoutcheck.py                        # every kind of screen at every layout
    python tools/layoutcheck.py --sizes 200x200 --every

:func:`problems` walks the display objects of a ``render.Renderer`` after ``draw(view)`` (Blinka
displayio, on the desktop: the same layout numbers as on a board, which tools/realdisplay.py proves
pixel for pixel) and works on the pixels each object really covers: a TileGrid's tiles, through
its palette (transparent indices cover nothing: a glyph covers its ink, a card its whole tile),
each source pixel the Groups' scales times over. It reports:

* **clipped**: a piece with a pixel off the display (text run past an edge, a card cut);
* **overlap**: two pieces covering the same pixel (text on text, a card on a label, the hand on
  the event line). The pieces travelling in a motion lie on top of everything by design and are
  only checked for the edge;
* **on a bar**: a piece on a bar that is not its own: only the title and the show meter lie on the
  title bar, the footer on the footer's, the line under the cursor on the cursor's, the seat to act
  on the seats' bar (a card raised into the footer, a line run into the title are caught here).

tests/test_layouts.py keeps it at nothing found for every kind of screen at every layout.
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from hal.desktop.venv import again  # noqa: E402

if __name__ == "__main__":
    again(sys.argv)  # in any shell: run again by the project's .venv (hal/desktop/venv.py)

SIZES = ((160, 128), (240, 135), (240, 240), (320, 240), (480, 320))


class _Masks:
    """The pixels a tile covers, (dx, dy) from its corner, cached by bitmap, tile and transparency."""

    def __init__(self):
        self.cache = {}

    def tile(self, tg, t):
        pal = tg.pixel_shader
        clear = tuple(i for i in range(len(pal)) if pal.is_transparent(i))
        key = (id(tg.bitmap), t, clear, tg.tile_width, tg.tile_height)
        mask = self.cache.get(key)
        if mask is None:
            bm = tg.bitmap
            tw, th = tg.tile_width, tg.tile_height
            per_row = bm.width // tw
            x0, y0 = (t % per_row) * tw, (t // per_row) * th
            if not clear:  # opaque edge to edge, whatever it shows (the card sheet, drawn on use)
                mask = [(u, v) for v in range(th) for u in range(tw)]
            else:
                mask = [(u, v) for v in range(th) for u in range(tw) if bm[x0 + u, y0 + v] not in clear]
            self.cache[key] = mask
        return mask


_MASKS = _Masks()


def pieces(group, x=0, y=0, scale=1, tag=None, tags=None, out=None):
    """[(tag, TileGrid, set of display pixels it covers)] of every shown TileGrid under ``group``.

    ``tags`` maps id(Group or TileGrid) to a tag, which the pieces under it inherit."""
    out = [] if out is None else out
    tags = tags or {}
    for i in range(len(group)):
        layer = group[i]
        if layer.hidden:
            continue
        t = tags.get(id(layer), tag)
        if hasattr(layer, "tile_width"):
            px = set()
            tw, th = layer.tile_width, layer.tile_height
            for ty in range(layer.height):
                for tx in range(layer.width):
                    ox = x + scale * (layer.x + tx * tw)
                    oy = y + scale * (layer.y + ty * th)
                    for u, v in _MASKS.tile(layer, layer[tx, ty]):
                        for a in range(scale):
                            for b in range(scale):
                                px.add((ox + scale * u + a, oy + scale * v + b))
            out.append((t, layer, px))
        else:
            pieces(layer, x + scale * layer.x, y + scale * layer.y, scale * layer.scale, t, tags, out)
    return out


def tags_of(r):
    """Tags of the renderer's parts (see hal/render/__init__.py): what each bar may carry, which pieces travel."""
    a, b = r.lines
    table = not r.table_group.hidden
    tags = {
        id(r.heads[0]): "title",
        id(r.meter_group): "title",
        id(r.heads[1]): "footer",
        id(a): "seats" if table else "lines",
        id(b): "event" if table else "lines",
        id(r.table_group): "seats",
        id(r.panel): "panel",
        id(r.hand): "hand",
        id(r.keys): "hand",
        id(r.movers): "movers",
    }
    bars = {id(r.bars[0]): "title", id(r.bars[1]): "footer", id(r.bars[2]): "cursor", id(r.seat_bar): "seats"}
    for bar, tag in bars.items():
        tags[bar] = "bar:" + tag
    return tags


def line_row(i):
    """The index in ``Renderer.rows`` of text line ``i``, as hal/render/__init__.py's draw places it:
    rows 1..8, then a menu's lines 9.. after the footer, the pile's count and the token rows."""
    return i + 1 if i < 8 else i + 5


def problems(r, width, height, view):
    """What is wrong with the screen ``r`` (a render.Renderer) shows of ``view`` on a ``width`` x
    ``height`` display (see the module docstring): a list of sentences, empty when nothing is."""
    tags = tags_of(r)
    root = r.group
    found = pieces(root, root.x, root.y, root.scale, None, tags)
    out = []
    owner = {}
    cursor_row = r.rows[line_row(view.line_cursor)] if not r.bars[2].hidden else None  # the line on that bar
    for tag, tg, px in found:
        name = _name(r, tg, tag)
        off = [p for p in px if not (0 <= p[0] < width and 0 <= p[1] < height)]
        if off:
            out.append("clipped: %s has %d pixels off the display, e.g. %s" % (name, len(off), min(off)))
        if tag.startswith("bar:") or tag == "movers":
            continue
        for p in px:
            other = owner.get(p)
            if other is not None and other is not tg:
                out.append("overlap: %s and %s at %s" % (_name(r, other, None), name, p))
                break
            owner[p] = tg
    for tag, tg, px in found:  # what lies on each bar
        if not tag.startswith("bar:"):
            continue
        allowed = tag[4:]
        for tag2, tg2, px2 in found:
            if tag2.startswith("bar:") or tag2 == "movers" or tag2 == allowed:
                continue
            if allowed == "cursor" and tg2 is cursor_row:
                continue
            on = px & px2
            if on:
                out.append("on a bar: %s on the %s bar at %s" % (_name(r, tg2, tag2), allowed, min(on)))
    return out + cuts(r, view)


def cuts(r, view):
    """**cut**: the texts of ``view`` that renderer ``r`` (after ``draw(view)``) does not draw whole: a
    line, the title, the footer or the event longer than its row (play/view.py's ``View.line`` keeps
    what it is given), a row's text past its cells, a title the renderer had to shorten. No text is
    ever cut: the flow wraps it or words it shorter. :func:`problems` reports these too."""
    out = []
    given = [("title", view.title), ("footer", view.footer)]
    given += [("line %d" % i, view.lines[i]) for i in range(len(view.lines))]
    if view.seats:
        given.append(("event", view.event))
    for what, text in given:
        if len(text) > r.row_cells[0]:
            out.append("cut: the %s %r has %d characters, a row %d" % (what, text, len(text), r.row_cells[0]))
    for k in range(len(r.rows)):
        row = r.rows[k]
        if not row.hidden and len(r.row_text[k]) > r.row_cells[k]:
            out.append("cut: row %d %r has %d cells" % (k, r.row_text[k], r.row_cells[k]))
    if r.row_text[0] != view.title:
        out.append("cut: the title %r is drawn as %r" % (view.title, r.row_text[0]))
    return out


def _name(r, tg, tag):
    """A readable name of a piece of renderer ``r``."""
    for k in range(len(r.rows)):
        if r.rows[k] is tg:
            return "row %d %r" % (k, r.row_text[k])
    for k in range(len(r.slots)):
        if r.slots[k] is tg:
            return "slot %d" % k
    named = {"pile": "the pile", "top": "the top card", "seat_magic": "the magic column", "meter": "the meter"}
    for attr, text in named.items():
        if getattr(r, attr) is tg:
            return text
    return "a %s piece" % (tag or "root")


def check(sizes=SIZES, seed=11, every=False, lang=""):
    """[(size, kind, problems)] for every kind of screen (tools/realdisplay.py's) at each size, in
    language ``lang`` ("de", "fr"; "": English)."""
    import displayio  # noqa: F401 (Blinka: the objects are built without a display)

    from hal import render
    from play import view as v
    from tools import realdisplay

    views = realdisplay.collect(seed, every, lang)
    out = []
    view = v.View()
    first = realdisplay.restore(views[0][1], v.View())  # (the views' language: letters, buttons)
    for w, h in sizes:
        r = render.Renderer(w, h, None, first.more, first.speech)
        for i, (kind, data) in enumerate(views):
            r.draw(realdisplay.restore(data, view))
            out.append(((w, h), kind or "%s #%d" % (data["title"], i), problems(r, w, h, view)))
    return out


def main():
    from tools.realdisplay import size_list

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=size_list, default=SIZES, help="e.g. 160x128,240x135")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--every", action="store_true", help="every screen of three games, not one of each kind")
    ap.add_argument("--lang", default="", choices=["", "en", "de", "fr"], help="the game's language (default English)")
    args = ap.parse_args()
    bad = 0
    rows = check(args.sizes, args.seed, args.every, "" if args.lang == "en" else args.lang)
    for (w, h), kind, found in rows:
        if found or not args.every:
            print("%4dx%-4d %-22s %s" % (w, h, kind, "; ".join(found[:3]) if found else "clean"))
        bad += bool(found)
    print("%d of %d screens clean" % (len(rows) - bad, len(rows)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
