"""CircuitPython boot config of L.A.M.A. Kadabra (runs at power-up and reset only).

Saves go to ``microcontroller.nvm`` when the board has room for them (the
PyBadge, PyGamer and EdgeBadge do: 8 KB), so most players never need a
writable drive and this leaves CIRCUITPY to the PC. Only on a board without
usable nvm it remounts the drive writable for code.py, so that the game can
save to /saves/lama.sav; then the PC sees the drive read-only. Hold any
button while the board starts to keep the drive writable for the PC (to
update the game). ``LAMA_DRIVE`` in settings.toml overrides: "code" always
remounts (unless a button is held), "pc" never does; any other value is
named and ignored (hal/settings.py: no value stops boot.py, on 9.x or 10.x).
What it did is printed (boot_out.txt). The buttons are read only when the drive would be
remounted (hal/boardopen.py opens the board's, as the game does).
"""

import microcontroller
import storage

from hal import saves, settings

mode = settings.drive([])  # a bad value is printed, and "auto" used
need = mode == "code" or (mode == "auto" and not saves.fits(getattr(microcontroller, "nvm", None)))
held = 0
if need and mode != "pc":
    try:
        from hal import boardopen

        held = boardopen.held()
    except Exception as e:  # a board we cannot read buttons on: act as if none is held
        print("boot.py: buttons not read:", e)

if mode == "pc" or not need:
    print("boot.py: saves in nvm (or LAMA_DRIVE=pc): CIRCUITPY stays writable for the PC")
elif held:
    print("boot.py: button held: CIRCUITPY stays writable for the PC (the game cannot save)")
else:
    try:
        storage.remount("/", readonly=False)
        print("boot.py: CIRCUITPY writable for the game (saves in /saves); hold a button at power-up to edit it")
    except Exception as e:
        print("boot.py: remount failed:", e)
