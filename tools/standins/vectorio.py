"""Stand-in for vectorio: adafruit_displayio_layout's GridLayout imports Rectangle for its
divider lines, which the game does not draw (so none is ever made here)."""


class Rectangle:
    def __init__(self, **kwargs):
        raise NotImplementedError("vectorio stand-in: the game draws no divider lines")
