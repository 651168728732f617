"""Saves that fail now and then, and saves refused more than once (issue 21, part 5).

* A flash that fails every second write, or 30% of writes at random, is reported once ("Not
  saved"), and again only after saves had worked for a while (ten in a row: play.app).
* A refused save is kept aside beside the one refused before it; a third replaces the second,
  and the message says so. For every store: nvm slots, the RP2040 log, files, the mock.
"""

import pytest

from engine import bots, rng
from hal import mock, saves
from hal.saves import esp, files, log, slots
from play import match as mt
from tests.flow_driver import Driver, new_game_script
from tests.helpers import machine


class Flaky(mock.Storage):
    """Saves that fail (OSError 5, or ``error``) when ``fails(n)`` is true for the n-th write."""

    def __init__(self, fails, error=None):
        super().__init__()
        self.fails = fails
        self.calls = 0
        self.error = error or OSError(5, "flash write failed")

    def save(self, data, key=0):
        self.calls += 1
        if self.fails(self.calls):
            raise self.error
        super().save(data, key)

    def room(self, n):  # (the buffers of hal/saves/__init__.py's and hal/saves/log.py's stores)
        if isinstance(self.error, MemoryError):
            raise MemoryError("memory allocation failed, allocating %d bytes" % n)


def _games(storage, games=6, seed=1):
    """``games`` games of 1 human (who plays as a Normal bot) + 3 Normal bots on ``storage``,
    each after a power-up; the "Not saved" messages shown."""
    said = 0
    for k in range(games):
        hw, app = machine(new_game_script([mt.HUMAN, 2, 2, 2]) if k == 0 else "A A", seed=seed + k, storage=storage)
        pick = rng.Rng(seed + k)

        def choose(g, legal, pick=pick):
            return bots.choose(g, g.current_player, bots.NORMAL, pick)

        hw.buttons.feed = Driver(app, choose, 3000, None)
        with pytest.raises(mock.Done):
            app.run()
        assert app.match.game.is_over()
        said += sum(1 for s in hw.screen.screens if s[0] == "= Not saved")
    return said


@pytest.mark.parametrize("pattern", ["every second", "30% at random"])
def test_intermittent_write_failures_are_reported_once_not_after_every_failure(pattern):
    pick = rng.Rng(7)
    fails = (lambda n: n % 2 == 0) if pattern == "every second" else (lambda n: pick.below(100) < 30)
    storage = Flaky(fails)
    said = _games(storage)
    failures = sum(1 for n in range(1, storage.calls + 1) if n % 2 == 0) if pattern == "every second" else None
    assert storage.calls > 100 and (failures is None or failures > 50)
    # Before issue 21: after every failure that followed a success (273 messages in 6 games).
    assert said <= 6 if pattern == "every second" else said <= 12


def test_a_failure_after_saves_recovered_for_a_while_is_reported_again():
    # Fails on the 1st write, works for the next 20, fails again: two messages in one game.
    storage = Flaky(lambda n: n in (1, 22, 23, 24))
    said = _games(storage, games=1, seed=3)
    assert storage.calls > 24 and said == 2


def test_a_save_the_heap_has_no_room_for_is_not_saved_said_and_the_game_plays_on():
    # A board's heap with no block for a store's buffers: MemoryError from save() and room(). The
    # game says "Not saved" (no memory), as for a failed flash write, and plays on to its end;
    # before, it stopped the game on an error and set its save aside.
    storage = Flaky(lambda n: n % 3 == 0, MemoryError("memory allocation failed, allocating 664 bytes"))
    said = _games(storage, games=2, seed=5)
    assert storage.calls > 30 and 1 <= said <= 2 and storage.aside is None


# ---- refused saves kept aside -------------------------------------------------------------------
def _stores(tmp_path):
    def places(s):
        got = [s.read(s.place(0, place), saves.ASIDE)[1] for place in (2, 3)]
        return [x for x in got if x is not None]

    yield "nvm", slots.NvmStore(bytearray(8192)), places
    yield "esp32", esp.store(bytearray(8192)), places  # (reads both keys first, then holds the blob's room)
    yield "log", log.LogStore(bytearray(b"\xff") * 4096), lambda s: [s._record(a)[1] for a in s._kept[0]]
    path = str(tmp_path / "lama.sav")

    def set_aside_files(s):
        out = []
        for p in (s.bad, s.bad2):
            try:
                with open(p, "rb") as f:
                    out.append(f.read()[saves.HEAD : -saves.TAIL])
            except OSError:
                pass
        return out

    yield "file", files.FileStore(path), set_aside_files
    m = mock.Storage()
    yield "mock", m, lambda s: [x for x in (s.aside, s.aside2) if x is not None]


