"""Copies kept aside in hal/saves/slots.py's NvmStore: loaded only when the flow refuses a save.

A refused save (one that cannot be read or that the rules refuse) is never deleted: its record is
copied to one of two aside places of its key, the first keeping the first copy and the second
the last (replacing one is told), and then its slot is cleared (a second write,
a second erase on SAMD51: a refused save is rare). Runs on CircuitPython and CPython.
"""


def set_aside(store, key, record, kind, aside, gone):
    """Keep the record ``store.load(key)`` returned aside; where it went ("nvm aside" [+ ``gone``]).

    hal/saves/slots.py hands over what this needs, so nothing here imports it back: ``record`` its
    record maker, ``kind`` and ``aside`` the kind bytes of ``key``'s saves and aside copies,
    ``gone`` the note told when an older aside copy is replaced."""
    if store.newest[key] < -1:
        store.load(key)
    slot = store.loaded[key]
    note = ""
    if slot >= 0:
        at = store.place(key, slot)
        n, payload, ok, seq = store.read(at, kind)
        rec = record(aside, seq, payload)
        if not ok:  # keep it as it was, damage and all (its CRC stays wrong)
            rec[6] ^= 0xFF
        place = store.place(key, 2)
        if store.nvm[place] == 0x4C:  # the first place keeps the first copy
            place = store.place(key, 3)
            if store.nvm[place] == 0x4C:
                note = gone
        store.write(place, rec)
        store.write(at, bytes(len(rec)))  # the whole record: no stale tail byte stays
        store.loaded[key] = -1
        store.scan(key)
    return store.where + " aside" + note
