"""Stand-in for framebufferio: a FramebufferDisplay is a display of its framebuffer's size (busdisplay.py).

CircuitPython keeps it in a static slot, never on the heap (shared-bindings/framebufferio/
FramebufferDisplay.c: ``allocate_display_or_raise``): busdisplay hands out the display that
board.py made at import.
"""

import busdisplay


def FramebufferDisplay(framebuffer, auto_refresh=True):
    return busdisplay.BusDisplay(framebuffer.width, framebuffer.height)
