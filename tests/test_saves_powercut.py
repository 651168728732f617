"""Power cuts after every byte of every save write, in nvm slots and in files (issue #8).

A cut after byte k of a write leaves the first k bytes new and the rest as it
was (or blank flash). Whatever was cut, the next start must load the newest
complete save or the new one, never an older one, and never crash.
"""

import os

import pytest

from engine import codec, rng
from hal import saves
from hal.saves import files, log, slots
from play import match as mt
from tests.helpers import machine
from tools import nvmflash as nf

COUNTS = {}  # figures for the report, filled by the tests below


class PowerCut(BaseException):
    """The power went (not an Exception: nothing in the flow may catch it)."""


def _match_saves(games=3, per_game=3, seed=11):
    """Save records of real matches: ``per_game`` saves a game, all one game's the same length."""
    out = []
    pick = rng.Rng(seed)
    for g in range(games):
        m = mt.Match()
        m.players = 2 + 2 * g
        m.kinds[: m.players] = bytes(m.players)
        m.start(100 + g)
        for _ in range(per_game):
            out.append(bytes(m.to_bytes()))
            legal = m.game.legal_actions()
            # step, not apply: the round's history (which apply records) would lengthen each save,
            # and same-length saves are the torn write's hard case these tests are about.
            m.game.step(legal[pick.below(len(legal))])
    return out


def _resumes(got, records, n):
    """True when a load after cutting save ``n`` is right: the newest complete save or the new
    one; with no complete save yet, nothing, or a torn record the flow refuses (and sets aside)."""
    if got == records[n] or (n and got == records[n - 1]):
        return True
    if n:
        return False
    if not got:
        return True
    try:
        mt.Match.from_bytes(got)
    except ValueError:
        return True
    return False


# ---- the record format -----------------------------------------------------------------------
def _pmod(a, b):
    while a and a.bit_length() >= b.bit_length():
        a ^= b << (a.bit_length() - b.bit_length())
    return a


def test_the_store_crc_cannot_be_cancelled_by_the_payloads_own_crc():
    # The engine's records are multiples of P = 0x11021 (they end in their CCITT CRC). The store's
    # polynomial Q shares no factor with P, so a change of such a payload passes only if it is a
    # multiple of P * Q: an ordinary CRC collision, not every time as with P.
    p, q = 0x11021, 0x18BB7
    a, b = p, q
    while b:
        a, b = b, _pmod(a, b)
    assert a == 1
    # The table in hal/saves/__init__.py is that of Q.
    for i in range(16):
        c = i << 12
        for _ in range(4):
            c = ((c << 1) ^ 0x8BB7) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
        assert saves._Q[i] == c
    # The bug: two payloads that end in their own CCITT CRC, same length, same header.
    old, new = _match_saves(1, 3)[0], _match_saves(1, 3)[2]
    assert len(old) == len(new) and codec.crc16(old) == 0 == codec.crc16(new)
    rec = saves.record(saves.SAVE, 7, new)
    assert saves.check(rec[:8], new, 7) and not saves.check(rec[:8], old, 7)
    # Every single-byte change of the payload is caught.
    for i in range(len(new)):
        bad = bytearray(new)
        bad[i] ^= 0x5A
        assert not saves.check(rec[:8], bad, 7)


def test_sequence_numbers_skip_blank_flash_values_and_keep_their_order():
    seq = 1
    for _ in range(600):
        nxt = saves.next_seq(seq)
        assert nxt not in (0, 0xFF) and saves.newer(nxt, seq) and not saves.newer(seq, nxt)
        seq = nxt


# ---- nvm -----------------------------------------------------------------------------------------
class CutNvm:
    """A microcontroller.nvm whose next write stops after ``cut`` bytes (rest: old or ``fill``)."""

    def __init__(self, size=8192, blank=0):
        self.mem = bytearray([blank]) * size
        self.cut = None
        self.fill = None
        self.span = None  # (start, length) of the last write

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, k):
        return self.mem[k]

    def __setitem__(self, k, value):
        value = bytes(value)
        self.span = (k.start, len(value))
        if self.cut is None:
            self.mem[k] = value
            return
        part = value[: self.cut]
        if self.fill is not None:  # an erase before the write: the rest of the record is blank
            self.mem[k.start : k.start + len(value)] = bytes([self.fill]) * len(value)
        self.mem[k.start : k.start + len(part)] = part
        self.cut = None
        raise PowerCut()


