"""The ESP32 ports' nvm, with room made before each access (loaded on those boards only).

CircuitPython's ESP32 nvm is an 8 KB blob in ESP-IDF's NVS: every read and every write first
copies the whole blob into a buffer on the GC heap, in one block, and frees it at once after
(ports/espressif/common-hal/nvm/ByteArray.c; ``m_malloc_without_collect`` only keeps the
collector from scanning the buffer, py/malloc.c). Mid-game the heap is fragmented: after a
collection its free bytes are many small holes, and no 8 KB block. So the blob's room is held
between accesses (``hold``), one block of its size, let go just before each access and taken
again after it; the collection before each access frees that room at once, so that the blob
lands there. (These boards' heap grows on demand into 2 MB of PSRAM, py/gc.c
``gc_try_add_heap``, so on the board the blob finds room anyway; a fixed heap, as the board
flow's, needs this: without it the ESP32 flows need ~110 KB, with it 94-99.)
"""

import gc

from hal.saves.slots import NvmStore

_ITEM = (None,)  # the room's stuff


def store(nvm):
    """The saves' store in ``microcontroller.nvm`` of an ESP32 board: both keys read now (start-up:
    a heap with room for the blob and for the slices' copies), then the blob's room held."""
    wrapped = Nvm(nvm)
    kept = NvmStore(wrapped, blob=True)
    try:
        kept.scan(0)
        kept.scan(1)
    except Exception as e:  # (the game's load reads again, and says what went wrong)
        print("nvm not read:", repr(e))
    wrapped.hold()  # from now on only the blob in its room: the store reads by index and writes
    return kept


class Nvm:
    """``microcontroller.nvm`` as hal/saves/slots.py uses it (len, an index or a slice read or written),
    collecting before each access; once :meth:`hold` was called, with the blob's room held for it
    between accesses (``room``), let go just before each one and taken again after."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.room = None
        self.held = False
        self._items = (len(nvm) - 8) // 4  # the room's tuple: as many bytes as the blob (32-bit)

    def hold(self):
        """Hold the blob's room from now on: once the reads that make objects of their own are done
        (:func:`store` scans the saves first). A slice read makes its bytearray before the
        blob, in the lowest free block, which could be the room; after it, the store reads by index
        and writes (hal/saves/slots.py: ``blob``), which make nothing on the heap but the blob."""
        self.held = True
        self._hold()

    def _hold(self):
        try:
            # One block of the blob's size: a tuple is one allocation (its 8-byte head, 4 bytes an
            # item). A bytearray is two, its 16-byte object first, in the lowest free block: the
            # room's own first block when there is none lower, and then the blob no longer fits.
            self.room = _ITEM * self._items
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
            if self.held:
                self._hold()

    def __setitem__(self, key, value):
        self._free()
        try:
            self.nvm[key] = value
        finally:
            if self.held:
                self._hold()
