"""Every board profile (hal/boards/) opened on CircuitPython 10.2.1 over the stand-ins of its input
class (tools/standins: board.py plays each profile's pins, keypad.py / analogio.py / busio.py /
digitalio.py its keys, stick, touch panel or expander): the display's size, the scheme, the labels,
the presses each physical key makes (long presses included), the modules its input needs and no
other family's; then the board flow within the heap goal per profile. On CPython: LAMA_BOARD,
a board of no profile, and hal/keys.py's long presses."""

import types

import pytest

import hal
from hal import boards, keys
from tools import cpboard

VERSION = cpboard.VERSIONS[0]  # 10.2.1

# The probe, run as code.py is: open the board, say what it is, then print every press of the script.
PROBE = """
import sys
import hal
seen = []
forget = hal.forget
def record(name):
    seen.extend(k for k in sys.modules if k.startswith(name))
    forget(name)
hal.forget = record
from hal import board
hw = board.open()
b = hw.buttons
d = getattr(hw.screen, "display", None)
print("size %d %d" % ((d.width, d.height) if d is not None else (0, 0)))
print("scheme", b.scheme, "has", b.has, "pystones", hw.pystones)
print("labels", "|".join(b.labels))
print("notices", "|".join(hw.notices))
print("modules", " ".join(sorted(set(k for k in seen + list(sys.modules) if k.startswith("hal")))))
import os
import supervisor
end = supervisor.ticks_ms() + int(getattr(os, "_host", os).getenv("LAMA_PROBE_MS") or 15000)
while supervisor.ticks_ms() < end:  # (the script ends the run when its budget is spent; with no key, never)
    p = b.press()
    if p:
        print("press", p)
print("probe: no keys")
"""

L, R, U, D, A, B, S, SEL, TAP = hal.LEFT, hal.RIGHT, hal.UP, hal.DOWN, hal.A, hal.B, hal.START, hal.SELECT, hal.TAP
DPAD, THREE, TWO, TOUCH = hal.SCHEME_DPAD, hal.SCHEME_THREE, hal.SCHEME_TWO, hal.SCHEME_TOUCH

# name: (size, scheme, labels, script, presses it makes, input modules): sizes and buttons from the
# boards' definitions (docs/BOARDS.md), the labels as WAVE2 names them.
CASES = {
    "pybadge": ((160, 128), DPAD, ("A", "B", "Start", ">", "<"), "Right A Select hold:B", [R, A, SEL, B], "keypads"),
    "pygamer": ((160, 128), DPAD, ("A", "B", "Start", ">", "<"), "Right Up Start A", [R, U, S, A], "keypads joystick"),
    "clue": ((240, 240), TWO, ("B", "hold A", "hold B", "A", ""), "A B hold:A hold:B", [R, A, B, S], "keypads"),
    "cpb_gizmo": ((240, 240), TWO, ("B", "hold A", "hold B", "A", ""), "A B hold:A hold:B", [R, A, B, S], "keypads"),
    "funhouse": (
        (240, 240),
        THREE,
        ("Sel", "hold Sel", "hold Sel", "Down", "Up"),
        "Up Sel Down hold:Sel",
        [L, A, R, B | S],
        "keypads",
    ),
    "feather_s2_reverse_tft": (
        (240, 135),
        THREE,
        ("D1", "hold D1", "hold D1", "D2", "D0"),
        "D0 D1 D2 hold:D1",
        [L, A, R, B | S],
        "keypads",
    ),
    "feather_s3_reverse_tft": (
        (240, 135),
        THREE,
        ("D1", "hold D1", "hold D1", "D2", "D0"),
        "D0 D1 D2 hold:D1",
        [L, A, R, B | S],
        "keypads",
    ),
    "pyportal": ((320, 240), TOUCH, ("tap", "Back", "Menu", "", ""), "tap:100,100", None, ""),
    "pyportal_titano": ((480, 320), TOUCH, ("tap", "Back", "Menu", "", ""), "tap:200,150", None, ""),
    "fruit_jam": (
        (320, 240),
        THREE,
        ("Btn2", "hold Btn2", "hold Btn2", "Btn3", "Btn1"),
        "Btn1 Btn2 Btn3 hold:Btn2",
        [L, A, R, B | S],
        "keypads",
    ),
    "memento": (
        (240, 240),
        DPAD,
        ("OK", "Sel", "Shutter", ">", "<"),
        "Up Down Left Right OK Sel Shutter",
        [U, D, L, R, A, B, S],
        "",
    ),
    "picosystem": (
        (240, 240),
        DPAD,
        ("A", "B", "Y", ">", "<"),
        "A B X Y Up Down Left Right",
        [A, B, SEL, S, U, D, L, R],
        "keypads",
    ),
}
FAMILIES = ("badge", "pins", "gizmo", "pyportal", "fruitjam", "memento")
INPUTS = ("keypads", "joystick", "gamepad")  # the input modules of hal/ a family may need (a pad: when one is found)


