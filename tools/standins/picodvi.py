"""Stand-in for picodvi: a Framebuffer of its width and height (the Fruit Jam's DVI, hal/boards/dvi.py).

CircuitPython keeps it in a static slot, never on the heap (ports/raspberrypi/bindings/picodvi/
Framebuffer.c: ``allocate_display_bus_or_raise``; its frame is outside the heap too): so it is
made at import, with the stand-ins, and ``Framebuffer(...)`` hands it out.
"""


class _Framebuffer:
    def __init__(self):
        self.width = self.height = 0  # (set now: giving them values later makes nothing new)


_frame = _Framebuffer()


def Framebuffer(width, height, **pins):  # (the pins' keywords: a dict made once, at start-up)
    _frame.width = width
    _frame.height = height
    return _frame
