"""Stand-in for vectorio: adafruit_displayio_layout's GridLayout imports Rectangle (for its
divider lines, which the game does not draw)."""


class Rectangle:
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
