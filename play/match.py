"""A match: who plays (humans, bots and their levels, names), the game, the save.

The save is one record (engine.codec framing, magic ``LKSV``, version 4)::

    players | variant | settings | where | kinds x6 | names x6 | bot rng (4) | writer (3) | hints x6 | game record

``writer`` is the version of the game that wrote it (``play.VERSION``: major, minor, patch);
``hints`` the hints each seat asked for in this game (play/hint.py; the statistics add them up
at its end). A version 3 save (the same without ``hints``) loads with none used, and a version
2 save (without ``writer`` either, written by 0.1.0 before it recorded itself) too; its
``written_by`` is None.

``settings`` is the bots' speed (bits 0-1), the lights' brightness XOR 2
(bits 2-3), sound off (bit 4), the recap (bits 5-6: ``RECAPS``) and the
legend seen (bit 7: play/menu.py's, shown once at the first game): a save
from before the lights, sound, recap and legend (the speed alone) reads as their
defaults, Mid, On, Auto and not seen, so no new version for those.

``where`` says which screen the flow was on between actions (playing, a
round summary not yet seen, game over), so a power cut resumes exactly
there. The game record inside is ``Game.to_bytes()`` with its own checks.
"""

from engine import cards, codec, game, history, rng
from play import VERSION, lang
from play.lang import say

try:
    from micropython import const
except ImportError:  # CPython
    const = int

SAVE_MAGIC = b"LKSV"
# 4: hints; 3: the writer's version; 2: the stores' records changed (hal/saves/__init__.py); 1 is refused
SAVE_VERSION = const(4)
_NO_WRITER = const(2)  # the save version without the writer's version (nor hints), still read

# Seat kinds: a human, or a bot of a level (bots.EASY + 1 ...).
HUMAN = const(0)
KINDS = "Human|Bot Easy|Bot Normal|Bot Hard"  # one string: see play/table.py (said when shown)
KIND_COUNT = const(4)

# Where the flow stands between two actions.
PLAYING = const(0)
SUMMARY = const(1)  # a round ended; its summary and scoreboard are next
FINISHED = const(2)  # the game is over (the save stays for the setup)

# Player names, 4 characters a slot: a name is one slice, no list to build
# (names are drawn on every screen, and a board's heap dislikes churn).
NAMES = "Ana Ben CleoDan Eva FinnGia HugoIda Jon Kim Leo Mia Ned Ola Pip "
SPEEDS = "Slow|Normal|Fast|Instant"  # (said when shown: play/lang.py)
SPEED_COUNT = const(4)
SPEED_MS = (2200, 1200, 500, 0)  # how long a bot's move stays on screen
MOVE_MS = (420, 300, 180, 0)  # how long a card or a token travels (play.motion)
BRIGHTNESS = "Off|Low|Mid|High"  # the lights' levels (hw.lights.level)
BRIGHTNESS_COUNT = const(4)
# "Since your turn" (play/recap.py) when only bots played in between: Auto is on at the Fast and
# Instant speeds, where their moves fly by (after a hand-off it always comes).
RECAPS = "Auto|On|Off"
RECAP_COUNT = const(3)
SOUNDS = "Off|On"

# The menus' entries, by id (play/ui.py's table: ABOUT..RECAP): their labels, one string split when
# shown; a setting's label goes with its value's word (the tuples above). Only ever drawn.
ENTRIES = (
    "About|Rules|Statistics|Hint|Round log|What the marks mean|New game|Continue|Resume|Save and quit|"
    "Speed|Lights|Sound|Recap|||||||Language"
)
_SPEED = const(10)  # (play/ui.py's table: the first setting, then Lights, Sound, Recap)
_LANGUAGE = const(20)

_HEAD = const(16)
_WRITER_AT = const(20)  # after the head and the bot rng (4)
_GAME_AT = const(29)  # the game record, after the writer (3) and the hints (6)


def labels(items, m):
    """The labels of menu ``items`` (ids: play/ui.py), a setting's with match ``m``'s value
    ("Speed: Normal")."""
    words = say(ENTRIES).split("|")
    out = []
    for choice in items:
        text = words[choice]
        if choice == _LANGUAGE:  # each language named in its own words
            text += ": " + lang.NAMES.split("|")[lang.code]
        elif choice >= _SPEED:  # Speed, Lights, Sound, Recap
            k = choice - _SPEED
            value = (m.speed, m.brightness, 1 if m.sound else 0, m.recap)[k]
            text += ": " + (say(SPEEDS), say(BRIGHTNESS), say(SOUNDS), say(RECAPS))[k].split("|")[value]
        out.append(text)
    return out


def name_count():
    return len(NAMES) // 4


