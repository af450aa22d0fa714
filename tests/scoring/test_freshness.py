"""The results' freshness is a fact of the database: a row of any table the
results are made of, changed through Django's admin or by a raw ORM save,
update or delete (no change logged), is seen at once by the director's
ranking, the public ranking and the downloads of the same process, whose kept
copy held the old results (run on SQLite and on PostgreSQL by `make test`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.db.models import F
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from movements.models import SectionMovement
from scoring.live.results_cache import results_version
from scoring.models import AssignedScore, TravellerLine
from scoring.models.triggers import TARGETS
from tournaments.demo import build_demo
from tournaments.models import (
    Board,
    Entry,
    Event,
    Match,
    Pair,
    Player,
    Section,
    Session,
    Team,
)

pytestmark = pytest.mark.django_db
Pages = tuple[list[str], list[str], list[object]]


class _Form(HTMLParser):
    """The fields a browser would send from an admin change form."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        name = a.get("name", "")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") != "checkbox":
                self.fields[name] = a.get("value", "")
            elif "checked" in a:
                self.fields[name] = a.get("value", "on")
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            self.fields[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data.removeprefix("\n")


def _admin_edit(
    admin: Client, obj: object, changes: dict[str, str], added: dict[str, str]
) -> None:
    """Post ``obj``'s admin change form as shown, with ``changes`` to its fields
    and the ``added`` fields of a new inline row."""
    meta = obj._meta  # type: ignore[attr-defined]
    url = reverse(
        f"admin:{meta.app_label}_{meta.model_name}_change",
        args=[obj.pk],  # type: ignore[attr-defined]
    )
    form = _Form()
    form.feed(admin.get(url).content.decode())
    missing = [k for k in changes if k not in form.fields]
    assert not missing, missing
    answer = admin.post(url, {**form.fields, **changes, **added, "_save": "Save"})
    errors = re.findall(r"errorlist[^>]*>(.*?)</ul>", answer.content.decode(), re.S)
    assert answer.status_code == 302, errors


def _cells(html: bytes) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", html.decode(), re.S)


def _pages(director: Client, session: Session) -> Pages:
    """What the director's ranking, the public ranking and the spreadsheet
    download show."""
    ranking = director.get(reverse("scoring:ranking", args=[session.pk]))
    public = Client().get(reverse("public:session", args=[session.pk]))
    xlsx = director.get(reverse("scoring:session_xlsx", args=[session.pk]))
    book = load_workbook(BytesIO(xlsx.content), read_only=True)
    values = [c for sheet in book for row in sheet.iter_rows(values_only=True)
              for c in row]  # fmt: skip
    return _cells(ranking.content), _cells(public.content), values


@pytest.fixture
def demo() -> Session:
    return build_demo().sessions.get()


@pytest.fixture
def admin(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("root", "root@x.org", "pw"))
    return client


def _line(session: Session) -> TravellerLine:
    """A line of the demo's top pair (4NS)."""
    lines = TravellerLine.objects.filter(
        board__session=session, ns_pair__label="4NS", ns_artificial=""
    )
    return lines.order_by("board__number")[0]


def _adjusted(session: Session) -> TravellerLine:
    return TravellerLine.objects.get(board__session=session, board__number=8, table=4)


def test_the_demos_ranking_follows_a_line_edited_in_the_admin(
    demo: Session, admin: Client
) -> None:
    before = _pages(admin, demo)
    assert "59.60" in "".join(before[0]) and "59.60" in "".join(before[1])
    line = _line(demo)
    tricks = str((line.tricks or 0) - 2)
    _admin_edit(admin, line, {"tricks": tricks, "score_ns": "-100"}, {})
    after = _pages(admin, demo)
    assert all(a != b for a, b in zip(before, after, strict=True))
    assert "59.60" not in "".join(after[0]) + "".join(after[1])


NEW_ASSIGNED = {"assigned-0-weight_percent": "100", "assigned-0-score_ns": "600"}
ADMIN_EDITS: dict[str, tuple[Callable[[Session], object], dict[str, str]]] = {
    "line": (_adjusted, {"ns_artificial": "A40", "ew_artificial": "A60"}),
    "assigned score": (_line, {"assigned-TOTAL_FORMS": "1"}),
    "pair": (lambda s: Pair.objects.get(section__session=s, label="1NS"),
             {"label": "1N"}),
    "player": (lambda s: Pair.objects.get(section__session=s, label="1NS"),
               {"players-0-name": "Zoe Zed"}),
    "section": (lambda s: s.sections.get(), {"expected_results": "9"}),
    "event": (lambda s: s.event, {"factoring": "none"}),
}  # fmt: skip


@pytest.mark.parametrize("edit", ADMIN_EDITS)
def test_an_admin_edit_is_on_every_page_at_once(
    demo: Session, admin: Client, edit: str
) -> None:
    find, changes = ADMIN_EDITS[edit]
    before = _pages(admin, demo)
    added = NEW_ASSIGNED if edit == "assigned score" else {}
    _admin_edit(admin, find(demo), changes, added)
    after = _pages(admin, demo)
    assert [a != b for a, b in zip(before, after, strict=True)] == [True] * 3


def _save_line(session: Session) -> None:
    line = _line(session)
    line.tricks = (line.tricks or 0) - 2
    line.score_ns = -100
    line.save()


ORM_EDITS: dict[str, Callable[[Session], object]] = {
    "line saved": _save_line,
    "line updated": lambda s: TravellerLine.objects.filter(pk=_line(s).pk).update(
        ns_artificial="A40", ew_artificial="A60", tricks=None, level=None),
    "line deleted": lambda s: _line(s).delete(),
    "assigned score": lambda s: AssignedScore.objects.create(
        line=_line(s), score_ns=600),
    "pair": lambda s: Pair.objects.filter(section__session=s, label="1NS").update(
        label="1N"),
    "player": lambda s: Player.objects.filter(pair__section__session=s).update(
        name="Zoe Zed"),
    "section": lambda s: Section.objects.filter(session=s).update(expected_results=9),
    "event": lambda s: Event.objects.filter(pk=s.event_id).update(factoring="none"),
}  # fmt: skip


@pytest.mark.parametrize("edit", ORM_EDITS)
def test_a_raw_orm_write_is_on_every_page_at_once(
    demo: Session, admin: Client, edit: str
) -> None:
    before = _pages(admin, demo)
    ORM_EDITS[edit](demo)
    after = _pages(admin, demo)
    assert [a != b for a, b in zip(before, after, strict=True)] == [True] * 3


TABLE_EDITS: dict[str, Callable[[Session], object]] = {
    "scoring_travellerline": lambda s: TravellerLine.objects.filter(
        board__session=s).update(lead="SA"),
    "scoring_assignedscore": lambda s: AssignedScore.objects.create(
        line=_line(s), score_ns=600),
    "tournaments_board": lambda s: Board.objects.filter(session=s).update(
        analysis={"x": 1}),
    "tournaments_section": lambda s: Section.objects.filter(session=s).update(
        colour="red"),
    "tournaments_match": lambda s: Match.objects.create(
        session=s, round=1, home=_team(s, 1), away=_team(s, 2), open_table=1,
        closed_table=2, first_board=1, last_board=2),
    "tournaments_pair": lambda s: Pair.objects.filter(section__session=s).update(
        number=F("number") + 100),
    "movements_sectionmovement": lambda s: SectionMovement.objects.filter(
        section__session=s).delete(),
    "tournaments_player": lambda s: Player.objects.filter(
        pair__section__session=s).update(handicap=1),
    "tournaments_session": lambda s: Session.objects.filter(pk=s.pk).update(
        round_called=3),
    "tournaments_event": lambda s: Event.objects.filter(pk=s.event_id).update(
        name="Renamed"),
    "tournaments_team": lambda s: _team(s, 3),
    "tournaments_entry": lambda s: Entry.objects.create(event=s.event, number=99),
}  # fmt: skip


def _team(session: Session, number: int) -> Team:
    return Team.objects.create(event=session.event, number=number, name=f"T{number}")


def test_every_table_with_triggers_has_an_edit_below() -> None:
    assert set(TABLE_EDITS) == set(TARGETS)


@pytest.mark.parametrize("table", TABLE_EDITS)
def test_a_write_to_any_results_table_moves_the_version(
    demo: Session, table: str
) -> None:
    before = results_version(demo)
    TABLE_EDITS[table](demo)
    assert results_version(demo) != before


def test_a_deleted_event_takes_its_versions_with_it(demo: Session) -> None:
    from scoring.models import ResultsVersion

    assert ResultsVersion.objects.filter(event_id=demo.event_id).exists()
    demo.event.delete()
    assert not ResultsVersion.objects.filter(event_id=demo.event_id).exists()


def test_a_migrate_puts_back_the_triggers_a_rebuilt_table_lost(demo: Session) -> None:
    from django.apps import apps
    from django.db import connection

    from scoring.apps import _triggers_again
    from scoring.models.triggers import triggers_drop

    triggers_drop(connection)  # as SQLite does when a migration rebuilds a table
    _triggers_again(apps.get_app_config("scoring"), using="default")
    before = results_version(demo)
    TravellerLine.objects.filter(pk=_line(demo).pk).update(tricks=1)
    assert results_version(demo) != before
