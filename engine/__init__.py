"""L.A.M.A. Kadabra engine: rules, bots, save format and game flow.

Everything here runs unchanged on CPython 3.11+ and on CircuitPython 9/10
(and MicroPython): cards, actions and the game state are small ints and
``bytearray`` objects, so a move allocates nothing and a state copy is one
bytes copy.
"""
