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


# ---- issue 36: a README a newcomer reads; the details in docs/ ------------------------------------
def links(path):
    """The relative links (and pictures) of a Markdown file, as (target path, anchor)."""
    with open(path) as f:
        text = f.read()
    out = []
    for target in re.findall(r"\]\(([^()\s]+)\)", text):
        if "://" in target:
            continue
        file, _, anchor = target.partition("#")
        out.append((os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path, anchor))
    return out


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    with open(path) as f:
        heads = [line.lstrip("#").strip() for line in f if line.startswith("#")]
    return set(re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads)


def pages():
    docs = os.path.join(ROOT, "docs")
    return [os.path.join(ROOT, "README.md")] + [
        os.path.join(docs, n) for n in sorted(os.listdir(docs)) if n.endswith(".md")
    ]


def test_the_readme_is_the_newcomers_part():
    # It was 83 KB, 400 lines of it figures: what the game is, the pictures, the two commands, keys
    # and touch, the boards, putting it on a board, where the code is; the rest is in docs/.
    text = readme()
    assert len(text.encode()) <= 13 * 1024, len(text.encode())
    for heading in ("## Two commands", "## Keys and touch", "## Boards", "## On a board", "## What is where"):
        assert heading in text, heading
    assert "tools/play " in text and "tools/test " in text
    # The first lines: a title, what the game is, then a short list (a later "Language" line fits there).
    head = text[: text.index("![")]
    assert head.startswith("# ") and len(head.splitlines()) <= 16
    assert re.search(r"^- \*\*Players:\*\*", head, re.M) and re.search(r"^- \*\*Boards:\*\*", head, re.M)


def test_the_readme_never_sends_a_reader_outside_the_project():
    # Users have the project alone: no ../shared/ (the suite's CircuitPython builds live there here).
    for path in pages():
        with open(path) as f:
            text = f.read()
        assert "../shared" not in text and "/work/" not in text, path
        for target, _ in links(path):
            assert target.startswith(ROOT + os.sep), (path, target)


def test_every_link_of_the_readme_and_docs_leads_somewhere():
    for path in pages():
        for target, anchor in links(path):
            assert os.path.exists(target), (path, target)
            if anchor and target.endswith(".md"):
                assert anchor in anchors(target), (path, target, anchor)


def test_the_moved_parts_are_in_docs_and_the_readme_links_each():
    # Moved out of the README, whole: each file keeps a fact that only it holds now.
    moved = {
        "FIGURES.md": "| **board flow**",
        "SAVES.md": "**The erase window.**",
        "BOTS.md": "| Hard vs 3x | Classic | Kadabra |",
        "ENGINE.md": "legal_into(buf)",
        "PLAYING.md": "**A screen acts only on presses made after it was drawn**",
        "ONBOARD.md": "**Firmware without a font.**",
        "DEVELOPING.md": "python -m mypy --config-file hal/mypy.ini",
    }
    text = readme()
    for name, fact in moved.items():
        with open(os.path.join(ROOT, "docs", name)) as f:
            assert fact in f.read(), name
        assert "](docs/%s" % name in text, name
        assert fact not in text, name
