"""Stand-in for microcontroller: ``nvm`` refuses what CircuitPython's does and counts flash erases.

:class:`ByteArray` is ``microcontroller.nvm`` as CircuitPython's C code behaves
(shared-bindings/nvm/ByteArray.c, the same in 9.2.9 and 10.2.1): a slice with a
step other than 1 raises NotImplementedError, a value of another length
ValueError, a value that is not bytes, bytearray, memoryview or array
NotImplementedError, an index out of range IndexError, a byte outside 0..255
ValueError; a slice read returns a new bytearray. A write costs flash erases
by the port's rule (``rule``), counted in ``erases``:

* ``"samd51"``: every write erases the whole 8 KB block and programs its 16 pages
  of 512 bytes back, whatever it writes (ports/atmel-samd common-hal/nvm/ByteArray.c
  -> ASF4 hpl_nvmctrl.c ``_flash_write``);
* ``"rp2040"``: a write into a range that reads all 0xFF only programs its 256-byte
  pages; any other erases the 4 KB sector and programs it back
  (ports/raspberrypi common-hal/nvm/ByteArray.c; RP2350 the same);
* ``"nrf52"``: a write erases and programs every 4 KB page it touches
  (ports/nordic common-hal/nvm/ByteArray.c, peripherals/nrf/nvm.c);
* ``"esp32"``: the nvm is an 8 KB blob in ESP-IDF's NVS: every read and every write first
  copies the whole blob into a buffer on the GC heap (ports/espressif common-hal/nvm/ByteArray.c),
  made and freed at once here too (``_blob``), so that the game's heap figures carry it; a write counts 2 erases
  (docs/BOARDS.md's estimate of NVS's 4 KB sectors).

The board flow's nvm is the board's (board.py makes it, ``LAMA_STANDIN_BOARD``): 4 KB and
``rp2040`` on the Fruit Jam and PicoSystem, ``nrf52`` on the CLUE and CPB, ``esp32`` on the
FunHouse, the Reverse TFT Feathers and the MEMENTO, else 8 KB ``samd51``.

``mem``: the flash, a bytearray; None (the board flow, tools/cpboard.py): the file
``nvm.bin`` in the working folder, every write also appended to ``nvm.log`` (offset,
length, bytes) and each erase to ``nvm-erases.log`` (a byte each), so that the nvm
stays off the CircuitPython heap as a board's does and a test can replay each
save and count the erases. tools/nvmflash.py adds power cuts (tests, bench).

Few names, and no short strings: in the board flow each is a qstr on the CircuitPython
heap, which a board's nvm (C code, its names in ROM) does not have.
"""



_FILES = ("nvm.bin", "nvm.log", "nvm-erases.log", "nvm-blob.txt")  # (the last: ESP32's, empty: _blob)
_scratch = bytearray(256)  # (made once, counted with the stand-ins: the C code's buffers are on its stack)
_head = bytearray(4)  # a log record's offset and length
_zero = bytes(1)  # an erase in nvm-erases.log
_one = bytearray(1)  # a byte written by index


