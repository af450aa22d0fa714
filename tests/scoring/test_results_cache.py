"""Scored sessions are kept between requests and scored again exactly when what
their results are made of changes; pages answer 304 while nothing has."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.entry import services
from scoring.live.results_cache import results_version
from scoring.models import TravellerLine
from scoring.standings import session_results
from scoring.standings.load import LoadedSession
from tests.factories import make_event, make_result, pair, section_of
from tournaments.models import Event, Session
from tournaments.setup.events import pair_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    event = make_event(tables=3, boards_per_round=2)
    section = section_of(event)
    make_result(section, 1, "1NS", "1EW", "4S N =")
    make_result(section, 1, "2NS", "2EW", "4S N +1")
    return event.sessions.get()


def test_an_unchanged_session_is_scored_once(session: Session) -> None:
    assert session_results(session) is session_results(session)


def test_a_correction_is_seen_at_once(session: Session) -> None:
    before = session_results(session)
    line = TravellerLine.objects.get(ns_pair__label="1NS")
    make_result(section_of(session.event), 1, "1NS", "1EW", "4S N -1", line=line)
    after = session_results(session)
    assert after is not before
    assert after.boards[0].lines[0].line.tricks == 9


def test_names_deletions_and_settings_move_the_version(session: Session) -> None:
    versions = [results_version(session)]
    pair_name(pair=pair(section_of(session.event), "1NS"), names=["Ana", "Bo"])
    versions.append(results_version(session))
    services.line_delete(line=TravellerLine.objects.all()[0])
    versions.append(results_version(session))
    Event.objects.filter(pk=session.event_id).update(factoring="none")
    versions.append(results_version(session))
    TravellerLine.objects.all().delete()  # even without a log entry
    versions.append(results_version(session))
    assert len(set(versions)) == len(versions)


def test_the_scoring_follows_a_settings_change_made_directly(
    session: Session,
) -> None:
    assert not session_results(session).in_imps
    Event.objects.filter(pk=session.event_id).update(scoring="butler")
    assert session_results(session).in_imps


def test_polling_a_page_gets_304_until_a_result_changes(
    session: Session, client: Client
) -> None:
    Event.objects.filter(pk=session.event_id).update(published=True)
    url = reverse("public:live", args=[session.pk])
    first = client.get(url)
    tag = first["ETag"]
    assert first.status_code == 200 and tag
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    assert (
        client.get(url + "?sort=rank", headers={"If-None-Match": tag}).status_code
        == 200
    )
    make_result(section_of(session.event), 2, "1NS", "1EW", "3NT N =")
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again["ETag"] != tag


def test_a_correction_reads_only_its_board_again(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoring.standings import reloading as cache

    session_results(session)
    read: list[object] = []
    monkeypatch.setattr(cache, "load_session", lambda s: read.append("all"))
    reload = cache.reload_boards

    def spy(data: LoadedSession, boards: set[int]) -> LoadedSession:
        read.append(set(boards))
        return reload(data, boards)

    monkeypatch.setattr(cache, "reload_boards", spy)
    line = TravellerLine.objects.get(ns_pair__label="2NS")
    make_result(section_of(session.event), 1, "2NS", "2EW", "3NT N =", line=line)
    make_result(section_of(session.event), 2, "3NS", "3EW", "3NT N =")
    results = session_results(session)
    assert read == [{1, 2}]
    assert [len(b.lines) for b in results.boards] == [2, 1]
