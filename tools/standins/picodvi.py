"""Stand-in for picodvi: a Framebuffer of its width and height (the Fruit Jam's DVI, hal/boards/fruitjam.py)."""


class Framebuffer:
    def __init__(self, width, height, **pins):
        self.width = width
        self.height = height
