"""The results of an event as JSON: the shape `results --json` prints.

Pairs events: rankings of each session (``session``), the ranking over the
sessions by entry (``event_rankings``: names, direction, the entry's sessions,
score, percentage, rank), and every board's traveller with points (matchpoints as
written, factored beside them; IMPs and the datum in IMP events); a handicapped
event's rankings add ``handicap`` and ``handicapped_percentage``; Swiss pairs add
``swiss_matches`` (each round's matches with IMPs and VPs; a ranking's ``score``
is the pair's VPs). Team events add
every match's IMPs and VPs (board-a-match: board points) and the standings.
An individual's rankings carry the ``player`` number (each pair one player) and
every line its ``players`` by seat.
Every board carries its ``deal`` (PBN), ``double_dummy`` (tricks by declarer and
strain) and ``par`` (``{"score_ns", "contracts"}``) as stored by analyse_deals,
null when unknown or not solved yet.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoring.adapters import result_of
from scoring.engine.notation import Language, format_contract
from scoring.standings import (
    ScoredBoard,
    ScoredLine,
    SessionResults,
    Standing,
    event_results,
    family_of,
)
from scoring.standings.combined import EventRow, event_ranking
from scoring.standings.lines import Line
from scoring.standings.results import MatchResult, Points, side_raw
from tournaments.models import Board, Event, Simultaneous

from .lines import adjusted_label
from .lineups_json import match_lineups
from .numbers import rounded, rounded_float, shown
from .simultaneous_json import simultaneous_json

if TYPE_CHECKING:
    from scoring.standings.teams import TeamStanding

__all__ = ["event_json", "line_json", "match_json", "number_json"]

STRAIN_ORDER = ("NT", "S", "H", "D", "C")


def number_json(
    value: Fraction | Decimal | None, results: SessionResults
) -> float | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        value = Fraction(value)
    return rounded_float(shown(value, results))


class _Numbers:
    """``number_json`` for one session's results, remembering each value already
    written: lines with the same result share their point values, so a national
    field has a few thousand values to write, not a hundred thousand."""

    def __init__(self, results: SessionResults) -> None:
        self.results = results
        self.seen: dict[int, tuple[object, float | None]] = {}
        self.results_of: dict[tuple[object, ...], tuple[Any, Any, Any]] = {}
        self.points_of: dict[int, tuple[Points | None, tuple[float | None, ...]]] = {}

    def played(self, line: Line) -> tuple[Any, Any, Any]:
        """The line's contract, declarer and tricks as written: once per
        distinct result (a few hundred in a national field)."""
        key = (line.no_result, line.level, line.strain, line.doubling,
               line.declarer, line.tricks)  # fmt: skip
        hit = self.results_of.get(key)
        if hit is None:
            hit = self.results_of[key] = _played_json(line)
        return hit

    def points(self, points: Points | None) -> tuple[float | None, ...]:
        """A line's points as written (NS, EW, then factored): once per points
        object, which the lines of a result on a board share."""
        hit = self.points_of.get(id(points))
        if hit is None:
            in_imps = self.results.in_imps
            factored = points if points is not None and not in_imps else None
            written = (
                self(side_raw(points, "NS")),
                self(side_raw(points, "EW")),
                self(factored.ns if factored else None),
                self(factored.ew if factored else None),
            )
            # the points are kept with what was written, so their id is not reused
            hit = self.points_of[id(points)] = (points, written)
        return hit[1]

    def __call__(self, value: Fraction | Decimal | None) -> float | None:
        if value is None:
            return None
        hit = self.seen.get(id(value))
        if hit is None:
            # the value is kept with its number, so its id is not reused
            hit = self.seen[id(value)] = (value, number_json(value, self.results))
        return hit[1]


def line_json(
    scored: ScoredLine, results: SessionResults, numbers: _Numbers | None = None
) -> dict[str, Any]:
    """A traveller line as ``results --json`` writes it; an individual's also
    carries its ``players`` by seat (``{"N": 8, "E": 12, "S": 1, "W": 9}``)."""
    number = numbers or _Numbers(results)
    line = scored.line
    contract, declarer, tricks = number.played(line)
    ns_points, ew_points, ns_factored, ew_factored = number.points(scored.points)
    seats = _players_json(line) if results.individual else {}
    return seats | {
        "section": line.section.letter,
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
        "contract": contract,
        "declarer": declarer,
        "lead": line.lead or None,
        "tricks": tricks,
        "score_ns": line.score_ns,
        "adjusted": adjusted_label(line, scored.assigned),
        "ns_points": ns_points,
        "ew_points": ew_points,
        "ns_factored": ns_factored,
        "ew_factored": ew_factored,
    }


def _players_json(line: Line) -> dict[str, Any]:
    """An individual's four players by seat, by their numbers."""
    return {
        "players": {
            seat: None if player is None else player.number
            for seat, player in line.seated().items()
        }
    }


