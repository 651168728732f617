"""Stand-in for os: the unix port's own os, with ``getenv`` reading ``settings.toml`` as a board does.

A board's ``os.getenv`` reads /settings.toml on the drive, and what it makes of a value depends on the
release (tools/standins/getenv.py: 9.x raises ValueError for an unquoted word, 10.x returns text); the
unix port's reads the process environment. The board flow's settings are ``settings.toml`` in the run
folder (tools/cpboard.py writes it; CircuitPython starts code.py in the drive's root, so that is where
the game finds its file), read by the rules of the release running.

``os`` is an extensible built-in: a file of that name on sys.path comes first. This one fetches the
built-in (sys.path emptied for that one import) and hands out all of it but ``getenv``.
"""

import sys

import getenv as _getenv

_path = sys.path[:]
_self = sys.modules.pop("os")
sys.path.clear()
try:
    import os as _host
finally:
    sys.path.extend(_path)
    sys.modules["os"] = _self
_g = globals()
for _name in dir(_host):
    if _name not in _g:
        _g[_name] = getattr(_host, _name)
del _g, _name, _path, _self

getenv = _getenv.release(sys.implementation.version[0])
host_getenv = _host.getenv  # the process environment: the harness's own settings (LAMA_DISPLAY)
