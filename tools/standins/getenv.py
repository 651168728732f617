"""``os.getenv`` as CircuitPython 9.x and 10.x do it, in Python: what each returns or raises for a settings.toml.

Ported from CircuitPython's C code, statement by statement where it matters:

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

Runs on CPython (tests/test_settings.py) and on the unix ports (tools/standins/os.py uses it).
"""

_EOF = 0  # f_read() at the end leaves the byte 0, and the C code reads a 0 byte as the end too


def _space(c):
    # unichar_isspace (py/unicode.c): \t \n \v \f \r and the space
    return c == 32 or 9 <= c <= 13


class _Reader:
    """The file as the C code reads it: one byte at a time, 0 past the end."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def eof(self):
        return self.at >= len(self.data)

    def byte(self):
        if self.at >= len(self.data):
            return _EOF
        c = self.data[self.at]
        self.at += 1
        return c

    def skip_line(self):  # next_line()
        c = self.byte()
        while c != _EOF and c != 10:
            c = self.byte()

    def skip_blanks(self):  # consume_whitespace(): stops after a newline, the end or a non-blank
        c = self.byte()
        while c != 10 and c != _EOF and _space(c):
            c = self.byte()
        return c


def _key_matches(f, key):
    c = f.skip_blanks()
    if c == 91 or c == _EOF:  # '[': sections are not read, the scan ends
        f.at = len(f.data)
        return False
    for k in key:
        if c != k:
            if c != 10:
                f.skip_line()
            return False
        c = f.byte()
    if _space(c):
        c = f.skip_blanks()
    if c != 61:  # '='
        if c != 10:
            f.skip_line()
        return False
    return True


def _strtoul16(buf):
    """C ``strtoul(buf, &end, 16)`` on a 32-bit board: (value, end index)."""
    i = 0
    n = len(buf)
    while i < n and _space(buf[i]):
        i += 1
    neg = False
    if i < n and buf[i] in (43, 45):
        neg = buf[i] == 45
        i += 1
    if i + 2 < n and buf[i] == 48 and buf[i + 1] | 32 == 120 and _hex(buf[i + 2]) >= 0:
        i += 2  # base 16 takes a 0x prefix
    start = i
    value = 0
    while i < n and _hex(buf[i]) >= 0:
        value = value * 16 + _hex(buf[i])
        i += 1
    if i == start:
        return 0, 0  # no digits: end is the start of the buffer
    value = min(value, 0xFFFFFFFF)
    if neg:
        value = (-value) & 0xFFFFFFFF
    return value, i


def _hex(c):
    if 48 <= c <= 57:
        return c - 48
    c |= 32
    if 97 <= c <= 102:
        return c - 87
    return -1


def _utf8(c):
    # vstr_add_char (py/vstr.c): plain UTF-8, surrogates included
    if c < 0x80:
        return bytes((c,))
    if c < 0x800:
        return bytes((0xC0 | c >> 6, 0x80 | c & 0x3F))
    if c < 0x10000:
        return bytes((0xE0 | c >> 12, 0x80 | (c >> 6) & 0x3F, 0x80 | c & 0x3F))
    return bytes((0xF0 | c >> 18, 0x80 | (c >> 12) & 0x3F, 0x80 | (c >> 6) & 0x3F, 0x80 | c & 0x3F))


_ESCAPES = {98: 8, 114: 13, 110: 10, 116: 9, 118: 11, 102: 12}  # \b \r \n \t \v \f

# An error is (kind, byte): kind "byte" is GETENV_ERR_UNEXPECTED | byte, "unicode" GETENV_ERR_UNICODE.


def _string(f, out):
    """read_string_value: None when the value is complete, else the error."""
    while True:
        c = f.byte()
        if c == _EOF or c == 10:
            return ("byte", c)
        if c == 34:  # the closing quote: then only blanks and a comment
            c = f.skip_blanks()
            if c == 35:
                f.skip_line()
                return None
            if c == _EOF or c == 10:
                return None
            return ("byte", c)
        if c == 92:  # backslash
            c = f.byte()
            if c == _EOF or c == 10:
                return ("byte", c)
            if c == 117 or c == 85:  # \u: 4 hex digits, \U: 8
                size = 4 if c == 117 else 8
                buf = bytearray()
                for _ in range(size):
                    buf.append(f.byte())
                value, end = _strtoul16(buf)
                if end != size:
                    return ("byte", buf[end])
                if value >= 0x110000:
                    return ("unicode", 0)
                out.extend(_utf8(value))
                continue
            c = _ESCAPES.get(c, c)
        out.append(c)


def _bare(f, out, c, trim):
    """read_bare_value: up to the end of the line or a '#'; 10.x trims trailing blanks. The length kept."""
    trailing = 0
    while True:
        if c == _EOF or c == 10 or c == 35:
            if c == 35:
                f.skip_line()
            return len(out) - trailing if trim else len(out)
        out.append(c)
        trailing = trailing + 1 if c in (32, 9, 13) else 0
        c = f.byte()


def _integer(b):
    """9.x: mp_parse_num_integer(b, len, base 0, NULL) -- an int, or the ValueError a board raises."""
    i = 0
    n = len(b)
    while i < n and _space(b[i]):
        i += 1
    neg = False
    if i < n and b[i] in (43, 45):
        neg = b[i] == 45
        i += 1
    base = 10
    if n - i > 1 and b[i] == 48:  # mp_parse_num_base
        p = b[i + 1] | 32
        if p == 120:
            base = 16
        elif p == 111:
            base = 8
        elif p == 98:
            base = 2
        if base != 10:
            i += 2
    start = i
    value = 0
    while i < n:
        c = b[i]
        if c == 95:  # '_'
            i += 1
            continue
        if 48 <= c <= 57:
            d = c - 48
        elif 97 <= c | 32 <= 122:
            d = (c | 32) - 87
        else:
            break
        if d >= base:
            break
        value = value * base + d
        i += 1
    if i != start:
        while i < n and _space(b[i]):
            i += 1
    if i == start or i != n:
        raise ValueError("invalid syntax for integer with base %d" % base)
    return -value if neg else value


def _utf8_check(b):
    # utf8_check (py/unicode.c): the structure only
    need = 0
    for c in b:
        if need:
            if c & 0xC0 != 0x80:
                return False
            need -= 1
        elif c >= 0xF8 or 0x80 <= c < 0xC0:
            return False
        elif c >= 0xC0:
            need = (0xE5 >> ((c >> 3) & 6)) & 3
    return need == 0


def _str(b):
    """mp_obj_new_str_from_vstr: UnicodeError for bytes that are not UTF-8."""
    if not _utf8_check(b):
        raise UnicodeError()
    try:
        return str(bytes(b), "utf-8")
    except UnicodeError:  # CPython only: a surrogate or an overlong form, which a board takes as it is
        return bytes(b).decode("utf-8", "replace")


def _quote(c):
    # mp_str_print_quoted of the one byte (or of "EOF"), as the 9.x message shows it
    if c == _EOF:
        return "'EOF'"
    if c >= 0x80:
        return "'\\x%02x'" % c
    return repr(chr(c))


def lookup(data, key, major, default=None):
    """``os.getenv(key, default)`` of CircuitPython ``major`` (9 or 10) over the bytes ``data`` of a
    settings.toml (None: there is no file)."""
    if not isinstance(key, str):
        raise TypeError("can't convert %s to str" % type(key).__name__)
    if data is None:
        return default
    f = _Reader(data)
    want = key.encode()
    while not f.eof():
        if _key_matches(f, want):
            break
    else:
        return default
    out = bytearray()
    c = f.skip_blanks()
    quoted = c == 34
    if quoted:
        error = _string(f, out)
    elif major >= 10 and (c == 10 or c == _EOF):
        error = ("byte", c)  # 10.x: an empty value is an error (9.x reads it as an empty number)
    else:
        out = out[: _bare(f, out, c, major >= 10)]
        error = None
    if error is not None:
        if major >= 10:
            return default
        if error[0] == "unicode":
            raise ValueError("Invalid unicode escape")
        raise ValueError("Invalid byte %s" % _quote(error[1]))
    if quoted or major >= 10:
        return _str(out)
    return _integer(out)


def release(major, path="settings.toml"):
    """An ``os.getenv(key, default=None)`` of CircuitPython ``major`` that reads the file at ``path``."""

    def getenv(key, default=None):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            data = None
        return lookup(data, key, major, default)

    return getenv