def _played_json(line: Line) -> tuple[Any, Any, Any]:
    result = result_of(line)
    played = not line.no_result and result.contract is not None
    return (
        None if line.no_result else format_contract(result.contract, Language.EN),
        result.declarer.value if played and result.declarer else None,
        result.tricks if played else None,
    )


def _analysis_json(stored: Board | None) -> dict[str, Any]:
    """The board's ``deal``, ``double_dummy`` and ``par`` (null when unknown)."""
    solved = stored.solved if stored else None
    return {
        "deal": stored.deal if stored and stored.deal else None,
        "double_dummy": _tricks(solved["double_dummy"]) if solved else None,
        "par": solved["par"] if solved else None,
    }


def _tricks(table: dict[str, dict[str, int]] | None) -> dict[str, Any] | None:
    """Declarers N, E, S, W and strains NT, S, H, D, C in that order, whatever
    order the database gives its JSON back in (PostgreSQL sorts the keys)."""
    if table is None:
        return None
    return {seat: {s: table[seat][s] for s in STRAIN_ORDER} for seat in "NESW"}


def _board_json(
    board: ScoredBoard,
    results: SessionResults,
    numbers: _Numbers,
    stored: Board | None = None,
) -> dict[str, Any]:
    raw_top = board.raw_top
    data = {
        "number": board.number,
        "section": board.section.letter if board.section else None,
        "session": results.session.number,
        "top": None if results.in_imps else float(shown(raw_top, results)),
        "top_factored": None if results.in_imps else float(shown(board.top, results)),
        "lines": [line_json(s, results, numbers) for s in board.lines],
        **_analysis_json(stored),
    }
    if board.datum is not None:
        data["datum"] = board.datum
    return data


def _handicap_json(s: Standing) -> dict[str, Any]:
    """A handicapped event's ranking adds the pair's handicap and the
    handicapped percentage it is ranked on (``percentage`` stays the raw one)."""
    if s.handicapped is None:
        return {}
    return {
        "handicap": _plain(s.handicap),
        "handicapped_percentage": _plain(s.handicapped),
    }


def _individual_json(s: Standing, results: SessionResults) -> dict[str, Any]:
    """An individual's ranking names its ``player`` by number (and the compass
    line a Rainbow ranks him in)."""
    if not results.individual:
        return {}
    return {"player": s.pair.number, **({"compass": s.compass} if s.compass else {})}


def _rankings_json(results: SessionResults) -> list[dict[str, Any]]:
    return [
        {
            **_individual_json(s, results),
            "pair": s.pair.label,
            "section": s.pair.section.letter,
            "direction": s.pair.direction,
            "names": s.pair.names,
            "score": number_json(s.total, results),
            "percentage": None if s.percentage is None else rounded_float(s.percentage),
            "rank": s.rank,
            "boards": s.boards,
            "session": results.session.number,
            **_handicap_json(s),
        }
        for s in results.standings
    ]


def _event_rankings_json(
    rows: list[EventRow], results: SessionResults
) -> list[dict[str, Any]]:
    """The ranking over the sessions, by entry; scores in the event's units."""
    return [
        {
            "names": row.names,
            "direction": row.direction,
            "sessions": [
                {
                    "session": s.session,
                    "score": number_json(s.score, results),
                    "percentage": _plain(s.percentage),
                }
                for s in row.sessions
            ],
            "score": number_json(row.score, results),
            "percentage": _plain(row.percentage),
            "rank": row.rank,
        }
        for row in rows
    ]


