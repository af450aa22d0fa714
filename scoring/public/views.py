"""The public results site: read-only, no login, published events only.

clubs → events → session (ranking) → travellers with frequencies and deals,
scorecards, hand records, and live standings that refresh themselves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET

from scoring import queries
from scoring.documents.html import html_table
from scoring.documents.text import deal_words
from scoring.interchange.deal_store import session_commitment
from scoring.interchange.exports import ResultsFile, pbn_file, usebio_file
from scoring.live.changes import last_change
from scoring.live.displays import session_of_key
from scoring.live.rendered import Part, shared_part
from scoring.live.results_cache import version_tag
from scoring.public.caching import live_caching
from scoring.reports.combined import event_ranking_table
from scoring.reports.layout import (
    board_deals,
    board_title,
    frequency_table,
    scorecard_table,
    traveller_table,
)
from scoring.reports.teams import match_table, standing_table
from scoring.reports.web import object_link, ranking_html, results_etag
from scoring.standings import SessionResults
from scoring.standings.results import MatchResult
from scoring.standings.secrecy import public_live, public_results
from scoring.standings.teams import round_in_play
from tournaments.models import Club, Event, Pair, Person, Session
from tournaments.roster.history import player_history

LIVE_REFRESH_SECONDS = 30
# The projector view turns its ranking's pages every so many seconds.
PAGE_SECONDS = 12
PAGE_SECONDS_RANGE = range(1, 601)


def _found(session: Session | None) -> Session:
    if session is None:
        raise Http404
    return session


def _session(session_id: int) -> Session:
    return _found(queries.session_published(session_id))


def _published_etag(request: HttpRequest, session_id: int, **_: object) -> str | None:
    if request.GET.get("part") == "live":
        return None  # the live part has its own (_live_part)
    session = Session.objects.filter(pk=session_id, event__published=True).first()
    return results_etag(request, session)


def _room_etag(request: HttpRequest, key: str) -> str | None:
    if request.GET.get("part") == "live":
        return None  # the live part has its own (_live_part)
    session_id = session_of_key(key)
    session = Session.objects.filter(pk=session_id).first() if session_id else None
    return results_etag(request, session)


def _ranking_tables(
    request: HttpRequest, results: SessionResults, *, linked: bool = True
) -> list[tuple[str, tables.Table]]:
    """Each field's title ('' for one field) and its sortable ranking."""
    link = object_link("public:pair") if linked else None
    return [(t, table) for t, _rows, table in ranking_html(request, results, link)]


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    published = Event.objects.filter(club=OuterRef("pk"), published=True)
    clubs = Club.objects.filter(Exists(published))
    unattached = Event.objects.filter(club=None, published=True)
    return render(request, "public/index.html", {"clubs": clubs, "events": unattached})


def _public_people(people: QuerySet[Person]) -> QuerySet[Person]:
    """Those whose page the public may read: of a club publishing its players'
    pages, and having played in a published event (the rest of the roster is
    the club's)."""
    return people.filter(
        club__publish_players=True,
        players__pair__section__session__event__published=True,
    ).distinct()


@require_GET
def club(request: HttpRequest, club_id: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=club_id)
    events = club.event_set.filter(published=True)
    if not events:
        raise Http404
    players = _public_people(club.people.all())
    context = {"club": club, "events": events, "players": players}
    return render(request, "public/club.html", context)


@require_GET
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(
        Event.objects.select_related("club"), pk=event_id, published=True
    )
    sessions = list(event.sessions.all())
    ranking: tuple[str, tables.Table] | None = None
    if len(sessions) > 1 and not event.is_teams:
        table = event_ranking_table(event, [public_results(s) for s in sessions])
        ranking = (table.title, html_table(table, request=request))
    return render(
        request,
        "public/event.html",
        {"event": event, "sessions": sessions, "event_ranking": ranking},
    )


def _session_context(session: Session, results: SessionResults) -> dict[str, Any]:
    return {
        "session": session,
        "event": session.event,
        "results": results,
        "boards": sorted({b.number for b in results.boards}),
    }


