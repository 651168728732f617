#!/usr/bin/env python3
"""The game's words in German and French: the catalogs play/lang.py reads.

    python tools/lang.py            # update play/text/*.po with every text the code says, write the .bin files
    python tools/lang.py --check    # exit 1 where a .po or .bin is not what the code and the .po say

The English text in the code is the key (``say("Round %d")``, play/lang.py). This tool finds every
``say("...")`` with a literal in play/ (the code says nothing else to translate), keeps
``play/text/<lang>.po`` (gettext's format: ``msgid`` the English, ``msgstr`` the translation,
``#:`` where it is said) in step with them, and writes ``play/text/<lang>.bin``: the catalog a
board reads by offset (play/lang.py's format). A key a .po lacks or leaves empty is an error
here (``--check``) and English on the screen; one the code no longer says is dropped.

A translation keeps the key's ``%`` placeholders in the same order, the same number of ``|``
parts (a group split when shown) and of lines, and uses only characters the game can draw
(tools/glyphs.py): tests/test_lang.py checks each.
"""

import argparse
import ast
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from play import catalog as reader  # noqa: E402
from play import lang  # noqa: E402

LANGS = lang.CODES[1:]
TEXT = os.path.join(ROOT, "play", "text")
SOURCES = ("play",)
# Texts hal/ gives play, said when shown (``said(text)``): the touch screen's labels for its
# inputs (hal/__init__.py's LABEL_*), and the notices a board shows on the title.
HAL = (
    "tap", "Back", "Menu",  # ("hold B": play/ui.py's named says "hold %s")
    # the parts of the board's notices (hal/boardopen.py, settings.py, fxopen.py, boards/pins.py),
    # said part by part between their ": " (play/app.py's begin): "Lights off: write failed"
    "Saves off", "drive read-only", "nvm small, r/o", "ignored", "No display", "text on USB", "Lights off",
    "write failed", "Sound off", "Unknown board", "D-pad", "Few buttons", "no such pin", "not a pin",
    "no such board", "put it in quotes", "cannot be read", "not 0..999999999", "not en, de or fr",
    "not auto, code or pc",
)  # fmt: skip


def _constants(tree):
    """{name: text} of a module's string constants (``_DID = "..."``)."""
    consts = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for t in node.targets:
                if isinstance(t, ast.Name) and isinstance(node.value.value, str):
                    consts[t.id] = node.value.value
    return consts


def _texts(arg, consts, tuples):
    """The texts a ``say`` argument names: a literal, a module's constant or another's
    (``mt.KINDS``), each of a tuple (``PAGES[i]``); SystemExit for anything else."""
    if isinstance(arg, ast.Subscript) and getattr(arg.value, "id", None) in tuples:
        return tuples[arg.value.id]
    ref = arg.id if isinstance(arg, ast.Name) else arg.attr if isinstance(arg, ast.Attribute) else None
    text = arg.value if isinstance(arg, ast.Constant) else consts.get(ref)
    if not isinstance(text, str):
        raise SystemExit("line %d: say() of something not a literal: the catalog cannot know it" % arg.lineno)
    return [text]


def found():
    """{English key: [places]} of every ``say("literal")`` in play/ (a place: "play/table.py:12"); a
    module's constant (``say(_DID)``) or another's (``say(mt.KINDS)``) counts as its literal."""
    out = {}
    every = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "play", "*.py"))):
        with open(path, encoding="utf-8") as f:
            every.update(_constants(ast.parse(f.read())))
    for package in SOURCES:
        for path in sorted(glob.glob(os.path.join(ROOT, package, "*.py"))):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), rel)
            consts = dict(every, **_constants(tree))
            # and its tuples of them (``PAGES = ("...", "...")``): ``say(PAGES[i])`` says any of them.
            tuples = {}
            for node in tree.body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                    items = node.value.elts
                    if items and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in items):
                        for t in node.targets:
                            if isinstance(t, ast.Name):
                                tuples[t.id] = [e.value for e in items]
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and node.args):
                    continue
                fn = node.func
                name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                if name not in ("say", "part", "plural"):  # (part(group, i): a part of a group, play/lang.py)
                    continue
                # (plural(n, one, many): both English texts, play/lang.py says the one chosen)
                for arg in node.args[1:3] if name == "plural" else node.args[:1]:
                    for one in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):  # (a if x else b)
                        for text in _texts(one, consts, tuples):
                            out.setdefault(text, []).append("%s:%d" % (rel, node.lineno))
    out.pop("", None)  # (say(""): the catalog's letters beyond ASCII, which the build adds)
    for text in HAL:
        out.setdefault(text, []).append("hal")
    return out


