"""L.A.M.A. Kadabra on the desktop: the simulator's entry, as code.py is a board's.

    python desktop.py               # a window: you against three bots (tools/play starts this)
    python desktop.py --terminal    # text screens in this terminal
    python desktop.py --help        # every option, and the keys

hal/desktop/ reads the command line and opens the desktop's hardware (a window or a terminal,
a board's screen and inputs, the saves); this file hands it the program to run on it,
``play.app.run(hw)``: the hardware imports nothing of the program but its View.
"""

import sys


def run(hw):
    """The program (loaded once the command line is read: --help and --list-boards need no game)."""
    from play import app

    app.run(hw)


if __name__ == "__main__":
    from hal.desktop.venv import again

    again(sys.argv)  # in any shell: run again by the project's .venv (hal/desktop/venv.py)
    from hal import desktop

    sys.exit(desktop.main(run))
