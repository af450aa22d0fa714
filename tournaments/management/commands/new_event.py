"""new_event --name NAME --tables T [--sections S] --movement mitchell|howell
[--boards-per-round B] [--club NAME] [--sessions N]: an event of S sections
(A, B, C…) of T tables each, each with its movement stored, in N sessions whose
pairs carry over by entry; the last line printed is ``event <id> session <id>``
(the first session); ``--movement swiss --rounds R --boards-per-round B``:
Swiss pairs, 2T pairs over R rounds of B boards, round 1 drawn;
``--movement individual --players V`` or ``--movement rainbow --tables T``: an
individual event with its players and movement (``--json``: what was made, with
the validator's warnings, as one JSON object)."""

from __future__ import annotations

import json
from string import ascii_uppercase
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from movements.adapters import stored_individual
from movements.engine.individual import validate_individual
from tournaments.models import Event, Section
from tournaments.setup.events import (
    HOWELL,
    MITCHELL,
    default_movement_apply,
    event_create,
    section_create,
)
from tournaments.setup.individuals import (
    INDIVIDUAL,
    RAINBOW,
    individual_event_create,
)
from tournaments.setup.sessions import session_add
from tournaments.setup.swiss_pairs import swiss_pairs_create

SWISS = "swiss"

MAX_TABLES = 60
MAX_BOARDS_PER_ROUND = 10
MAX_SESSIONS = 20


