"""One request's reads, each made once: within ``one_reading`` a read asked
again (a phone's request finds where its pair sits, then reads its table's
round, then what it may see, each from the same rows) is answered as it was
the first time, until the request writes or locks anything. Any statement
other than a plain SELECT (a write, a transaction begun, a row locked for
update) forgets every read, so what is read after it is read afresh; except
what no request of the kind ever writes (a section's seatings for a phone's),
read once ``through_writes``."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db import connection

__all__ = ["known", "once", "one_reading"]

T = TypeVar("T")
_READS: ContextVar[dict[Hashable, Any] | None] = ContextVar("reads", default=None)
_STEADY: ContextVar[dict[Hashable, Any] | None] = ContextVar("steady", default=None)


def _plain_select(sql: str) -> bool:
    """Whether the statement only reads (Django writes its keywords in capitals)."""
    return sql.lstrip()[:6].upper() == "SELECT" and "FOR UPDATE" not in sql


def _forgetting(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    if not _plain_select(sql):
        reads = _READS.get()
        if reads is not None:
            reads.clear()
    return execute(sql, params, many, context)


@contextmanager
def one_reading() -> Iterator[None]:
    """Within, ``once`` answers a read asked again from its first answer (a
    reading within another is part of it: its writes make both read afresh)."""
    if _READS.get() is not None:
        yield
        return
    token, steady = _READS.set({}), _STEADY.set({})
    try:
        with connection.execute_wrapper(_forgetting):
            yield
    finally:
        _READS.reset(token)
        _STEADY.reset(steady)


def once(key: Hashable, read: Callable[[], T], through_writes: bool = False) -> T:
    """``read()``, or its answer within ``one_reading`` since the last write
    (``through_writes``: since it began)."""
    reads = (_STEADY if through_writes else _READS).get()
    if reads is None:
        return read()
    if key not in reads:
        reads[key] = read()
    return reads[key]


def known(key: Hashable, value: object, through_writes: bool = False) -> None:
    """A read's answer found as part of another statement: ``once(key, ...)``
    answers it within ``one_reading`` as if it had read it itself."""
    reads = (_STEADY if through_writes else _READS).get()
    if reads is not None:
        reads.setdefault(key, value)