class ByteArray:
    """``microcontroller.nvm`` of a port (``rule``: "samd51", "rp2040", "nrf52"), counting erases."""

    def __init__(self, size=8192, rule="samd51", mem=None):
        self.rule = rule
        self.mem = mem
        self.size = size
        self.erases = 0
        self.writes = 0
        self._files = [None, None, None, None]
        if rule == "esp32" and mem is None:  # (opened now: its object counts with the stand-ins)
            open(_FILES[3], "w").close()
            self._files[3] = open(_FILES[3])

    def __len__(self):
        return self.size

    def _range(self, k):
        """``self.start`` and ``self.stop`` of index or slice ``k``, refused as CircuitPython refuses
        it; stop is -1 for an index. (No tuple: the C code allocates nothing for it.)"""
        size = self.size
        if isinstance(k, int):
            i = k + size if k < 0 else k
            if not 0 <= i < size:
                raise IndexError("nvm index out of range")
            self.start = i
            self.stop = -1
            return
        if k.step is not None and k.step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        start = 0 if k.start is None else k.start + size if k.start < 0 else k.start
        stop = size if k.stop is None else k.stop + size if k.stop < 0 else k.stop
        self.start = min(max(start, 0), size)
        self.stop = max(self.start, min(max(stop, 0), size))

    def _blob(self):
        """ESP32: every read and write copies the whole NVS blob into a buffer on the GC heap first
        and frees it at once after (ports/espressif/common-hal/nvm/ByteArray.c:
        ``m_malloc_without_collect``, ``gc_free``). That allocation is an ordinary one: where no
        block is free, it collects and looks again (py/gc.c ``gc_alloc``); "without collect" only
        keeps the collector from scanning the buffer's bytes for pointers (CircuitPython's selective
        collect, py/malloc.c). Here: ``read(size)`` of an empty text file. MicroPython makes its
        buffer of exactly ``size`` bytes in one block, in the same way (py/stream.c: ``vstr_init``),
        and, as nothing came, frees it at once (``vstr_clear``: the empty str is a qstr), leaving
        nothing behind; a refusal says "memory allocation failed, allocating 8192 bytes" as the C
        code's does. (A Python object made and dropped instead would stay until a collection, and
        a stale pointer to it on the C stack could keep it past one: the next blob then found no
        room where the board's would.) A board with no 8 KB block after the collection adds a heap
        area for it (``gc_try_add_heap``: its heap grows on demand, on these boards into 2 MB of
        PSRAM); the heap here is a fixed one, so the figures count the blob in the game's heap.
        Only the board flow (no ``mem``) models the heap: in memory, on CPython, there is none."""
        if self._files[3] is not None:  # (no more locals: this frame stays off the heap, see below)
            self._files[3].read(self.size)

    def _open(self, i):
        """File ``i`` of the board flow, opened once and kept: 0 ``nvm.bin``, 1 ``nvm.log``, 2
        ``nvm-erases.log`` (unbuffered: what is written is on disk at a power cut)."""
        f = self._files[i]
        if f is None:
            f = self._files[i] = open(_FILES[i], "r+b" if i == 0 else "ab")
        return f

    def _blank(self, start, end):
        """True when nvm[start:end] reads all 0xFF, found through the scratch buffer: the C code
        compares on its stack and allocates nothing."""
        if self.mem is not None:
            return self.mem[start:end] == b"\xff" * (end - start)
        f = self._open(0)
        f.seek(start)
        while start < end:
            n = f.readinto(_scratch, min(len(_scratch), end - start))
            if not n:
                return False
            for i in range(n):
                if _scratch[i] != 255:
                    return False
            start += n
        return True

    # An access is split in three so that only small frames are alive when the ESP32 blob is made.
    # A frame of more than 11 words (py/objfun.c, VM_MAX_STATE_ON_STACK) goes on the heap in this
    # unix port; a board keeps every frame on its pystack (CIRCUITPY_PYSTACK_SIZE) and its nvm is
    # C code: such a frame, alive around the blob, could take a corner of the room a game made
    # for it. So __getitem__ and __setitem__ check (_range: its frame is gone again), make the
    # blob, then do the rest (_read, _write).
    def __getitem__(self, k):
        self._range(k)
        # A slice's new bytearray, made first, then the blob, as the C code does (an index reads
        # into a byte on its stack).
        data = _one if self.stop < 0 else bytearray(self.stop - self.start)
        self._blob()
        return self._read(data)

    def _read(self, data):
        start = self.start
        if self.mem is None:
            f = self._open(0)
            f.seek(start)
            f.readinto(data)
        else:
            data[:] = self.mem[start : start + len(data)]
        return data[0] if self.stop < 0 else data

    def __setitem__(self, k, value):
        value = self._check(k, value)
        self._blob()
        self._write(value)

    def _check(self, k, value):
        """Refuse ``value`` for ``k`` as the C code does; the bytes to write (an index: one)."""
        self._range(k)
        if self.stop < 0:
            if not 0 <= value <= 255:
                raise ValueError("nvm bytes must be 0-255")
            _one[0] = value
            return _one
        if not isinstance(value, (bytes, bytearray, memoryview)) and type(value).__name__ != "array":
            raise NotImplementedError("array/bytes required on right side")
        if len(value) != self.stop - self.start:
            raise ValueError("Slice and value different lengths.")
        return value

    def _write(self, value):
        start = self.start
        end = start + len(value)
        self.writes += 1
        erases = 0
        if self.rule == "esp32":  # the whole blob written anew: ~2 of NVS's 4 KB sectors (docs/BOARDS.md)
            erases = 2
        elif self.rule != "rp2040" or not self._blank(start, end):
            unit = 8192 if self.rule == "samd51" else 4096  # the erase unit: block, sector, page
            erases = (max(end, start + 1) - 1) // unit - start // unit + 1  # the units it touches
        self.erases += erases
        if self.mem is not None:  # the bytes erasing and programming back leave
            self.mem[start:end] = bytes(value)
            return
        # The board flow: the value written as it is, through files kept open, with no copy: the C
        # code allocates nothing on the heap for a write (except the ESP32's blob, above).
        f = self._open(0)
        f.seek(start)
        f.write(value)
        head = _head
        head[0] = start & 0xFF
        head[1] = start >> 8
        head[2] = len(value) & 0xFF
        head[3] = len(value) >> 8
        f = self._open(1)
        f.write(head)
        f.write(value)
        f = self._open(2)
        for _ in range(erases):
            f.write(_zero)


nvm = ByteArray()  # (board.py makes the board's)


class _Cpu:
    temperature = 25.0
    frequency = 120000000


cpu = _Cpu()


def reset():
    raise SystemExit(8)
