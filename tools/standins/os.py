"""Stand-in for os: the unix port's own os, with ``getenv`` reading ``settings.toml`` as a board does.

A board's ``os.getenv`` reads /settings.toml on the drive, and what it makes of a value depends on the
release; the unix port's reads the process environment. Here ``getenv`` reads ``settings.toml`` in the
run folder (tools/cpboard.py writes it; CircuitPython starts code.py in the drive's root, so that is
where the game finds its file) by the rules of the release running, ported from CircuitPython's C code,
statement by statement where it matters:

* 9.2.9: shared-module/os/getenv.c, ``common_hal_os_getenv_path``;
* 10.2.1: supervisor/shared/settings.c, ``settings_get_raw_vstr``, through shared-module/os/__init__.c,
  ``common_hal_os_getenv``.

Both scan the file for the first line ``KEY = value`` (leading blanks skipped; a ``[`` line ends the
scan). A value in double quotes takes the escapes ``\\b \\r \\n \\t \\v \\f \\uXXXX \\UXXXXXXXX``
(any other escaped character is itself) and may be followed by blanks and a ``# comment`` only.

* **9.x**: a quoted value is a str; an unquoted one is parsed as an integer (``mp_parse_num_integer``,
  base 0: ``0x``/``0o``/``0b``, a sign, ``_`` between digits) and raises ``ValueError("invalid syntax for
  integer with base 10")`` when it is not one -- a board's error reporting (NORMAL) names no value. A
  quoted value that ends badly (no closing quote, text after it, a backslash at the end of the line,
  a ``\\u`` escape that is not hex) raises ``ValueError("Invalid byte '...'")``, an escape beyond
  U+10FFFF ``ValueError("Invalid unicode escape")``.
* **10.x**: every value is a str (an unquoted one trimmed of trailing blanks, up to a ``#``); a value it
  cannot read (the cases that raise on 9.x, or an empty unquoted one) gives the default, silently.
* **Both**: no file, or no such key, gives the default; bytes that are not UTF-8 raise ``UnicodeError``
  (``mp_obj_new_str_from_vstr``); no length limit (the value is built on the heap as it is read).

``find`` also runs on CPython (tests/test_settings.py loads this file by its path).
On CircuitPython, ``os`` is an extensible built-in: a file of that name on sys.path comes first. This
one fetches the built-in (sys.path emptied for that one import), hands out all of it but ``getenv``,
and keeps it as ``_host`` (for the harness's own settings in the process environment: LAMA_DISPLAY).

Few names of its own are interned: its helpers are nested and named like built-in methods (``read``,
``strip``, ...), CircuitPython's own qstrs. Every qstr a stand-in adds moves the points where the
game's qstr pools grow, by doubling (tools/cpboard.py).
"""

import sys