class Match:
    """The table's settings and, once started, its game."""

    def __init__(self):
        self.players = 4
        self.variant = 0
        self.speed = 1
        self.brightness = 2  # Mid
        self.sound = True
        self.recap = 0  # RECAPS: Auto
        self.seen = False  # the legend (play/menu.py) was shown: at the first game ever
        self.lang = 0  # the language picked in the menu: 1 + an index of play/lang.CODES; 0: none picked
        self.where = PLAYING
        self.kinds = bytearray((HUMAN, 2, 2, 2, 2, 2))  # default: you against Normal bots
        self.names = bytearray((0, 1, 2, 3, 4, 5))
        self.game = None
        self.bot_rng = rng.Rng(0)
        self.hints = bytearray(6)  # hints asked for, per seat (play/hint.py), up to 255
        self.written_by = VERSION  # the version that wrote a loaded save: (major, minor, patch), or None (not said)
        self._packed = None  # the buffer pack() reuses

    def copy(self):
        """A new Match with this one's settings and seats (no game): the next new game's."""
        s = Match()
        s.players = self.players
        s.variant = self.variant
        s.speed = self.speed
        s.brightness = self.brightness
        s.sound = self.sound
        s.recap = self.recap
        s.seen = self.seen
        s.lang = self.lang
        s.kinds[:] = self.kinds
        s.names[:] = self.names
        return s

    def kind_name(self, seat):
        return say(KINDS).split("|")[self.kinds[seat]]

    def name(self, seat):
        k = 4 * self.names[seat]
        return NAMES[k : k + 4].strip()

    def humans(self):
        n = 0
        for p in range(self.players):
            if self.kinds[p] == HUMAN:
                n += 1
        return n

    def start(self, seed):
        """Deal a new game with these settings."""
        self.game = game.new_game(self.players, seed, ("kadabra", "classic")[self.variant])
        self.bot_rng = rng.Rng(seed ^ 0x5A5A)
        self.where = PLAYING
        for p in range(6):
            self.hints[p] = 0
        self.room()

    def to_bytes(self):
        """The save record, a new bytearray."""
        return bytearray(self.pack())

    def pack(self):
        """The save record, a view of a buffer this Match reuses: valid until the next pack().

        The buffer is made once, as long as the longest record this game can make (the round's
        history at its fullest, engine/history.py): saving never allocates a new one, so a
        board's heap does not fragment as the history grows.
        """
        g = self.game
        out = self.room()
        at = codec.HEAD
        out[at] = self.players
        out[at + 1] = self.variant | self.lang << 2  # (bits 2-3: a save of before reads as none picked)
        settings = self.speed | ((self.brightness ^ 2) << 2) | (0 if self.sound else 16) | self.recap << 5
        out[at + 2] = settings | (128 if self.seen else 0)
        out[at + 3] = self.where
        out[at + 4 : at + 10] = self.kinds
        out[at + 10 : at + 16] = self.names
        out[at + _HEAD : at + _HEAD + 4] = self.bot_rng.state
        for i in range(3):  # byte by byte: a slice would allocate on CircuitPython 9
            out[at + _WRITER_AT + i] = VERSION[i]
        for i in range(6):
            out[at + _GAME_AT - 6 + i] = self.hints[i]
        end = g.record_into(out, at + _GAME_AT)
        end = codec.seal(out, 0, SAVE_MAGIC, SAVE_VERSION, end)
        return memoryview(out)[:end]

    def room(self):
        """The buffer pack() writes into, made when the game is dealt or loaded (a save mid-game
        then finds it: made at the first save, its ~460 bytes in one block were not always there)."""
        g = self.game
        room = codec.OVERHEAD + _GAME_AT + g.record_size() - history.size(g.moves) + history.CAP + 2
        if self._packed is None or len(self._packed) < room:
            self._packed = bytearray(room)
        return self._packed

    @staticmethod
    def from_bytes(data):
        """A Match from :meth:`to_bytes` (or a version 3 or 2 save); ValueError with a short reason otherwise."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("save is cut short")  # (None, a number: no new text on a board's heap)
        version = data[4] if len(data) > 4 and _NO_WRITER <= data[4] < SAVE_VERSION else SAVE_VERSION
        body = codec.unframe(data, SAVE_MAGIC, version, "save")
        old = version == _NO_WRITER
        at = (_WRITER_AT, _WRITER_AT + 3, _GAME_AT)[version - _NO_WRITER]
        if len(body) < at:
            raise ValueError("save is cut short")
        m = Match()
        m.players, m.variant, settings, m.where = body[0], body[1] & 3, body[2], body[3]
        m.lang = body[1] >> 2
        m.speed = settings & 3
        m.brightness = ((settings >> 2) & 3) ^ 2
        m.sound = not (settings & 16)
        m.recap = (settings >> 5) & 3
        m.seen = settings > 127
        m.kinds[:] = body[4:10]
        m.names[:] = body[10:16]
        m.bot_rng.state[:] = body[_HEAD : _HEAD + 4]
        m.written_by = None if old else (body[_WRITER_AT], body[_WRITER_AT + 1], body[_WRITER_AT + 2])
        if at == _GAME_AT:
            m.hints[:] = body[_GAME_AT - 6 : _GAME_AT]
        m.game = g = game.Game.from_bytes(body[at:])
        ok = g.players == m.players and m.variant < 2 and g.variant == cards.VARIANTS[m.variant]
        ok = ok and m.recap < RECAP_COUNT and max(m.kinds) < KIND_COUNT and max(m.names) < name_count()
        ok = ok and m.lang <= len(lang.CODES)
        # The screen it was on: play goes on until the game is over, a summary may be due.
        if m.where == SUMMARY:
            ok = ok and g.last_round() is not None
        else:
            ok = ok and m.where == (FINISHED if g.is_over() else PLAYING)
        if not ok:
            raise ValueError("save has bad settings")
        m.room()
        return m
