"""A lookup compiled once reads the same rows as the queryset it stands for."""

from __future__ import annotations

import pytest
from django.db.models import Model
from django.utils import timezone

from scoring.models import KeptLookup, TableCode, board_ensure, board_numbered
from scoring.table.play.codes import codes_ensure
from tests.factories import make_event
from tournaments.models import Board, Pair

pytestmark = pytest.mark.django_db

BY_TOKEN = KeptLookup(
    TableCode.objects.select_related("section__session__event"), ("pk", "code")
)


def _fields(row: Model) -> dict[str, object]:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}


@pytest.fixture
def code() -> TableCode:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[1]
    # A moment and a flag: SQLite gives them back as text and a number,
    # which the queryset's converters turn into what the model holds.
    TableCode.objects.filter(pk=code.pk).update(last_seen=timezone.now())
    session.tables_open = False
    session.save(update_fields=["tables_open"])
    return code


def test_it_reads_what_the_queryset_reads(code: TableCode) -> None:
    orm = TableCode.objects.select_related("section__session__event").get(pk=code.pk)
    kept = BY_TOKEN.one(code.pk, code.code)
    assert kept is not None and kept.pk == code.pk
    for mine, theirs in [
        (kept, orm),
        (kept.section, orm.section),
        (kept.section.session, orm.section.session),
        (kept.section.session.event, orm.section.session.event),
    ]:
        assert _fields(mine) == _fields(theirs)
    assert kept.section.session.tables_open is False
    assert kept.last_seen is not None and kept.last_seen.tzinfo is not None


def test_the_related_rows_come_in_the_one_query(
    code: TableCode, django_assert_num_queries
) -> None:
    with django_assert_num_queries(1):
        found = BY_TOKEN.one(code.pk, code.code)
        assert found is not None and found.section.session.event.name
    assert found._state.adding is False and found._state.db == "default"


def test_no_row_is_none_and_a_wrong_value_raises_as_a_filter_would(
    code: TableCode,
) -> None:
    assert BY_TOKEN.one(code.pk, "NOTHIS") is None
    assert BY_TOKEN.one(code.pk + 1000, code.code) is None
    with pytest.raises(ValueError):
        TableCode.objects.filter(pk="one").exists()
    with pytest.raises(ValueError):
        BY_TOKEN.one("one", code.code)


def test_the_querysets_own_conditions_hold_with_the_keys(code: TableCode) -> None:
    section = code.section
    north_south = KeptLookup(Pair.objects.filter(direction="NS"), ("section",))
    found = north_south.all(section.pk)
    expected = Pair.objects.filter(section=section, direction="NS")
    assert sorted(p.pk for p in found) == sorted(p.pk for p in expected)
    assert found and all(p.direction == "NS" for p in found)
    assert north_south.all(section.pk + 1000) == []


def test_a_board_is_found_or_made_once(code: TableCode) -> None:
    session_id = code.section.session_id
    assert board_numbered(session_id, 99) is None
    made = board_ensure(session_id, 99)
    assert board_ensure(session_id, 99).pk == made.pk
    assert board_numbered(session_id, 99) == made
    assert Board.objects.filter(session_id=session_id, number=99).count() == 1


def test_a_key_through_a_join_and_the_querysets_order(code: TableCode) -> None:
    session = code.section.session
    by_session = KeptLookup(
        TableCode.objects.order_by("-table").values_list("table"),
        ("section__session",),
    )
    assert by_session.tuples(session.pk) == [(3,), (2,), (1,)]
    assert by_session.tuples(session.pk + 1000) == []
    with pytest.raises(AssertionError):
        by_session.all(session.pk)  # a values_list lookup gives tuples


def test_a_key_may_compare_otherwise_than_equal(code: TableCode) -> None:
    later = KeptLookup(TableCode.objects.values_list("table"), ("section", "pk__gt"))
    ids = sorted(TableCode.objects.filter(section=code.section).values_list("pk"))
    found = later.tuples(code.section_id, ids[0][0])
    assert sorted(found) == [(2,), (3,)]


def test_a_key_of_a_kind_it_cannot_stand_in_for_is_refused(code: TableCode) -> None:
    by_moment = KeptLookup(TableCode.objects.all(), ("last_seen",))
    with pytest.raises(TypeError, match="no stand-in"):
        by_moment.all(timezone.now())


HUGE = 2**70  # beyond 64 bits: SQLite's driver cannot bind it


def test_a_key_beyond_the_columns_range_finds_nothing(code: TableCode) -> None:
    """As Django's own integer lookups decide: no row, no OverflowError."""
    assert BY_TOKEN.one(HUGE, code.code) is None
    assert BY_TOKEN.one(-HUGE, code.code) is None
    assert board_numbered(code.section.session_id, HUGE) is None
    by_section = KeptLookup(Pair.objects.all(), ("section",))
    assert by_section.all(HUGE) == []  # through a foreign key


def test_a_greater_than_below_the_range_keeps_every_row(code: TableCode) -> None:
    later = KeptLookup(TableCode.objects.values_list("table"), ("section", "pk__gt"))
    assert sorted(later.tuples(code.section_id, -HUGE)) == [(1,), (2,), (3,)]
    assert later.tuples(code.section_id, HUGE) == []
    assert later.tuples(HUGE, 0) == []
