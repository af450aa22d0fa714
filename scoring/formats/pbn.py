"""A small, tolerant PBN 2.1 reader (formats.md §2): text into plain dataclasses.

A file is a sequence of games separated by blank lines; each game is a list of
``[Tag "value"]`` pairs, and data lines after a tag (Auction, Play, tables) belong
to that tag. In import format a value ``#`` inherits the previous game's value
(and data). Comments ``;`` (to end of line) and ``{ … }`` (possibly over several
lines) are kept apart; lines starting with ``%`` are directives. Nothing is scored
or validated here: unknown tags and sections are kept as they are. Every tag and
data line knows its line in the file (for messages), and a line holding a ``[``
that starts no tag pair is listed in ``PbnFile.malformed``.

Written on the standard library rather than endplay's parser: endplay's decoder
is marked deprecated, turns games into its own deal/auction types (so it refuses
what it cannot model, such as rotated or partial deals) and loads its DDS binding;
a reader that keeps every tag as text is simpler to make tolerant.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "PbnColumn",
    "PbnFile",
    "PbnGame",
    "PbnTable",
    "PbnTag",
    "decode_pbn",
    "parse_pbn",
    "read_pbn",
    "side_value",
    "unescape",
]

_TAG = re.compile(r'\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\]')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_CELL = re.compile(r'"(?P<quoted>(?:[^"\\]|\\.)*)"|(?P<plain>\S+)')
_COLUMN = re.compile(
    r"^(?P<order>[+-]?)(?P<name>[^\\]+)(?:\\(?P<width>\d+)(?P<align>[LR])?)?$"
)
_SIDE_VALUE = re.compile(r"(?P<side>NS|EW)?\s*(?P<value>[+-]?\d+)", re.IGNORECASE)
INHERIT = "#"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # not str.splitlines: Latin-1 \x85 is text
_ESCAPE = re.compile(r'\\([\\"])')


@dataclass(frozen=True, slots=True)
class PbnTag:
    """A tag pair and the data lines that follow it (auction, play, table rows)."""

    name: str
    value: str
    data: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)  # 1-based; 0 when not from a file
    data_lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class PbnColumn:
    name: str
    order: str = ""  # "+" ascending, "-" descending, "" unsorted
    width: int | None = None
    align: str = ""  # "L", "R" or ""


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table section (ScoreTable, OptimumResultTable …); ``None`` is an empty cell."""

    columns: tuple[PbnColumn, ...]
    rows: tuple[tuple[str | None, ...], ...]
    lines: tuple[int, ...] = field(default=(), compare=False)  # each row's line

    def records(self) -> list[dict[str, str | None]]:
        names = [c.name for c in self.columns]
        return [dict(zip(names, row, strict=False)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class PbnGame:
    tags: tuple[PbnTag, ...]
    comments: tuple[str, ...] = ()

    def value(self, name: str) -> str | None:
        """Return the first value of tag ``name`` (None if absent)."""
        return next((t.value for t in self.tags if t.name == name), None)

    def values(self, name: str) -> list[str]:
        """Return every value of a repeatable tag such as Note."""
        return [t.value for t in self.tags if t.name == name]

    def table(self, name: str) -> PbnTable | None:
        tag = self.tag(name)
        return None if tag is None else parse_table(tag.value, tag.data, tag.data_lines)

    def tag(self, name: str) -> PbnTag | None:
        """Return the first tag ``name`` with its data and lines (None if absent)."""
        return next((t for t in self.tags if t.name == name), None)

    @property
    def line(self) -> int:
        """The line of the game's first tag."""
        return self.tags[0].line if self.tags else 0

    @property
    def board(self) -> int | None:
        value = self.value("Board")
        return int(value) if value and value.strip().isdigit() else None

    @property
    def declarer(self) -> str | None:
        value = (self.value("Declarer") or "").strip().upper()
        return value if value in ("N", "E", "S", "W") else None

    @property
    def score_ns(self) -> int | None:
        """The ``Score`` tag as an NS score (None when absent or unreadable)."""
        return side_value(self.value("Score"), declarer=self.declarer)

    @property
    def score_imp_ns(self) -> int | None:
        """The ``ScoreIMP`` tag seen from NS ("NS 4 EW -4" → 4)."""
        return side_value(self.value("ScoreIMP"), declarer=self.declarer)


@dataclass(frozen=True, slots=True)
class PbnFile:
    directives: tuple[str, ...] = ()
    games: tuple[PbnGame, ...] = field(default_factory=tuple)
    malformed: tuple[tuple[int, str], ...] = ()  # (line, text): a "[" but no tag


def side_value(value: str | None, *, declarer: str | None = None) -> int | None:
    """Return a score-like tag value from the NS side.

    "NS 120" → 120, "EW -90" → 90, "NS 4 EW -4" → 4 (the first number counts).
    A bare number is the declaring side's (PBN 2.1 §4.2), so it needs
    ``declarer``; without one it is None. Unreadable values give None.
    """
    match = _SIDE_VALUE.search(value or "")
    if match is None:
        return None
    number = int(match["value"])
    side = (match["side"] or "").upper()
    if not side:
        if declarer is None:
            return None
        side = "NS" if declarer in ("N", "S") else "EW"
    return number if side == "NS" else -number


def unescape(text: str) -> str:
    """A string token's text: ``\\"`` is a quote and ``\\\\`` a backslash
    (PBN 2.1 §3.2); any other backslash is itself."""
    return _ESCAPE.sub(r"\1", text)


def parse_table(
    spec: str, data: tuple[str, ...], lines: tuple[int, ...] = ()
) -> PbnTable:
    """Parse a table section: ``spec`` declares the columns, ``data`` the rows
    (``lines``: where each data line is in the file)."""
    columns = tuple(_column(part) for part in spec.split(";") if part.strip())
    kept = [i for i, line in enumerate(data) if line.strip()]
    rows = tuple(_row(data[i], columns) for i in kept)
    return PbnTable(columns, rows, tuple(lines[i] for i in kept if i < len(lines)))


def _column(part: str) -> PbnColumn:
    match = _COLUMN.match(part.strip())
    if match is None:
        return PbnColumn(part.strip())
    width = match["width"]
    return PbnColumn(
        name=match["name"].strip(),
        order=match["order"],
        width=int(width) if width else None,
        align=match["align"] or "",
    )


def _row(line: str, columns: tuple[PbnColumn, ...]) -> tuple[str | None, ...]:
    cells = [
        m["plain"] if m["quoted"] is None else unescape(m["quoted"])
        for m in _CELL.finditer(line)
    ]
    if len(cells) > len(columns) and all(c.width for c in columns):
        cells = _fixed_width(line, columns)  # unquoted names: trust declared widths
    return tuple(None if cell == "-" else cell for cell in cells)


def _fixed_width(line: str, columns: tuple[PbnColumn, ...]) -> list[str]:
    cells: list[str] = []
    start = 0
    for column in columns:
        width = column.width or 0
        cells.append(line[start : start + width].strip())
        start += width + 1
    return cells


def read_pbn(path: str | Path) -> PbnFile:
    """Read a PBN file (UTF-8, or ISO-8859-1 when it is not valid UTF-8)."""
    return parse_pbn(decode_pbn(Path(path).read_bytes()))


def decode_pbn(raw: bytes) -> str:
    """The text of a PBN file: UTF-8 (with or without a BOM), else ISO-8859-1,
    the charset PBN 2.1 names and dealing programs on Windows write."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def parse_pbn(text: str) -> PbnFile:
    """Parse PBN text into games, resolving ``#`` inheritance in order."""
    directives: list[str] = []
    games: list[PbnGame] = []
    malformed: list[tuple[int, str]] = []
    builder = _GameBuilder()
    for kind, content, number in _lines(text):
        if kind == "directive":
            directives.append(content)
        elif kind == "comment":
            builder.comments.append(content)
        elif kind == "blank":
            _finish(builder, games)
            builder = _GameBuilder()
        elif not builder.feed(content, number):
            malformed.append((number, content.strip()))
    _finish(builder, games)
    return PbnFile(tuple(directives), tuple(games), tuple(malformed))


def _finish(builder: _GameBuilder, games: list[PbnGame]) -> None:
    if builder.tags:
        previous = games[-1] if games else None
        games.append(builder.build(previous))


class _GameBuilder:
    """Collects one game's tags, data lines and comments."""

    def __init__(self) -> None:
        # name, value, line, data lines and their line numbers
        self.tags: list[tuple[str, str, int, list[str], list[int]]] = []
        self.comments: list[str] = []

    def feed(self, content: str, number: int = 0) -> bool:
        """Take one line of content; False when a "[" in it starts no tag pair."""
        rest: list[str] = []
        position = 0
        for match in _TAG.finditer(content):
            rest.append(content[position : match.start()])
            value = unescape(match["value"])
            self.tags.append((match["name"], value, number, [], []))
            position = match.end()
        rest.append(content[position:])
        # A pure data line keeps its leading blanks (fixed-width table rows).
        data = "".join(rest).rstrip() if position == 0 else "".join(rest).strip()
        if data.strip() and self.tags:
            self.tags[-1][3].append(data)
            self.tags[-1][4].append(number)
        return "[" not in _QUOTED.sub("", data)  # a name may hold one

    def build(self, previous: PbnGame | None) -> PbnGame:
        tags = [
            _inherited(previous, PbnTag(name, value, tuple(data), line, tuple(lines)))
            for name, value, line, data, lines in self.tags
        ]
        return PbnGame(tuple(tags), tuple(self.comments))


def _inherited(previous: PbnGame | None, tag: PbnTag) -> PbnTag:
    """``tag`` with a "#" value replaced by the previous game's value; the data
    (auction, table rows) is the previous game's too unless the tag has its own."""
    if tag.value != INHERIT or previous is None:
        return tag
    before = previous.tag(tag.name)
    if before is None:
        return tag
    if tag.data:
        return PbnTag(tag.name, before.value, tag.data, tag.line, tag.data_lines)
    return PbnTag(tag.name, before.value, before.data, tag.line, before.data_lines)


def _lines(text: str) -> Iterator[tuple[str, str, int]]:
    """Yield ("directive" | "comment" | "blank" | "content", text, line) per piece.

    Comments are cut out of the content outside quoted strings; a line that
    held only a comment is not a blank line (it does not end the game). Lines
    end with CRLF, LF or CR.
    """
    in_brace = False
    brace: list[str] = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if not in_brace and line.startswith("%"):
            yield "directive", line[1:].strip(), number
            continue
        content, comments, in_brace = _strip_comments(line, in_brace, brace)
        yield from (("comment", c, number) for c in comments)
        if content.strip():
            yield "content", content, number
        elif not line.strip() and not in_brace:
            yield "blank", "", number


def _strip_comments(
    line: str, in_brace: bool, brace: list[str]
) -> tuple[str, list[str], bool]:
    """Split one line into content and finished comments; ``brace`` carries an
    unfinished ``{ … }`` comment over to the next line."""
    content: list[str] = []
    comments: list[str] = []
    in_string = False
    i = 0
    while i < len(line):
        char = line[i]
        if in_brace:
            if char == "}":
                comments.append("".join(brace).strip())
                brace.clear()
                in_brace = False
            else:
                brace.append(char)
        elif in_string:
            content.append(char)
            if char == "\\" and i + 1 < len(line):
                content.append(line[i + 1])
                i += 1
            elif char == '"':
                in_string = False
        elif char == ";":
            comments.append(line[i + 1 :].strip())
            break
        elif char == "{":
            in_brace = True
        else:
            in_string = char == '"'
            content.append(char)
        i += 1
    if in_brace:
        brace.append("\n")
    return "".join(content), comments, in_brace
