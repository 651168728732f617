"""Stand-in for fourwire: a FourWire bus that only exists (the TFT Gizmo's, hal/boards/gizmo.py).

CircuitPython keeps a display bus in a static slot, never on the heap (shared-bindings/fourwire/
FourWire.c: ``allocate_display_bus_or_raise``): so the bus is made at import, with the stand-ins,
and ``FourWire(...)`` hands it out.
"""


class _Bus:
    def __init__(self):
        self.spi_bus = None  # (set now: giving it a value later makes nothing new)


_bus = _Bus()


def FourWire(spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000, polarity=0, phase=0):
    _bus.spi_bus = spi_bus
    return _bus
