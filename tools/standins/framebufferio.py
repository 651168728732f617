"""Stand-in for framebufferio: a FramebufferDisplay is a display of its framebuffer's size (busdisplay.py)."""

import busdisplay


def FramebufferDisplay(framebuffer, auto_refresh=True):
    return busdisplay.BusDisplay(framebuffer.width, framebuffer.height)
