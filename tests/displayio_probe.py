"""What displayio, bitmaptools and terminalio refuse, and what their objects cost: run on CircuitPython.

Not a pytest module: tests/test_standins.py runs it under CircuitPython, on the C code (the
10.2.1-displayio build) and on the stand-ins of tools/standins (10.2.1 and 9.2.9), and compares
the lines it prints:

    check <name>: ok [value] | <exception type>: <message>
    cost <name>: <bytes on the heap (gc.mem_alloc, after a collection)>
"""

import gc

import bitmaptools
import displayio
import terminalio


def check(name, f):
    try:
        r = f()
        print("check %s: ok%s" % (name, "" if r is None else " %r" % (r,)))
    except Exception as e:
        print("check %s: %s: %s" % (name, type(e).__name__, e))


def setitem(o, i, v):
    o[i] = v


def delitem(o, i):
    del o[i]


def setattr_(o, name, v):
    setattr(o, name, v)
    return getattr(o, name)


FONT = terminalio.FONT
bm = displayio.Bitmap(26, 22, 5)  # 4 bits a value: 0..15
pal = displayio.Palette(2)
src = displayio.Bitmap(6, 12, 2)

# Bitmap
check("bitmap two arguments", lambda: displayio.Bitmap(1, 1))
check("bitmap width -1", lambda: displayio.Bitmap(-1, 1, 2))
check("bitmap width 32768", lambda: displayio.Bitmap(32768, 1, 2))
check("bitmap value_count 0", lambda: displayio.Bitmap(1, 1, 0))
check("bitmap value_count 65537", lambda: displayio.Bitmap(1, 1, 65537))
check("bitmap bits 5 values", lambda: bm.bits_per_value)
check("bitmap bits 65536 values", lambda: displayio.Bitmap(1, 1, 65536).bits_per_value)
check("bitmap bits 257 values", lambda: displayio.Bitmap(1, 1, 257).bits_per_value)
check("bitmap index -1", lambda: bm[-1])
check("bitmap index past the end", lambda: bm[26 * 22])
check("bitmap x past the edge", lambda: bm[26, 0])
check("bitmap y past the edge", lambda: setitem(bm, (0, 22), 1))
check("bitmap x -1", lambda: bm[-1, 0])
check("bitmap index a float", lambda: bm[1.5])
check("bitmap index of three", lambda: bm[1, 2, 3])
check("bitmap slice", lambda: bm[0:2])
check("bitmap value 16", lambda: setitem(bm, 0, 16))
check("bitmap value -1", lambda: setitem(bm, (1, 1), -1))
check("bitmap value 15", lambda: (setitem(bm, (25, 21), 15), bm[25, 21], bm[26 * 22 - 1])[1:])
check("bitmap value 16 bits", lambda: setitem(displayio.Bitmap(2, 2, 65536), (1, 1), 65535))
check("bitmap fill 16", lambda: bm.fill(16))
check("bitmap fill 3", lambda: (bm.fill(3), bm[0], bm[25, 21])[1:])
check("bitmap width is read-only", lambda: setattr_(bm, "width", 3))
check("font bitmap size", lambda: (FONT.bitmap.width, FONT.bitmap.height, FONT.bitmap.bits_per_value))
check("font bitmap write", lambda: setitem(FONT.bitmap, (0, 0), 1))
check("font bitmap fill", lambda: FONT.bitmap.fill(0))
check("font glyph A", lambda: (FONT.get_glyph(65).tile_index, FONT.get_glyph(65).width, FONT.get_glyph(65).height))
check("font glyph missing", lambda: FONT.get_glyph(0x2588))
check("font bounding box", lambda: FONT.get_bounding_box())

# Palette
check("palette 0 colours", lambda: displayio.Palette(0))
check("palette index 2 of 2", lambda: setitem(pal, 2, 0))
check("palette index -1", lambda: (setitem(pal, -1, 0x123456), pal[1])[1])
check("palette read index 5", lambda: pal[5])
check("palette colour -1", lambda: setitem(pal, 0, -1))
check("palette colour 0x1000000", lambda: setitem(pal, 0, 0x1000000))
check("palette colour tuple", lambda: (setitem(pal, 0, (1, 2, 3)), pal[0])[1])
check("palette colour pair", lambda: setitem(pal, 0, (1, 2)))
check("palette colour bytes", lambda: (setitem(pal, 0, b"\x01\x02\x03\x04"), pal[0])[1])
check("palette colour float", lambda: setitem(pal, 0, 1.5))
check("palette colour True", lambda: (setitem(pal, 0, True), pal[0])[1])
check("palette delete", lambda: delitem(pal, 0))
check("palette slice", lambda: pal[0:1])
check("palette transparent 2", lambda: pal.make_transparent(2))
check("palette transparent -1", lambda: pal.make_opaque(-1))
check("palette transparent 1.0", lambda: pal.make_transparent(1.0))
check("palette transparent kept", lambda: (pal.make_transparent(1), setitem(pal, 1, 5), pal.is_transparent(1))[2])
check("palette len and items", lambda: (len(pal), list(pal)))
check("palette of 5", lambda: setitem(displayio.Palette(5), 4, 0xABCDEF))