def quote(text):
    """``text`` as a .po string's inside: C escapes for the quote, backslash, newline and the
    game's glyph characters 1..8 (``\\x01``)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def unquote(text):
    """The inverse of :func:`quote`."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            nxt = text[i + 1]
            if nxt == "n":
                out.append("\n")
            elif nxt == "x":
                out.append(chr(int(text[i + 2 : i + 4], 16)))
                i += 2
            else:
                out.append(nxt)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def read_po(path):
    """{msgid: msgstr} of a .po file (its header, msgid "", left out)."""
    out = {}
    if not os.path.exists(path):
        return out
    key = value = None
    field = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            m = re.match(r'^(msgid|msgstr)\s+"(.*)"$', line)
            if m:
                if m.group(1) == "msgid":
                    if key:
                        out[key] = value
                    key, value, field = unquote(m.group(2)), "", "id"
                else:
                    value, field = unquote(m.group(2)), "str"
            elif line.startswith('"') and line.endswith('"') and field:
                if field == "id":
                    key += unquote(line[1:-1])
                else:
                    value += unquote(line[1:-1])
    if key:
        out[key] = value
    return out


def po_lines(text):
    """``text`` as a .po string: one line, or (with newlines) "" then a line a line."""
    if "\n" not in text[:-1]:
        return ['"%s"' % quote(text)]
    parts = text.split("\n")
    return ['""'] + [
        '"%s"' % quote(p + ("\n" if i < len(parts) - 1 else "")) for i, p in enumerate(parts) if p or i < len(parts) - 1
    ]


def po_text(code, keys, have):
    """The .po file for language ``code``: every key of ``keys`` ({key: places}), in the order of
    the places, with ``have``'s translation ("" where none yet)."""
    out = [
        "# L.A.M.A. Kadabra: the game's words in %s (tools/lang.py keeps the msgids in step with the code)." % code,
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Language: %s\\n"' % code,
        "",
    ]
    for k in sorted(keys, key=lambda k: keys[k][0].split(":")[0] + ":%06d" % int((keys[k][0] + ":0").split(":")[1])):
        # (the files, not their lines: a line moved in the code does not change the catalog)
        files = []
        for place in keys[k]:
            name = place.split(":")[0]
            if name not in files:
                files.append(name)
        out.append("#: " + " ".join(files))
        first = po_lines(k)
        out.append("msgid " + first[0])
        out.extend(first[1:])
        second = po_lines(have.get(k, ""))
        out.append("msgstr " + second[0])
        out.extend(second[1:])
        out.append("")
    return "\n".join(out)


def catalog(table, name=""):
    """The .bin bytes of ``table`` ({English: translation}) and, under the key "", the letters beyond
    ASCII its texts and ``name`` use (the language's own name, play/lang.py's NAMES: the Language
    entry shows it as it is, unsaid) in tools/glyphs.py's order, the renderer's ``more``; ValueError
    where two keys share a hash or a text has a character the game cannot draw."""
    from tools import glyphs

    table = dict(table)
    table[""] = glyphs.needed(list(table.values()) + [name])
    entries = {}

    def add(h, k, t):
        if h in entries:
            raise ValueError("two texts share hash %06x: %r and %r (reword one)" % (h, entries[h][0], k))
        entries[h] = (k, t.encode("utf-8"))

    for k, t in table.items():
        add(reader.key(k), k, t)
        if "|" in k:  # each part an entry of its own (play/lang.py's part reads one alone)
            for i, one in enumerate(t.split("|")):
                add(reader.key(k, i), "%s (part %d)" % (k, i), one)
    head = bytearray(b"LKTX\x01\x00")
    head += len(entries).to_bytes(2, "little")
    at = 8 + 8 * len(entries)
    index = bytearray()
    body = bytearray()
    for h in sorted(entries):
        data = entries[h][1]
        if len(data) > 0xFFFF:
            raise ValueError("text too long: %r" % entries[h][0])
        index += h.to_bytes(3, "little") + (at + len(body)).to_bytes(3, "little") + len(data).to_bytes(2, "little")
        body += data
    return bytes(head + index + body)


def build(code, keys=None):
    """(the .po text, the .bin bytes, the keys without a translation) of language ``code``."""
    keys = found() if keys is None else keys
    have = read_po(os.path.join(TEXT, code + ".po"))
    table = {k: have[k] for k in keys if have.get(k)}
    name = lang.NAMES.split("|")[lang.CODES.index(code)]  # (its own name: the Language entry's value)
    return po_text(code, keys, have), catalog(table, name), sorted(k for k in keys if not have.get(k))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 where a file is not what it would write")
    args = ap.parse_args(argv)
    keys = found()
    bad = 0
    for code in LANGS:
        po, binary, missing = build(code, keys)
        for path, data in ((code + ".po", po.encode("utf-8")), (code + ".bin", binary)):
            full = os.path.join(TEXT, path)
            old = open(full, "rb").read() if os.path.exists(full) else None
            if old != data:
                if args.check:
                    print("play/text/%s is not up to date: run python tools/lang.py" % path)
                    bad = 1
                else:
                    os.makedirs(TEXT, exist_ok=True)
                    with open(full, "wb") as f:
                        f.write(data)
                    print("wrote play/text/%s" % path)
        if missing:
            print("%s: %d of %d texts not translated yet" % (code, len(missing), len(keys)))
            bad = bad or args.check
    return bad


if __name__ == "__main__":
    sys.exit(main())