@pytest.mark.parametrize("fill", [None, 0xFF])
def test_an_nvm_save_cut_after_any_byte_resumes_the_newest_complete_save_or_the_new_one(fill):
    records = _match_saves()
    cuts = older = 0
    for n in range(len(records)):
        # Every cut point of the n-th save, after the saves before it completed.
        length = len(saves.record(saves.SAVE, 1, records[n]))
        for cut in range(length + 1):
            nvm = CutNvm()
            store = slots.NvmStore(nvm)
            for r in records[:n]:
                store.save(r)
            nvm.cut = cut
            nvm.fill = fill
            try:
                store.save(records[n])
            except PowerCut:
                pass
            cuts += 1
            if not _resumes(slots.NvmStore(nvm).load(), records, n):
                older += 1
                continue
            # Play on: the next save lands, and a reboot finds it.
            after = slots.NvmStore(nvm)
            after.load()
            after.save(b"next %d" % cut)
            assert slots.NvmStore(nvm).load() == b"next %d" % cut
    COUNTS["nvm cuts %s" % fill] = cuts
    assert older == 0 and cuts > 1800


def test_a_log_save_cut_after_any_byte_resumes_the_newest_complete_save_or_says_it_is_lost():
    # RP2040's log (hal/saves/log.py): an append programs blank flash, so a cut leaves the bytes
    # before it and blank after: the newest complete save or the new one, exactly. When the
    # sector is full the save erases it and writes the new record first: a cut there (the erase
    # window) resumes the new save once it is whole, else says the save was lost (a torn record),
    # or finds blank flash (cut before the first byte). Never an older save, never garbage.
    records = _match_saves(3, 8, seed=7)
    outcome = {"resumed": 0, "told": 0, "blank": 0}
    compactions = 0
    for n in range(len(records)):
        length = len(saves.record(saves.SAVE, 1, records[n]))
        for cut in range(length + 1):
            nvm = CutNvm(4096, blank=0xFF)
            store = log.LogStore(nvm)
            store.save(b"stats", 1)
            for r in records[:n]:
                store.save(r)
            nvm.cut = cut
            nvm.fill = 0xFF
            try:
                store.save(records[n])
            except PowerCut:
                pass
            erased = nvm.span == (0, 4096)
            compactions += erased and cut == 0
            after = log.LogStore(nvm)
            got = after.load()
            if _resumes(got, records, n) and (got or not n):
                outcome["resumed"] += 1
            else:
                assert erased, (n, cut)  # only the erase window may lose the save
                if got is None and not after.lost:
                    assert cut == 0 and nvm.mem == b"\xff" * 4096
                    outcome["blank"] += 1
                else:
                    assert after.lost and (got is None or _resumes(got, records, 0)), (n, cut)
                    outcome["told"] += 1
            after.save(b"next %d" % cut)  # play on: the next save lands, and a reboot finds it
            assert log.LogStore(nvm).load() == b"next %d" % cut
    COUNTS["log cuts"] = outcome
    assert compactions >= 1 and outcome["resumed"] > 3000 and outcome["blank"] == compactions


def test_the_torn_header_over_the_save_before_last_is_refused():
    # The case exactly: only the new header reached the slot of the save before last.
    records = _match_saves(1, 3)
    nvm = CutNvm()
    store = slots.NvmStore(nvm)
    store.save(records[0])
    store.save(records[1])
    nvm.cut = saves.HEAD
    with pytest.raises(PowerCut):
        store.save(records[2])
    assert slots.NvmStore(nvm).load() == records[1]


