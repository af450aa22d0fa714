"""Each hot read in plain SQL gives what the ORM's queryset gives."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from django.contrib.auth.models import User
from django.db.models import Model
from django.utils import timezone

from movements.models import Seating
from scoring import queries
from scoring.models import (
    ChangeLog,
    RoundConfirmation,
    TableCode,
    TableEntry,
    TravellerLine,
)
from scoring.queries.lines import holders_lines, section_line_rows
from scoring.queries.rounds import round_progress
from scoring.queries.scorecards import round_lines, table_confirmations
from scoring.standings.lines import FIELDS, ORDER
from scoring.table.play.codes import codes_ensure
from scoring.table.play.rounds import OPEN_STATUSES
from scoring.table.play.seatings import section_rows
from scoring.table.sight.notices import ACTIONS
from tests.factories import make_event
from tests.table.helpers import Phone
from tournaments.models import LOADED_PLAYERS, Board, Pair, Player, Session

pytestmark = pytest.mark.django_db

HUGE = 2**70  # beyond 64 bits: SQLite's driver cannot bind it


def _fields(row: Model | None) -> dict[str, object]:
    assert row is not None
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}


def _same(mine: Sequence[Model], theirs: Sequence[Model]) -> None:
    assert [_fields(m) for m in mine] == [_fields(t) for t in theirs]
    assert all(m._state.db == "default" and not m._state.adding for m in mine)


@pytest.fixture
def code() -> TableCode:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[1]
    # A moment and a flag: SQLite gives them back as text and a number,
    # which the fields' converters turn into what the model holds.
    TableCode.objects.filter(pk=code.pk).update(last_seen=timezone.now())
    Session.objects.filter(pk=session.pk).update(tables_open=True)
    return TableCode.objects.get(pk=code.pk)


@pytest.fixture
def played(code: TableCode) -> TableCode:
    """The table's first board played, the second sent and waiting."""
    phone = Phone(code)
    number = phone.round()["boards"][0]["number"]
    assert phone.play(number).status_code == 200
    assert phone.send(number + 1).status_code == 201
    return code


def test_a_table_code_comes_with_its_section_session_and_event(
    code: TableCode, django_assert_num_queries
) -> None:
    orm = TableCode.objects.select_related("section__session__event").get(pk=code.pk)
    with django_assert_num_queries(2):  # one each, the related rows joined
        by_code = queries.table_code_by_code(code.code)
        by_token = queries.table_code_by_token(code.pk, code.code)
        assert by_code is not None and by_token is not None
        assert by_token.section.session.event.name == orm.section.session.event.name
    for kept in (by_code, by_token):
        assert kept is not None
        for mine, theirs in [
            (kept, orm),
            (kept.section, orm.section),
            (kept.section.session, orm.section.session),
            (kept.section.session.event, orm.section.session.event),
        ]:
            assert _fields(mine) == _fields(theirs)
        assert kept.section.session.tables_open is True
        assert kept.last_seen is not None and kept.last_seen.tzinfo is not None


def test_no_row_is_none_and_a_wrong_value_raises_as_a_filter_would(
    code: TableCode,
) -> None:
    assert queries.table_code_by_code("NOTHIS") is None
    assert queries.table_code_by_token(code.pk, "NOTHIS") is None
    assert queries.table_code_by_token(code.pk + 1000, code.code) is None
    with pytest.raises(ValueError):
        queries.table_code_by_token("one", code.code)  # type: ignore[arg-type]


def test_a_key_beyond_64_bits_finds_nothing(played: TableCode) -> None:
    """As Django's own integer lookups decide: no row, no OverflowError."""
    code = played
    for huge in (HUGE, -HUGE):
        assert queries.table_code_by_token(huge, code.code) is None
        assert queries.session_published(huge) is None
        assert queries.session_with_event(huge) is None
        assert queries.board_numbered(code.section.session_id, huge) is None
        assert queries.board_numbered(huge, 1) is None
        assert queries.board_line_rows(huge, FIELDS) == []
        assert queries.board_assigned(huge) == []
        assert queries.section_board_lines(huge, code.section_id) == []
        assert section_line_rows(huge) == ()
        assert round_progress(code.section.session_id, huge, False) == (0, 0)
        assert holders_lines(code.section.session_id, {huge}) == ()
        assert queries.corrections(huge, ACTIONS) == []
        assert queries.open_entries(huge, OPEN_STATUSES) == []
        assert queries.entry_of_table(huge, code.pk) is None
        assert queries.entry_by_client(huge, "x") is None
        assert queries.pairs_with_players([huge]) == {}
        assert table_confirmations(huge) == frozenset()
        assert round_lines(code.section_id, code.table, huge) == []


def test_the_sessions_read_as_the_orm_reads_them(code: TableCode) -> None:
    session = code.section.session
    assert queries.session_published(session.pk) is None  # not published yet
    session.event.published = True
    session.event.save(update_fields=["published"])
    mine = queries.session_published(session.pk)
    orm = Session.objects.select_related("event__club").get(pk=session.pk)
    assert mine is not None
    assert _fields(mine) == _fields(orm)
    assert _fields(mine.event) == _fields(orm.event)
    assert mine.event.club == orm.event.club
    room = queries.session_with_event(session.pk)
    assert room is not None and _fields(room.event) == _fields(orm.event)


