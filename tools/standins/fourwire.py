"""Stand-in for fourwire: a FourWire bus that only exists (the TFT Gizmo's, hal/boards/gizmo.py)."""


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000, polarity=0, phase=0):
        self.spi_bus = spi_bus
