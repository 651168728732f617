"""The program that plays L.A.M.A. Kadabra on a screen: the flow, its screens and views, the match.

``play.app.run(hw)`` is the whole program over a hardware object (the HAL's interface,
hal/__init__.py): the title, a new game's setup, the turns at the table (play.table), menus and
messages (play.ui), what a screen shows as plain data (play.view, drawn by the HAL), the seats and
the save record (play.match). It plays the rules of ``engine`` and knows the hardware only
through ``hw`` and the button bits of ``hal``.
"""
