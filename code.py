"""L.A.M.A. Kadabra on a CircuitPython board: open the hardware, run the game flow.

CircuitPython runs this file as ``__main__``. The guard matters on the
desktop only: this name shadows Python's standard ``code`` module (which pdb,
and so pytest, imports), and an import must not start the game.
"""

import gc

if __name__ == "__main__":
    from hal import board as hb

    hw = None
    try:
        # The big modules one at a time, collecting in between: less fragmented heap.
        for name in ("engine.game", "engine.bots", "engine.table"):
            __import__(name)
            gc.collect()
        hw = hb.open()
        gc.collect()
        from engine import app

        gc.collect()
        app.run(hw)
    except Exception as e:  # shown on the screen and the console, not lost
        hb.crash(e, hw)
