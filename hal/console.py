"""``hw.screen`` of a board without a display: each screen printed to the USB console as text."""

import hal


class ConsoleScreen:
    """No display: each screen is printed to the USB console as text (no pixels: no hits)."""

    size = (0, 0)
    text = True  # the flow fills a table's text lines (hal/__init__.py)
    motion = False  # nothing travels on a console
    lines = 8  # a menu's lines

    def __init__(self):
        self.view = None
        self.count = 0

    def show(self, view):
        """Print ``view`` as text lines."""
        from hal import textview

        self.view = view
        self.count += 1
        print("\n".join(textview.text(view)))

    def hit(self, x, y):
        """Nothing is at any pixel of a console."""
        return hal.HIT_NONE, 0
