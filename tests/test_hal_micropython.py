"""The board-side HAL (render, keys, saves, board) on the real MicroPython binary.

CircuitPython is MicroPython underneath: running hal/render/__init__.py and
hal/board.py there, precompiled with mpy-cross, checks that they use nothing
CPython-only, and gives a heap figure. The CircuitPython modules are small
fakes; the fake ``displayio`` allocates what CircuitPython would (bitmap
rows rounded up to 32-bit words, a byte per tile), and there is no
``bitmaptools``, so the renderer's fallback pixel loops run too. ``terminalio`` is the stand-in
of the CircuitPython checks (tools/standins/terminalio.py) over that fake ``displayio``.
"""

import os
import shutil
import subprocess

from tools import mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FAKES = {
    "displayio.py": """
ALL = []  # every Bitmap made (to count what CircuitPython would hold)
READ_ONLY = 1 << 18  # a Bitmap's flag in _g, as the stand-in's (tools/standins/terminalio.py sets it on the font)
class Bitmap:
    def __init__(self, width, height, value_count):
        ALL.append(self)
        self.width = width
        self.height = height
        self._g = 0
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.bytes = ((width * bits + 31) // 32) * 4 * height  # as CircuitPython stores it
        self._p = bytearray(width * height)
    def __setitem__(self, i, v):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        self._p[i] = v
    def __getitem__(self, i):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._p[i]
    def fill(self, v):
        for i in range(len(self._p)):
            self._p[i] = v
class Palette:
    def __init__(self, n):
        self._c = [0] * n
        self._t = bytearray(n)
    def __setitem__(self, i, c):
        self._c[i] = c
    def __getitem__(self, i):
        return self._c[i]
    def __len__(self):
        return len(self._c)
    def make_transparent(self, i):
        self._t[i] = 1
    def make_opaque(self, i):
        self._t[i] = 0
class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.tiles = bytearray(bytes([default_tile]) * (width * height))
        self.x = x
        self.y = y
        self.hidden = False
    def __setitem__(self, i, v):
        self.tiles[i] = v
    def __getitem__(self, i):
        return self.tiles[i]
class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.items = []
        self.hidden = False
    def append(self, item):
        self.items.append(item)
    def insert(self, i, item):
        self.items.insert(i, item)
CIRCUITPYTHON_TERMINAL = Group()
""",
    "board.py": """
import displayio
board_id = "pybadge"
BUTTON_CLOCK = "CLK"
BUTTON_OUT = "OUT"
BUTTON_LATCH = "LATCH"
class _Display:
    width = 160
    height = 128
    auto_refresh = True
    root_group = None
    refreshes = 0
    def refresh(self):
        self.refreshes += 1
DISPLAY = _Display()
""",
    "keypad.py": """
class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp or 0
class EventQueue:
    def __init__(self):
        self.q = []
        self.overflowed = False
    def get_into(self, ev):
        if not self.q:
            return False
        ev.key_number, ev.pressed, ev.timestamp = self.q.pop(0)
        return True
    def clear(self):
        self.q = []
class ShiftRegisterKeys:
    last = None
    def __init__(self, **kw):
        self.events = EventQueue()
        self.events.q.append((3, True, 0))  # Select reads pressed from the start
        ShiftRegisterKeys.last = self
    def reset(self):
        pass
Keys = ShiftRegisterKeys
""",
    "microcontroller.py": "nvm = bytearray(8192)\n",
    "storage.py": """
class _M:
    readonly = True
def getmount(path):
    return _M()
""",
    "supervisor.py": """
import time
def ticks_ms():
    return time.ticks_ms() & 0x1FFFFFFF
""",
}

