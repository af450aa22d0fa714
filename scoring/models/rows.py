"""Reading rows by their keys with SQL compiled once a process."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from itertools import repeat
from typing import Any, Generic, TypeVar, cast

from django.core.exceptions import EmptyResultSet
from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import CharField, IntegerField, Model, QuerySet, TextField
from django.db.models.query import (  # type: ignore[attr-defined]
    ModelIterable,
    get_related_populators,
)

from tournaments.models import Board

__all__ = ["KeptLookup", "board_ensure", "board_numbered"]

M = TypeVar("M", bound=Model)


def _target(model: type[Model], key: str) -> tuple[Any, str]:
    """The field a lookup's value is compared with ("section__session": the
    session's primary key), and how ("exact", "gt" for "pk__gt")."""
    found: Any = None
    for name in key.split("__"):
        if found is not None and name in found.get_lookups():
            return found, name  # "pk__gt": a lookup other than =
        found = model._meta.pk if name == "pk" else model._meta.get_field(name)
        if found.is_relation:
            model = found.related_model
            found = found.target_field
    return found, "exact"


def _beyond(
    target: Any, lookup: str, value: object, connection: BaseDatabaseWrapper
) -> type[Exception] | None:
    """What Django's lookup makes of an integer beyond its column's range
    (SQLite's driver overflows past 64 bits, PostgreSQL refuses past the
    column's type): ``EmptyResultSet`` (no row matches) or ``FullResultSet``
    (every row does); None for a value within the range."""
    if not isinstance(target, IntegerField) or not isinstance(value, int):
        return None
    low, high = connection.ops.integer_field_range(target.get_internal_type())
    compared = target.get_lookup(lookup)
    if low is not None and value < low:
        return getattr(compared, "underflow_exception", EmptyResultSet)
    if high is not None and value > high:
        return getattr(compared, "overflow_exception", EmptyResultSet)
    return None


def _stand_in(target: Any, turn: int, key: int) -> object:
    """A value for a key while its lookup is compiled: within any integer
    column's range (Django leaves a lookup out of range out of the SQL)."""
    if isinstance(target, IntegerField):
        return 20000 + 100 * turn + key
    if isinstance(target, CharField | TextField):
        return f"kept-{turn}-{key}"
    raise TypeError(f"a kept lookup has no stand-in for {target!r}")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]  # with the keys' stand-ins
    places: tuple[tuple[int, int], ...]  # (parameter, key) of each stand-in
    targets: tuple[Any, ...]  # the field each key's value is compared with
    lookups: tuple[str, ...]  # and how ("exact", "gt")
    converters: dict[int, Any]
    compiler: Any
    # For a queryset of models: the looked-up model's columns in a row, their
    # attribute names, and Django's populators of the related rows.
    fields: slice = field(default_factory=lambda: slice(0))
    names: tuple[str, ...] = ()
    related: tuple[Any, ...] = ()


