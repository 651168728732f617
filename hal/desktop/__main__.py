"""``python -m hal.desktop``: the simulator's entry is the top-level desktop.py now (as code.py is the
board's: hal imports nothing of the program but its View), so this only says what to type."""

import sys

sys.exit("The desktop simulator starts with: python desktop.py%s" % "".join(" " + a for a in sys.argv[1:]))
