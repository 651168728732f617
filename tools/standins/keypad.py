"""Stand-in for keypad: scanners that refuse what CircuitPython's refuse, cost what they cost, and
press the buttons of a script.

Refusals, as shared-bindings/keypad/Keys.c and ShiftRegisterKeys.c (10.2.1 and 9.2.9 alike) make them:
``value_when_pressed`` (and ShiftRegisterKeys' ``clock``, ``data``, ``latch``, ``key_count``) are
required keywords (TypeError); a pin that is not a ``microcontroller.Pin`` is a TypeError, a pin twice
in ``Keys`` too ("row_pins contains duplicate pins", validate_no_duplicate_pins), a pin in use a
ValueError ("D5 in use", assert_pin_free); ``key_count`` >= 1 and one per data pin, ``interval`` >= 0,
``max_events`` >= 1, ``debounce_threshold`` 1..127 (ValueError). A scanner claims its pins until
``deinit()``.

Heap: a scanner costs what the C objects cost on a 32-bit board, counted from the structs in
shared-module/keypad (16-byte GC blocks; ``_c_bytes``): ShiftRegisterKeys with 1 data pin 592 bytes
(the object 80, three DigitalInOut 48, the data-pin tuple, key counts and debounce counters 16
each, the EventQueue 32, its ring of 64 events x 6 bytes 384). The Python objects here take less;
a bytearray pads each scanner to the C figure (measured with gc.mem_alloc on the 10.2.1 unix port,
tests/test_settings.py checks it). An ``Event`` is 48 bytes here against the C object's 16: a Python
instance cannot be smaller than its attribute table (the game makes one and reuses it).

The script: ``keys.txt`` in the working folder: the first word is the budget (how many presses in
all), then button names (B A Start Select Right Down Up Left) and ``CUT``, a power cut (SystemExit 9).
When the script is done it presses A until the budget is spent, then exits (SystemExit 0) after
printing ``standin: budget spent``. Each press is a pressed and a released event, one a poll: the
queue is empty on every other call, so start-up sees no key held.
"""

import gc
import sys

import _pins
import supervisor

_NAMES = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")
_EVENT_BYTES = 6  # one event in the C ring: uint16 key and pressed + an mp_obj_t timestamp (EventQueue.c)
_REQUIRED = object()


def _heap():
    gc.collect()
    print("standin: heap in use", gc.mem_alloc())


def _blocks(n):
    """Bytes the GC gives an allocation of ``n`` bytes (16-byte blocks)."""
    return (n + 15) // 16 * 16 if n > 0 else 0


def _required(value, name):
    if value is _REQUIRED:
        raise TypeError("'%s' argument required" % name)


def _pin(obj, arg):
    # validate_obj_is_pin (shared-bindings/microcontroller/Pin.c)
    if not isinstance(obj, _pins.Pin):
        raise TypeError("%s must be of type Pin, not %s" % (arg, _pins.type_name(obj)))
    return obj


def _pin_in(obj):
    # validate_obj_is_pin_in
    if not isinstance(obj, _pins.Pin):
        raise TypeError("object in row_pins must be of type Pin, not %s" % _pins.type_name(obj))


def _free(obj, arg):
    # validate_obj_is_free_pin
    _pin(obj, arg)
    if _pins.in_use(obj):
        raise ValueError("%s in use" % obj.name)
    return obj


def _int(value):
    if not isinstance(value, int):
        raise TypeError("can't convert %s to int" % _pins.type_name(value))
    return value


def _common(interval, max_events, debounce_threshold):
    """The checks every scanner makes (keypad_*_make_new): the interval in seconds."""
    if interval is None:
        interval = 0.02
    elif not isinstance(interval, (int, float)):
        raise TypeError("interval must be of type float, not %s" % _pins.type_name(interval))
    if interval < 0:
        raise ValueError("interval must be >= 0")
    if _int(max_events) < 1:
        raise ValueError("max_events must be >= 1")
    if not 1 <= _int(debounce_threshold) <= 127:
        raise ValueError("debounce_threshold must be 1-127")
    return interval


class Event:
    """A key event (keypad.Event): key_number, pressed, released, timestamp."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        if _int(key_number) < 0:
            raise ValueError("key_number must be >= 0")
        if timestamp is None:
            timestamp = supervisor.ticks_ms()
        _int(timestamp)
        self.key_number = key_number
        self.pressed = bool(pressed)
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


def _load_script():
    # Read at import, so that the script's words count with the stand-ins, not with the game.
    try:
        with open("keys.txt") as f:
            words = f.read().split()
    except OSError:
        words = ["0"]
    return int(words[0]), words[1:]


_BUDGET, _SCRIPT = _load_script()


class EventQueue:
    """The scanner's queue: events come from the script in keys.txt."""

    def __init__(self, max_events):
        self._ring = bytearray(max_events * _EVENT_BYTES)  # the C ring's own size
        self.overflowed = False
        self._step = 0  # 0: nothing (then a press), 1: the release is next
        self._key = 1
        self.presses = 0

    def _next_key(self):
        if self.presses >= _BUDGET:
            _heap()
            print("standin: budget spent")
            sys.exit(0)
        self.presses += 1
        if self.presses <= len(_SCRIPT):
            word = _SCRIPT[self.presses - 1]
            if word == "CUT":
                _heap()
                print("standin: power cut after", self.presses - 1, "presses")
                sys.exit(9)
            return _NAMES.index(word)
        return 1

    def get_into(self, event):
        step = self._step
        if step == 0:
            self._step = 2
            return False
        if step == 2:
            self._key = self._next_key()
            pressed = True
            self._step = 1
        else:
            pressed = False
            self._step = 0
        event.key_number = self._key
        event.pressed = pressed
        event.timestamp = supervisor.ticks_ms()
        return True

    def clear(self):
        self.overflowed = False

    def __len__(self):
        return 0