class KeptLookup(Generic[M]):
    """The rows of ``rows`` (a queryset: its filters, ordering, joins,
    ``select_related`` or ``values_list``) whose ``keys`` (lookups as a filter
    names them: "pk", "section__session", "pk__gt") match given values, from
    SQL compiled once a process.

    Django compiles a queryset's SQL each time it runs: for the table code with
    its section, session and event, which every request of a table's phone
    reads, that cost four times the query itself. The queryset is compiled
    with stand-ins for the keys' values, which each lookup puts in their place.
    The rows are built as the queryset builds them (Django's converters and
    related populators); without an ``order_by`` they come in no particular
    order."""

    def __init__(self, rows: QuerySet[M, Any], keys: tuple[str, ...]) -> None:
        query = rows.query
        assert not (query.select_for_update or query.is_sliced)
        self.rows = rows if query.order_by else rows.order_by()
        self.keys = keys
        self._kept: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def _with_stand_ins(
        self, connection: BaseDatabaseWrapper, targets: list[Any], turn: int
    ) -> tuple[Any, str, list[Any], list[object]]:
        ins = [_stand_in(target, turn, i) for i, target in enumerate(targets)]
        rows = self.rows.filter(**dict(zip(self.keys, ins, strict=True)))
        compiler = rows.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        return compiler, sql, list(params), ins

    def _compile(self, connection: BaseDatabaseWrapper) -> _Compiled:
        compared = [_target(self.rows.model, key) for key in self.keys]
        targets = [target for target, _lookup in compared]
        compiler, sql, params, ins = self._with_stand_ins(connection, targets, 1)
        _compiler, again, others, _ins = self._with_stand_ins(connection, targets, 2)
        assert again == sql and len(others) == len(params)
        # Where the two compilations differ, a key's stand-in stood.
        places = tuple(
            (i, ins.index(mine))
            for i, (mine, other) in enumerate(zip(params, others, strict=True))
            if mine != other
        )
        assert {key for _place, key in places} == set(range(len(self.keys)))
        info, select = compiler.klass_info, compiler.select
        converters = compiler.get_converters([column[0] for column in select])
        lookups = tuple(lookup for _target, lookup in compared)
        kept = _Compiled(
            sql, tuple(params), places, tuple(targets), lookups, converters, compiler
        )
        if self.rows._iterable_class is not ModelIterable:  # values_list
            return kept
        columns = slice(info["select_fields"][0], info["select_fields"][-1] + 1)
        return replace(
            kept,
            fields=columns,
            names=tuple(column[0].target.attname for column in select[columns]),
            related=tuple(get_related_populators(info, select, connection.alias)),
        )

    def _compiled(self, connection: BaseDatabaseWrapper) -> _Compiled:
        alias = connection.alias
        kept = self._kept.get(alias)
        if kept is None:
            with self._lock:
                kept = self._kept.get(alias) or self._compile(connection)
                self._kept[alias] = kept
        return kept

    def _read(self, values: tuple[object, ...]) -> tuple[_Compiled, str, list[Any]]:
        connection = connections[router.db_for_read(self.rows.model)]
        kept = self._compiled(connection)
        given = [
            target.get_db_prep_value(value, connection)
            for target, value in zip(kept.targets, values, strict=True)
        ]
        beyond = list(
            map(_beyond, kept.targets, kept.lookups, given, repeat(connection))
        )
        if any(beyond):
            return kept, connection.alias, self._beyond_range(values, beyond)
        params = list(kept.params)
        for place, key in kept.places:
            params[place] = given[key]
        with connection.cursor() as cursor:
            cursor.execute(kept.sql, params)
            rows = cursor.fetchall()
        if kept.converters:
            rows = list(kept.compiler.apply_converters(rows, kept.converters))
        return kept, connection.alias, rows

    def _beyond_range(
        self, values: tuple[object, ...], beyond: list[type[Exception] | None]
    ) -> list[Any]:
        """The rows for values beyond a column's range, as Django's lookups
        decide: none, or those of the other keys (read by the ORM, rarely)."""
        if EmptyResultSet in beyond:
            return []
        within = zip(self.keys, values, beyond, strict=True)
        found = self.rows.filter(**{k: v for k, v, out in within if out is None})
        return list(found)

    def all(self, *values: object) -> list[M]:
        """The rows whose keys match ``values`` (in the order of ``keys``); a
        value the key's field refuses raises as a filter would."""
        kept, alias, rows = self._read(values)
        assert kept.names, "a values_list lookup gives tuples()"
        # Rows beyond a column's range come built by the ORM.
        return [
            cast(M, row) if isinstance(row, Model) else self._built(kept, alias, row)
            for row in rows
        ]

    def tuples(self, *values: object) -> list[tuple[Any, ...]]:
        """A ``values_list`` lookup's rows whose keys match ``values``."""
        kept, _alias, rows = self._read(values)
        assert not kept.names, "a lookup of models gives all()"
        return [tuple(row) for row in rows]

    def _built(self, kept: _Compiled, alias: str, row: tuple[Any, ...]) -> M:
        found = self.rows.model.from_db(alias, list(kept.names), row[kept.fields])
        for populator in kept.related:
            populator.populate(row, found)
        return found

    def one(self, *values: object) -> M | None:
        """The row whose keys (unique together) equal ``values``, else None."""
        found = self.all(*values)
        assert len(found) < 2, "the keys are not unique together"
        return found[0] if found else None


_BOARDS = KeptLookup(Board.objects.all(), ("session", "number"))


def board_numbered(session_id: int, number: int) -> Board | None:
    """The session's board of that number, when it has one."""
    return _BOARDS.one(session_id, number)


def board_ensure(session_id: int, number: int) -> Board:
    """The session's board of that number, made when it has none yet."""
    found = _BOARDS.one(session_id, number)
    if found is None:
        found = Board.objects.get_or_create(session_id=session_id, number=number)[0]
    return found
