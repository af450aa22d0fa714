"""A phone's request reads each thing once until it writes (``queries.reading``),
and each process keeps a section's seatings while they stay as stored."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from movements.models import Seating
from scoring.models import PairPhone
from scoring.queries import table_code_by_token
from scoring.queries.lines import section_line_rows
from scoring.queries.reading import one_reading
from scoring.queries.seatings import seatings_stamp
from scoring.table.phones.handling import SEEN_EVERY
from scoring.table.play.codes import codes_ensure
from scoring.table.play.follow import seen_forget
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


def _stamp_reads(queries: CaptureQueriesContext) -> int:
    """The section's seatings stamp read on its own (``queries.seatings``)."""
    return sum(q["sql"].startswith("SELECT COUNT(*), MAX(g.") for q in queries)


def test_the_seatings_stamp_is_read_with_the_tables_code(section: Section) -> None:
    code = codes_ensure(section.session)[1]
    with CaptureQueriesContext(connection) as queries:
        alone = seatings_stamp(section.pk)  # outside a reading: on its own
    assert _stamp_reads(queries) == 1
    section_rows(section.pk)  # kept by the process
    assert alone == (
        Seating.objects.filter(section=section).count(),
        max(Seating.objects.filter(section=section).values_list("pk", flat=True)),
    )
    with one_reading(), CaptureQueriesContext(connection) as queries:
        assert table_code_by_token(code.pk, code.code) == code
        assert seatings_stamp(section.pk) == alone
        section_rows(section.pk)
    assert len(queries) == 1  # the code, its stamp in the same statement
    Seating.objects.filter(section=section, round=2).delete()
    with one_reading():
        table_code_by_token(code.pk, code.code)
        assert seatings_stamp(section.pk) != alone  # read afresh each request


@pytest.mark.django_db(transaction=True)
def test_a_phone_signs_in_its_pair_in_one_statement_and_is_seen_there() -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[1]
    with CaptureQueriesContext(connection) as queries:
        phone = Phone(code, seat="NS")
    writes = [q["sql"] for q in queries if not q["sql"].startswith("SELECT")]
    assert len(writes) == 1 and "scoring_pairphone" in writes[0]
    assert _stamp_reads(queries) == 0  # read with the code
    stored = PairPhone.objects.get()
    assert (stored.signed_in, stored.table, stored.seat) == (code, code.table, "NS")
    with CaptureQueriesContext(connection) as queries:
        phone.round()
    # Where the phone is was written at sign-in: its first request writes it
    # no more (the table's code is seen once, as before).
    assert not [q for q in queries if "scoring_pairphone" in q["sql"]]
    assert PairPhone.objects.get().last_seen == stored.last_seen
    Phone(code, seat="NS")  # again: the same row, updated
    assert PairPhone.objects.get().last_seen > stored.last_seen


def _phone_writes(queries: CaptureQueriesContext) -> int:
    return sum(
        "scoring_pairphone" in q["sql"] and not q["sql"].startswith("SELECT")
        for q in queries
    )


@pytest.mark.django_db(transaction=True)
def test_another_process_reads_where_the_phone_is_before_writing_it() -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[1]
    phone = Phone(code, seat="NS")
    stored = PairPhone.objects.get()
    seen_forget()  # as a process that did not sign it in
    with CaptureQueriesContext(connection) as queries:
        phone.round()
    assert _phone_writes(queries) == 0  # stored right and seen lately: read only
    with CaptureQueriesContext(connection) as queries:
        phone.round()
    assert not [q for q in queries if "scoring_pairphone" in q["sql"]]  # kept
    PairPhone.objects.update(last_seen=stored.last_seen - 2 * SEEN_EVERY)
    seen_forget()
    with CaptureQueriesContext(connection) as queries:
        phone.round()
    assert _phone_writes(queries) == 1  # seen too long ago: written
    assert PairPhone.objects.get().last_seen > stored.last_seen
    PairPhone.objects.update(table=3)  # stored elsewhere (another phone moved it)
    seen_forget()
    with CaptureQueriesContext(connection) as queries:
        phone.round()
    assert _phone_writes(queries) == 1
    assert PairPhone.objects.get().table == code.table
