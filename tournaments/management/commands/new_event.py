"""new_event --name NAME --teams T --boards-per-match B [--swiss --rounds R]
[--board-a-match] [--club NAME]: a team event as the New team event page makes
it, its round robin scheduled (with --swiss: round 1 drawn by seeding), each
match an open and a closed room table (``team_events``).

new_event --name NAME --tables T [--sections S] --movement mitchell|howell
[--boards-per-round B] [--club NAME] [--sessions N]: an event of S sections
(A, B, C…) of T tables each, each with its movement stored, in N sessions whose
pairs carry over by entry; the last line printed is ``event <id> session <id>``
(the first session); ``--movement swiss --rounds R --boards-per-round B``:
Swiss pairs, 2T pairs over R rounds of B boards, round 1 drawn;
``--movement individual --players V [--rounds N]`` (its first N rounds: an
evening's time) or ``--movement rainbow --tables T``: an individual event with
its players and movement (``--json``: what was made, with the validator's
warnings, as one JSON object).

Pairs movements clubs ask for (individual-and-social.md §2): ``--arrow-switch
ROUNDS`` (a Mitchell's rounds such as 7 or 4,8: one winner), ``--barometer``
(every table plays the round's set, a copy each) and ``--web [--sets S]`` (a Web
Mitchell for 14–26 tables, S odd, 13 by default)."""

from __future__ import annotations

from string import ascii_uppercase
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from movements.engine import MovementError, parse_rounds
from movements.models import SectionMovement
from movements.proposals import Extras, proposal_build
from movements.selectors import board_copies_of, switched_rounds
from movements.services import movement_apply
from tournaments.management.individual_events import (
    individual_check,
    individual_made,
    individual_said,
)
from tournaments.management.simultaneous_events import (
    heat_made,
    simultaneous_arguments,
    simultaneous_made,
    simultaneous_only,
)
from tournaments.management.team_events import (
    TeamOptions,
    team_check,
    team_made,
    team_said,
)
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
)
from tournaments.setup.sessions import session_add
from tournaments.setup.swiss_pairs import swiss_pairs_create

SWISS = "swiss"

MAX_TABLES = 60
MAX_BOARDS_PER_ROUND = 10
MAX_SESSIONS = 20
WEB_BOARDS_PER_ROUND = 2  # 13 sets of 2: the EBU clubs' 26 boards

# The proposal that rebuilds a stored movement of each variant.
VARIANT_KEYS: dict[str, str] = {
    SectionMovement.Variant.BASIC: "mitchell",
    SectionMovement.Variant.SKIP: "mitchell-skip",
    SectionMovement.Variant.RELAY: "mitchell-relay",
    SectionMovement.Variant.COMPLETE: "howell",
    SectionMovement.Variant.THREE_QUARTER: "howell-3/4",
}


