"""The program that plays L.A.M.A. Kadabra on a screen: the flow, its screens and views, the match.

``play.app.run(hw)`` is the whole program over a hardware object (the HAL's interface,
hal/__init__.py): the title, a new game's setup, the turns at the table (play.table), menus and
messages (play.ui), what a screen shows as plain data (play.view, drawn by the HAL), the seats and
the save record (play.match). It plays the rules of ``engine`` and knows the hardware only
through ``hw`` and the button bits of ``hal``.
"""

# The game's version, in this one place: major, minor, patch (each 0-255: a save keeps it in 3 bytes).
# The About screen shows it, every save records the version that wrote it (play/match.py),
# tools/bundle names its zip after it, and pyproject.toml must say the same (tests/test_version.py).
# Numbers, not a string: a save writes them byte by byte with nothing to parse on the board.
VERSION = (0, 1, 0)
