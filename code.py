"""L.A.M.A. Kadabra on a CircuitPython board: open the hardware, run the game flow.

CircuitPython runs this file as ``__main__``. The guard matters on the
desktop only: this name shadows Python's standard ``code`` module (which pdb,
and so pytest, imports), and an import must not start the game.

The free heap after each stage goes to the serial console, so that a board's
owner can report real figures (the title's About screen shows them too). On
firmware without the built-in font the error says what to install instead
(hal/crash.py).
"""

import gc

if __name__ == "__main__":

    def stage(name):
        gc.collect()
        if hasattr(gc, "mem_free"):  # CircuitPython (a desktop test runs this file on CPython)
            print("lama heap free after %s: %d" % (name, gc.mem_free()))

    stage("start")
    from hal import board as hb

    hw = None
    try:
        # The rules first, into the empty heap (from .py sources engine/game.py is the largest
        # compile), then the display: hal.board.open() builds the screen with start-up code (the
        # layout, adafruit_displayio_layout, board detection) that it drops when done. Then the
        # other big modules one at a time, collecting in between (a less fragmented heap): they
        # take the room the start-up code left. (Measured on CircuitPython 10.2.1: this order
        # needs 105 KB from .py and 88 KB from .mpy, the display first 117 and 89.)
        __import__("engine.game")
        stage("engine.game")
        __import__("hal.render")
        stage("hal.render")
        hw = hb.open()
        stage("hal.board.open")
        for name in ("engine.bots", "play.table"):
            __import__(name)
            stage(name)
        from play import app

        stage("play.app")
        app.run(hw, app.intern_names)  # (the names once the title is up: play/ui.py Ui.later)
    except Exception as e:  # shown on the screen and the console, not lost
        try:
            from hal import crash
        except Exception:  # (no heap left even for that: the console still hears of it)
            print("L.A.M.A. Kadabra stopped:", repr(e))
        else:
            crash.show(e, hw)