class Command(BaseCommand):
    help = (
        "Create a pairs event: S sections of T tables each with its movement; "
        "the last line printed is 'event <id> session <id>'."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", default="", help="the event's name")
        parser.add_argument("--tables", type=int, default=None, help="per section")
        parser.add_argument("--players", type=int, default=None, help="individual")
        parser.add_argument("--sections", type=int, default=1, help="A, B, C…")
        parser.add_argument(
            "--movement",
            default=None,
            choices=(MITCHELL, HOWELL, SWISS, INDIVIDUAL, RAINBOW),
            help="a pairs or individual event's (a team event: --teams)",
        )
        parser.add_argument("--teams", type=int, default=None, help="a team event")
        parser.add_argument("--boards-per-match", type=int, default=None)
        parser.add_argument(
            "--swiss", action="store_true", help="Swiss teams (with --rounds)"
        )
        parser.add_argument("--board-a-match", action="store_true")
        parser.add_argument("--boards-per-round", type=int, default=None)
        parser.add_argument(
            "--rounds", type=int, default=None,
            help="Swiss pairs; an individual's first rounds (1 to all)",
        )  # fmt: skip
        parser.add_argument("--club", default="", help="the club's name")
        parser.add_argument(
            "--sessions", type=int, default=1, help="sessions, entries carried over"
        )
        parser.add_argument(
            "--json", action="store_true", help="an individual, as JSON"
        )
        parser.add_argument(
            "--arrow-switch", default="", metavar="ROUNDS",
            help="Mitchell rounds to arrow-switch, e.g. 7 or 4,8: one winner",
        )  # fmt: skip
        parser.add_argument(
            "--barometer", action="store_true",
            help="every table plays the same boards in a round",
        )  # fmt: skip
        parser.add_argument("--web", action="store_true", help="Web Mitchell, 14–26")
        parser.add_argument("--sets", type=int, default=None, help="Web Mitchell")
        simultaneous_arguments(parser)

    def handle(self, *args: object, **options: Any) -> None:
        if options["simultaneous"] and options["heat"] is not None:
            raise CommandError("--simultaneous and --heat: one or the other")
        if options["simultaneous"]:
            self.stdout.write(simultaneous_made(options))
        elif options["heat"] is not None:
            self.stdout.write(heat_made(options))
        elif simultaneous_only(options):
            raise CommandError(f"{simultaneous_only(options)}: for --simultaneous")
        elif options["teams"] is not None:
            self._teams(options)
        else:
            self._pairs(**options)

    def _pairs(
        self,
        name: str,
        tables: int | None,
        sections: int,
        movement: str | None,
        boards_per_round: int | None,
        club: str,
        sessions: int = 1,
        rounds: int | None = None,
        **options: Any,
    ) -> None:
        name, boards = name.strip(), boards_per_round
        kind = _not_teams(movement, options)
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
        extras, web = _extras(kind, options)
        if kind == SWISS:
            self._swiss(name, club.strip(), tables, sections, boards, rounds)
            return
        try:
            with transaction.atomic():
                event = _create(
                    name, club.strip(), tables, sections, kind, boards, sessions
                )
                if web or extras != Extras():
                    _extras_apply(event, extras, web, boards)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        self._said(event, kind)

    def _teams(self, options: dict[str, Any]) -> None:
        given = TeamOptions(
            name=options["name"].strip(), club=options["club"].strip(),
            teams=options["teams"], boards=options["boards_per_match"],
            swiss=options["swiss"], rounds=options["rounds"],
            board_a_match=options["board_a_match"],
        )  # fmt: skip
        team_check(given, options)
        for line in team_said(team_made(given)):
            self.stdout.write(line)

    def _individual(self, name: str, club: str, kind: str, tables: int | None,
                    sections: int, sessions: int, rounds: int | None,
                    boards: int | None, options: dict[str, Any]) -> None:  # fmt: skip
        players = options["players"]
        individual_check(kind, tables, players, sections, sessions)
        _check(name, tables or 1, 1, boards)
        if rounds is not None and kind == RAINBOW:
            raise CommandError("--rounds is for --movement swiss or individual")
        if options["arrow_switch"] or options["barometer"] or options["web"]:
            raise CommandError(
                "--arrow-switch, --barometer and --web are for pairs movements "
                "(an individual always plays barometer boards)"
            )
        event = individual_made(name, club, kind, (tables, players, rounds), boards)
        self.stdout.write(individual_said(event, as_json=options["json"]))

    def _said(self, event: Event, kind: str) -> None:
        played = list(event.sessions.order_by("number"))
        for session in played:
            where = f"session {session.number} " if len(played) > 1 else ""
            for section in session.sections.order_by("letter"):
                count = section.seatings.order_by().values("round").distinct().count()
                self.stdout.write(
                    f"{where}section {section.letter}: {section.tables} tables, "
                    f"{kind} movement of {count} rounds{_described(section)}"
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


def _not_teams(kind: str | None, options: dict[str, Any]) -> str:
    """The movement of a pairs or individual event, which takes no team option."""
    if kind is None:
        raise CommandError("--movement is required (a team event: --teams)")
    if options["boards_per_match"] is not None or options["swiss"]:
        raise CommandError("--boards-per-match and --swiss are for --teams")
    if options["board_a_match"]:
        raise CommandError("--board-a-match is for --teams")
    return kind


def _extras(kind: str, options: dict[str, object]) -> tuple[Extras, bool]:
    """The pairs movement's extras asked for, or CommandError naming the option."""
    web, sets, text = (
        bool(options["web"]),
        options["sets"],
        str(options["arrow_switch"]),
    )
    try:
        switched = parse_rounds(text)
    except MovementError as exc:
        raise CommandError(f"--arrow-switch: {exc}") from None
    if kind != MITCHELL and (switched or web):
        raise CommandError("--arrow-switch and --web are for --movement mitchell")
    if kind == SWISS and options["barometer"]:
        raise CommandError("--barometer is not for --movement swiss")
    if sets is not None and not web:
        raise CommandError("--sets is for a Web Mitchell (--web)")
    if web and switched:
        raise CommandError("a Web Mitchell takes no --arrow-switch")
    if isinstance(sets, int) and sets % 2 == 0:
        raise CommandError(
            f"--sets {sets}: a Web Mitchell needs an odd number of sets (such as "
            "13): with an even number some EW pairs would replay a set"
        )
    barometer = bool(options["barometer"])
    if isinstance(sets, int):
        return Extras(switched, barometer, sets), web
    return Extras(switched, barometer), web


def _extras_apply(event: Event, extras: Extras, web: bool, boards: int | None) -> None:
    """Every section's movement rebuilt with the extras (in the caller's
    transaction: a refusal writes nothing)."""
    for section in Section.objects.filter(session__event=event):
        stored = SectionMovement.objects.get(section=section)
        phantom = bool(stored.phantom)
        proposal = proposal_build(
            key="mitchell-web" if web else VARIANT_KEYS[stored.variant],
            tables=stored.tables - phantom,
            half_table=phantom,
            boards_per_round=boards or (
                WEB_BOARDS_PER_ROUND if web else stored.boards_per_round
            ),
            extras=extras,
        )  # fmt: skip
        movement_apply(section=section, movement=proposal.movement, played=())
        # The first movement's boards beyond the new one's (a fresh event: unplayed).
        section.session.boards.filter(number__gt=proposal.boards).delete()


def _described(section: Section) -> str:
    """The extras of the section's stored movement, for the printed summary."""
    stored = SectionMovement.objects.get(section=section)
    said = []
    if stored.variant == SectionMovement.Variant.WEB:
        said.append(f"Web Mitchell of {stored.sets} sets")
    switched = switched_rounds(section)
    if switched:
        said.append(f"arrow switch in round {','.join(map(str, switched))}")
    if stored.barometer:
        said.append(f"barometer boards: {board_copies_of(section)} copies of each")
    return "".join(f", {text}" for text in said)


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
