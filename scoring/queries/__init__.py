"""The hot reads of the table's phones and the live pages, in plain SQL.

Django compiles a queryset's SQL each time it runs: for the reads that every
request of a table's phone makes (its code with the section, session and event,
its round, its entries), that cost several times the query itself. Each read
here is a function with its SQL written out and its parameters bound; its rows
come back as model instances (``Model.from_db``, each value converted as the
model's field converts it, the rows read in the same query set on their
foreign keys) or as tuples. A key beyond 64-bit integers finds nothing, as
Django's own lookups decide (SQLite's driver cannot even bind it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, TypeVar

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

from scoring.models import (
    AssignedScore,
    ChangeLog,
    TableCode,
    TableEntry,
    TravellerLine,
)
from scoring.queries.reading import known, once
from tournaments.models import (
    LOADED_PLAYERS,
    Board,
    Club,
    Event,
    Pair,
    Player,
    Section,
    Session,
)

__all__ = [
    "INT64", "board_assigned", "board_ensure", "board_line_rows", "board_numbered",
    "corrections", "entry_by_client", "entry_of_table", "open_entries",
    "pairs_with_players", "section_board_lines",
    "session_published", "session_with_event", "table_code_by_code",
    "table_code_by_token",
]  # fmt: skip

M = TypeVar("M", bound=Model)
INT64 = range(-(2**63), 2**63)  # SQLite's integers; PostgreSQL's bigint
Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]


def _fits(*keys: int) -> bool:
    """Whether integer keys can be bound (a non-integer raises as a filter would)."""
    return all(int(key) in INT64 for key in keys)


@dataclass(frozen=True)
class Part:
    """A model whose columns a row holds, in ``alias``, and where the first
    model of the row holds it ("section.session"; "" for the first)."""

    model: type[Model]
    alias: str
    on: str = ""


@cache
def _columns(*parts: Part) -> str:
    return ", ".join(
        f'{part.alias}."{f.column}"'
        for part in parts
        for f in part.model._meta.concrete_fields
    )


Conversion = tuple[tuple[int, Any, tuple[Converter, ...]], ...]
_CONVERSIONS: dict[tuple[object, str], Conversion] = {}


def _conversion(
    key: object, fields: Sequence[Field[Any, Any]], db: BaseDatabaseWrapper
) -> Conversion:
    """For each column of ``fields`` that needs it, its place, its expression
    and what the database's and the field's converters make of its values
    (the field's ``from_db_value``; SQLite's texts for moments, numbers for
    flags), as a queryset converts them; found once a process for ``key``."""
    found = _CONVERSIONS.get((key, db.alias))
    if found is None:
        places = []
        for i, field in enumerate(fields):
            column = field.get_col(field.model._meta.db_table)
            converters = db.ops.get_db_converters(column)
            converters += column.get_db_converters(db)
            if converters:
                places.append((i, column, tuple(converters)))
        found = _CONVERSIONS[key, db.alias] = tuple(places)
    return found


def _converted(
    conversion: Conversion, row: Sequence[Any], db: BaseDatabaseWrapper
) -> list[Any]:
    values = list(row)
    for i, column, converters in conversion:
        for convert in converters:
            values[i] = convert(values[i], column, db)
    return values


@cache
def _names(model: type[Model]) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def _built(parts: Sequence[Part], row: Sequence[Any], db: BaseDatabaseWrapper) -> Any:
    """The first part's instance, with the others set where it holds them (None
    for a row a left join did not find)."""
    first: Any = None
    at = 0
    for part in parts:
        fields = part.model._meta.concrete_fields
        values = row[at : at + len(fields)]
        at += len(fields)
        found = None
        if values[0] is not None:
            conversion = _conversion(part.model, fields, db)
            values = _converted(conversion, values, db)
            found = part.model.from_db(db.alias, _names(part.model), values)
        if not part.on:
            first = found
            continue
        *path, name = part.on.split(".")
        holder = first
        for step in path:
            holder = getattr(holder, step)
        setattr(holder, name, found)
    return first


def _read(model: type[Model], sql: str, params: Sequence[Any]) -> list[Any]:
    db = connections[router.db_for_read(model)]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _instances(parts: Sequence[Part], sql: str, params: Sequence[Any]) -> list[Any]:
    model = parts[0].model
    db = connections[router.db_for_read(model)]
    return [_built(parts, row, db) for row in _read(model, sql, params)]


def _one(found: list[M]) -> M | None:
    assert len(found) < 2, "the keys are not unique together"
    return found[0] if found else None


def _places(values: Iterable[object]) -> str:
    return ", ".join("%s" for _value in values)


# A table's code with its section, session and event: every phone's request.
_CODE = (
    Part(TableCode, "c"),
    Part(Section, "s", "section"),
    Part(Session, "n", "section.session"),
    Part(Event, "e", "section.session.event"),
)
_CODE_FROM = """
    FROM "scoring_tablecode" c
    JOIN "tournaments_section" s ON s."id" = c."section_id"
    JOIN "tournaments_session" n ON n."id" = s."session_id"
    JOIN "tournaments_event" e ON e."id" = n."event_id"
