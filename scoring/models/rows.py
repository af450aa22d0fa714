"""Reading one row."""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)


def one_or_none(rows: QuerySet[M]) -> M | None:
    """The row a lookup on a unique key finds, else None. Unlike ``first()`` it
    leaves out the model's ordering, which costs more to build than the rest of
    such a query (the table's phones read several a request)."""
    return next(iter(rows.order_by()[:1]), None)