# ---- files on a FAT-like file system ----------------------------------------------------------
class FatFs:
    """Files in memory, FAT-like: no rename over a file, and a power cut may undo what the
    last ``sync`` did not make durable (in order: a prefix of the operations since then stays).

    ``budget`` counts bytes written and operations until the power goes. Each state between
    the last sync and the cut is a possible disk after the cut (``states``).
    """

    def __init__(self, files=None):
        self.files = dict(files or {})
        self.budget = None
        self.states = [dict(self.files)]  # since the last sync
        self.half = "prefix"  # how a cut write is left: "prefix", "zeros" (length set), "stale"

    def _tick(self):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerCut()
            self.budget -= 1

    def _op(self):
        self.states.append(dict(self.files))

    # the os functions hal/saves/files.py uses
    def stat(self, path):
        if path not in self.files:
            raise OSError(2, "no such file")
        return (0x8000,) + (0,) * 9  # a regular file (st_mode S_IFREG, as CircuitPython's FAT gives it)

    def remove(self, path):
        self._tick()
        if path not in self.files:
            raise OSError(2, "no such file")
        del self.files[path]
        self._op()

    def rename(self, a, b):
        self._tick()
        if a not in self.files:
            raise OSError(2, "no such file")
        if b in self.files:
            raise OSError(17, "exists")  # FAT
        self.files[b] = self.files.pop(a)
        self._op()

    def mkdir(self, path):
        raise OSError(17, "exists")

    def sync(self):
        self.states = [dict(self.files)]

    def open(self, path, mode="r"):
        fs = self

        class F:
            def __enter__(self):
                return self

            def __exit__(self, *a):
                return False

            def read(self):
                return bytes(fs.files[path])

            def write(self, data):
                stale = bytes(fs.files.get(path, b""))
                fs.files[path] = b""
                for i in range(len(data)):
                    try:
                        fs._tick()
                    except PowerCut:
                        rest = len(data) - i
                        if fs.half == "zeros":
                            fs.files[path] += bytes(rest)
                        elif fs.half == "stale":
                            fs.files[path] += (stale[i:] + bytes(rest))[:rest]
                        fs._op()
                        raise
                    fs.files[path] += data[i : i + 1]
                fs._op()
                return len(data)

            def flush(self):
                pass

        if "r" in mode and path not in self.files:
            raise OSError(2, "no such file")
        return F()


@pytest.fixture
def fat(monkeypatch):
    fs = FatFs()
    monkeypatch.setattr(files, "os", fs)
    monkeypatch.setattr(files, "open", fs.open, raising=False)
    return fs


@pytest.mark.parametrize("half", ["prefix", "zeros", "stale"])
def test_a_file_save_cut_anywhere_with_renames_undone_resumes_the_newest_or_the_new_one(fat, half):
    records = _match_saves(2, 3, seed=5)
    cuts = older = 0
    for n in range(len(records)):
        budget = 0
        while True:
            fat.files = {}
            fat.budget = None
            fat.sync()
            store = files.FileStore("/saves/lama.sav")
            for r in records[:n]:
                store.save(r)
            fat.half = half
            fat.budget = budget
            try:
                store.save(records[n])
                finished = True
            except PowerCut:
                finished = False
            fat.budget = None
            for state in list(fat.states):  # every disk the cut may leave
                cuts += 1
                fat.files = dict(state)
                fat.sync()
                if not _resumes(files.FileStore("/saves/lama.sav").load(), records, n):
                    older += 1
                    continue
                again = files.FileStore("/saves/lama.sav")
                again.load()
                again.save(b"next")
                assert files.FileStore("/saves/lama.sav").load() == b"next"
            if finished:
                break
            budget += 1
    COUNTS["file cuts " + half] = cuts
    assert older == 0 and cuts > 1000


def test_a_stale_complete_new_file_is_renamed_before_the_next_save(tmp_path):
    # A rename the file system undid: both files are there, .new the newer. Saving again must
    # not overwrite .new (the newest save) before it is the save.
    path = str(tmp_path / "lama.sav")
    s = files.FileStore(path)
    s.save(b"one")
    with open(s.new, "wb") as f:
        f.write(saves.record(saves.SAVE, saves.next_seq(1), b"two"))
    s2 = files.FileStore(path)
    assert s2.load() == b"two"
    s2.save(b"three")
    assert files.FileStore(path).load() == b"three" and not os.path.exists(s.new)


def test_a_save_of_the_old_format_is_reported_from_another_version():
    # Version 1 saves (CCITT store records, save version 1) are kept aside with a clear reason.
    m = mt.Match()
    m.start(3)
    body = bytes(m.to_bytes())
    old = bytearray(codec.frame(mt.SAVE_MAGIC, 1, codec.unframe(body, mt.SAVE_MAGIC, mt.SAVE_VERSION)))
    rec = bytearray(8) + old
    rec[0:6] = b"LK" + bytes((saves.SAVE, 1, len(old) & 0xFF, len(old) >> 8))
    c = codec.crc16(old, codec.crc16(rec[2:6]))
    rec[6], rec[7] = c & 0xFF, c >> 8
    nvm = CutNvm()
    nvm.mem[0 : len(rec)] = rec
    store = slots.NvmStore(nvm)
    data = store.load()
    with pytest.raises(ValueError) as e:
        mt.Match.from_bytes(data)
    assert str(e.value) == "save is from version 1"
    store.set_aside()
    assert store.aside() == data and slots.NvmStore(nvm).load() is None


