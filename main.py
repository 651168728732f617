"""L.A.M.A. Kadabra on a CircuitPython board: open the hardware, run the game flow.

tools/deploy copies this file to the drive as ``code.py``, the name
CircuitPython runs first. In the repository it is ``main.py`` (also a name
CircuitPython runs) because a ``code.py`` at the repository root would
shadow Python's standard ``code`` module, which pdb (and so pytest) imports.
"""

import gc

gc.collect()
from hal import board as hb  # noqa: E402

gc.collect()
hw = None
try:
    hw = hb.open()
    gc.collect()
    from engine import app  # noqa: E402

    gc.collect()
    app.run(hw)
except Exception as e:  # shown on the screen and the console, not lost
    hb.crash(e, hw)