"""


# The section's seatings stamp (rows stored, last row's id), read with the code
# for the request's ``seatings_stamp`` (``queries.seatings``): one query less.
_STAMP = """(SELECT COUNT(*) FROM "movements_seating" g
        WHERE g."section_id" = c."section_id"),
    (SELECT MAX(g."id") FROM "movements_seating" g
        WHERE g."section_id" = c."section_id")"""


def _code_read(where: str, params: Sequence[Any]) -> TableCode | None:
    sql = f"SELECT {_columns(*_CODE)}, {_STAMP} {_CODE_FROM} WHERE {where}"
    rows = _read(TableCode, sql, params)
    assert len(rows) < 2, "the keys are not unique together"
    if not rows:
        return None
    db = connections[router.db_for_read(TableCode)]
    *row, count, top = rows[0]
    code: TableCode = _built(_CODE, row, db)
    known(("seatings stamp", code.section_id), (int(count), int(top or 0)), True)
    return code


def table_code_by_code(code: str) -> TableCode | None:
    """The table a code opens, with its section, session and event."""
    return _code_read('c."code" = %s', [code])


def table_code_by_token(pk: int, code: str) -> TableCode | None:
    """The table a token names, while its code is still ``code``."""
    if not _fits(pk):
        return None
    return _code_read('c."id" = %s AND c."code" = %s', [pk, code])


def session_published(pk: int) -> Session | None:
    """A session of a published event, with its event and the event's club."""
    if not _fits(pk):
        return None
    parts = (
        Part(Session, "n"),
        Part(Event, "e", "event"),
        Part(Club, "k", "event.club"),
    )
    sql = f"""SELECT {_columns(*parts)} FROM "tournaments_session" n
        JOIN "tournaments_event" e ON e."id" = n."event_id"
        LEFT JOIN "tournaments_club" k ON k."id" = e."club_id"
        WHERE n."id" = %s AND e."published" """
    return _one(_instances(parts, sql, [pk]))


def session_with_event(pk: int) -> Session | None:
    """A session with its event (a room display's, published or not)."""
    if not _fits(pk):
        return None
    parts = (Part(Session, "n"), Part(Event, "e", "event"))
    sql = f"""SELECT {_columns(*parts)} FROM "tournaments_session" n
        JOIN "tournaments_event" e ON e."id" = n."event_id" WHERE n."id" = %s"""
    return _one(_instances(parts, sql, [pk]))


def board_numbered(session_id: int, number: int) -> Board | None:
    """The session's board of that number, when it has one (read once in
    ``reading.one_reading`` until it writes: the scoring of a phone's board
    reads it for its lines and for their assigned scores)."""
    if not _fits(session_id, number):
        return None
    read = partial(_board_numbered, session_id, number)
    return once(("board", session_id, number), read)


def _board_numbered(session_id: int, number: int) -> Board | None:
    parts = (Part(Board, "b"),)
    sql = f"""SELECT {_columns(*parts)} FROM "tournaments_board" b
        WHERE b."session_id" = %s AND b."number" = %s"""
    return _one(_instances(parts, sql, [session_id, number]))


def board_ensure(session_id: int, number: int) -> Board:
    """The session's board of that number, made when it has none yet."""
    found = board_numbered(session_id, number)
    if found is None:
        found = Board.objects.get_or_create(session_id=session_id, number=number)[0]
    return found


def board_line_rows(board_id: int, names: Sequence[str]) -> list[tuple[Any, ...]]:
    """A board's lines as tuples of the fields ``names``, in the traveller's
    order (``scoring.standings.lines.ORDER``, which a test holds this to)."""
    if not _fits(board_id):
        return []
    fields = [TravellerLine._meta.get_field(name) for name in names]
    columns = ", ".join(f'l."{f.column}"' for f in fields)  # type: ignore[union-attr]
    sql = f"""SELECT {columns} FROM "scoring_travellerline" l
        JOIN "tournaments_section" s ON s."id" = l."section_id"
        JOIN "tournaments_pair" p ON p."id" = l."ns_pair_id"
        WHERE l."board_id" = %s ORDER BY s."letter", l."table", p."number" """
    db = connections[router.db_for_read(TravellerLine)]
    conversion = _conversion(tuple(names), fields, db)  # type: ignore[arg-type]
    rows = _read(TravellerLine, sql, [board_id])
    return [tuple(_converted(conversion, row, db)) for row in rows]


