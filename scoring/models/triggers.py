"""The triggers that keep ``ResultsVersion`` (see ``freshness``): one per table
the results are made of, on SQLite and on PostgreSQL.

Each trigger gives the part of the results a row belongs to a new random stamp
(``TARGETS`` says which part: a board, a session, the event). They are
installed by the migration that made the table and again after every
``migrate`` (``triggers_install`` is idempotent), because SQLite drops a
table's triggers when a later migration rebuilds the table.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TARGETS", "triggers_drop", "triggers_install"]

VERSIONS = "scoring_resultsversion"
_SESSION = (
    "SELECT s.event_id, s.id, 0, {stamp} FROM tournaments_session s WHERE s.id = "
)
_BOARD = (
    "SELECT s.event_id, b.session_id, b.number, {stamp} FROM tournaments_board b"
    " JOIN tournaments_session s ON s.id = b.session_id WHERE b.id = "
)
_SECTION_SESSION = "(SELECT c.session_id FROM tournaments_section c WHERE c.id = "
# A table and the part of the results its row ``{row}`` (NEW or OLD) is in:
# (event id, session id or 0, board number or 0, the new stamp).
TARGETS = {
    "scoring_travellerline": _BOARD + "{row}.board_id",
    "scoring_assignedscore": _BOARD
    + "(SELECT l.board_id FROM scoring_travellerline l WHERE l.id = {row}.line_id)",
    "tournaments_board": "SELECT s.event_id, s.id, {row}.number, {stamp}"
    " FROM tournaments_session s WHERE s.id = {row}.session_id",
    "tournaments_section": _SESSION + "{row}.session_id",
    "tournaments_match": _SESSION + "{row}.session_id",
    "tournaments_pair": _SESSION + _SECTION_SESSION + "{row}.section_id)",
    "movements_sectionmovement": _SESSION + _SECTION_SESSION + "{row}.section_id)",
    "tournaments_player": _SESSION
    + "(SELECT c.session_id FROM tournaments_pair p JOIN tournaments_section c"
    " ON c.id = p.section_id WHERE p.id = {row}.pair_id)",
    "tournaments_session": "SELECT {row}.event_id, {row}.id, 0, {stamp} WHERE true",
    "tournaments_event": "SELECT {row}.id, 0, 0, {stamp} WHERE true",
    "tournaments_team": "SELECT {row}.event_id, 0, 0, {stamp} WHERE true",
    "tournaments_entry": "SELECT {row}.event_id, 0, 0, {stamp} WHERE true",
}
STAMPS = {"sqlite": "random()", "postgresql": "(random() * 9007199254740991)::bigint"}
# A deleted event takes its versions with it (Django deletes its rows first).
FORGET = f"DELETE FROM {VERSIONS} WHERE event_id = OLD.id"
ROWS = {"INSERT": ("NEW",), "UPDATE": ("OLD", "NEW"), "DELETE": ("OLD",)}


def _bump(table: str, row: str, vendor: str) -> str:
    if table == "tournaments_event" and row == "OLD":
        return FORGET
    select = TARGETS[table].format(row=row, stamp=STAMPS[vendor])
    return (
        f"INSERT INTO {VERSIONS} (event_id, session_id, board, stamp) {select}"
        " ON CONFLICT (event_id, session_id, board)"
        " DO UPDATE SET stamp = excluded.stamp"
    )


def _sqlite(table: str) -> list[str]:
    return [
        f"CREATE TRIGGER IF NOT EXISTS scoring_fresh_{table}_{op.lower()} AFTER {op}"
        f" ON {table} FOR EACH ROW BEGIN "
        + "".join(f"{_bump(table, row, 'sqlite')}; " for row in rows)
        + "END"
        for op, rows in ROWS.items()
    ]


def _postgresql(table: str) -> list[str]:
    old = _bump(table, "OLD", "postgresql")
    new = _bump(table, "NEW", "postgresql")
    return [
        f"""CREATE OR REPLACE FUNCTION scoring_fresh_{table}() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN {old}; END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN {new}; END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS scoring_fresh ON {table}",
        f"CREATE TRIGGER scoring_fresh AFTER INSERT OR UPDATE OR DELETE ON {table}"
        f" FOR EACH ROW EXECUTE FUNCTION scoring_fresh_{table}()",
    ]


def _drops(table: str, vendor: str) -> list[str]:
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS scoring_fresh_{table}_{op.lower()}"
                for op in ROWS]  # fmt: skip
    return [
        f"DROP TRIGGER IF EXISTS scoring_fresh ON {table}",
        f"DROP FUNCTION IF EXISTS scoring_fresh_{table}()",
    ]


def triggers_install(connection: Any) -> None:
    """Create (or re-create) every trigger on ``connection``'s database."""
    make = _sqlite if connection.vendor == "sqlite" else _postgresql
    with connection.cursor() as cursor:
        for table in TARGETS:
            for sql in make(table):
                cursor.execute(sql)


def triggers_drop(connection: Any) -> None:
    with connection.cursor() as cursor:
        for table in TARGETS:
            for sql in _drops(table, connection.vendor):
                cursor.execute(sql)
