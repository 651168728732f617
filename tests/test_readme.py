"""The README tells the truth about what it describes (issue 20: what a newcomer read)."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_what_is_where_names_the_libraries_lib_holds():
    with open(os.path.join(ROOT, "lib", "requirements.txt")) as f:
        listed = [line.split("#")[0].strip() for line in f if line.split("#")[0].strip()]
    row = [line for line in readme().splitlines() if line.startswith("| `lib/` |")][0]
    assert listed and "none" not in row  # it said "(none today)" while deploy copied six packages
    for requirement in listed:
        name = re.split(r"[=<>!~ ]", requirement)[0]
        module = "adafruit_" + name.split("circuitpython-", 1)[1].replace("-", "_")
        assert "`%s`" % module in row, module


def test_the_magic_token_is_described_as_drawn():
    text = readme()
    assert "magic token (`M`)" not in text  # only the terminal writes M; the screens draw a star
    assert "`M` in the terminal" in text
