"""Stand-in for keypad: scanners that refuse what CircuitPython's refuse, cost what they cost, and
press the buttons of a script.

Refusals, as shared-bindings/keypad/Keys.c and ShiftRegisterKeys.c (10.2.1 and 9.2.9 alike) make them:
``value_when_pressed`` (and ShiftRegisterKeys' ``clock``, ``data``, ``latch``, ``key_count``) are
required keywords (TypeError); a pin that is not a ``microcontroller.Pin`` is a TypeError, a pin twice
in ``Keys`` too ("row_pins contains duplicate pins", validate_no_duplicate_pins), a pin in use a
ValueError ("D5 in use", assert_pin_free); ``key_count`` >= 1 and one per data pin, ``interval`` >= 0,
``max_events`` >= 1, ``debounce_threshold`` 1..127 (ValueError). A scanner claims its pins until
``deinit()``.

Pins: ``Pin`` is the class board.py makes the pins of (and calls ``microcontroller.Pin``), ``pins``
the pins in use (the display's, a scanner's).

Heap: a scanner costs what the C objects cost on a 32-bit board, counted from the structs in
shared-module/keypad (16-byte GC blocks; ``_c_bytes``): ShiftRegisterKeys with 1 data pin 592 bytes
(the object 80, three DigitalInOut 48, the data-pin tuple, key counts and debounce counters 16
each, the EventQueue 32, its ring of 64 events x 6 bytes 384). The Python objects here take less;
a bytearray pads each scanner to the C figure (measured with gc.mem_alloc on the 10.2.1 unix port,
tests/test_settings.py checks it). An ``Event`` is 48 bytes here against the C object's 16: a Python
instance cannot be smaller than its attribute table (the game makes one and reuses it).

Few names of its own are interned (helpers are nested, attributes reuse names CircuitPython has):
each qstr a stand-in adds moves the points where the game's qstr pools grow (tools/cpboard.py).

The script: ``keys.txt`` in the working folder: the first word is the budget (how many presses in
all), then the board's key names (board.py ``_k``: the PyBadge's B A Start Select Right Down Up
Left, the CLUE's A B, ...), ``hold:NAME`` (held 700 ms: a long press, hal/keys.py), ``tap:X,Y``
(a touch at display pixels X, Y: analogio.py) and ``CUT``, a power cut (SystemExit 9). When the
script is done it presses the board's first key (its act key) until the budget is spent, then
exits (SystemExit 0) after printing ``standin: budget spent``. The script is one for every reader
(a scanner's queue here, the PyGamer's stick and the touch panel in analogio.py, the MEMENTO's
expander in busio.py and its shutter in digitalio.py): ``tick()``, once a poll, presses the next
key (the key is then down) or lets it go at the next poll (a held one 700 ms later, a tap 60 ms);
each reader reports the key's level (a scanner's queue a key's press and release in one poll, as
before: the flows' scripts were written for that). The first queue polled ticks; start-up sees no key held.

A press comes as a player's would, once the screen was drawn (the display refreshed) and
looked at (a poll since found nothing): the game drops the presses made before a new screen is
shown (play/ui.py), as one read by that screen's first poll would be. A screen that waits
without drawing again (after a key it ignores) gets the next press after a few empty polls.
(The scripts set the Instant speed first: a bot's pause, which polls, would take a press.)
"""

import gc
import sys

import supervisor

# keys.txt, read at import: the script's words count with the stand-ins, not with the game. (Named
# ``keys``, a name CircuitPython has: a stand-in's own names move the game's qstr pool steps.)
try:
    keys = open("keys.txt").read().split()
    # One string a distinct word: split() makes a new string a word (the game has not interned "A"
    # yet), 48 words of "A" cost 1.8 KB, which the flows' probe run (no script) did not count.
    script = {}
    keys = [script.setdefault(w, w) for w in keys]
except OSError:
    keys = ["0"]


class Pin:
    """A microcontroller pin (``microcontroller.Pin``, which board.py makes this): one object per pin,
    compared by identity, named by the first name the board gives it, as CircuitPython's errors name it
    (shared-bindings/microcontroller/Pin.c, get_pin_name: "D5 in use")."""

    def __init__(self, name):
        self.name = name


# Pins in use (a display's, a scanner's): a fixed table, so that claiming allocates nothing (a growing
# list would put its growth on the game's heap figure). A second claim of a pin one has already is no
# error (a DigitalInOut does not check).
pins = [None] * 64


def _heap():
    gc.collect()
    print("standin: heap in use", gc.mem_alloc())


