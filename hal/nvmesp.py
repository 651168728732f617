"""The ESP32 ports' nvm, with room made before each access (loaded on those boards only).

CircuitPython's ESP32 nvm is an 8 KB blob in ESP-IDF's NVS: every read and every write first
copies the whole blob into a buffer on the GC heap, made with ``m_malloc_without_collect``
(ports/espressif/common-hal/nvm/ByteArray.c): no collection makes room for it, so a heap
holding only garbage refuses it with MemoryError. A collection before each access gives the
blob the room the game's garbage held. (These boards keep their heap in 2 MB of PSRAM, where the
blob nearly always finds room anyway; the board flow's tighter heaps need this.)
"""

import gc


class Nvm:
    """``microcontroller.nvm`` as hal/saves.py uses it (len, an index or a slice read or written),
    with the blob's room held for it: ``room``, a buffer of the blob's size made at start-up (an
    empty heap has the room), let go just before each access and taken again after, so that the
    blob finds the same room in a heap fragmented mid-game."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.room = None
        self._hold()

    def _hold(self):
        try:
            self.room = bytearray(len(self.nvm))
        except MemoryError:  # (no room now: the next access tries again)
            self.room = None

    def _free(self):
        self.room = None
        gc.collect()

    def __len__(self):
        return len(self.nvm)

    def __getitem__(self, key):
        self._free()
        try:
            return self.nvm[key]
        finally:
            self._hold()

    def __setitem__(self, key, value):
        self._free()
        try:
            self.nvm[key] = value
        finally:
            self._hold()
