"""What one screen shows, as plain data: the game flow fills it, a HAL draws it.

A :class:`View` is a title row, up to :data:`LINES` text lines (a menu: as many as the
screen shows, ``hw.screen.lines``: the View is made with that many), an optional
row of items (the hand of the player to move, with the legal ones marked and
a cursor, then the other actions of the turn) and a footer row. An item is
an engine action code: 0..17 a card (play it), 18..22 draw, quit, skip,
collect, exchange (drawn as small text buttons named in :data:`SPEECH`).
The flow never touches a display: the board and
the desktop window draw a View with displayio (hal/render/__init__.py), the mock HAL,
the terminal and a board's console as text (hal/textview.py, a module of its own
so that a board's display heap does not hold it; a table's text lines come from
play/textview.py).

The grid is the PyBadge's: 26 columns x 10 rows of the 6x12 terminal font on
160x128. With cards, the lines get rows 1..6 and the cards the space of rows
7..8; without, the lines get rows 1..8. A text never holds more than :data:`COLUMNS`
characters: the flow wraps it (play.ui.wrap) or words it shorter; :meth:`View.line` keeps
what it is given, so that a text too long is seen (tools/layoutcheck.py reports it), never
cut unseen.

Texts may hold the game's own glyphs, characters 1..8: the card icons, the
llama, the tokens, a card in hand. The displayio renderer draws them from its font strip
(hal/render/build.py adds them to the terminal font's), hal/textview.py as words or Unicode.

A table screen (a turn) also fills the table fields: ``seats`` (0: not a
table), the seat to act, each seat's name, cards, points and flags, the top
card, the pile, the stage and the tokens of the hand shown, and ``event``
(what happened last, or a hint). The displayio renderer draws those as
cards and icons; the text view keeps the lines, which say the same.

Motion (``move``, 0: none): a piece travelling over a table screen, from
place ``move_from`` to ``move_to`` (a seat 0..5, PLACE_PILE, PLACE_TOP,
PLACE_STAGE, or PLACE_HAND + an index in the row); ``move_step`` is how far,
0..255. play.motion.travel steps it; a renderer without motion ignores it.

One View object is reused for every screen (``clear`` then fill), so that a
screen update does not build a new object tree.
"""

from engine import cards

try:
    from micropython import const
except ImportError:  # CPython
    const = int

COLUMNS = const(26)
LINES = const(8)  # text lines without cards
LINES_WITH_CARDS = const(6)
MAX_CARDS = const(60)  # a hand can grow by drawing (then the row scrolls)

# Colours of a line (palette indices; the renderer maps them to RGB).
NORMAL = const(0)
DIM = const(1)
HIGHLIGHT = const(2)  # the menu cursor line, the player to move
GOOD = const(3)
ALERT = const(4)
ACCENT = const(5)

# The game's own glyphs in a text: chr(1) the circle (a card's icon: give a token away), 2 the
# square (the next player draws), 3 the star (take the magic token), 4 the llama, 5 a white
# token, 6 a black token, 7 the magic token, 8 cards in hand. hal/render/build.py draws them.

# The words the hardware draws or writes itself, '|'-joined (play/speak.py sets a language's on the
# View; one string, not a tuple of them: 70 bytes of a board's heap, not 600): parts 0..4 the short
# names of the action items 18..22 (DRAW..EXCHANGE in engine.game; a button holds 4 letters), 5..6
# the table's token rows (the stage's, the hand's; 5 letters at most), 7..11 the words a text
# screen writes for the glyphs 4..8 (hal/textview.py). Read a part with play/lang.py's ``cut``.
SPEECH = "Draw|Quit|Skip|Take|Swap|Stage|You|llama| white| black| magic| cards"
SPEECH_PANEL = const(5)
SPEECH_WORDS = const(7)
FIRST_ITEM = const(18)

# Colours (RGB888) of the seats 0..5: a seat's name on the table, the lights while it acts.
SEAT_COLORS = (0xE83030, 0x3070F0, 0x30C040, 0xF0C020, 0xB040E0, 0x20C8C8)
# Colours of the card values 1..6 and the llama (index = value - 1).
VALUE_COLORS = (0x40B040, 0xE8C020, 0xF08020, 0xE03030, 0x9050D0, 0x3070E0, 0xF0F0F0)