@pytest.fixture(scope="module")
def flow(tmp_path_factory):
    """One .mpy drive with the compiled stand-ins and the probe."""
    if cpboard.missing(VERSION):
        pytest.skip(cpboard.missing(VERSION))
    flow = cpboard.Flow(str(tmp_path_factory.mktemp("boards")))
    with open(flow.drive + "/probe.py", "w") as f:
        f.write(PROBE)
    return flow


def probe(flow, name, script, env=None, settings=cpboard.SETTINGS):
    """{field: text} of the probe's lines on board ``name`` and the presses the script made."""
    flow.power_on(erase=True)
    words = script.split()
    done = flow.run(
        script, len(words), "256k", VERSION, dict(env or {}, LAMA_STANDIN_BOARD=name), settings, (), "probe.py"
    )
    assert "standin: budget spent" in done.stdout or "probe: no keys" in done.stdout, done.stdout + done.stderr
    out = {}
    presses = []
    for line in done.stdout.splitlines():
        head, _, rest = line.partition(" ")
        if head == "press":
            presses.append(int(rest))
        else:
            out.setdefault(head, rest)
    return out, presses


def test_every_profile_has_a_case():
    assert sorted(CASES) == sorted(boards.names())
    assert boards.names()[:2] == ["pybadge", "pygamer"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_profile_opens_with_its_size_scheme_labels_and_keys(flow, name):
    size, scheme, labels, script, presses, inputs = CASES[name]
    out, got = probe(flow, name, script)
    profile = boards.get(name)
    assert out["size"] == "%d %d" % size
    assert out["scheme"] == "%d has %d pystones %d" % (scheme, boards.HAS[scheme], profile.pystones)
    assert out["labels"] == "|".join(labels)
    assert out["notices"] == ""
    if presses is None:  # a touch: a tap (or the footer's B / START)
        assert got and all(p in (TAP, B, S) for p in got), got
    else:
        assert got == presses
    # Its family's module and input modules, never another family's or input's.
    loaded = out["modules"].split()
    family = profile.family
    assert "hal.boards." + family in loaded
    # (the CPB's and the Fruit Jam's buttons are on pins: their family uses hal/boards/pins.py's
    # scanners; the Fruit Jam's display is made by hal/boards/dvi.py)
    others = [m for m in loaded if m.startswith("hal.boards.") and m[11:] not in (family, "pins", "dvi")]
    assert not others and ("hal.boards.pins" in loaded) == (family in ("pins", "gizmo", "fruitjam")), loaded
    assert ("hal.boards.dvi" in loaded) == (family == "fruitjam"), loaded
    # The saves' store of its own port only (hal/boardopen.py make_storage): the RP2s' log never
    # loads the slots' class (hal/saves/slots.py), nor the others the log; the ESP32s' nvm wrapper on those.
    rule = profile.nvm
    assert ("hal.saves.log" in loaded, "hal.saves.slots" in loaded) == (rule == "rp2040", rule != "rp2040"), loaded
    assert ("hal.saves.esp" in loaded) == (rule == "esp32"), loaded
    assert sorted(m[4:] for m in loaded if m[4:] in INPUTS) == sorted(inputs.split())


def test_lama_board_in_settings_toml_overrides_board_id(flow):
    # (no key of the CLUE's is on the PyBadge's pins: the probe only waits, so not for long)
    out, got = probe(flow, "pybadge", "", {"LAMA_PROBE_MS": "200"}, settings='LAMA_BOARD = "clue"\n')
    assert out["scheme"].split()[0] == str(TWO) and out["labels"] == "B|hold A|hold B|A|"
    assert "hal.boards.pins" in out["modules"].split() and "hal.boards.badge" not in out["modules"].split()
    # (the PyBadge's pins have no BUTTON_A/B: the keys are named, the game still starts)
    assert out["notices"] == "A: no pin BUTTON_A|B: no pin BUTTON_B"
    out, _ = probe(flow, "pybadge", "A", settings='LAMA_BOARD = "nosuch"\n')
    assert out["notices"] == "LAMA_BOARD = nosuch: no such board" and out["scheme"].split()[0] == str(DPAD)


@pytest.mark.parametrize(
    "pins, scheme, notice, labels",
    [
        ("BUTTON_A PA16 BUTTON_B PA18", TWO, "Unknown board: 2 buttons", "A|hold B|hold A|B|"),
        (
            "BUTTON_LEFT PA16 BUTTON_A PA18 BUTTON_RIGHT PA19",
            THREE,
            "Unknown board: 3 buttons",
            "A|hold A|hold A|Right|Left",
        ),
        (
            "BUTTON_A PA10 BUTTON_B PA11 BUTTON_START PA12 BUTTON_UP PA13 BUTTON_DOWN PA14 BUTTON_LEFT PA15 "
            "BUTTON_RIGHT PA16",
            DPAD,
            "Unknown board: D-pad",
            "A|B|Start|>|<",
        ),
    ],
)
def test_an_unknown_board_starts_with_the_best_scheme_and_says_which(flow, pins, scheme, notice, labels):
    out, _ = probe(flow, "myboard", "", {"LAMA_STANDIN_PINS": pins})
    assert out["notices"] == notice and out["scheme"].split()[0] == str(scheme) and out["labels"] == labels
    assert out["size"] == "160 128"
    assert "hal.boards.pins" in out["modules"].split()


# ---- CPython: hal/keys.py's long presses --------------------------------------------------------
def clocked():
    clock = types.SimpleNamespace(now=1000)
    return clock, keys.Buttons(lambda: clock.now)


def test_a_key_with_a_long_bit_presses_its_short_bit_at_release_before_600_ms():
    clock, b = clocked()
    b.down(hal.RIGHT, clock.now, hal.B)
    clock.now += keys.LONG_MS - 1
    assert b.press() == 0 and b.held() == hal.RIGHT  # nothing while held
    b.up(hal.RIGHT)
    assert b.press() == hal.RIGHT and b.press() == 0


def test_held_600_ms_it_presses_the_long_bits_then_and_nothing_at_release():
    clock, b = clocked()
    b.down(hal.A, clock.now, hal.B | hal.START)
    clock.now += keys.LONG_MS
    assert b.press() == hal.B | hal.START  # at that moment, not at release
    clock.now += 2000
    b.up(hal.A)
    assert b.press() == 0


def test_a_key_without_a_long_bit_presses_at_once_and_a_second_long_key_ends_a_wait_short():
    clock, b = clocked()
    b.down(hal.LEFT, clock.now)
    assert b.press() == hal.LEFT  # no long bit: at once
    b.down(hal.RIGHT, clock.now, hal.B)
    b.down(hal.A, clock.now + 10, hal.START)  # the mover waiting is a short press; the actor waits now
    assert b.press() == hal.RIGHT
    clock.now += keys.LONG_MS + 10
    assert b.press() == hal.START


def test_the_long_press_survives_the_tick_counter_wrapping():
    clock, b = clocked()
    clock.now = 0x1FFFFFFF - 100
    b.down(hal.A, clock.now, hal.START)
    clock.now = (clock.now + keys.LONG_MS) & 0x1FFFFFFF
    assert b.press() == hal.START


def test_every_profile_maps_each_key_to_its_scheme():
    for name in boards.names():
        p = boards.get(name)
        table = p.table(range(len(p.keys)))
        shorts = 0
        for n in range(len(p.keys)):
            shorts |= table[2 * n] | table[2 * n + 1]
        if p.scheme != TOUCH:
            assert shorts & ~(p.has | SEL) == 0 and shorts | SEL >= p.has & ~TAP, name
        assert len(p.labels) == 5 and p.size[0] >= 160, name