def _check(data, interval, max_events, debounce_threshold, args):
    """What keypad_*_make_new checks, in its order: required arguments (missing: their default, the
    class Pin, which no caller passes), (name, pin) pairs, then the numbers."""
    for value, name in args:
        if value is Pin:
            raise TypeError("'%s' argument required" % name)
    for name, pin in data:
        if not isinstance(pin, Pin):
            raise TypeError("%s must be of type Pin, not %s" % (name, type(pin).__name__))
    if interval is not None and not isinstance(interval, (int, float)):
        raise TypeError("interval must be of type float, not %s" % type(interval).__name__)
    if interval is not None and interval < 0:
        raise ValueError("interval must be >= 0")
    for value in (max_events, debounce_threshold):
        if not isinstance(value, int):
            raise TypeError("can't convert %s to int" % type(value).__name__)
    if max_events < 1:
        raise ValueError("max_events must be >= 1")
    if not 1 <= debounce_threshold <= 127:
        raise ValueError("debounce_threshold must be 1-127")
    for name, pin in data:  # validate_obj_is_free_pin
        if pin in pins:  # (a Pin is equal to itself only)
            raise ValueError("%s in use" % pin.name)


class Event:
    """A key event (keypad.Event): key_number, pressed, released, timestamp."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        if not isinstance(key_number, int):
            raise TypeError("can't convert %s to int" % type(key_number).__name__)
        if key_number < 0:
            raise ValueError("key_number must be >= 0")
        self.key_number = key_number
        self.pressed = bool(pressed)
        self.timestamp = supervisor.ticks_ms() if timestamp is None else timestamp

    @property
    def released(self):
        return not self.pressed


class _Script:
    """The script's state (one for every reader; names the game has too: each new name is a qstr)."""

    def __init__(self):
        self.count = 0  # presses so far
        self.value = None  # the key down now (a word of the script), or None
        self.timestamp = 0  # when it went down
        self.interval = 0  # how long it stays down (ms; 0: until the next poll)
        self.shown = -1  # the display's refresh count at the last press
        self.seen = -1  # the refresh count a poll last found nothing at
        self.n = 0  # empty polls since the last press without a new picture
        self.events = None  # the queue that ticks (the first polled), if any
        # The key down, read once at its press, so that a poll allocates nothing (as the C code):
        self.pin = ""  # what presses it (board.py's ``_k``: a pin name, "#n", "@n"), or ""
        self.bit = -1  # n of "#n" (a shift register's key) or "@n" (an expander's pin)
        self.x = self.y = -1  # a tap's pixel


script = _Script()


def tick():
    """One poll of the board's keys: let the key down go, or press the next one when it is time."""
    import board

    s = script
    now = supervisor.ticks_ms()
    if s.value is not None:
        if now - s.timestamp >= s.interval:
            release()
        return
    try:
        import busdisplay

        shown = busdisplay.shown  # the refreshes of any display (busdisplay.py)
    except (ImportError, AttributeError):  # (the tests' fakes on CPython: no display)
        shown = 0
    if shown != s.shown:  # a new picture since the last press
        if s.seen != shown:
            s.seen = shown  # the player looks at it first: nothing this poll
            return
    elif s.n < 4:  # the same picture (the screen ignored the last key): a few polls
        s.n += 1
        return
    s.shown = shown
    s.n = 0
    if s.count >= int(keys[0]):
        _heap()
        print("standin: budget spent")
        sys.exit(0)
    s.count += 1
    word = keys[s.count] if s.count < len(keys) else board._k[0] if board._k else "tap:1,1"
    if word == "CUT":
        _heap()
        print("standin: power cut after", s.count - 1, "presses")
        sys.exit(9)
    s.interval = 0
    if word[:5] == "hold:":
        word = word[5:]
        s.interval = 700
    elif word[:4] == "tap:":
        s.interval = 60
    s.value = word
    s.timestamp = now
    s.pin = what(word) or ""
    s.bit = int(s.pin[1:]) if s.pin[:1] in ("#", "@") else -1
    if word[:4] == "tap:":
        x, y = word[4:].split(",")
        s.x, s.y = int(x), int(y)


def release():
    """The key down goes up."""
    s = script
    s.value = None
    s.pin = ""
    s.bit = s.x = s.y = -1


def what(word):
    """What presses key ``word`` of the script (board.py ``_k``), or None."""
    import board

    k = board._k
    for i in range(0, len(k) - 1, 2):
        if k[i] == word:
            return k[i + 1]
    return None


class EventQueue:
    """The scanner's queue: the events of the script's key among the scanner's keys."""

    def __init__(self, max_events, keys):
        self.data = bytearray(max_events * 6)  # the C ring: 6 bytes an event (EventQueue.c, EVENT_SIZE_BYTES)
        self.overflowed = False
        self.keys = keys  # the scanner
        self.n = -1  # its key down now
        self.step = 1  # 1: the last call found nothing (the next one starts a poll)

    def get_into(self, event):
        s = script
        if s.events is None:
            s.events = self
        if self is s.events and self.step:
            tick()
        want = self.keys.find()
        if want == self.n:
            self.step = 1
            return False
        self.step = 0
        if self.n >= 0:
            event.key_number = self.n
            event.pressed = False
            self.n = -1
        else:
            event.key_number = want
            event.pressed = True
            self.n = want
            if not s.interval:  # a press and its release in one poll, as a tap of a key is scanned
                release()
        event.timestamp = supervisor.ticks_ms()
        return True

    def clear(self):
        self.overflowed = False

    def __len__(self):
        return 0