def test_a_store_keeps_a_copy_the_flow_may_reuse_its_buffer():
    """Match.pack() hands every save the same buffer: the stores must keep copies, not it."""
    m = mt.Match()
    m.start(5)
    nvm = slots.NvmStore(bytearray(4096))
    first = m.pack()
    nvm.save(first)
    kept = bytes(first)
    g = m.game
    g.apply(g.legal_actions()[0])
    again = m.pack()
    assert again.obj is first.obj  # one buffer, rewritten in place (each save a view of it)
    assert nvm.load() == kept  # what the store keeps did not change with it
    nvm.save(again)  # and the changed save is written, not taken for the same one
    assert nvm.load() == bytes(again) != kept
    assert slots.NvmStore(nvm.nvm).load() == bytes(again)  # from the flash itself


# ---- a first save cut before its last byte (issue 21, 5b) --------------------------------------
@pytest.mark.parametrize("kind", ["slots, zeroed", "slots, blank", "log"])
def test_a_first_save_missing_its_last_byte_resumes_and_the_next_save_keeps_it(kind):
    # The only record lacks its trailing seq: its payload is whole, so the flow resumes it; the
    # first save after that Continue must not go over it, or a cut there leaves nothing loadable.
    records = _match_saves(1, 3)
    size, blank = (4096, 0xFF) if kind == "log" else (8192, 0xFF if "blank" in kind else 0)

    def store(nvm):
        return log.LogStore(nvm) if kind == "log" else slots.NvmStore(nvm)

    first = len(saves.record(saves.SAVE, 1, records[0]))
    lost = points = 0
    for cut in range(len(saves.record(saves.SAVE, 2, records[1])) + 1):
        nvm = CutNvm(size, blank)
        nvm.cut = first - 1
        nvm.fill = 0xFF if blank == 0xFF else None
        with pytest.raises(PowerCut):
            store(nvm).save(records[0])
        again = store(nvm)
        assert again.load() == records[0] and again.lost  # whole payload: resumed (damaged record)
        nvm.cut = cut
        nvm.fill = 0xFF if blank == 0xFF else None
        try:
            again.save(records[1])
        except PowerCut:
            pass
        points += 1
        lost += store(nvm).load() not in (records[0], records[1])
    COUNTS["first save short of its last byte, " + kind] = (points, lost)
    assert points > 150 and lost == 0  # before issue 21: 157 of 206 cut points lost both


# ---- the erase window: a cut after the erase, with k pages programmed ---------------------------
# tools/nvmflash.py's nvm erases and programs as each port does (hal/saves/__init__.py's docstring): SAMD51 the
# whole 8 KB block, 16 pages of 512 bytes programmed in order; nRF52 the 4 KB page a write
# touches; RP2040 the 4 KB sector when the range is not blank (hal/saves/log.py's compaction).
# "rp2040 tight": a heap with no 4 KB in one block, so a compaction writes the records and an
# end mark over the old log (hal/saves/log.py's _image).
RULES = (("samd51", 8192), ("nrf52", 8192), ("rp2040", 4096), ("rp2040 tight", 4096))


def no_whole_image(monkeypatch):
    """hal/saves/log.py as in a heap that has no block of the whole nvm's size: that bytearray is refused."""
    made = bytearray

    def tight(n=0):
        if n == 4096:
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return made(n)

    monkeypatch.setattr(log, "bytearray", tight, raising=False)


def _classify(got, after, records, n, nvm):
    """'resumed' (the newest complete save or the new one), 'told' (the store says the save was
    lost), or 'blank' (nothing left, nothing to tell: the whole nvm reads erased)."""
    if _resumes(got, records, n) and (got or not n):
        return "resumed"
    if got is None and not after.lost:
        assert nvm[0 : len(nvm)] == b"\xff" * len(nvm), "a record was left and not told"
        return "blank"
    # Told: nothing, or a torn record the flow refuses (and sets aside), never an older save.
    assert after.lost and (got is None or _resumes(got, records, 0)), (n, got)
    return "told"