SCRIPT = """
import gc
import displayio, terminalio
from play import view as v
from engine import cards
gc.collect()
free0 = gc.mem_free()
from hal import render
gc.collect()
free1 = gc.mem_free()
r = render.Renderer(160, 128)
gc.collect()
free2 = gc.mem_free()
# The fake keeps a byte a pixel; CircuitPython packs them: count what it would hold instead.
fake = cp = 0
for bm in displayio.ALL[1:]:  # (the first is the font strip, made before)
    fake += len(bm._p)
    cp += bm.bytes
objects = free1 - free2 - fake + cp
vw = v.View()
vw.title = "Round 1 - Ana"
vw.line(0, "Top 3#  Pile 40 Stage 2M")
vw.line(3, "Ben played 3#", v.ACCENT)
for n in ("1", "1o", "2/3", "3#", "4*", "L"):
    vw.add_card(cards.code(n), v.PLAYABLE if n in ("3#", "L") else 0)
vw.add_card(18, v.PLAYABLE)
vw.add_card(19, v.PLAYABLE)
vw.card_cursor = 3
vw.footer = "A: play 3#  St: menu"
gc.collect()
free2 = gc.mem_free()
r.draw(vw)
gc.collect()
free3 = gc.mem_free()
a = gc.mem_alloc()
r.draw(vw)
same = gc.mem_alloc() - a
vw.card_cursor = 4
a = gc.mem_alloc()
r.draw(vw)
cursor_moved = gc.mem_alloc() - a
print("code", free0 - free1, "objects", objects, "draw", free2 - free3)
print("redraw same", same, "cursor moved", cursor_moved)
bm = r.sheet
t = r.slots[3][0]  # the sheet tile slot 3 shows: the "3#" face (drawn at start-up)
ink = sum(1 for y in range(20) for x in range(13) if bm[t * 13 + x, y] == 1)
print("tile 3 ink", ink, "x", r.slots[3].x, "y", r.slots[4].y, "row", r.rows[1][0], r.rows[1][1])
for i in range(40):
    vw.add_card(i % 18, 0)
for cur in range(vw.ncards):
    vw.card_cursor = cur
    r.draw(vw)
    assert r.first <= cur < r.last, (cur, r.first, r.last)
print("scroll ok", r.first, r.last, vw.ncards)

import hal
from hal import board as hb
from hal.saves import slots
hw = hb.open()
print("notices", hw.notices, hw.name, hw.storage.where)
import keypad
sc = keypad.ShiftRegisterKeys.last
import supervisor
sc.events.q.append((1, True, supervisor.ticks_ms()))
sc.events.q.append((4, True, supervisor.ticks_ms()))
print("presses", hw.buttons.press(), hw.buttons.press(), hw.buttons.press(), hw.buttons.held())
hw.screen.show(vw)
import board
print("refreshes", board.DISPLAY.refreshes)
hw.storage.save(b"saved game")
import microcontroller
print("load", slots.NvmStore(microcontroller.nvm).load())
from hal.saves.files import FileStore
f = FileStore("/tmp/%s/lama.sav")
f.save(b"file save")
f.save(b"file save 2")
print("file", FileStore("/tmp/%s/lama.sav").load())
print("entropy", hw.entropy() >= 0)
"""


def test_render_keys_saves_and_board_run_on_micropython(tmp_path):
    name = tmp_path.name
    os.makedirs("/tmp/" + name, exist_ok=True)
    dest = str(tmp_path / "mp")
    mpy.compile_packages(dest, ("engine", "play", "hal"))
    for fname, text in FAKES.items():
        os.makedirs(os.path.dirname(os.path.join(dest, fname)), exist_ok=True)
        with open(os.path.join(dest, fname), "w") as f:
            f.write(text)
    shutil.copyfile(os.path.join(ROOT, "tools", "standins", "terminalio.py"), os.path.join(dest, "terminalio.py"))
    done = subprocess.run(
        [mpy.binary("micropython"), "-X", "heapsize=256k", "-c", SCRIPT.replace("%s", name)],
        cwd=dest,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = done.stdout
    print(out)
    assert done.returncode == 0, out + done.stderr
    lines = dict((line.split()[0], line.split()[1:]) for line in out.splitlines())
    code, objects, draw = int(lines["code"][0]), int(lines["code"][2]), int(lines["code"][4])
    # 64-bit MicroPython objects are about twice CircuitPython's: tests/test_circuitpython.py
    # holds the board's own figures.
    assert code < 20000 and objects < 30000 and draw < 1000, (code, objects, draw)
    assert lines["redraw"] == ["same", "0", "cursor", "moved", "0"]
    assert int(lines["tile"][2]) > 20 and lines["tile"][6] == "2"  # the cursor on a card it cannot play: not raised
    assert lines["scroll"][0] == "ok"
    assert lines["notices"][0] == "['Select" and "PyBadge" in out and "nvm" in lines["notices"][-1]
    assert lines["presses"] == ["2", "16", "0", "18"]
    assert lines["refreshes"] == ["1"]
    assert lines["load"] == ["b'saved", "game'"]
    assert lines["file"] == ["b'file", "save", "2'"]
    assert lines["entropy"] == ["True"]
