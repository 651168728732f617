"""The start-up half of hal/board.py: finds the board's profile, opens its display and buttons
(the board family's module, hal/boards/), its storage, lights and sound, and returns the parts of
the hardware object. ``hal.board.open()`` runs :func:`make` and then forgets this module and the
profile table, so that their code does not stay on the heap.

The board is ``board.board_id``, or ``LAMA_BOARD`` in settings.toml (a profile's name or a
board_id: hal/boards/__init__.py); a board of no profile plays with the buttons it has on pins
(hal/boards/pins.py says how, and a notice which scheme). A key held at start-up is ignored
until it is let go ("A stuck: ignored"). Settings are read by hal/settings.py: no value stops
the game (a bad one is named in ``hw.notices``).
"""


import hal
from hal import boards, saves, settings

SAVE_PATH = "/saves/lama.sav"


def profile(notices):
    """This board's profile: LAMA_BOARD's, else board.board_id's, else one for a board of no profile."""
    import sys

    import board

    board_id = getattr(board, "board_id", "")
    wanted = settings.read("LAMA_BOARD", notices)
    found = boards.find(wanted) if wanted else None
    if wanted and found is None:
        settings.notice(notices, "LAMA_BOARD", wanted, "no such board")
    return found or boards.find(board_id) or boards.unknown(board_id or "board", sys.platform)


def buttons(found, notices):
    """(display, buttons) of the board of profile ``found``: its family's ``open``, and what the
    profile says the keys do (``scheme``, ``labels``, ``has``)."""
    family = __import__("hal.boards." + found.family, None, None, ("open",))
    display, keys = family.open(found, notices)
    if found.scheme != keys.scheme or found.labels != keys.labels:  # (the D-pad's are the class's)
        keys.scheme = found.scheme
        keys.labels = found.labels
        keys.has = found.has
    return display, keys


def settle(buttons, sleep_ms):
    """At start-up: the key bits still held after a second (ignored from then on until let go)."""
    sleep_ms(60)  # the first scans of the keys at power-up
    waited = 0
    while buttons.held() and waited < 1000:  # a key held a second at start is stuck: ignored until let go
        sleep_ms(20)
        waited += 20
    return buttons.mask_held()


def make_storage(found, notices):
    """The saves' store: the nvm when it fits, else the file on the drive. The profile's erase rule
    ``rp2040`` (RP2040, RP2350: a write into erased flash needs no erase) gets a log
    (hal/saves/log.py); the others two slots a record kind (hal/saves/slots.py: SAMD51 and ESP32 rewrite the
    whole nvm on every write, nRF52 the 4 KB page a write touches)."""
    import microcontroller
    import storage

    nvm = getattr(microcontroller, "nvm", None)
    if saves.fits(nvm):
        if found.nvm == "rp2040":
            from hal.saves import log

            store = log.LogStore(nvm)
            # Its record buffer for the largest record it takes, made now in a nearly empty heap:
            # a game begun or resumed later (App.play's room()) then needs no new block, where after
            # a resume's load checks a block of ~0.7 KB may not be found (the Fruit Jam's flow).
            store.room(store.capacity)
            return store
        if found.nvm == "esp32":  # (each access copies all 8 KB onto the heap: hal/saves/esp.py)
            from hal.saves import esp

            return esp.store(nvm)
        from hal.saves.slots import NvmStore

        return NvmStore(nvm)
    writable = False
    try:
        writable = not storage.getmount("/").readonly
    except (AttributeError, OSError, ValueError):
        pass
    if not writable:
        notices.append("Saves off: drive read-only" if nvm is None else "Saves off: nvm small, r/o")
    from hal.saves.files import FileStore

    return FileStore(SAVE_PATH)


def make(clock):
    """The parts of the hardware object, ``hal.board.Hardware``'s arguments after ``clock``:
    (title, buttons, screen, storage, notices, lights, sound, seed, pystones, language)."""
    import board

    notices = []  # type: list[str]
    entropy = settings.seed(notices)  # LAMA_SEED: hw.entropy() gives it to every new game
    settings.drive(notices)  # boot.py acts on LAMA_DRIVE; a value it ignored is told on the title too
    language = settings.language(notices)  # LAMA_LANG, else the firmware's
    found = profile(notices)
    import gc

    gc.collect()  # the table's text, parsed, is garbage: the objects that stay take its place, not holes
    display, keys = buttons(found, notices)
    stuck = settle(keys, clock.sleep_ms)
    table = found.table(range(len(found.keys)))
    for n in range(len(found.keys)):
        if stuck & table[2 * n]:
            notices.append("%s stuck: ignored" % found.keys[n])
    screen = None  # type: object
    if display is None:
        from hal.console import ConsoleScreen

        screen = ConsoleScreen()
        notices.append("No display: text on USB")
    else:
        from hal import render

        display.auto_refresh = False
        screen = render.Screen(display)
    if hasattr(keys, "screen"):
        keys.screen = screen  # (a touch panel's taps land on it: hw.screen.hit)
    store = make_storage(found, notices)
    from hal import fxopen  # lights and sound (compiled here, after the big modules)

    lights = fxopen.make_lights(board, found.lights, notices)
    sound = fxopen.make_sound(board, found.speaker, clock.sleep_ms, notices)
    del fxopen
    hal.forget("hal.fxopen")  # start-up code: its heap comes back
    return found.title, keys, screen, store, notices, lights, sound, entropy, found.pystones, language


def held():
    """The key bits held now (boot.py: a key held at power-up keeps the drive for the PC)."""
    import time

    _, keys = buttons(profile([]), [])
    time.sleep(0.06)  # a few scans: a key held now reports as pressed
    return keys.held()
