"""The table API's answers as JSON: the round as one phone sees it, each score
from the phone's own side, and the notices and scorecard it has to read, of the
boards it may see (``sight.rule``)."""

from __future__ import annotations

from typing import Any

from scoring.models import TableEntry
from scoring.reports.personal import personal_link
from scoring.table.play.codes import TablePhone, side_of
from scoring.table.play.follow import go_to
from scoring.table.play.rounds import TableRound, next_moves
from scoring.table.play.scorecards import contract_text, round_to_confirm, side_score
from scoring.table.play.seats import individual_next, players_json
from scoring.table.sight.match_score import match_shown
from scoring.table.sight.notices import notices
from scoring.table.sight.rule import Sight, sight
from tournaments.models import Pair

__all__ = ["entry_json", "round_json"]


def entry_json(entry: TableEntry, side: str = "NS") -> dict[str, Any]:
    """A sent result; ``score`` from ``side``, ``side`` the side that sent it."""
    return {
        "id": entry.pk,
        "board": entry.board.number,
        "status": entry.status,
        "contract": contract_text(entry, entry.not_played),
        "declarer": entry.declarer or None,
        "tricks": entry.tricks,
        "lead": entry.lead or None,
        "score_ns": entry.score_ns,
        "score": side_score(entry.score_ns, side),
        "seat": entry.seat or None,
        "side": side_of(entry.seat),
        "version": _version(entry.version, side),
    }


def _version(version: dict[str, Any] | None, side: str) -> dict[str, Any] | None:
    if version is None:
        return None
    return {**version, "score": side_score(version.get("score_ns"), side)}


def _pair_json(pair: Any) -> dict[str, Any] | None:
    return None if pair is None else {"label": pair.label, "names": pair.names}


def _options(state: TableRound) -> dict[str, Any]:
    session = state.code.section.session
    return {
        "lead": session.table_leads,
        # An individual's players are named by the director, one to a seat.
        "players": session.table_players and not state.individual,
        "shows": session.table_shows,
        "confirm": session.table_confirm,
    }


def _personal(state: TableRound, seen: Sight, finished: bool) -> list[dict[str, str]]:
    """Once the table (a pair's phone: its pair) has played every round: the
    personal results page of each pair the phone belongs to that sits there
    (it shows the results once released)."""
    if not finished:
        return []
    players = state.players
    seated = list(players.values()) if players is not None else state.holding
    if state.seating is None or not seen.holders <= {p.pk for p in seated if p}:
        seated = list(Pair.objects.filter(pk__in=seen.holders))
    return [
        {"pair": p.label, "url": personal_link(p)}
        for p in seated
        if p is not None and p.pk in seen.holders
    ]


def _called(state: TableRound, seen: Sight) -> bool:
    """Whether the pairs the phone shows (of the scorecard it shows, else of
    the round in play) called the director; a call made before the calls had
    a round counts as theirs."""
    code, pairs_round = state.code, seen.waiting or state.round
    return code.called_at is not None and code.called_round in (None, pairs_round)


def _next(state: TableRound) -> dict[str, Any] | None:
    return individual_next(state) if state.individual else next_moves(state)


def _phone_json(phone: TablePhone, seen: Sight) -> dict[str, Any]:
    """The phone's seat and side; for a pair's phone also where it is now,
    the table it signed in at, and whether it waits for its table to finish
    the round before (``play.follow``)."""
    body: dict[str, Any] = {"seat": phone.seat or None, "side": phone.side}
    place = phone.place
    if place is None:
        return {**body, "follows": False}
    return {
        **body,
        "follows": True,
        "table": place.table,
        "round": place.round,
        "signed_in": place.signed_in,
        "sit_out": place.table is None,
        "waits": not seen.here and place.table is not None and not place.finished,
    }


def _boards_json(
    state: TableRound, entries: dict[int, dict[str, Any]]
) -> list[dict[str, Any]]:
    return [
        {
            "number": b.number,
            "status": b.status,
            "entry": entries.get(b.number),
            "settled": b.number in state.settled,
        }
        for b in state.boards
    ]


def round_json(state: TableRound, phone: TablePhone) -> dict[str, Any]:
    code, seating = state.code, state.seating
    session = code.section.session
    ns, ew = state.holding
    side = phone.side
    seen = sight(phone, state)
    place = phone.place
    finished = state.finished if place is None else place.finished
    shows_boards = place is None or (seen.here and place.table is not None)
    entries = {
        n: entry_json(e, side) for n, e in state.entries.items() if seen.reads_entry(n)
    }
    return {
        "event": session.event.name,
        "session": session.number,
        "section": code.section.letter,
        "table": code.table,
        "round": state.round,
        "finished": finished,
        "sit_out": state.sit_out or (place is not None and place.table is None),
        "arrow_switch": bool(seating and seating.arrow_switched),
        "ns": ns.label if ns else None,
        "ew": ew.label if ew else None,
        "pairs": {"ns": _pair_json(ns), "ew": _pair_json(ew)},
        "players": players_json(state),
        "boards": _boards_json(state, entries) if shows_boards else [],
        "next": None if state.finished else _next(state),
        "go_to": go_to(phone),
        "options": _options(state),
        "called": _called(state, seen),
        "phone": _phone_json(phone, seen),
        "scorecard": round_to_confirm(state, phone, seen.waiting, seen.sees),
        "notices": [n for n in notices(code, seen.holders) if seen.sees(n["board"])],
        "personal": _personal(state, seen, finished),
        "match": match_shown(state, phone, seen),
    }