def board_assigned(board_id: int) -> list[AssignedScore]:
    """The assigned scores of a board's lines, in the order they were made."""
    if not _fits(board_id):
        return []
    parts = (Part(AssignedScore, "a"),)
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_assignedscore" a
        JOIN "scoring_travellerline" l ON l."id" = a."line_id"
        WHERE l."board_id" = %s ORDER BY a."id" """
    return _instances(parts, sql, [board_id])


def section_board_lines(board_id: int, section_id: int) -> list[TravellerLine]:
    """A board's lines in a section, with their pairs, in the order they were made."""
    if not _fits(board_id, section_id):
        return []
    parts = (
        Part(TravellerLine, "l"),
        Part(Pair, "p", "ns_pair"),
        Part(Pair, "q", "ew_pair"),
    )
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_travellerline" l
        JOIN "tournaments_pair" p ON p."id" = l."ns_pair_id"
        JOIN "tournaments_pair" q ON q."id" = l."ew_pair_id"
        WHERE l."board_id" = %s AND l."section_id" = %s ORDER BY l."id" """
    return _instances(parts, sql, [board_id, section_id])


def corrections(session_id: int, actions: Sequence[str]) -> list[ChangeLog]:
    """A session's changes of ``actions`` made by a director (a user, no phone)."""
    if not _fits(session_id):
        return []
    parts = (Part(ChangeLog, "g"),)
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_changelog" g
        WHERE g."session_id" = %s AND g."device" = '' AND g."user_id" IS NOT NULL
        AND g."action" IN ({_places(actions)})"""
    return _instances(parts, sql, [session_id, *actions])


def open_entries(table_id: int, statuses: Sequence[str]) -> list[TableEntry]:
    """A table's entries of ``statuses``, with their boards."""
    if not _fits(table_id):
        return []
    parts = (Part(TableEntry, "t"), Part(Board, "b", "board"))
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_tableentry" t
        JOIN "tournaments_board" b ON b."id" = t."board_id"
        WHERE t."table_id" = %s AND t."status" IN ({_places(statuses)})"""
    return _instances(parts, sql, [table_id, *statuses])


def entry_of_table(pk: int, table_id: int) -> TableEntry | None:
    """A table's entry, with its board, pairs and line."""
    if not _fits(pk, table_id):
        return None
    parts = (
        Part(TableEntry, "t"),
        Part(Board, "b", "board"),
        Part(Pair, "p", "ns_pair"),
        Part(Pair, "q", "ew_pair"),
        Part(TravellerLine, "l", "line"),
    )
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_tableentry" t
        JOIN "tournaments_board" b ON b."id" = t."board_id"
        JOIN "tournaments_pair" p ON p."id" = t."ns_pair_id"
        JOIN "tournaments_pair" q ON q."id" = t."ew_pair_id"
        LEFT JOIN "scoring_travellerline" l ON l."id" = t."line_id"
        WHERE t."id" = %s AND t."table_id" = %s"""
    return _one(_instances(parts, sql, [pk, table_id]))


def entry_by_client(table_id: int, client_id: str) -> TableEntry | None:
    """A table's entry sent with the phone's ``client_id`` (read once in
    ``reading.one_reading`` until it writes or locks: a result sent is looked
    for at the table the phone signed in at, then where its pair is)."""
    if not _fits(table_id):
        return None
    read = partial(_entry_by_client, table_id, client_id)
    return once(("entry by client", table_id, client_id), read)


def _entry_by_client(table_id: int, client_id: str) -> TableEntry | None:
    parts = (Part(TableEntry, "t"),)
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_tableentry" t
        WHERE t."table_id" = %s AND t."client_id" = %s"""
    return _one(_instances(parts, sql, [table_id, client_id]))


_PAIR, _PLAYER = (Part(Pair, "p"),), (Part(Player, "y"),)


def pairs_with_players(ids: Iterable[int]) -> dict[int, Pair]:
    """Pairs (an individual's players) by id, each with its players in
    ``LOADED_PLAYERS`` seat by seat: one query for a seating's two pairs (or
    four players), where reading each pair and then its players took four."""
    keys = [pk for pk in sorted(set(ids)) if _fits(pk)]
    if not keys:
        return {}
    sql = f"""SELECT {_columns(*_PAIR, *_PLAYER)} FROM "tournaments_pair" p
        LEFT JOIN "tournaments_player" y ON y."pair_id" = p."id"
        WHERE p."id" IN ({_places(keys)}) ORDER BY p."id", y."seat", y."id" """
    db = connections[router.db_for_read(Pair)]
    split = len(Pair._meta.concrete_fields)
    found: dict[int, Pair] = {}
    for row in _read(Pair, sql, keys):
        pair = found.get(row[0])
        if pair is None:
            pair = found[row[0]] = _built(_PAIR, row[:split], db)
            setattr(pair, LOADED_PLAYERS, [])
        player = _built(_PLAYER, row[split:], db)
        if player is not None:
            getattr(pair, LOADED_PLAYERS).append(player)
    return found
