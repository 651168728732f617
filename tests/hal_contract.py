"""The HAL's implementations against the interface hal/__init__.py declares (its Protocols): read
by mypy alone (hal/mypy.ini lists this file; tests/test_hal_mypy.py runs it), never imported.

Each function gives its arguments to names of the interface's types: mypy fails on a member an
implementation lacks or has with another type (a screen without ``motion``, a store without
``path`` or ``room``, a hardware object without ``pystones``...). The boards' pieces one by one
(hal/board.py's Hardware holds whatever its board's start-up made: its members are checked as
the hardware object, their kinds by their classes), the desktop's and the mock's whole.
"""

# ruff: noqa: F841  (the names are there for mypy to check what each is given)
import hal
from hal import (
    board,
    console,
    fx,
    keys,
    mock,
    render,
)
from hal.desktop import hw as desktop_hw
from hal.desktop import store as desktop_store
from hal.desktop import terminal as desktop_terminal
from hal.desktop import window as desktop_window
from hal.saves import files, log, slots


def boards(hw: board.Hardware, clock: board.Clock, buttons: keys.Buttons, lights: fx.Lights, sound: fx.Sound) -> None:
    h: hal.Hardware = hw
    c: hal.Clock = clock
    b: hal.Buttons = buttons  # (every board family's buttons are hal/keys.py's)
    li: hal.Lights = lights
    so: hal.Sound = sound


def screens(display: render.Screen, none: console.ConsoleScreen) -> None:  # a board's: its display, or the console
    a: hal.Screen = display
    b: hal.Screen = none


def stores(nvm: slots.NvmStore, appended: log.LogStore, file: files.FileStore) -> None:
    a: hal.Storage = nvm  # the boards': nvm slots (SAMD51, nRF52, ESP32), the RP2s' log, a file
    b: hal.Storage = appended
    c: hal.Storage = file


def desktop(
    hw: desktop_hw.Hardware,
    window: desktop_window.DisplayScreen,
    terminal: desktop_terminal.TextScreen,
    file: desktop_store.DesktopFileStore,
    memory: desktop_store.MemoryStore,
    lights: desktop_hw.Lights,
    sound: desktop_hw.Sound,
    clock: desktop_hw.Clock,
) -> None:
    h: hal.Hardware = hw
    a: hal.Screen = window
    b: hal.Screen = terminal
    c: hal.Storage = file
    d: hal.Storage = memory
    li: hal.Lights = lights
    so: hal.Sound = sound
    cl: hal.Clock = clock


def the_mock(hw: mock.Hardware) -> None:
    h: hal.Hardware = hw
    a: hal.Screen = hw.screen
    b: hal.Storage = hw.storage
    so: hal.Sound = hw.sound
    li: hal.Lights = hw.lights
    bu: hal.Buttons = hw.buttons