@require_GET
@condition(etag_func=_published_etag)
def session(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(session_id)
    results = public_results(session)
    context = _session_context(session, results)
    context["dealt"] = session_commitment(session)
    if results.family.teams:
        context["groups"] = _team_tables(results, results.matches)
    else:
        context["groups"] = _ranking_tables(request, results)
    return render(request, "public/session.html", context)


def _team_tables(
    results: SessionResults, shown: list[MatchResult]
) -> list[tuple[str, tables.Table]]:
    """A team event's standings and the ``shown`` matches with their scores."""
    event = results.session.event
    report = [standing_table(event, results.matches), match_table(event, shown)]
    return [(t.title, html_table(t)) for t in report]


def _live_tables(
    request: HttpRequest, results: SessionResults, linked: bool
) -> list[tuple[str, tables.Table]]:
    """The live ranking; a team event's standings and the round in play's
    matches."""
    if not results.family.teams:
        return _ranking_tables(request, results, linked=linked)
    number = round_in_play(results.matches)
    return _team_tables(
        results, [r for r in results.matches if r.match.round == number]
    )


def _live(
    request: HttpRequest,
    session: Session,
    template: str,
    feed_key: str = "",
    **page: object,
) -> HttpResponse:
    """The page, or (``?part=live``) its live part alone, rendered once for
    every display of the room (``shared_part``); ``feed_key`` opens the change
    feed of an unpublished event (``feed._followed``); ``page``: more of the
    whole page's context."""

    def rendered(change: int, part: str = "") -> HttpResponse:
        results, hidden = public_live(session)
        context = _session_context(session, results)
        context.update(
            change=change,
            groups=_live_tables(request, results, session.event.published),
            hidden_round=hidden,
            refresh=LIVE_REFRESH_SECONDS,
            feed_key=feed_key,
        )
        return render(request, part or template, {**page, **context})

    if request.GET.get("part") != "live":
        return rendered(last_change(session.event_id))
    return _live_part(request, session, rendered)


def _live_part(
    request: HttpRequest, session: Session, rendered: Callable[..., HttpResponse]
) -> HttpResponse:
    """The live part; ``?change=N`` (the change the feed announced) takes a
    copy showing N or later, else the copy of the results' version now."""
    told = request.GET.get("change", "")
    query = request.GET.copy()
    query.pop("change", None)
    # One copy for every display: the sort links must not carry the change.
    request.GET = query  # type: ignore[assignment]
    path = f"{request.path}?{query.urlencode()}"
    event = session.event
    shown = (session.released, session.round_called, session.table_shows)
    key = version_tag((path, get_language(), shown, event.hide_current_round,
                       event.published))  # fmt: skip
    etag = "" if told.isdigit() else results_etag(request, session, path)

    def wanted(part: Part) -> bool:
        if not told.isdigit():
            return part.etag == etag
        return part.change >= int(told) and part.fresh()

    def render() -> Part:
        change = last_change(session.event_id)  # read first: a later one is fed again
        tag = etag or results_etag(request, session, path) or ""
        response = rendered(change, "public/_live_part.html")
        content_type = response["Content-Type"]
        return Part(change, tag, response.content, content_type, time.time())

    part = shared_part(key, wanted, render)
    response: HttpResponse
    if part.etag and f'"{part.etag}"' in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(part.content, content_type=part.content_type)
    response["ETag"] = f'"{part.etag}"'
    return response


@require_GET
@live_caching(shared=True)
@condition(etag_func=_published_etag)
def live(request: HttpRequest, session_id: int) -> HttpResponse:
    return _live(request, _session(session_id), "public/live.html")


@require_GET
@live_caching(shared=False)
@condition(etag_func=_room_etag)
def room(request: HttpRequest, key: str) -> HttpResponse:
    """The room display: live standings for a projector or the players' phones,
    at a signed address that works before the results are published."""
    session_id = session_of_key(key)
    session = None if session_id is None else queries.session_with_event(session_id)
    return _live(request, _found(session), "public/room.html", key)


def _page_seconds(request: HttpRequest) -> int | None:
    """The projector's ``?seconds=`` between pages (None: not a whole number
    in range)."""
    text = request.GET.get("seconds", "").strip()
    if not text:
        return PAGE_SECONDS
    seconds = int(text) if text.isdigit() and len(text) < 4 else 0
    return seconds if seconds in PAGE_SECONDS_RANGE else None


@require_GET
@condition(etag_func=_room_etag)
def room_projector(request: HttpRequest, key: str) -> HttpResponse:
    """The room display for a projector: large type, and the ranking paging by
    itself when it is longer than the screen."""
    seconds = _page_seconds(request)
    if seconds is None:
        message = _("seconds: a whole number of seconds from %(low)s to %(high)s.")
        limits = {"low": PAGE_SECONDS_RANGE[0], "high": PAGE_SECONDS_RANGE[-1]}
        page = render(request, "refused.html", {"message": message % limits})
        page.status_code = 400
        return page
    session_id = session_of_key(key)
    session = None if session_id is None else queries.session_with_event(session_id)
    template = "public/room_projector.html"
    return _live(request, _found(session), template, key, page_seconds=seconds)


@require_GET
@condition(etag_func=_published_etag)
def board(request: HttpRequest, session_id: int, number: int) -> HttpResponse:
    session = _session(session_id)
    results = public_results(session)
    scored = [b for b in results.boards if b.number == number]
    if number in results.hidden:
        context = _session_context(session, results)
        context.update(number=number, withheld=True)
        return render(request, "public/board.html", context)
    if not scored:
        raise Http404
    travellers = [
        (
            board_title(b),
            html_table(traveller_table(b, results)),
            html_table(frequency_table(b, results)),
        )
        for b in scored
    ]
    context = _session_context(session, results)
    deal = board_deals(results).get(number)
    context.update(
        number=number,
        deal=deal_words(deal) if deal else None,
        travellers=travellers,
    )
    return render(request, "public/board.html", context)


@require_GET
def pair(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = get_object_or_404(
        Pair.objects.select_related("section__session__event"),
        pk=pair_id,
        section__session__event__published=True,
    )
    session = pair.section.session
    results = public_results(session)
    table = html_table(
        scorecard_table(pair, results, page=True), request=request, orderable=True
    )
    context = _session_context(session, results)
    context.update(pair=pair, table=table, standing=results.standing_of(pair))
    club = session.event.club
    if club is not None and club.publish_players:
        context["people"] = [p for p in pair.players.all() if p.person_id]
    return render(request, "public/pair.html", context)


@require_GET
def player(request: HttpRequest, person_id: int) -> HttpResponse:
    """A player's events and percentages, when the club publishes them."""
    people = _public_people(Person.objects.select_related("club"))
    person = get_object_or_404(people, pk=person_id)
    played = player_history(person, public=True)
    context = {"person": person, "played": played, "director": False}
    return render(request, "public/player.html", context)


@require_GET
@condition(etag_func=_published_etag)
def hands(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(session_id)
    results = public_results(session)
    context = _session_context(session, results)
    context["deals"] = [deal_words(d) for d in board_deals(results).values()]
    return render(request, "public/hands.html", context)


def _file(found: ResultsFile) -> HttpResponse:
    response = HttpResponse(found.content, content_type=found.content_type)
    response["Content-Disposition"] = f'attachment; filename="{found.name}"'
    return response


@require_GET
def usebio(request: HttpRequest, session_id: int) -> HttpResponse:
    """The session's USEBIO file as the public may see it (no unplayed board)."""
    return _file(usebio_file(public_results(_session(session_id))))


@require_GET
def pbn(request: HttpRequest, session_id: int) -> HttpResponse:
    """The session's PBN file as the public may see it (no unplayed board)."""
    return _file(pbn_file(public_results(_session(session_id))))