def test_a_board_is_found_or_made_once(code: TableCode) -> None:
    session_id = code.section.session_id
    assert queries.board_numbered(session_id, 99) is None
    made = queries.board_ensure(session_id, 99)
    assert queries.board_ensure(session_id, 99).pk == made.pk
    assert queries.board_numbered(session_id, 99) == made
    _same([queries.board_ensure(session_id, 99)], [Board.objects.get(pk=made.pk)])
    assert Board.objects.filter(session_id=session_id, number=99).count() == 1


def test_the_lines_read_as_the_orm_reads_them(played: TableCode) -> None:
    line = TravellerLine.objects.get(section=played.section)
    board, section = line.board_id, line.section_id
    orm = TravellerLine.objects.filter(board=board).order_by(*ORDER)
    assert queries.board_line_rows(board, FIELDS) == list(orm.values_list(*FIELDS))
    near = queries.section_board_lines(board, section)
    _same(near, list(TravellerLine.objects.filter(board=board, section=section)))
    assert near[0].ns_pair == line.ns_pair and near[0].ew_pair == line.ew_pair
    rows = TravellerLine.objects.filter(section=section).values_list(
        "board__number", "ns_pair_id", "ew_pair_id", "table", "round"
    )
    assert section_line_rows(section) == tuple(rows)
    session, round_no = played.section.session_id, line.round or 0
    assert round_no and round_progress(session, round_no, False)[1] == 1
    assert round_progress(session, round_no + 1, False)[1] == 0
    columns = ("pk", "board__number", "ns_pair_id", "ew_pair_id", "south_id", "west_id")
    mine = TravellerLine.objects.filter(
        section__session_id=session, ns_pair=line.ns_pair
    )
    assert holders_lines(session, {line.ns_pair_id}) == tuple(
        mine.values_list(*columns)
    )
    assert holders_lines(session, set()) == ()


def test_the_entries_read_as_the_orm_reads_them(played: TableCode) -> None:
    entries = TableEntry.objects.filter(table=played).order_by("pk")
    accepted, waiting = list(entries)
    mine = queries.open_entries(played.pk, OPEN_STATUSES)
    _same(mine, [waiting])
    assert mine[0].board == waiting.board
    for entry in (accepted, waiting):
        read = queries.entry_of_table(entry.pk, played.pk)
        orm = TableEntry.objects.select_related("board", "ns_pair", "ew_pair", "line")
        theirs = orm.get(pk=entry.pk)
        assert read is not None and _fields(read) == _fields(theirs)
        assert read.line == theirs.line  # None for the one still waiting
        assert _fields(read.ns_pair) == _fields(theirs.ns_pair)
        again = queries.entry_by_client(played.pk, entry.client_id)
        assert again is not None and _fields(again) == _fields(entry)
    assert queries.entry_of_table(accepted.pk, played.pk + 1) is None


def test_the_seatings_pairs_and_players_read_as_the_orm_reads_them(
    code: TableCode,
) -> None:
    mine = section_rows(code.section_id).of_table(code.table)
    orm = Seating.objects.filter(section=code.section, table=code.table)
    _same(sorted(mine, key=lambda s: s.pk), list(orm.order_by("pk")))
    pair = Pair.objects.filter(section=code.section).first()
    assert pair is not None
    other = Pair.objects.exclude(pk=pair.pk).filter(section=code.section).first()
    assert other is not None
    Player.objects.filter(pair__in=(pair, other)).delete()
    for seat in (2, 1):
        Player.objects.create(pair=pair, seat=seat, name=f"Player {seat}")
    read = queries.pairs_with_players([other.pk, pair.pk, HUGE])
    assert list(read) == sorted([pair.pk, other.pk])
    _same([read[pair.pk], read[other.pk]], [pair, other])
    players = getattr(read[pair.pk], LOADED_PLAYERS)
    _same(players, list(Player.objects.filter(pair=pair).order_by("seat")))
    assert [p.seat for p in players] == [1, 2]
    assert getattr(read[other.pk], LOADED_PLAYERS) == []


def test_a_tables_scorecard_reads_as_the_orm_reads_it(played: TableCode) -> None:
    line = TravellerLine.objects.get(section=played.section)
    assert line.table == played.table and line.round
    RoundConfirmation.objects.create(table=played, round=line.round, side="EW")
    orm = RoundConfirmation.objects.filter(table=played).values_list("round", "side")
    assert table_confirmations(played.pk) == frozenset(orm) == {(line.round, "EW")}
    mine = round_lines(played.section_id, played.table, line.round)
    _same(mine, [line])
    assert mine[0].board == line.board
    assert round_lines(played.section_id, played.table, line.round + 1) == []


def test_a_directors_corrections_and_assigned_scores(played: TableCode) -> None:
    line = TravellerLine.objects.get(section=played.section)
    director = User.objects.create(username="director")
    session = played.section.session
    ChangeLog.objects.create(
        event=session.event, session=session, board=1, action="corrected",
        user=director, before={"table": 1}, after={"table": 2},
    )  # fmt: skip
    orm = ChangeLog.objects.filter(
        session=session, device="", action__in=ACTIONS
    ).exclude(user=None)
    mine = queries.corrections(session.pk, ACTIONS)
    _same(sorted(mine, key=lambda c: c.pk), list(orm.order_by("pk")))
    assert mine[0].after == {"table": 2}  # JSON read back as the field reads it
    assert queries.board_assigned(line.board_id) == []