# TileGrid
check("tilegrid tile width 5 of 26", lambda: displayio.TileGrid(bm, pixel_shader=pal, tile_width=5))
check("tilegrid tile height 5 of 22", lambda: displayio.TileGrid(bm, pixel_shader=pal, tile_height=5))
check("tilegrid tile width 30 of 26", lambda: displayio.TileGrid(bm, pixel_shader=pal, tile_width=30))
check("tilegrid of a palette", lambda: displayio.TileGrid(pal, pixel_shader=pal))
check("tilegrid shader an int", lambda: displayio.TileGrid(bm, pixel_shader=5))
tg = displayio.TileGrid(bm, pixel_shader=pal, tile_width=13, tile_height=11, width=3, height=2)
check("tilegrid sizes", lambda: (tg.width, tg.height, tg.tile_width, tg.tile_height))
check("tilegrid tile 3 of 4", lambda: (setitem(tg, 5, 3), tg[2, 1])[1])
check("tilegrid tile 4 of 4", lambda: setitem(tg, 0, 4))
check("tilegrid tile 255 of 4", lambda: setitem(tg, 0, 255))
check("tilegrid tile 256 of 4", lambda: setitem(tg, 0, 256))
check("tilegrid tile -1", lambda: setitem(tg, 0, -1))
check("tilegrid index 6 of 6", lambda: setitem(tg, 6, 0))
check("tilegrid index -1", lambda: tg[-1])
check("tilegrid x 3 of 3", lambda: tg[3, 0])
check("tilegrid x -1", lambda: tg[-1, 0])
check("tilegrid slice", lambda: tg[0:1])
check("tilegrid default tile 9", lambda: displayio.TileGrid(bm, pixel_shader=pal, default_tile=9)[0])
check("tilegrid default tile 300", lambda: displayio.TileGrid(bm, pixel_shader=pal, default_tile=300)[0])
check("tilegrid x 40000", lambda: setattr_(tg, "x", 40000))
check("tilegrid y -5", lambda: setattr_(tg, "y", -5))
check("tilegrid width is read-only", lambda: setattr_(tg, "width", 3))
check("tilegrid hidden", lambda: setattr_(tg, "hidden", True))
check("tilegrid shader set to an int", lambda: setattr_(tg, "pixel_shader", 3))
check("tilegrid bitmap of another size", lambda: setattr_(tg, "bitmap", displayio.Bitmap(26, 23, 5)))
check("tilegrid contains", lambda: (tg.contains((1, 1, 0)), tg.contains((40, 1, 0))))
wide = displayio.TileGrid(displayio.Bitmap(6 * 300, 1, 2), pixel_shader=pal, tile_width=6, width=2)
check("tilegrid tile 299 of 300", lambda: (setitem(wide, 1, 299), wide[1])[1])
check("tilegrid tile 300 of 300", lambda: setitem(wide, 0, 300))
check(
    "tilegrid of font glyphs",
    lambda: setitem(displayio.TileGrid(FONT.bitmap, pixel_shader=pal, tile_width=6, tile_height=12, width=26), 25, 94),
)

# Group
g = displayio.Group()
h = displayio.Group()
check("group scale 0", lambda: displayio.Group(scale=0))
check("group scale set 0", lambda: setattr_(g, "scale", 0))
check("group x 40000", lambda: setattr_(displayio.Group(x=3), "x", 40000))
check("group append a tilegrid", lambda: (g.append(tg), len(g))[1])
check("group append it again", lambda: g.append(tg))
check("group append it to another", lambda: h.append(tg))
check("group append an int", lambda: g.append(5))
check("group append a palette", lambda: g.append(pal))
check("group set the same layer", lambda: setitem(g, 0, tg))
check("group set another layer", lambda: (setitem(g, 0, h), g[0] is h)[1])
check("group append the replaced layer", lambda: (h.append(tg), len(h))[1])
check("group append a held group", lambda: displayio.Group().append(h))
check("group insert past the end", lambda: g.insert(5, displayio.Group()))
check("group insert at the end", lambda: (g.insert(1, displayio.Group()), len(g))[1])
check("group insert -1", lambda: (g.insert(-1, displayio.Group()), len(g))[1])
check("group pop 7", lambda: g.pop(7))
check("group get 5", lambda: g[5])
check("group slice", lambda: g[0:1])
check("group index missing", lambda: g.index(tg))
check("group remove missing", lambda: g.remove(tg))
check("group in", lambda: (h in g, tg in g))
check("group delete frees the layer", lambda: (delitem(g, 0), displayio.Group().append(h)))
check("group pop frees the layer", lambda: (displayio.Group().append(g.pop()), len(g))[1])
check("group set 5", lambda: setitem(g, 5, displayio.Group()))
check("group hidden", lambda: setattr_(g, "hidden", True))