class Keys:
    """keypad.Keys: one key a pin (and ShiftRegisterKeys' base here)."""

    def __init__(self, pins, *, value_when_pressed=Pin, pull=True, interval=None, max_events=64, debounce_threshold=1):
        _check((), None, 1, 1, ((value_when_pressed, "value_when_pressed"),))
        n = len(pins)  # TypeError for what has no length
        for i in range(n):  # validate_no_duplicate_pins(pins, MP_QSTR_row_pins)
            for j in range(i, n):
                _check((("object in row_pins", pins[j]),), None, 1, 1, ())
                if j > i and pins[i] is pins[j]:
                    raise TypeError("row_pins contains duplicate pins")
        items = [("pin", pins[i]) for i in range(n)]
        _check(items, interval, max_events, debounce_threshold, ())
        # The C allocations: the object (48 bytes), a DigitalInOut (16) a pin, their tuple, the
        # debounce counters (a byte a key) (shared-module/keypad/*.c, 32-bit ARM).
        self.start([pin for _, pin in items], n, max_events, (48,) + (16,) * n + (8 + 4 * n, n))

    def start(self, data, key_count, max_events, args):
        """Claims the pins ``data``, makes the queue, and pads to what the C object's allocations of
        ``args`` bytes take in 16-byte blocks, with the EventQueue's 32 and its ring."""
        self.pins = tuple(data)
        for pin in data:
            if pin not in pins:
                pins[pins.index(None)] = pin
        self.key_count = key_count
        self.events = EventQueue(max_events, self)
        # What the Python objects lack of the C objects' heap: they take 112 bytes with their
        # attributes (the C EventQueue's 32, the bytearray's own 16, and 64, the queue's script
        # state included), plus the pin tuple and the ring, measured with gc.mem_alloc on the
        # 10.2.1 and 9.2.9 unix ports.
        self.value = None
        pad = -112 - ((8 + 4 * len(data) + 15) & -16)
        for x in args:
            pad += (x + 15) & -16
        if pad >= 0:
            self.value = bytearray(pad)

    def find(self):
        """The key number of the script's key down among this scanner's (a pin), or -1."""
        pin = script.pin
        if pin:
            import board

            pin = getattr(board, pin, None)
            for i in range(len(self.pins)):
                if self.pins[i] is pin:
                    return i
        return -1

    def reset(self):
        pass

    def deinit(self):
        for i in range(len(pins)):
            if pins[i] in self.pins:
                pins[i] = None
        self.pins = ()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class ShiftRegisterKeys(Keys):
    """keypad.ShiftRegisterKeys: keys read through shift registers (the PyBadge's buttons)."""

    def __init__(
        self,
        *,
        clock=Pin,
        data=Pin,
        latch=Pin,
        value_to_latch=True,
        key_count=Pin,
        value_when_pressed=Pin,
        interval=None,
        max_events=64,
        debounce_threshold=1,
    ):
        required = ((clock, "clock"), (data, "data"), (latch, "latch"), (key_count, "key_count"))
        _check((), None, 1, 1, required + ((value_when_pressed, "value_when_pressed"),))
        datas = [data] if isinstance(data, Pin) else [data[i] for i in range(len(data))]
        _check([("data", d) for d in datas], None, 1, 1, ())
        counts = [key_count] if isinstance(key_count, int) else [key_count[i] for i in range(len(key_count))]
        if len(counts) != len(datas):
            raise ValueError("key_count length must be %d" % len(datas))
        for c in counts:
            if c < 1:
                raise ValueError("key_count must be >= 1")
        _check([("clock", clock), ("latch", latch)], interval, max_events, debounce_threshold, ())
        # The C allocations: the object (72 bytes), a DigitalInOut (16) for the clock, the latch and
        # each data pin, the data pins' tuple, the key counts, the debounce counters (a byte a key)
        # (shared-module/keypad/*.c, 32-bit ARM).
        n = len(datas)
        parts = (72,) + (16,) * (2 + n) + (8 + 4 * n, 4 * len(counts), sum(counts))
        self.start([clock, latch] + datas, sum(counts), max_events, parts)

    def find(self):
        """The key number of the script's key down (``#n`` in board.py's ``_k``), or -1."""
        s = script
        return s.bit if s.pin.startswith("#") and s.bit < self.key_count else -1