def find(data, key, version, default=None):
    """``os.getenv(key, default)`` of CircuitPython ``version`` (its major number, 9 or 10) over the
    bytes ``data`` of a settings.toml (None: there is no file)."""
    if not isinstance(key, str):
        raise TypeError("can't convert %s to str" % type(key).__name__)
    if data is None:
        return default
    at = [0]
    end = len(data)

    def read():  # get_next_byte: 0 past the end (the C code reads a 0 byte as the end too)
        i = at[0]
        if i >= end:
            return 0
        at[0] = i + 1
        return data[i]

    def readline():  # next_line
        c = read()
        while c != 0 and c != 10:
            c = read()

    def isspace(x):  # unichar_isspace (py/unicode.c)
        return x == 32 or 9 <= x <= 13

    def strip():  # consume_whitespace: the first byte after blanks, stopping after a newline
        c = read()
        while c != 10 and c != 0 and isspace(c):
            c = read()
        return c

    def index(x):  # a hex digit's value, or -1
        if 48 <= x <= 57:
            return x - 48
        x |= 32
        return x - 87 if 97 <= x <= 102 else -1

    # key_matches(), line by line until the key or the end
    want = key.encode()
    found = False
    while at[0] < end and not found:
        c = strip()
        if c == 91 or c == 0:  # '[': sections are not read, the scan ends
            at[0] = end
            break
        found = True
        for k in want:
            if c != k:
                if c != 10:
                    readline()
                found = False
                break
            c = read()
        if found:
            if isspace(c):
                c = strip()  # (past a newline too: "K\n= v" matches, as in the C code)
            if c != 61:  # '='
                if c != 10:
                    readline()
                found = False
    if not found:
        return default

    out = bytearray()
    error = None  # (the byte it stopped at, or -1: an escape beyond U+10FFFF)
    c = strip()
    quoted = c == 34
    if quoted:  # read_string_value
        while error is None:
            c = read()
            if c == 0 or c == 10:
                error = c
            elif c == 34:  # the closing quote: then only blanks and a comment
                c = strip()
                if c == 35:
                    readline()
                elif c != 0 and c != 10:
                    error = c
                break
            elif c == 92:  # a backslash
                c = read()
                if c == 0 or c == 10:
                    error = c
                elif c == 117 or c == 85:  # \u: 4 hex digits, \U: 8, read by strtoul(buf, &end, 16)
                    size = 4 if c == 117 else 8
                    buf = bytearray()
                    for _ in range(size):
                        buf.append(read())
                    i = 0
                    while i < size and isspace(buf[i]):
                        i += 1
                    neg = i < size and buf[i] == 45
                    if i < size and buf[i] in (43, 45):
                        i += 1
                    if i + 2 < size and buf[i] == 48 and buf[i + 1] | 32 == 120 and index(buf[i + 2]) >= 0:
                        i += 2  # base 16 takes a 0x prefix
                    start = i
                    value = 0
                    while i < size and index(buf[i]) >= 0:
                        value = value * 16 + index(buf[i])
                        i += 1
                    if i == start:
                        i = 0  # no digits: strtoul's end is the start
                    value = min(value, 0xFFFFFFFF)  # (a 32-bit unsigned long)
                    if neg:
                        value = -value & 0xFFFFFFFF
                    if i != size:
                        error = buf[i]
                    elif value >= 0x110000:
                        error = -1
                    elif value < 0x80:  # vstr_add_char: UTF-8, surrogates included
                        out.append(value)
                    elif value < 0x800:
                        out.extend(bytes((0xC0 | value >> 6, 0x80 | value & 0x3F)))
                    elif value < 0x10000:
                        out.extend(bytes((0xE0 | value >> 12, 0x80 | (value >> 6) & 0x3F, 0x80 | value & 0x3F)))
                    else:
                        out.extend(
                            bytes(
                                (
                                    0xF0 | value >> 18,
                                    0x80 | (value >> 12) & 0x3F,
                                    0x80 | (value >> 6) & 0x3F,
                                    0x80 | value & 0x3F,
                                )
                            )
                        )
                else:  # \b \r \n \t \v \f, or the character itself
                    out.append({98: 8, 114: 13, 110: 10, 116: 9, 118: 11, 102: 12}.get(c, c))
            else:
                out.append(c)
    elif version >= 10 and (c == 10 or c == 0):
        error = c  # 10.x: an empty value cannot be read (9.x reads it as an empty number)
    else:  # read_bare_value: up to the end of the line or a '#'; 10.x trims trailing blanks
        trailing = 0
        while c != 0 and c != 10 and c != 35:
            out.append(c)
            trailing = trailing + 1 if c in (32, 9, 13) else 0
            c = read()
        if c == 35:
            readline()
        if version >= 10 and trailing:
            out = out[: len(out) - trailing]

    if error is not None:
        if version >= 10:
            return default
        if error < 0:
            raise ValueError("Invalid unicode escape")
        if error == 0:
            raise ValueError("Invalid byte 'EOF'")
        if error >= 0x80:
            raise ValueError("Invalid byte '\\x%02x'" % error)
        raise ValueError("Invalid byte %s" % repr(chr(error)))
    if quoted or version >= 10:
        # mp_obj_new_str_from_vstr: utf8_check (py/unicode.c) looks at the structure only
        need = 0
        for c in out:
            if need:
                if c & 0xC0 != 0x80:
                    raise UnicodeError()
                need -= 1
            elif c >= 0xF8 or 0x80 <= c < 0xC0:
                raise UnicodeError()
            elif c >= 0xC0:
                need = (0xE5 >> ((c >> 3) & 6)) & 3
        if need:
            raise UnicodeError()
        try:
            return str(bytes(out), "utf-8")
        except UnicodeError:  # CPython only: a surrogate or an overlong form, which a board takes as it is
            return bytes(out).decode("utf-8", "replace")

    # 9.x: mp_parse_num_integer(out, len, base 0), and a board's message for what is no integer
    i = 0
    n = len(out)
    while i < n and isspace(out[i]):
        i += 1
    neg = i < n and out[i] == 45
    if i < n and out[i] in (43, 45):
        i += 1
    base = 10
    if n - i > 1 and out[i] == 48:  # mp_parse_num_base
        base = {120: 16, 111: 8, 98: 2}.get(out[i + 1] | 32, 10)
        if base != 10:
            i += 2
    start = i
    value = 0
    while i < n:
        c = out[i]
        if c == 95:  # '_'
            i += 1
            continue
        if 48 <= c <= 57:
            digit = c - 48
        elif 97 <= c | 32 <= 122:
            digit = (c | 32) - 87
        else:
            break
        if digit >= base:
            break
        value = value * base + digit
        i += 1
    if i != start:
        while i < n and isspace(out[i]):
            i += 1
    if i == start or i != n:
        raise ValueError("invalid syntax for integer with base %d" % base)
    return -value if neg else value


if sys.implementation.name == "circuitpython":
    path = sys.path[:]
    sys.modules[""] = sys.modules.pop("os")  # this module, aside (under a name that is no new qstr)
    sys.path.clear()
    try:
        import os as _host
    finally:
        sys.path.extend(path)
        sys.modules["os"] = sys.modules.pop("")
    for name in dir(_host):
        if name not in globals():
            globals()[name] = getattr(_host, name)
    del path, name

    # The file is read, and each key in it looked up, here at import: what the game's calls would
    # allocate (the file's bytes, the parse) would otherwise lie on its heap as garbage at start-up,
    # where a board's os.getenv makes only the value. ``data``: key -> value, exception, or ``data``
    # itself for a key the file names but os.getenv does not find (a name CircuitPython has: the
    # game's qstr pools are a name away from doubling, see tools/cpboard.py).
    try:
        with open("settings.toml", "rb") as f:
            path = f.read()
    except OSError:
        path = None
    data = {}
    for name in (path or b"").split(b"\n"):
        try:
            name = str(name.split(b"=")[0].strip(), "utf-8")
        except UnicodeError:  # no name the game asks for
            continue
        try:
            data[name] = find(path, name, sys.implementation.version[0], data)
        except Exception as e:  # ValueError on 9.x, UnicodeError: raised again by getenv
            data[name] = e
    del path, name

    def getenv(key, default=None):
        """The board's ``os.getenv``: settings.toml in the current folder, by this release's rules."""
        value = data.get(key, data)
        if isinstance(value, Exception):
            raise value
        return default if value is data else value
