"""Stand-in for the display behind ``board.DISPLAY`` (a ``busdisplay.BusDisplay`` on CircuitPython 10).

What the game uses of it: ``width``, ``height``, ``root_group``, ``auto_refresh``, ``brightness``,
``rotation`` and ``refresh()``. Where CircuitPython's own displayio is built in
(``10.2.1-displayio``: it has ``displayrender``), ``refresh()`` draws the root group the way a
board's display does on a refresh (``displayrender.render``: the C code's transform, fill and
finish-refresh walk), so that every screen the flow shows is really drawn by the C code;
elsewhere (the Python stand-ins of displayio) it only counts.

A whole frame (160x128: 40 KB) would not fit beside the game in the heaps measured, and a
board's frame lives in the display, not on the heap. So the frame is drawn in bands of a few
rows into one small buffer made at import (counted with the stand-ins' own bytes by
tools/cpboard.py): the root group sits in a group of our own, moved up a band at a time, as a
board's display holds its root group (in a group: it cannot be appended elsewhere; so it is
with the Python stand-ins too).
``LAMA_FRAME = "path"`` in the environment writes each frame drawn to that file (RGB565,
little-endian, row by row; the last frame stays), so that a test can see what the board shows.
"""

import os

import displayio

try:
    import displayrender
except ImportError:  # the Python stand-ins of displayio: nothing draws
    displayrender = None

_BAND_BYTES = 3840  # a band's pixels: 12 rows of 160, 8 of 240, 6 of 320


class BusDisplay:
    """A display of ``width`` x ``height`` (16-bit colour) whose refresh draws its root group."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.brightness = 1.0
        self.rotation = 0
        self.refreshes = 0  # refresh() calls
        self._root = None
        self._holder = displayio.Group()  # holds the root group: then it is in a group
        if displayrender is not None:
            self._rows = max(1, _BAND_BYTES // (2 * width))
            self._band = bytearray(width * self._rows * 2)
        self._frame_path = os.getenv("LAMA_FRAME")

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        # As busdisplay's: a Group or None; the same group again changes nothing; a group in
        # another group is refused ("Group already used") and the display keeps its group.
        if group is self._root:
            return
        if group is not None and not isinstance(group, displayio.Group):
            raise ValueError("Must be a Group subclass.")
        holder = self._holder
        if group is not None:
            try:
                holder.append(group)
            except ValueError:
                raise ValueError("Group already used")
        if self._root is not None:
            holder.remove(self._root)
        self._root = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Draw the root group (on the real displayio), as a board's display refresh does."""
        self.refreshes += 1
        if displayrender is None or self._root is None:
            return True
        holder = self._holder
        band = self._band
        rows = self._rows
        out = open(self._frame_path, "wb") if self._frame_path else None
        y = 0
        while y < self.height:
            n = min(rows, self.height - y)
            holder.y = -y
            displayrender.render(holder, self.width, n, band)
            if out is not None:
                out.write(memoryview(band)[: self.width * n * 2])
            y += n
        holder.y = 0
        if out is not None:
            out.close()
        return True
