"""The hardware abstraction layer: what the game flow may use, and nothing more.

Three implementations share this interface: ``hal.board`` (CircuitPython
boards: displayio, keypad, microcontroller.nvm or a file; each board family's
input in hal/boards/), ``hal.desktop``
(a window through Blinka displayio, or a terminal) and ``hal.mock`` (scripted
buttons, screens recorded as text, for tests). Each makes one *hardware*
object ``hw`` with these members (in the spirit of ugame: few objects,
buffers allocated once):

``hw.buttons``
    ``press()`` -> the bits (below) of the next button pressed, or 0 when none
    is waiting; never blocks, allocates nothing (keypad events are read with
    ``get_into`` into one reused event). D-pad presses repeat while held.
    ``TAP``: a touch landed, ``tapped`` is then ``(kind, index)`` (a ``HIT_*``
    kind, as ``hw.screen.hit`` gives it). On boards with two or three keys a
    long press gives other bits (hal/keys.py): B|START in one press, say.
    ``held()`` -> bit mask of the buttons held down now.
    ``has`` -> the mask of the bits this board can press; ``scheme`` -> a
    ``SCHEME_*``; ``labels`` -> the board's own names of its inputs, indexed by
    ``LABEL_*`` ("" where it has none), e.g. ("A", "B", "Start", ">", "<").
    ``clear()`` drops the presses made before the screen now shown: the flow
    calls it when a new screen is on display (play/ui.py), so that a screen
    acts only on presses made after it was drawn (a tap while the bots move,
    a second tap of A, never passes a hand-off). It reads the hardware first.
    ``hush(ms)``: a screen that must be seen before it is answered (the hand-off,
    play/ui.py ``SEEN_MS``): clear(), then no press begun within ``ms`` (a key
    that goes down, a touch, a key typed) and none from a key held through it.
``hw.screen``
    ``show(view)`` draws an ``play.view.View`` (the whole screen).
    ``hit(x, y)`` -> ``(kind, index)``: what a touch at display pixel (x, y)
    lands on (``HIT_*``); ``size`` -> (width, height) in pixels.
    ``text``: True where a table's text lines are what shows (a terminal, the mock, a board's
    console): the flow fills them too; False where a table is drawn from its table fields
    (displayio). ``motion``: True where play.motion draws a travelling card's frames.
    ``lines``: a menu's text lines (8; 9 to 11 where the screen has the height: the flow's View
    is made with that many).
``hw.storage``
    Keeps one record per *key*: ``GAME`` (0, the default: the game's save) and
    ``STATS`` (1: the players' statistics, written once per finished game), each
    with its own copies kept aside.
    ``load(key=GAME)`` -> the saved bytes, or None when there is no save.
    ``save(data, key=GAME)`` stores bytes atomically (the caller may reuse ``data``
    afterwards: a store copies what it keeps; new copy first, then the swap:
    a power cut leaves the old or the new save, never half of one); writes
    nothing when the store already holds these bytes; raises OSError when it
    cannot (full flash: errno 28, read-only: 30, a failed write: 5), and
    MemoryError when the heap has no room for its buffer: "Not saved" both.
    ``set_aside(key=GAME)`` keeps the save load() returned under another name (a
    damaged save is never deleted; later loads skip it) and returns where, as
    short text; stores keep the first two set aside, and when a third replaces
    the second the text ends with ``hal.saves.GONE``.
    ``lost`` -> True after ``load`` found a save cut short or damaged by a power
    cut while saving and no good one (``load`` then returns None, or the
    damaged bytes for the flow's own check).
    ``where`` -> a short description ("nvm", "/saves/lama.sav", ...); ``path`` -> the save
    file's whole path, or None (a store that is not a file).
    ``room(n)`` makes now the buffer a save of up to ``n`` bytes is built in (hal/saves/slots.py's and
    hal/saves/log.py's stores; the others have none to make): called when a game begins, so that no
    save mid-game has to find a new block (a MemoryError there is not fatal).
    Boards: hal/saves/slots.py (nvm slots: SAMD51, nRF52, ESP32), hal/saves/log.py (an
    appended log: RP2040, RP2350), hal/saves/files.py (files: no nvm, desktop).
``hw.clock``
    ``ticks_ms()`` (wraps like ``supervisor.ticks_ms``: compare with
    ``ticks_diff``) and ``sleep_ms(ms)``.
``hw.lights``
    the board's 5 NeoPixels as one light. ``show(rgb)`` sets all of them to
    one RGB888 colour (0 = off); ``level`` (0..3: off, low, mid, high; set by
    the flow from the settings) scales it, applied at the next ``show``.
    Allocates nothing and writes only what changed; a hardware error turns
    the lights off for good, it never reaches the flow. ``count`` is how
    many there are (0: a board without any, where ``show`` does nothing).
``hw.sound``
    ``beep(kind)`` plays a short sound and returns when it is done (at most
    0.4 s): ``BEEP_TURN`` (0) a human's turn begins after a hand-off,
    ``BEEP_OVER`` (1) the game is over. ``on`` (bool): False silences it.
    No speaker: it does nothing; a hardware error silences it for good. ``broken``
    (True: no speaker, or one silenced for good) keeps the Sound setting off the menus,
    as ``lights.count`` 0 keeps Lights off them.
    (hal.mock and hal.desktop have both; for boards hal/fx.py has them, made by
    hal/fxopen.py when ``hal.board.open()`` runs.)
``hw.entropy()``
    a fresh int >= 0 for seeding a new game.
``hw.notices``
    a list of short strings the flow shows once at start-up: problems the
    HAL found and worked around (a stuck or missing button, no storage, a
    settings.toml value it could not use: hal/boardopen.py).
``hw.name``
    the board's name, for the title screen.
``hw.pystones``
    the board's speed class, pystones/s (hal/boards: 1,450 a SAMD51 ... 740 an
    nRF52840; the desktop and the mock 1500): Hard's budget is
    ``bots.HARD_BUDGET * hw.pystones // 1500`` steps, about 1 s on any board.

Button bits equal ``1 << key number`` of the PyBadge shift register
(0=B, 1=A, 2=Start, 3=Select, 4=Right, 5=Down, 6=Up, 7=Left); ``TAP`` is 256.

Control schemes (``hw.buttons.scheme``; the flow under each: play/ui.py):
``SCHEME_DPAD`` 8 buttons, or 4 and a joystick (has every bit but Select and
TAP); ``SCHEME_THREE`` previous / act / next: LEFT, A, RIGHT, a long press of
act gives B | START; ``SCHEME_TWO`` a mover and an actor: RIGHT and A, a long
press of the mover B, of the actor START; ``SCHEME_TOUCH`` TAP, and A, B and START from the footer's
parts that name them (HIT_ACT, HIT_BACK, HIT_MENU, which a driver sends as
those bits).
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int
# The types of the interface (at the end) are for mypy alone, which reads that block: for a board's
# compiler _TYPES is a const 0 (a private name: no global), so the block is not even compiled.
_TYPES = const(0)

B = const(1)
A = const(2)
START = const(4)
SELECT = const(8)
RIGHT = const(16)
DOWN = const(32)
UP = const(64)
LEFT = const(128)

TAP = const(256)  # a touch landed: hw.buttons.tapped says where

NAMES = "B A Start Select Right Down Up Left"

# hw.screen.hit(x, y) -> (kind, index); hw.buttons.tapped after a TAP
HIT_NONE = const(0)
HIT_LINE = const(1)  # text line ``index`` of the View, 0..LINES-1
HIT_ITEM = const(2)  # item ``index`` of the View's row of cards and buttons
HIT_BACK = const(3)  # the footer's parts naming back and the menu (a touch driver presses B, START)
HIT_MENU = const(4)
HIT_SCREEN = const(5)  # anywhere else
HIT_ACT = const(6)  # the footer's part that names the act input ("tap: OK"): A

# hw.buttons.scheme: how the board's keys play (hal/keys.py, hal/boards/__init__.py)
SCHEME_DPAD = const(0)  # 8 buttons, or 4 and a joystick
SCHEME_THREE = const(1)  # previous / act / next; act held: back and menu (B|START)
SCHEME_TWO = const(2)  # one moves (held: back), the other acts (held: menu)
SCHEME_TOUCH = const(3)

# hw.buttons.labels[...]: the board's own names for what the keys do ("" where it has none)
LABEL_ACT = const(0)
LABEL_BACK = const(1)
LABEL_MENU = const(2)
LABEL_NEXT = const(3)
LABEL_PREV = const(4)

GAME = const(0)  # hw.storage keys: the game's save
STATS = const(1)  # the players' statistics

BEEP_TURN = const(0)  # hw.sound.beep: a human's turn begins after a hand-off
BEEP_OVER = const(1)  # the game is over
LIGHT_LEVELS = const(4)  # hw.lights.level 0..3


def ticks_diff(later, earlier):
    """``later - earlier`` for tick counts that wrap at 2**29 (as supervisor.ticks_ms)."""
    return ((later - earlier + 0x10000000) & 0x1FFFFFFF) - 0x10000000


def button_name(bit):
    """'A', 'Left', ... for one button bit."""
    names = NAMES.split()
    for i in range(8):
        if bit == 1 << i:
            return names[i]
    return "?"


def parse_script(text, board_keys=None):
    """The presses of a script such as ``"A A Down A"``, for the mock HAL and the simulator.

    Words: the logical names of NAMES (any case), ``tap:line:N``, ``tap:item:K``, ``tap:back``,
    ``tap:menu``, ``tap:screen`` (a target), ``tap:X,Y`` (display pixels); with ``board_keys`` (a
    board's profile, hal/boards: its ``keys``, ``map``, ``has``) also its key names and
    ``hold:NAME`` (a long press), and only what that board can give. A press is its bits (an
    int), a tap ``(kind, index)``, or ``(HIT_NONE, x, y)`` at pixels. ValueError names a bad
    word. (hal/script.py; never loaded on a board.)"""
    from hal import script

    return script.parse(text, board_keys)


def forget(name):
    """Drop module ``name`` (dotted, e.g. ``"play.screens"``) and its submodules: from
    ``sys.modules`` and from the package that holds it, so that their code's heap comes back.

    The one way the program and the HAL give back a module used for a moment (a start-up
    module, a screen shown now and then, the load checks)."""
    import sys

    # No list of the keys: this runs when the heap is at its fullest (a screen's module done
    # with, mid-game), where even that list's 256 bytes in one block may not be found.
    mods = sys.modules
    n = len(name)
    while True:
        for key in mods:
            if key.startswith(name) and (len(key) == n or key.startswith(".", n)):
                break
        else:
            break
        del mods[key]
    cut = name.rfind(".")
    parent = sys.modules.get(name[:cut]) if cut > 0 else None
    if parent is not None and hasattr(parent, name[cut + 1 :]):
        delattr(parent, name[cut + 1 :])


if _TYPES:
    # The interface above in types, for mypy (hal/mypy.ini checks tests/hal_contract.py: every
    # board's, the desktop's and the mock's hardware objects against it). Each member is there on
    # every implementation: the flow reads it plainly, never probes with getattr. Never run (CPython:
    # _TYPES is 0; a board's compiler drops the block), so it costs a board nothing.
    from typing import Protocol

    class Buttons(Protocol):
        @property
        def has(self) -> int: ...
        @property
        def scheme(self) -> int: ...
        @property
        def labels(self) -> "tuple[str, ...]": ...
        @property
        def tapped(self) -> "tuple[int, int]": ...
        def press(self) -> int: ...
        def held(self) -> int: ...
        def clear(self) -> object: ...
        def hush(self, ms: int) -> object: ...

    class Screen(Protocol):
        @property
        def size(self) -> "tuple[int, int]": ...
        # True: the flow fills a table's text lines too (a text screen: the terminal, the mock, a
        # board's console); False: a table is drawn from its table fields alone (hal/render/__init__.py)
        @property
        def text(self) -> bool: ...
        # True: play.motion draws a travelling card's frames here (hal/render/__init__.py on a board)
        @property
        def motion(self) -> bool: ...
        # a menu's text lines: 8, or up to 11 where the height holds them
        @property
        def lines(self) -> int: ...
        def show(self, view: object) -> object: ...
        def hit(self, x: int, y: int) -> "tuple[int, int]": ...

    class Storage(Protocol):
        @property
        def lost(self) -> bool: ...
        @property
        def where(self) -> str: ...
        # the save file's whole path (the about screen), or None: a store that is not a file
        @property
        def path(self) -> "str | None": ...
        def load(self, key: int = ...) -> "bytes | None": ...
        def save(self, data: "bytes | bytearray", key: int = ...) -> object: ...
        def set_aside(self, key: int = ...) -> str: ...
        # makes now the buffer a save of up to n bytes is built in (a store without one: nothing)
        def room(self, n: int) -> object: ...

    class Clock(Protocol):
        def ticks_ms(self) -> int: ...
        def sleep_ms(self, ms: int) -> object: ...

    class Lights(Protocol):
        level: int

        @property
        def count(self) -> int: ...
        def show(self, rgb: int) -> object: ...

    class Sound(Protocol):
        on: bool

        @property
        def broken(self) -> bool: ...
        def beep(self, kind: int) -> object: ...

    class Hardware(Protocol):
        @property
        def buttons(self) -> Buttons: ...
        @property
        def screen(self) -> Screen: ...
        @property
        def storage(self) -> Storage: ...
        @property
        def clock(self) -> Clock: ...
        @property
        def lights(self) -> Lights: ...
        @property
        def sound(self) -> Sound: ...
        @property
        def notices(self) -> "list[str]": ...
        @property
        def name(self) -> str: ...
        @property
        def pystones(self) -> int: ...
        # the language the game is asked to speak ("en", "de", "fr"; "": none said), and whether
        # that wins over the one picked in the game's menu (the desktop's --lang)
        @property
        def language(self) -> str: ...
        @property
        def language_wins(self) -> bool: ...
        def entropy(self) -> int: ...
