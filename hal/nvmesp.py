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
    collecting first."""

    def __init__(self, nvm):
        self.nvm = nvm

    def __len__(self):
        return len(self.nvm)

    def __getitem__(self, key):
        gc.collect()
        return self.nvm[key]

    def __setitem__(self, key, value):
        gc.collect()
        self.nvm[key] = value
