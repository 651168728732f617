"""L.A.M.A. Kadabra engine: the rules (R1-R24), the computer players and the game's record format.

It imports nothing of the program (``play``) or the hardware (``hal``).

Everything here runs unchanged on CPython 3.11+ and on CircuitPython 9/10
(and MicroPython): cards, actions and the game state are small ints and
``bytearray`` objects, so a move allocates nothing and a state copy is one
bytes copy.
"""