# bitmaptools (bm: 26x22, 4 bits; src: 6x12, 1 bit)
check("fill_region x2 past the edge", lambda: bitmaptools.fill_region(bm, 0, 0, 27, 5, 1))
check("fill_region x1 -1", lambda: bitmaptools.fill_region(bm, -1, 0, 5, 5, 1))
check("fill_region x2 < x1", lambda: bitmaptools.fill_region(bm, 5, 0, 4, 5, 1))
check("fill_region y2 past the edge", lambda: bitmaptools.fill_region(bm, 0, 0, 4, 23, 1))
check("fill_region value 16", lambda: bitmaptools.fill_region(bm, 0, 0, 4, 5, 16))
check("fill_region value -1", lambda: bitmaptools.fill_region(bm, 0, 0, 4, 5, -1))
check("fill_region of a palette", lambda: bitmaptools.fill_region(pal, 0, 0, 1, 1, 1))
check("fill_region the whole", lambda: (bitmaptools.fill_region(bm, 0, 0, 26, 22, 7), bm[0], bm[25, 21])[1:])
check("fill_region empty", lambda: bitmaptools.fill_region(bm, 26, 22, 26, 22, 1))
check("fill_region the font", lambda: bitmaptools.fill_region(FONT.bitmap, 0, 0, 1, 1, 1))
check("blit x -1", lambda: bitmaptools.blit(bm, src, -1, 0))
check("blit x past the edge", lambda: bitmaptools.blit(bm, src, 27, 0))
check("blit y past the edge", lambda: bitmaptools.blit(bm, src, 0, 23))
check("blit at the edge", lambda: bitmaptools.blit(bm, src, 26, 22))
check("blit clipped", lambda: (bitmaptools.blit(bm, src, 22, 15), bm[21, 14], bm[22, 15], bm[25, 21])[1:])
check("blit x2 past the source", lambda: bitmaptools.blit(bm, src, 0, 0, x1=0, y1=0, x2=7, y2=12))
check("blit x2 < x1", lambda: bitmaptools.blit(bm, src, 0, 0, x1=3, y1=0, x2=2, y2=12))
check("blit y1 -1", lambda: bitmaptools.blit(bm, src, 0, 0, x1=0, y1=-1, x2=2, y2=12))
check("blit more bits", lambda: bitmaptools.blit(src, bm, 0, 0))
check("blit from a palette", lambda: bitmaptools.blit(bm, pal, 0, 0))
check("blit into the font", lambda: bitmaptools.blit(FONT.bitmap, src, 0, 0))
check(
    "blit a glyph",
    lambda: bitmaptools.blit(bm, FONT.bitmap, 2, 3, x1=6 * 33, y1=0, x2=6 * 34, y2=12, skip_source_index=0),
)
check("replace_color", lambda: (bitmaptools.replace_color(bm, 7, 2), bm[0])[1])
check("replace_color 16", lambda: bitmaptools.replace_color(bm, 1, 16))


# What each object costs on the heap.
def cost(name, make):
    gc.collect()
    before = gc.mem_alloc()
    keep = make()
    gc.collect()
    print("cost %s: %d" % (name, gc.mem_alloc() - before))
    return keep


strip = FONT.bitmap
for n in (1, 4, 5, 16, 17, 26):
    cost("TileGrid of %d tiles" % n, lambda: displayio.TileGrid(strip, pixel_shader=pal, width=n, tile_width=6))
big = displayio.Bitmap(6 * 300, 1, 2)
for n in (2, 3):
    cost("TileGrid of %d tiles of 300" % n, lambda: displayio.TileGrid(big, pixel_shader=pal, width=n, tile_width=6))
for n in (1, 2, 3, 4, 5, 7):
    cost("Palette(%d)" % n, lambda: displayio.Palette(n))
for w, h, v in ((26, 22, 5), (13, 22, 4), (8, 12, 1), (2, 66, 7), (72, 11, 5), (1, 1, 1), (6, 12, 2), (5, 5, 65536)):
    cost("Bitmap(%d, %d, %d)" % (w, h, v), lambda: displayio.Bitmap(w, h, v))
layers = [displayio.TileGrid(src, pixel_shader=pal) for _ in range(9)]


def group_of(n):
    group = displayio.Group()
    for k in range(n):
        group.append(layers[k])
    return group


for n in (0, 4, 5, 8, 9):
    group = cost("Group of %d layers" % n, lambda: group_of(n))
    while len(group):
        group.pop()
