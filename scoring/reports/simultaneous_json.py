"""A simultaneous' results as ``results --json`` prints them: each heat's own
rankings as played (with its ``club``), the ``overall`` ranking across the whole
field (club, heat session, pair, names, score, percentage, rank, club_rank) and
each board's lines across the field with their ``club`` and overall points."""

from __future__ import annotations

from typing import Any

from scoring.adapters import policy_of
from scoring.engine.matchpoints import to_presentation
from scoring.engine.policy import MpPresentation
from scoring.standings.simultaneous import Overall, OverallRow, overall_of
from tournaments.models import Simultaneous

from .numbers import rounded_float

__all__ = ["overall_points", "simultaneous_json"]


def simultaneous_json(simultaneous: Simultaneous, heat_json: Any) -> dict[str, Any]:
    """``heat_json``: the JSON of a club's event (``event_json``), its rankings
    taken as the heat's own."""
    event = simultaneous.event
    presentation = policy_of(event).mp_presentation
    overall = overall_of(simultaneous)
    release = simultaneous.release_at
    return {
        "event": {
            "id": event.pk,
            "name": event.name,
            "scoring": event.scoring,
            "simultaneous": {
                "boards": simultaneous.boards,
                "release_at": release.isoformat() if release else None,
                "two_winners": event.two_winners,
                "sims_percentage": simultaneous.sims_percentage,
            },
        },  # fmt: skip
        "rankings": [
            {"club": heat.club.name, **row}
            for heat in simultaneous.heats.select_related("club", "session__event")
            for row in heat_json(heat.session.event)["rankings"]
        ],
        "overall": [_row_json(row, presentation) for row in overall.rows],
        "boards": _boards_json(overall, presentation),
    }


def overall_points(value: Any, presentation: MpPresentation) -> float:
    """Overall points as the event presents matchpoints (``presentation``:
    its policy's, found once for thousands of lines)."""
    return rounded_float(to_presentation(value, presentation=presentation))


def _row_json(row: OverallRow, presentation: MpPresentation) -> dict[str, Any]:
    return {
        "club": row.heat.club.name,
        "session": row.heat.session_id,
        "pair": row.pair.label,
        "direction": row.pair.direction,
        "names": row.pair.names,
        "score": overall_points(row.score, presentation),
        "percentage": rounded_float(row.percentage),
        "rank": row.rank,
        "club_rank": row.club_rank,
    }


def _boards_json(
    overall: Overall, presentation: MpPresentation
) -> list[dict[str, Any]]:
    return [
        {
            "number": number,
            "lines": [
                {
                    "club": heat.club.name,
                    "session": heat.session_id,
                    "section": line.section.letter,
                    "ns": line.ns_pair.label,
                    "ew": line.ew_pair.label,
                    "score_ns": line.score_ns,
                    "ns_factored": overall_points(points.ns, presentation),
                    "ew_factored": overall_points(points.ew, presentation),
                }  # fmt: skip
                for heat, line, points in lines
            ],
        }
        for number, lines in overall.boards.items()
    ]
