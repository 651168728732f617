"""The stand-ins of displayio, bitmaptools and terminalio refuse what CircuitPython's C code refuses
and cost what its objects cost (tools/standins, used by the board flow on 10.2.1 and 9.2.9).

tests/displayio_probe.py prints, under CircuitPython, the outcome of each check (a value, or the
exception and its message) and the heap each object takes. ``displayio_probe.expected`` is what
the C code prints (the ``10.2.1-displayio`` build: CircuitPython 10.2.1 with its real displayio);
when that build is here the test runs the probe on it too, so the file stays the C code's word.
Regenerate it from the tests folder with
``$LAMA_CIRCUITPYTHON/10.2.1-displayio/circuitpython -X heapsize=200k displayio_probe.py``.
On 9.2.9 a few lines differ, from its source (tag 9.2.9): NINE below.
"""

import os

import pytest

from tools import cpboard

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = cpboard.REAL_DISPLAYIO


def expected():
    """{line's name: outcome} of displayio_probe.expected, in order."""
    out = {}
    with open(os.path.join(HERE, "displayio_probe.expected")) as f:
        for line in f:
            name, _, outcome = line.rstrip("\n").partition(": ")
            out[name] = outcome
    return out


EXPECTED = expected()

# 9.2.9 (shared-bindings/displayio/TileGrid.c there): a tile value is 0..255 whatever the bitmap
# holds, and tiles are one byte each (3 fit in the struct); bitmaptools has no replace_color.
_NO_REPLACE = "AttributeError: 'module' object has no attribute 'replace_color'"
NINE = {
    "check tilegrid tile 4 of 4": "ok",
    "check tilegrid tile 255 of 4": "ok",
    "check tilegrid tile 256 of 4": "ValueError: tile must be 0-255",
    "check tilegrid tile -1": "ValueError: tile must be 0-255",
    "check tilegrid tile 299 of 300": "ValueError: tile must be 0-255",
    "check tilegrid tile 300 of 300": "ValueError: tile must be 0-255",
    "check replace_color": _NO_REPLACE,
    "check replace_color 16": _NO_REPLACE,
    "cost TileGrid of 3 tiles of 300": "96",
}


def probe(version):
    """{line's name: outcome} of the probe under ``version`` (stand-ins where it has no displayio)."""
    path = [HERE]
    if not cpboard.real_displayio(version):
        path.append(cpboard.STANDINS)
    done = cpboard.run(version, "import displayio_probe", "200k", path, cwd=HERE)
    assert done.returncode == 0, done.stdout + done.stderr
    out = {}
    for line in done.stdout.splitlines():
        name, _, outcome = line.partition(": ")
        out[name] = outcome
    return out


@pytest.fixture(scope="module")
def outcomes():
    """The probe's lines per version, run once each."""
    cache = {}

    def get(version):
        reason = cpboard.missing(version)
        if reason:
            pytest.skip(reason)
        if version not in cache:
            cache[version] = probe(version)
        return cache[version]

    return get


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_c_code_still_says_what_the_expected_file_says(outcomes, name):
    assert outcomes(REAL).get(name) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("version", cpboard.VERSIONS)
def test_the_standin_does_what_the_c_code_does(outcomes, version, name):
    want = NINE.get(name, EXPECTED[name]) if version.startswith("9.") else EXPECTED[name]
    assert outcomes(version).get(name) == want


DISPLAY = """
import board, displayio
d = board.DISPLAY
g = displayio.Group()
h = displayio.Group()
d.root_group = g
d.root_group = g
def t(f):
    try:
        f()
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: h.append(g))
k = displayio.Group()
k.append(h)
def show(x):
    d.root_group = x
t(lambda: show(h))
print(d.root_group is g)
t(lambda: show(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=displayio.Palette(1))))
d.root_group = k
h.append(g)
print("ok")
"""


@pytest.mark.parametrize("version", [cpboard.VERSIONS[0], REAL])
def test_the_display_holds_its_root_group_as_a_board_does(version, tmp_path):
    # busdisplay's root_group: a group on the display is in a group (appending it elsewhere is
    # refused), a group in another group is refused and the display keeps its own, a TileGrid
    # is refused, and a replaced root group is free again.
    if cpboard.missing(version):
        pytest.skip(cpboard.missing(version))
    path = [cpboard.STANDINS] if not cpboard.real_displayio(version) else [str(tmp_path)]
    if cpboard.real_displayio(version):
        for name in ("board", "busdisplay", "keypad", "microcontroller", "supervisor"):  # (board makes keypad Pins)
            with (
                open(os.path.join(cpboard.STANDINS, name + ".py")) as f,
                open(str(tmp_path / (name + ".py")), "w") as g,
            ):
                g.write(f.read())
    done = cpboard.run(version, DISPLAY, "200k", path, cwd=str(tmp_path))
    assert done.stdout.split("\n") == [
        "ValueError Layer already in a group",
        "ValueError Group already used",
        "True",
        "ValueError Must be a Group subclass.",
        "ok",
        "",
    ], done.stdout + done.stderr


BANDS = """
import displayio, displayrender, busdisplay
for w, h in ((160, 128), (240, 135), (320, 240)):
    root = displayio.Group(scale=2, x=3, y=-1)
    bm = displayio.Bitmap(26, 22, 5)
    for i in range(26 * 22):
        bm[i] = i % 5
    pal = displayio.Palette(5)
    for i in range(5):
        pal[i] = 0x102030 * (i + 1)
    pal.make_transparent(0)
    for k in range(6):
        root.append(displayio.TileGrid(bm, pixel_shader=pal, x=k * 23 - 5, y=k * 17 - 3))
    whole = bytearray(w * h * 2)
    displayrender.render(root, w, h, whole)
    displayrender.release()
    d = busdisplay.BusDisplay(w, h)
    d.root_group = root
    d.refresh()
    f = open("frame.bin", "rb")
    banded = f.read()
    f.close()
    print(w, h, banded == whole, sum(1 for b in whole if b))
"""


def test_the_display_draws_in_bands_what_a_whole_frame_shows(tmp_path):
    # busdisplay.BusDisplay draws a frame in bands of a few rows (a whole frame would not fit
    # the heap): the same pixels as displayrender's whole frame, the last band cut short too.
    if cpboard.missing(REAL):
        pytest.skip(cpboard.missing(REAL))
    done = cpboard.run(REAL, BANDS, "1024k", [cpboard.STANDINS], cwd=str(tmp_path), env={"LAMA_FRAME": "frame.bin"})
    lines = done.stdout.split("\n")
    assert [line.split()[:3] for line in lines if line] == [
        ["160", "128", "True"],
        ["240", "135", "True"],
        ["320", "240", "True"],
    ], done.stdout + done.stderr
    assert all(int(line.split()[3]) > 1000 for line in lines if line)