class _Scanner:
    """What Keys and ShiftRegisterKeys share: the pins they claim, the queue, the padding."""

    def _start(self, pins, key_count, max_events, c_bytes):
        self._claimed = tuple(pins)
        for p in pins:
            _pins.claim(p)
        self.key_count = key_count
        self.events = EventQueue(max_events)
        # What this Python object lacks of the C objects' heap (see the module docstring).
        self._pad = None
        pad = c_bytes - self._py_bytes(len(pins), max_events) - 16  # (a bytearray's own 16 bytes)
        if pad >= 0:  # (bytearray(0) is 16 bytes)
            self._pad = bytearray(pad)

    @staticmethod
    def _py_bytes(pins, max_events):
        """What this Python object takes without its padding: measured with gc.mem_alloc on the 10.2.1
        and 9.2.9 unix ports, 112 bytes for the scanner and its queue with their attributes, the pin
        tuple, and the ring (a bytearray)."""
        return 112 + _blocks(8 + 4 * pins) + 16 + _blocks(max_events * _EVENT_BYTES)

    def reset(self):
        pass

    def deinit(self):
        for p in self._claimed:
            _pins.release(p)
        self._claimed = ()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class Keys(_Scanner):
    """keypad.Keys: one key a pin."""

    def __init__(
        self, pins, *, value_when_pressed=_REQUIRED, pull=True, interval=None, max_events=64, debounce_threshold=1
    ):
        _required(value_when_pressed, "value_when_pressed")
        n = len(pins)  # TypeError for what has no length
        for i in range(n):  # validate_no_duplicate_pins(pins, MP_QSTR_row_pins)
            _pin_in(pins[i])
            for j in range(i + 1, n):
                _pin_in(pins[j])
                if pins[i] is pins[j]:
                    raise TypeError("row_pins contains duplicate pins")
        _common(interval, max_events, debounce_threshold)
        for i in range(n):
            _free(pins[i], "pin")
        self._start([pins[i] for i in range(n)], n, max_events, _c_bytes(48, n, n, 0, max_events))


class ShiftRegisterKeys(_Scanner):
    """keypad.ShiftRegisterKeys: keys read through shift registers (the PyBadge's buttons)."""

    def __init__(
        self,
        *,
        clock=_REQUIRED,
        data=_REQUIRED,
        latch=_REQUIRED,
        value_to_latch=True,
        key_count=_REQUIRED,
        value_when_pressed=_REQUIRED,
        interval=None,
        max_events=64,
        debounce_threshold=1,
    ):
        for value, name in ((clock, "clock"), (data, "data"), (latch, "latch"), (key_count, "key_count")):
            _required(value, name)
        _required(value_when_pressed, "value_when_pressed")
        datas = [data] if isinstance(data, _pins.Pin) else [data[i] for i in range(len(data))]
        for d in datas:
            _free(d, "data")
        counts = [key_count] if isinstance(key_count, int) else [key_count[i] for i in range(len(key_count))]
        if len(counts) != len(datas):
            raise ValueError("key_count length must be %d" % len(datas))
        for c in counts:
            if _int(c) < 1:
                raise ValueError("key_count must be >= 1")
        _free(clock, "clock")
        _free(latch, "latch")
        _common(interval, max_events, debounce_threshold)
        keys = sum(counts)
        c_bytes = _c_bytes(80, 2 + len(datas), len(datas), 4 * len(counts), max_events, keys)
        self._start([clock, latch] + datas, keys, max_events, c_bytes)


def _c_bytes(struct, dios, tuple_items, counts_bytes, max_events, keys=None):
    """The heap of a C scanner: the object, its DigitalInOut (16 each), tuple, key counts, debounce
    counters (a byte a key), EventQueue (32) and ring (shared-module/keypad/*.c, 32-bit ARM)."""
    keys = tuple_items if keys is None else keys
    return (
        _blocks(struct)
        + 16 * dios
        + _blocks(8 + 4 * tuple_items)
        + _blocks(counts_bytes)
        + _blocks(keys)
        + 32
        + _blocks(max_events * _EVENT_BYTES)
    )
