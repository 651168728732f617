"""``python -m hal.desktop``, as older notes and scripts type it: runs the top-level desktop.py,
the simulator's entry (as code.py is the board's), with the same arguments. hal imports nothing
of the program: the entry script hands the program to ``hal.desktop.main``."""

import os
import runpy
import sys

entry = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "desktop.py")
sys.argv[0] = entry
runpy.run_path(entry, run_name="__main__")
