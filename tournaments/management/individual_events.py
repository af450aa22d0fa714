"""What ``new_event`` does for an individual: its options checked, the event
made (a refusal names the option at fault) and what was made, said as text or
JSON with the validator's warnings."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError

from movements.adapters import stored_individual
from movements.engine.individual import validate_individual
from tournaments.models import Event
from tournaments.setup.individuals import RAINBOW, individual_event_create

__all__ = ["individual_check", "individual_made", "individual_said"]


def individual_check(
    kind: str, tables: int | None, players: int | None, sections: int, sessions: int
) -> None:
    """An individual has one section, one session and its size in one option."""
    wanted, other = ("--players", "--tables")
    if kind == RAINBOW:
        wanted, other = other, wanted
    given = {"--players": players, "--tables": tables}
    if given[wanted] is None:
        raise CommandError(f"--movement {kind} needs {wanted}")
    if given[other] is not None:
        raise CommandError(f"--movement {kind} takes {wanted}, not {other}")
    if sections != 1 or sessions != 1:
        raise CommandError(
            f"--movement {kind} has one section and one session: "
            "no --sections or --sessions"
        )


def individual_made(
    name: str,
    club: str,
    kind: str,
    size: tuple[int | None, int | None, int | None],
    boards: int | None,
) -> Event:
    """The individual event (``size``: tables, players, rounds), or a refusal
    naming the option at fault."""
    tables, players, rounds = size
    try:
        return individual_event_create(
            name=name,
            kind=kind,
            players=players,
            tables=tables,
            boards_per_round=boards,
            club=club,
            rounds=rounds,
        )
    except ValidationError as exc:
        option = "--tables" if kind == RAINBOW else "--players"
        if getattr(exc, "code", None) == "rounds":
            option = "--rounds"
        raise CommandError(f"{option}: {' '.join(exc.messages)}") from None


def individual_said(event: Event, *, as_json: bool) -> str:
    """What was made: lines ending ``event <id> session <id>``, or JSON."""
    session = event.sessions.get()
    section = session.sections.get()
    movement = stored_individual(section)
    assert movement is not None  # stored by individual_event_create
    warnings = [p.message for p in validate_individual(movement)]
    made: dict[str, Any] = {
        "event": event.pk,
        "session": session.pk,
        "section": section.pk,
        "kind": movement.kind.value,
        "players": len(movement.players),
        "phantoms": list(movement.phantoms),
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "boards_per_round": movement.boards_per_round,
        "boards": movement.sets * movement.boards_per_round,
        "warnings": warnings,
    }
    if as_json:
        return json.dumps(made)
    lines = [
        f"section {section.letter}: {made['players']} players at {made['tables']} "
        f"tables, {movement.kind.value} movement of {made['rounds']} rounds, "
        f"{made['boards']} boards",
        *(f"warning: {text}" for text in warnings),
        f"event {event.pk} session {session.pk}",
    ]
    return "\n".join(lines)
