"""The game's deepest chain of calls fits a board's pystack (tools/pystack.py).

CircuitPython keeps Python frames on a fixed pystack, 1,536 bytes by default on 9.2.9 and 2,048
on 10.2.1; past it the program stops with "pystack exhausted". The unix ports here have none, so
the frames are read from the .mpy files CircuitPython's mpy-cross writes and summed along the
calls of games played on CPython.
"""

import os
import subprocess

import pytest

from play import match as mt
from tests.flow_driver import new_game_script
from tests.test_flow import play
from tools import cpboard, pystack


def _cross():
    try:
        return cpboard.cross()
    except Exception:  # (no CircuitPython mpy-cross here: LAMA_CIRCUITPYTHON)
        return None


CROSS = _cross()
needs_cross = pytest.mark.skipif(CROSS is None, reason="needs CircuitPython's mpy-cross (LAMA_CIRCUITPYTHON)")


@needs_cross
def test_a_frame_is_the_code_state_and_its_slots_and_handlers(tmp_path):
    # py/objfun.c: sizeof(mp_code_state_t) (20) + 4 a slot (locals and the value stack) + 12 a
    # handler (try), rounded up to 8 (py/pystack.c).
    (tmp_path / "m.py").write_text(
        "def two(a, b):\n    return a + b\n"
        "def plain(a):\n    return a()\n"
        "def guarded(a):\n    try:\n        return a()\n    except Exception:\n        return 0\n"
        "class K:\n    def method(self):\n        return [x for x in self.items]\n"
        "    def flat(self):\n        return self.items\n"
    )
    subprocess.run([CROSS, "-o", str(tmp_path / "m.mpy"), str(tmp_path / "m.py")], check=True)
    os.remove(tmp_path / "m.py")
    sizes = pystack.frame_sizes(str(tmp_path), CROSS)
    assert sizes["m.py:two"] == 40  # 20 + 4 x (two locals, two stack slots)
    assert sizes["m.py:guarded"] >= sizes["m.py:plain"] + 8  # its handler
    assert sizes["m.py:K.method"] > sizes["m.py:K.flat"]  # its list comprehension's frame in it
    assert "m.py:K" in sizes and "m.py:<module>" in sizes


@needs_cross
def test_the_deepest_game_chain_fits_the_smallest_default_pystack():
    sizes = pystack.game_frames(CROSS)
    tracer = pystack.Tracer(sizes)
    # A full table of Hard bots: a Hard decision plays rollouts through round ends (a new deal).
    tracer.run(play, new_game_script([mt.HUMAN, 3, 3, 3, 3, 3]), 1, 1, None, 300)
    chain = [name for _, name in tracer.chain]
    assert "engine/bots.py:hard" in chain and "play/app.py:App.run" in chain
    use = tracer.deepest + sizes["code.py:<module>"] + sizes["play/app.py:run"]
    assert 800 < use <= min(pystack.PYSTACK.values()), (use, tracer.chain)


def test_the_tool_counts_only_the_games_frames():
    t = pystack.Tracer({"engine/rng.py:next16": 56})
    from engine import rng

    t.run(rng.Rng(3).below, 10)
    assert t.deepest == 56 and t.chain == [(56, "engine/rng.py:next16")]
    assert os.path.basename(pystack.__file__) == "pystack.py"
