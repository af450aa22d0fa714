"""A table's round is answered 304 while only the other tables' phones work,
and changes as soon as its own phones or the director change what it shows."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.entry.services import log_event
from scoring.models import TravellerLine
from tournaments.models import Pair, Session

from .helpers import Phone, codes, own_phones_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return own_phones_session()


def _etag(phone: Phone) -> str:
    response = phone.get("round")
    assert response.status_code == 200
    return str(response["ETag"])


def _polled(phone: Phone, etag: str) -> Any:
    headers = {**phone.headers(), "If-None-Match": etag}
    return phone.client.get("/api/table/round", headers=headers)


def _play_round(ns: Phone, ew: Phone) -> None:
    for board in ns.round()["boards"]:
        sent = ns.send(board["number"]).json()
        assert ew.post(f"results/{sent['id']}/confirm").status_code == 200


def test_the_other_tables_phones_leave_a_tables_round_unchanged(
    session: Session,
) -> None:
    table = codes(session)
    here = Phone(table["A", 1], seat="EW")
    etag = _etag(here)
    for number in (2, 3):
        _play_round(
            Phone(table["A", number], seat="NS"), Phone(table["A", number], seat="EW")
        )
    assert _polled(here, etag).status_code == 304


def test_the_tables_own_phones_change_it(session: Session) -> None:
    code = codes(session)["A", 1]
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    etag = _etag(ew)
    sent = ns.send(1).json()
    waiting = _polled(ew, etag)
    assert waiting.status_code == 200
    assert waiting.json()["boards"][0]["entry"]["id"] == sent["id"]
    etag = waiting["ETag"]
    ew.post(f"results/{sent['id']}/confirm")
    assert _polled(ns, _etag(ns)).status_code == 304
    assert _polled(ew, etag).status_code == 200  # accepted


def test_the_round_confirmed_by_the_table_changes_it(session: Session) -> None:
    code = codes(session)["A", 1]
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    _play_round(ns, ew)
    etag = _etag(ns)
    assert ew.post("rounds/1/confirm").status_code == 200
    assert _polled(ns, etag).status_code == 200


def test_any_change_by_the_director_changes_every_tables_round(
    session: Session,
) -> None:
    table = codes(session)
    phones = [Phone(table["A", n], seat="NS") for n in (1, 2, 3)]
    etags = [_etag(phone) for phone in phones]
    log_event(session.event_id, None, "corrected", "board 5 corrected")
    assert [_polled(p, e).status_code for p, e in zip(phones, etags, strict=True)] == [
        200
    ] * 3


def test_a_line_changed_in_the_database_directly_changes_it(session: Session) -> None:
    """No log follows an edit through the admin or a script: the table's
    version holds the freshness stamps of the boards it has lines of."""
    code = codes(session)["A", 1]
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    _play_round(ns, ew)
    etag = _etag(ew)
    assert _polled(ew, etag).status_code == 304
    line = TravellerLine.objects.filter(section=code.section, table=1).first()
    assert line is not None
    TravellerLine.objects.filter(pk=line.pk).update(tricks=(line.tricks or 0) - 1)
    assert _polled(ew, etag).status_code == 200


def test_a_pair_renamed_in_the_database_directly_changes_it(session: Session) -> None:
    code = codes(session)["A", 1]
    ew = Phone(code, seat="EW")
    etag = _etag(ew)
    pair = Pair.objects.filter(section=code.section).first()
    assert pair is not None
    assert Pair.objects.filter(pk=pair.pk).update(label="Renamed") == 1
    assert _polled(ew, etag).status_code == 200
