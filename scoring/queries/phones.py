"""Where the pairs' phones are, written in plain SQL: a phone that names a seat
at sign-in becomes its holders' phone in one statement (Django's ``bulk_create``
of the same upsert wraps it in a transaction of its own: three statements)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import connections, router

from scoring.models import PairPhone

__all__ = ["phones_signed_in"]


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
