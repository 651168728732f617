"""On the 10.2.1-displayio build: CircuitPython's own displayio C module, with the ``release_displays``
that build leaves out (a board's displayio has it: shared-bindings/displayio/__init__.c, 10.2.1).
Imported first by the board flow there, it takes displayio's place in ``sys.modules``, so that the
game's ``import displayio`` finds the C classes and that function (the TFT Gizmo's and the Fruit
Jam's families call it before they make their display)."""

import sys

from displayio import *  # noqa: F403 (the C module's classes: Bitmap, Group, Palette, TileGrid ...)


def release_displays():
    """As a board's: lets go of the displays made (the stand-ins' displays hold no bus to free)."""


sys.modules["displayio"] = sys.modules[__name__]
