"""Stand-in for microcontroller: ``nvm`` as the file nvm.bin (8192 bytes, as a SAMD51's; made by the harness).

Not on the heap, as a board's nvm is not. Every write is appended to nvm.log (offset, length,
bytes) so that a test can replay each save.
"""

_SIZE = 8192


class _Nvm:
    def __len__(self):
        return _SIZE

    def _range(self, i):
        if isinstance(i, slice):
            start, stop, _ = i.indices(_SIZE)
            return start, max(start, stop)
        return i, i + 1

    def __getitem__(self, i):
        # Only the bytes asked for are read: a board's nvm read costs just the slice.
        start, stop = self._range(i)
        with open("nvm.bin", "rb") as f:
            f.seek(start)
            data = f.read(stop - start)
        data += bytes(stop - start - len(data))
        return data if isinstance(i, slice) else data[0]

    def __setitem__(self, i, value):
        start, stop = self._range(i)
        if not isinstance(i, slice):
            value = bytes((value,))
        if len(value) != stop - start:
            raise ValueError("nvm slice of another length")
        with open("nvm.bin", "r+b") as f:
            f.seek(start)
            f.write(value)
        with open("nvm.log", "ab") as f:
            f.write(bytes((start & 0xFF, start >> 8, len(value) & 0xFF, len(value) >> 8)))
            f.write(value)


nvm = _Nvm()


class _Cpu:
    temperature = 25.0
    frequency = 120000000


cpu = _Cpu()


def reset():
    raise SystemExit(8)
