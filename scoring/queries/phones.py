"""Where the pairs' phones are, in plain SQL: a phone that names a seat at
sign-in becomes its holders' phone in one statement (Django's ``bulk_create``
of the same upsert wraps it in a transaction of its own: three statements);
whether the stored place is still right is read without a write (on SQLite an
UPDATE takes the one writer's lock even when it changes no row)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import connections, router

from scoring.models import PairPhone
from scoring.queries import _conversion, _converted, _fits, _read

__all__ = ["phones_seen_at", "phones_signed_in"]


def phones_signed_in(
    holders: Iterable[int], code_id: int, table: int, seat: str, now: datetime
) -> None:
    """Each holder's phone signed in with the code ``code_id`` at ``table`` as
    ``seat``, whether the holder had a phone before or not."""
    db = connections[router.db_for_write(PairPhone)]
    seen = db.ops.adapt_datetimefield_value(now)
    ids = sorted(holders)
    rows = ", ".join(["(%s, %s, %s, %s, %s)"] * len(ids))
    sql = f"""INSERT INTO "scoring_pairphone"
        ("holder_id", "signed_in_id", "table", "seat", "last_seen") VALUES {rows}
        ON CONFLICT ("holder_id") DO UPDATE SET
        "signed_in_id" = EXCLUDED."signed_in_id", "table" = EXCLUDED."table",
        "seat" = EXCLUDED."seat", "last_seen" = EXCLUDED."last_seen" """
    params = [value for pk in ids for value in (pk, code_id, table, seat, seen)]
    with db.cursor() as cursor:
        cursor.execute(sql, params)


def phones_seen_at(
    holders: Iterable[int], table: int | None, seat: str
) -> datetime | None:
    """When each holder's phone was last seen, if every one is stored at
    ``table`` as ``seat`` (the earliest of them; None: one is elsewhere)."""
    ids = sorted(holders)
    if not ids or not _fits(*ids):
        return None
    at = '"table" IS NULL' if table is None else '"table" = %s'
    places = ", ".join(["%s"] * len(ids))
    sql = f"""SELECT COUNT(*), MIN("last_seen") FROM "scoring_pairphone"
        WHERE "holder_id" IN ({places}) AND {at} AND "seat" = %s"""
    params = [*ids, *([] if table is None else [table]), seat]
    count, seen = _read(PairPhone, sql, params)[0]
    if int(count) != len(ids):
        return None
    db = connections[router.db_for_read(PairPhone)]
    field = PairPhone._meta.get_field("last_seen")
    conversion = _conversion("pair phone seen", [field], db)
    when: datetime = _converted(conversion, [seen], db)[0]
    return when
