"""The game's record: its bytes for a save, and back (``Game.to_bytes`` / ``Game.from_bytes``).

``Record`` is the base class of engine.game.Game that holds the save format, apart from the
rules (a smaller module to compile on a board's heap). The record is an engine.codec frame
(magic ``LAMA``)::

    version 2: len(s) | s | len(r) | r | the round's history (engine/history.py's header and entries)
    version 1: len(s) | s | r          (read with an empty history)

Reading one is engine/checks.py's job (``checks.load``): the layout, the history and the rules
are checked before a game is played, and the board drops that module once a save is loaded.
"""

from engine import codec, history

try:
    from micropython import const
except ImportError:  # CPython
    const = int

VERSION = const(2)  # 2: the round's history; 1 has none


class Record:
    """The record half of ``engine.game.Game``: to_bytes, record_size, record_into, from_bytes."""

    def to_bytes(self):
        """The game as a checked record (see engine.codec)."""
        out = bytearray(self.record_size())
        self.record_into(out, 0)
        return bytes(out)

    def record_size(self):
        """Bytes :meth:`to_bytes` takes (it grows with the round's history)."""
        return codec.OVERHEAD + 2 + len(self.state) + len(self.result) + history.size(self.moves)

    def record_into(self, buf, at):
        """Write :meth:`to_bytes` into ``buf`` at ``at``; return the index after it."""
        s = self.state
        r = self.result
        i = at + codec.HEAD
        buf[i] = len(s)
        buf[i + 1 : i + 1 + len(s)] = s
        i += 1 + len(s)
        buf[i] = len(r)
        buf[i + 1 : i + 1 + len(r)] = r
        i = history.into(self.moves, buf, i + 1 + len(r))
        return codec.seal(buf, at, codec.GAME_MAGIC, VERSION, i)

    @classmethod
    def from_bytes(cls, data):
        """A game from :meth:`to_bytes` (or a version 1 record: an empty history); ValueError for
        data that is damaged or breaks a rule."""
        from engine import checks

        return checks.load(cls, data, VERSION)
