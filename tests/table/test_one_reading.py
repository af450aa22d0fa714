"""A phone's request reads each thing once until it writes (``queries.reading``),
and each process keeps a section's seatings while they stay as stored."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from movements.models import Seating
from scoring.queries.lines import section_line_rows
from scoring.queries.reading import one_reading
from scoring.table.play.codes import codes_ensure
from scoring.table.play.seatings import section_rows
from tests.factories import make_event
from tests.table.helpers import Phone
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    return session.sections.get()


def _reads(section: Section) -> int:
    with CaptureQueriesContext(connection) as reads:
        section_line_rows(section.pk)
    return len(reads)


def test_a_read_asked_again_is_answered_from_the_first(section: Section) -> None:
    assert (_reads(section), _reads(section)) == (1, 1)  # outside: every time
    with one_reading():
        assert (_reads(section), _reads(section)) == (1, 0)


@pytest.mark.django_db(transaction=True)
def test_a_write_or_a_lock_makes_the_next_read_afresh() -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[1]
    section = code.section
    with one_reading():
        before = section_line_rows(section.pk)
        Phone(code).play(Phone(code).round()["boards"][0]["number"])
        after = section_line_rows(section.pk)
        assert len(after) == len(before) + 1
        assert _reads(section) == 0
        with transaction.atomic():
            list(Section.objects.select_for_update().filter(pk=section.pk))
            assert _reads(section) == 1


def test_the_kept_seatings_hold_until_the_section_is_seated_anew(
    section: Section,
) -> None:
    first = section_rows(section.pk)
    assert section_rows(section.pk) is first  # kept: one small query
    rows = list(Seating.objects.filter(section=section))
    Seating.objects.filter(section=section).delete()
    for row in rows:
        row.pk, row.table = None, {1: 2, 2: 1}.get(row.table, row.table)
    Seating.objects.bulk_create(rows)
    again = section_rows(section.pk)
    assert again is not first
    seated = [(r.table, r.ns_pair_id) for r in again.of_round(1)]
    assert seated != [(r.table, r.ns_pair_id) for r in first.of_round(1)]
    assert {r.pk for r in again.rows} == set(
        Seating.objects.filter(section=section).values_list("pk", flat=True)
    )


def test_the_rows_of_a_pair_are_those_that_seat_it(section: Section) -> None:
    stored = section_rows(section.pk)
    row = stored.rows[0]
    assert row.ns_pair_id is not None
    mine = stored.holding(frozenset({row.ns_pair_id}))
    expected = Seating.objects.filter(section=section, ns_pair_id=row.ns_pair_id)
    also = Seating.objects.filter(section=section, ew_pair_id=row.ns_pair_id)
    assert {r.pk for r in mine} == {r.pk for r in expected} | {r.pk for r in also}
    assert stored.holding(frozenset()) == []