@pytest.mark.parametrize("which", ["nvm", "esp32", "log", "file", "mock"])
def test_a_second_refused_save_is_kept_beside_the_first_and_a_third_says_one_is_gone(which, tmp_path):
    name, store, asides = [x for x in _stores(tmp_path) if x[0] == which][0]
    notes = []
    for word in (b"one", b"two", b"three"):
        store.save(word * 40)
        assert store.load() == word * 40
        notes.append(store.set_aside())
        assert store.load() is None  # refused: not offered again
    assert saves.GONE not in notes[0] and saves.GONE not in notes[1] and notes[2].endswith(saves.GONE)
    kept = asides(store)
    assert kept[0] == b"one" * 40 and kept[-1] == b"three" * 40  # the first and the last are kept
    if which != "log":  # the log keeps every copy until it is full; then the first and the last
        assert len(kept) == 2


@pytest.mark.parametrize("board", ["samd51", "esp32"])
def test_the_flow_says_when_a_refused_save_replaced_the_one_kept_before(board):
    nvm = bytearray(8192)
    shown = []
    for k in range(3):
        store = slots.NvmStore(nvm)
        store.save(b"not a game save %d" % k)  # a valid store record the engine refuses
        storage = esp.store(nvm) if board == "esp32" else slots.NvmStore(nvm)
        hw, _ = machine("A", seed=k, storage=storage, run=True)
        shown.append(" ".join(" ".join(hw.screen.screens[0]).split()))
    assert all(s.startswith("= Save not loaded") and "Kept as nvm aside" in s for s in shown)
    assert "gone" not in shown[0] and "gone" not in shown[1] and "the one kept before is gone" in shown[2]


def test_on_esp32_a_save_is_read_back_by_four_index_reads_and_a_load_reads_once():
    # ESP32's nvm (NVS) copies its whole 8 KB blob onto the heap for every read, an index too
    # (ports/espressif/common-hal/nvm/ByteArray.c: get_bytes), and a slice's new bytearray is made
    # before the blob, where it may split the room hal/saves/esp.py holds for it. So the ESP32 store
    # (blob) reads both keys at its first load and never slices again: a save is checked by index
    # (seq, CRC, last byte), a later load is what the store knows.
    from tools import nvmflash

    for blob in (True, False):
        stats = slots.NvmStore(bytearray(b"\xff" * 8192))
        stats.save(b"wins", 1)
        nvm = nvmflash.Reads(stats.nvm)
        store = slots.NvmStore(nvm, blob=blob)
        assert store.load() is None
        nvm.reads.clear()
        store.save(bytes(range(200)))
        if blob:
            assert len(nvm.reads) == 4 and all(isinstance(i, int) for i in nvm.reads)
            nvm.reads.clear()
            assert store.load() == bytes(range(200)) and store.load(1) == b"wins"
            store.save(b"more wins", 1)
            assert store.load(1) == b"more wins" and store.load() == bytes(range(200))
            assert len(nvm.reads) == 4  # the second save's check: no load read anything
        else:
            assert len(nvm.reads) >= 200  # SAMD51, nRF52: flash read in place, byte by byte
        assert slots.NvmStore(bytearray(nvm)).load() == bytes(range(200))


def test_the_esp32_store_reads_again_what_was_damaged_so_the_flow_can_set_it_aside():
    nvm = bytearray(8192)
    slots.NvmStore(nvm).save(b"wins", 1)
    place = slots.NvmStore(nvm).place(1, 0)
    nvm[place + 9] ^= 0xFF  # the statistics' payload damaged
    store = slots.NvmStore(nvm, blob=True)
    assert store.load() is None and not store.lost  # (the game: none)
    assert store.load(1) == b"w" + bytes([ord("i") ^ 0xFF]) + b"ns"  # raw, for the flow to set aside
    assert store.set_aside(1) == "nvm aside"
    assert store.load(1) is None and slots.NvmStore(nvm).load(1) is None


# ---- errors in words (issue 36) -----------------------------------------------------------------
@pytest.mark.parametrize("code", [2, 5, 13, 17, 20, 21, 28, 30, 999])
def test_a_failed_save_is_said_in_words_never_an_error_number(code, capsys):
    # Before: "Can't save (error 21)" on the screen and "not saved: error 21" on the console.
    storage = Flaky(lambda n: True, OSError(code, "x"))
    said = _games(storage, games=1, seed=4)
    assert said == 1
    out = capsys.readouterr().out
    assert "not saved:" in out and "error %d" % code not in out
    assert not any(ch.isdigit() for line in out.splitlines() if "not saved:" in line for ch in line)
    assert "not saved: storage error" in out if code == 999 else True


def test_a_save_file_the_flow_cannot_read_is_said_in_words(tmp_path):
    # A folder where the save file goes: the board's file store says so without a number.
    (tmp_path / "lama.sav").mkdir()
    hw, _ = machine("A", storage=files.FileStore(str(tmp_path / "lama.sav")), run=True)
    text = " ".join(" ".join(hw.screen.screens[0]).split())
    assert "Can't read the save (is a directory)" in text and (tmp_path / "lama.sav").is_dir()