# Seat flags of a table view.
SEAT_MAGIC = const(1)  # holds the magic token
SEAT_OUT = const(2)  # out of the round
SEAT_HUMAN = const(4)

# What travels in a motion (View.move), and the places it travels between.
MOVE_CARD = const(1)  # the face of card ``move_code`` (a play)
MOVE_BACK = const(2)  # a card's back (a draw)
MOVE_TOKEN = const(3)  # a token: ``move_code`` 0 white, 1 black, 2 magic
PLACE_PILE = const(6)
PLACE_TOP = const(7)
PLACE_STAGE = const(8)
PLACE_HAND = const(16)  # + the item's index in the row

# Marks of a card in the row.
PLAYABLE = const(1)  # may be played now


def cut(text, t):
    """Part ``t`` of the '|'-joined ``text`` (:data:`SPEECH`, a language's group: play/lang.py)."""
    i = 0
    for _ in range(t):
        i = text.find("|", i) + 1
    j = text.find("|", i)
    return text[i:] if j < 0 else text[i:j]


def label(code):
    """Card ``code``'s name as the cards show it: its value, then its icon's glyph ("1" chr(1)), "2/3",
    the llama's glyph (chr(4); "L" alone reads as a letter)."""
    n = cards.name(code)
    if n == "L":
        return "\x04"
    return n[0] + chr(cards.ICON[code]) if cards.ICON[code] else n


class View:
    """A screen's contents. Fields are plain attributes; see the module docstring."""

    # The language's (play/speak.py sets them when it changes, not clear()): the words the hardware
    # draws itself (:data:`SPEECH`) and the letters beyond ASCII its texts use (the renderer's font
    # strip). English's are the class's: an English View holds none of them itself.
    speech = SPEECH
    more = ""
    labels = None  # a touch screen's: the board's input names its footers use (play/ui.py)

    def __init__(self, lines=LINES):
        # ``lines``: a menu's lines, as many as the screen shows (``hw.screen.lines``: 8, 11 at
        # 240x240, 9 at 480x320); other screens use the first LINES.
        self.lines = [""] * lines
        self.colors = bytearray(lines)
        self.cards = bytearray(MAX_CARDS)
        self.marks = bytearray(MAX_CARDS)
        # Table fields (see the module docstring); allocated once.
        self.names = [""] * 6
        self.seat_cards = bytearray(6)
        self.seat_flags = bytearray(6)
        self.points = [0] * 6
        self.stage = bytearray(3)  # whites, blacks, magic (0/1) on the stage
        self.mine = bytearray(3)  # the tokens of the hand shown
        self.clear()

    def clear(self):
        self.title = ""
        self.footer = ""
        for i in range(len(self.lines)):
            self.lines[i] = ""
            self.colors[i] = NORMAL
        self.line_cursor = -1  # index of the selected line (menus), -1 none
        self.ncards = 0  # cards in the row; 0: no card row
        self.card_cursor = -1  # index of the selected card, -1 none
        self.seats = 0  # players at the table; 0: a text screen
        self.to_act = -1
        self.top = 0  # the top card's code
        self.pile = 0  # cards in the draw pile
        self.show = False  # a magic show is on
        self.has_mine = False  # ``mine`` holds the tokens of the hand shown
        self.event = ""
        self.event_color = ACCENT
        self.move = 0  # see the module docstring: motion
        self.move_code = 0
        self.move_from = 0
        self.move_to = 0
        self.move_step = 0
        self.serial = getattr(self, "serial", 0) + 1  # changes with every clear

    def line(self, i, text, color=NORMAL):
        """Set line ``i`` (as given: a text longer than :data:`COLUMNS` is a defect, never cut here)."""
        self.lines[i] = text
        self.colors[i] = color

    def add_card(self, code, mark=0):
        if self.ncards < MAX_CARDS:
            self.cards[self.ncards] = code
            self.marks[self.ncards] = mark
            self.ncards += 1
