"""Stand-in for the display behind ``board.DISPLAY`` (a ``busdisplay.BusDisplay`` on CircuitPython 10).

What the game uses of it: ``width``, ``height``, ``root_group``, ``auto_refresh``, ``brightness``
and ``refresh()``. Where CircuitPython's own displayio is built in
(``10.2.1-displayio``: it has ``displayrender``), ``refresh()`` draws the root group the way a
board's display does on a refresh (``displayrender.render``: the C code's transform, fill and
finish-refresh walk), so that every screen the flow shows is really drawn by the C code;
elsewhere (the Python stand-ins of displayio) it only counts.

A whole frame (160x128: 40 KB) would not fit beside the game in the heaps measured, and a
board's frame lives in the display, not on the heap. So the frame is drawn in bands of a few
rows into one small buffer made at import and shared by every display (counted with the
stand-ins' own bytes by tools/cpboard.py, also for a display the game makes in code): the
root group sits in a group of our own, moved up a band at a time, as a
board's display holds its root group (in a group: it cannot be appended elsewhere; so it is
with the Python stand-ins too).
``LAMA_FRAME = "path"`` in the environment writes each frame drawn to that file (RGB565,
little-endian, row by row; the last frame stays), so that a test can see what the board shows.
"""

import os

import displayio
from micropython import const

try:
    import displayrender
except ImportError:  # the Python stand-ins of displayio: nothing draws
    displayrender = None

_BAND_BYTES = const(3840)  # a band's pixels: 12 rows of 160, 8 of 240, 6 of 320
# The one band buffer, made at import: counted with the stand-ins' bytes even for a display the game
# makes in code (the TFT Gizmo's, the Fruit Jam's), as a board's display buffers are never on its heap.
_band = bytearray(_BAND_BYTES) if displayrender is not None else None
_ZERO = bytes(_BAND_BYTES) if displayrender is not None else None  # (what clears the band)
# The file of LAMA_FRAME, opened once (each frame is written over the last from its start).
_frame = getattr(os, "_host", os).getenv("LAMA_FRAME")  # (the process environment: os.py)
_frame = open(_frame, "wb") if _frame and displayrender is not None else None
shown = 0  # refreshes of every display so far (the keypad stand-in's script waits for a new picture)
# The display the game makes in code (the TFT Gizmo's, the Fruit Jam's DVI), made at import by
# board.py: CircuitPython keeps a display made in code in a static slot, never on the heap
# (shared-bindings/busdisplay/BusDisplay.c, ``allocate_display_or_raise``), so its bytes are the
# stand-ins'. (Named as an attribute below: no new qstr, see displayio.py.)
_a = None


class BusDisplay:
    """A display of ``width`` x ``height`` (16-bit colour) whose refresh draws its root group.

    (Short private names: each is one more qstr on the heap, see displayio.py.) ``_a`` the root
    group, ``_b`` the group holding it, ``_c`` the band's pixels, ``_n`` its rows, ``_d`` the
    last band's pixels (fewer rows when they do not divide the height), ``_e`` the refreshes so
    far (the keypad stand-in presses a key only once a new picture was shown, as a player would)."""

    def __new__(cls, *args, **kw):
        return _a if _a is not None else object.__new__(cls)  # (the one made at import: see _a)

    def __init__(self, *args, **kw):
        # (width, height) as board.py makes board.DISPLAY; (bus, init_sequence, width=, height=, ...)
        # as a program makes one (the TFT Gizmo's: hal/boards/gizmo.py).
        if self is _a:  # (made at import: see _a)
            return
        self.width = kw["width"] if "width" in kw else args[0]
        self.height = kw["height"] if "height" in kw else args[1]
        width = self.width
        self.auto_refresh = True
        self.brightness = 1.0
        self._a = None
        self._b = displayio.Group()  # holds the root group: then it is in a group
        if displayrender is not None:
            self._n = max(1, _BAND_BYTES // (2 * width))
            self._c = memoryview(_band)[: width * self._n * 2]
            self._d = self._c[: width * (self.height % self._n or self._n) * 2]
        self._e = 0

    @property
    def root_group(self):
        return self._a

    @root_group.setter
    def root_group(self, v):
        # As busdisplay's: a Group or None; the same group again changes nothing; a group in
        # another group is refused ("Group already used") and the display keeps its group.
        if v is self._a:
            return
        if v is not None and not isinstance(v, displayio.Group):
            raise ValueError("Must be a Group subclass.")
        if v is not None:
            try:
                self._b.append(v)
            except ValueError:
                raise ValueError("Group already used")
        if self._a is not None:
            self._b.remove(self._a)
        self._a = v

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Draw the root group (on the real displayio), as a board's display refresh does."""
        global shown
        shown += 1
        self._e += 1
        if displayrender is None or self._a is None:
            return True
        holder = self._b
        band = self._c
        rows = self._n
        out = _frame
        if out is not None:
            out.seek(0)
        y = 0
        while y < self.height:  # (no allocation: a board's refresh makes none)
            n = min(rows, self.height - y)
            holder.y = -y
            displayrender.render(holder, self.width, n, band)
            if out is not None:
                out.write(band if n == rows else self._d)
            y += n
        holder.y = 0
        # A board draws its bands in a buffer on the C stack, gone after the refresh. The band
        # kept here is scanned by the collector word by word, as every block of the heap: two
        # pixels can read as the address of a block, which then stays (an 8 KB room that would
        # not come free). So its pixels go, as the stack's do.
        _band[:] = _ZERO
        return True