class Command(BaseCommand):
    help = (
        "Create a pairs event: S sections of T tables each with its movement; "
        "the last line printed is 'event <id> session <id>'."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", required=True, help="the event's name")
        parser.add_argument("--tables", type=int, default=None, help="per section")
        parser.add_argument("--players", type=int, default=None, help="individual")
        parser.add_argument("--sections", type=int, default=1, help="A, B, C…")
        parser.add_argument(
            "--movement",
            required=True,
            choices=(MITCHELL, HOWELL, SWISS, INDIVIDUAL, RAINBOW),
        )
        parser.add_argument("--boards-per-round", type=int, default=None)
        parser.add_argument("--rounds", type=int, default=None, help="Swiss pairs")
        parser.add_argument("--club", default="", help="the club's name")
        parser.add_argument(
            "--sessions", type=int, default=1, help="sessions, entries carried over"
        )
        parser.add_argument(
            "--json", action="store_true", help="an individual, as JSON"
        )

    def handle(
        self,
        *args: object,
        name: str,
        tables: int | None,
        sections: int,
        movement: str,
        boards_per_round: int | None,
        club: str,
        sessions: int = 1,
        rounds: int | None = None,
        **options: Any,
    ) -> None:
        name, kind, boards = name.strip(), movement, boards_per_round
        if kind in (INDIVIDUAL, RAINBOW):
            self._individual(name, club.strip(), kind, tables, sections, sessions,
                             rounds, boards, options)  # fmt: skip
            return
        if options["players"] is not None or options["json"]:
            raise CommandError(
                "--players and --json are for --movement individual or rainbow"
            )
        if tables is None:
            raise CommandError(f"--movement {kind} needs --tables")
        _check(name, tables, sections, boards)
        _check_stages(kind, sessions, rounds)
        if kind == SWISS:
            self._swiss(name, club.strip(), tables, sections, boards, rounds)
            return
        try:
            event = _create(
                name, club.strip(), tables, sections, kind, boards, sessions
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        self._said(event, kind)

    def _individual(self, name: str, club: str, kind: str, tables: int | None,
                    sections: int, sessions: int, rounds: int | None,
                    boards: int | None, options: dict[str, Any]) -> None:  # fmt: skip
        players = options["players"]
        _check_individual(kind, tables, players, sections, sessions)
        _check(name, tables or 1, 1, boards)
        if rounds is not None:
            raise CommandError("--rounds is for --movement swiss")
        event = _individual(name, club, kind, (tables, players), boards)
        self.stdout.write(_individual_said(event, as_json=options["json"]))

    def _said(self, event: Event, kind: str) -> None:
        played = list(event.sessions.order_by("number"))
        for session in played:
            where = f"session {session.number} " if len(played) > 1 else ""
            for section in session.sections.order_by("letter"):
                count = section.seatings.order_by().values("round").distinct().count()
                self.stdout.write(
                    f"{where}section {section.letter}: {section.tables} tables, "
                    f"{kind} movement of {count} rounds"
                )
        self.stdout.write(f"event {event.pk} session {played[0].pk}")

    def _swiss(
        self,
        name: str,
        club: str,
        tables: int,
        sections: int,
        boards: int | None,
        rounds: int | None,
    ) -> None:
        if sections != 1 or boards is None or rounds is None:
            raise CommandError(
                "--movement swiss needs --rounds and --boards-per-round, one section"
            )
        try:
            event = swiss_pairs_create(
                name=name, tables=tables, rounds=rounds, boards_per_round=boards,
                club=club,
            )  # fmt: skip
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        session = event.sessions.get()
        self.stdout.write(
            f"swiss pairs: {2 * tables} pairs, {rounds} rounds of {boards} boards; "
            "round 1 drawn"
        )
        self.stdout.write(f"event {event.pk} session {session.pk}")


def _check_individual(
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


def _individual(
    name: str,
    club: str,
    kind: str,
    size: tuple[int | None, int | None],
    boards: int | None,
) -> Event:
    """The individual event (``size``: tables, players), or a refusal naming the
    option at fault."""
    tables, players = size
    try:
        return individual_event_create(
            name=name,
            kind=kind,
            players=players,
            tables=tables,
            boards_per_round=boards,
            club=club,
        )
    except ValidationError as exc:
        option = "--tables" if kind == RAINBOW else "--players"
        raise CommandError(f"{option}: {' '.join(exc.messages)}") from None


def _individual_said(event: Event, *, as_json: bool) -> str:
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


def _check_stages(kind: str, sessions: int, rounds: int | None) -> None:
    if not 1 <= sessions <= MAX_SESSIONS:
        raise CommandError(f"--sessions must be 1 to {MAX_SESSIONS}, not {sessions}")
    if kind == SWISS and sessions != 1:
        raise CommandError("--sessions is not for --movement swiss")
    if kind != SWISS and rounds is not None:
        raise CommandError("--rounds is for --movement swiss")


def _check(name: str, tables: int, sections: int, boards: int | None) -> None:
    if not name:
        raise CommandError("--name must not be blank")
    if not 1 <= tables <= MAX_TABLES:
        raise CommandError(f"--tables must be 1 to {MAX_TABLES}, not {tables}")
    if not 1 <= sections <= len(ascii_uppercase):
        raise CommandError(f"--sections must be 1 to 26, not {sections}")
    if boards is not None and not 1 <= boards <= MAX_BOARDS_PER_ROUND:
        raise CommandError(
            f"--boards-per-round must be 1 to {MAX_BOARDS_PER_ROUND}, not {boards}"
        )


@transaction.atomic
def _create(
    name: str,
    club: str,
    tables: int,
    sections: int,
    kind: str,
    boards: int | None,
    sessions: int = 1,
) -> Event:
    """The event, its sessions and sections, or nothing (an error rolls all of
    it back)."""
    event = event_create(
        name=name, tables=tables, kind=kind, club=club, boards_per_round=boards
    )
    session = event.sessions.get()
    _movement_check(session.sections.get(letter="A"), kind, boards)
    for letter in ascii_uppercase[1:sections]:
        section = section_create(
            session=session, letter=letter, tables=tables, kind=kind
        )
        default_movement_apply(section, kind, boards)
        _movement_check(section, kind, boards)
    for _number in range(1, sessions):
        session_add(
            event=event,
            kind=kind,
            tables=tables,
            sections=sections,
            boards_per_round=boards,
        )
    return event


def _movement_check(section: Section, kind: str, boards: int | None) -> None:
    if not section.seatings.exists():
        per_round = "the usual boards" if boards is None else f"{boards} boards"
        tables = f"{section.tables} table{'s' if section.tables > 1 else ''}"
        raise CommandError(
            f"there is no {kind} movement for {tables} with {per_round} a round"
        )