@pytest.mark.parametrize("rule, size", RULES)
def test_a_cut_in_the_erase_window_resumes_right_or_says_the_save_is_lost(rule, size, monkeypatch):
    if rule.endswith(" tight"):
        no_whole_image(monkeypatch)
    records = _match_saves(3, 8, seed=7)
    outcome = dict.fromkeys(("resumed", "told", "blank", "no erase"), 0)
    nvm = nf.Flash(size, rule.split()[0])
    store = nf.store_for(nvm)
    store.save(b"statistics", 1)
    for n in range(len(records)):
        snapshot = bytes(nvm.mem)
        unit, page = nvm.unit, nvm.page
        step = max(1, unit // page // 32)
        k = 0
        while True:  # every page (nRF52: every 32nd word), a few bytes into the next
            finished = False
            for b in (0, 1, 9, 100, page - 1):
                cut = nf.Flash(size, rule.split()[0], bytearray(snapshot))
                before = cut.erases
                cut.cut = (k, min(b, page - 1))
                try:
                    nf.store_for(cut).save(records[n])
                except nf.PowerCut as e:
                    finished = finished or str(e) == nf.DONE
                after = nf.store_for(cut)
                kind = _classify(after.load(), after, records, n, cut)
                outcome[kind if cut.erases > before else "no erase"] += 1
                if rule == "nrf52" and n:
                    assert kind == "resumed"  # the other slot's page was not erased
                # A new game saves, and a reboot finds it.
                after.save(b"new game")
                assert nf.store_for(cut).load() == b"new game"
            if finished:
                break
            k += step
        store.save(records[n])
    COUNTS["erase window " + rule] = outcome
    assert outcome["resumed"] > 50


class _CutAt(nf.Flash):
    """The stand-in nvm with a power cut planned in its ``at[0]``-th write: ``at[1:]`` = (pages, bytes)."""

    at = (0, 0, 0)

    def __setitem__(self, k, value):
        if self.writes + 1 == self.at[0]:
            self.cut = self.at[1:]
        nf.Flash.__setitem__(self, k, value)


@pytest.mark.parametrize(
    "pages, extra, first", [(0, 0, "title"), (0, 5, "Save was lost"), (1, 0, "Continue"), (9, 3, "Continue")]
)
def test_the_game_starts_after_an_erase_window_cut_says_what_it_can_and_a_new_game_saves(pages, extra, first):
    from hal import mock
    from tests.flow_driver import Driver, new_game_script, random_choice

    nvm = _CutAt(8192, "samd51")
    nvm.at = (6, pages, extra)
    hw, app = machine(new_game_script([mt.HUMAN, 2, 2, 2]), seed=4, storage=slots.NvmStore(nvm))
    hw.buttons.feed = Driver(app, random_choice(rng.Rng(2)), 400)
    with pytest.raises(nf.PowerCut):
        app.run()
    assert nvm.writes == 6
    # Power back on.
    hw, app = machine("", seed=5, storage=slots.NvmStore(nvm))
    written = []
    real_save = hw.storage.save

    def save(data, key=0):
        real_save(data, key)
        if not key:  # (the game's; not the statistics', play/stats.py)
            written.append(bytes(data))

    hw.storage.save = save
    driver = Driver(app, random_choice(rng.Rng(3)), 60, "New game")
    hw.buttons.feed = driver
    with pytest.raises(mock.Done):
        app.run()
    screens = hw.screen.screens
    if first == "Save was lost":
        assert screens[0][0] == "= Save was lost" and "power went" in " ".join(screens[0])
    else:
        assert screens[0][0] == "= L.A.M.A. Kadabra"
        assert ("Continue" in " ".join(screens[0])) == (first == "Continue")
    assert not any(s[0] == "= Game stopped" for s in screens)
    # The new game (New game was chosen on the title) saved, and a reboot finds its last save.
    assert written and slots.NvmStore(nvm).load() == written[-1]
    assert mt.Match.from_bytes(written[-1]).game.round_number >= 1


def test_zz_figures(capsys):
    # Not an assertion: the cut counts of this file's runs, for the report (shown with -s).
    with capsys.disabled():
        print("\npower-cut figures:", COUNTS)