def _plain(value: Fraction | Decimal | None) -> float | None:
    return None if value is None else float(rounded(value))


def match_json(result: MatchResult) -> dict[str, Any]:
    match = result.match
    return {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
        "imps_home": _plain(result.imps_home),
        "imps_away": _plain(result.imps_away),
        "vp_home": _plain(result.vp_home),
        "vp_away": _plain(result.vp_away),
    }


def _standing_json(row: TeamStanding) -> dict[str, Any]:
    return {
        "team": row.team.number,
        "name": row.team.name,
        "players": row.team.player_names,
        "vp": _plain(row.total),
        "carry_over": _plain(row.carry_over),
        "imps_for": _plain(row.imps_for),
        "imps_against": _plain(row.imps_against),
        "matches": row.matches,
        "rank": row.rank,
    }


def _team_ranking_json(row: TeamStanding) -> dict[str, Any]:
    """A standing in the keys of a pairs ranking (score = VPs)."""
    return {
        "pair": str(row.team.number),
        "section": None,
        "direction": "",
        "names": row.team.name,
        "score": _plain(row.total),
        "percentage": None,
        "rank": row.rank,
        "boards": None,
        "session": None,
    }


def _team_json(event: Event, matches: list[MatchResult]) -> dict[str, Any]:
    from scoring.standings.teams import team_standings  # see families: on first use

    rows = team_standings(event, matches)
    seated = match_lineups(matches)
    return {
        "rankings": [_team_ranking_json(r) for r in rows],
        "matches": [match_json(r) | {"lineups": seated[r.match.pk]} for r in matches],
        "standings": [_standing_json(r) for r in rows],
    }


def _boards_json(results: SessionResults) -> list[dict[str, Any]]:
    numbers = _Numbers(results)
    stored = {
        b.number: b
        for b in results.session.boards.all()
        if b.number not in results.hidden
    }
    return [
        _board_json(b, results, numbers, stored.get(b.number)) for b in results.boards
    ]


def _swiss_pairs_json(results: SessionResults) -> list[dict[str, Any]]:
    """Every Swiss pairs match: round, the pairs, the NS pair's IMPs, VPs."""
    from scoring.standings.swiss_pairs import swiss_matches  # see families

    pairs = {s.pair.pk: s.pair.label for s in results.standings}
    per_round = results.session.event.boards_per_match or 1
    return [
        {
            "round": m.round,
            "ns": pairs[m.ns],
            "ew": pairs[m.ew],
            "boards": m.played,
            "imps_ns": _plain(m.ns_imps),
            "imps_ew": _plain(m.ew_imps),
            "vp_ns": _plain(m.ns_vp),
            "vp_ew": _plain(m.ew_vp),
        }
        for m in swiss_matches(results.boards, per_round, results.policy)
    ]


def _single_boards_json(event: Event, sessions: list[SessionResults]) -> dict[str, Any]:
    """How boards played once count ("average" or "omitted"), said when a
    matchpoint event has any or leaves them out."""
    if event.scoring != Event.Scoring.MATCHPOINTS:
        return {}
    played_once = any(s.boards_played_once for s in sessions)
    if not played_once and event.single_boards == Event.SingleBoards.AVERAGE:
        return {}
    return {"single_boards": event.single_boards}


def event_json(event: Event) -> dict[str, Any]:
    simultaneous = Simultaneous.objects.filter(event=event).first()
    if simultaneous is not None:
        return simultaneous_json(simultaneous, event_json)
    sessions = event_results(event)
    data: dict[str, Any] = {
        "event": {
            "id": event.pk,
            "name": event.name,
            "scoring": event.scoring,
            **_single_boards_json(event, sessions),
        },  # fmt: skip
        "rankings": [r for s in sessions for r in _rankings_json(s)],
        "boards": [b for s in sessions for b in _boards_json(s)],
    }
    if family_of(event).teams:
        matches = [m for s in sessions for m in s.matches]
        data |= _team_json(event, matches)
    else:
        rows = event_ranking(event, sessions)
        data["event_rankings"] = (
            _event_rankings_json(rows, sessions[0]) if sessions else []
        )
    if family_of(event).key == "swiss_pairs":
        data["swiss_matches"] = [m for s in sessions for m in _swiss_pairs_json(s)]
    return data
