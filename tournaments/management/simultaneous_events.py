"""What ``new_event --simultaneous`` and ``new_event --heat`` do: the options
checked (a refusal names the option at fault), the organiser's event or a
club's heat made all or nothing, and the ids said."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError, CommandParser
from django.utils.dateparse import parse_datetime
from django.utils.timezone import is_naive, make_aware

from tournaments.models import Simultaneous
from tournaments.setup.events import HOWELL, MITCHELL
from tournaments.setup.simultaneous import MAX_BOARDS, heat_add, simultaneous_create

__all__ = [
    "heat_made",
    "simultaneous_arguments",
    "simultaneous_made",
    "simultaneous_only",
]

MAX_TABLES = 60
# The options of other kinds of event, which neither takes.
OTHERS = (
    "players", "teams", "boards_per_match", "swiss", "board_a_match",
    "boards_per_round", "rounds", "json", "arrow_switch", "barometer", "web",
    "sets",
)  # fmt: skip


def _stray(options: dict[str, Any], also: tuple[str, ...], what: str) -> None:
    stray = [o for o in OTHERS + also if options.get(o) not in (None, False, "")]
    if stray or options.get("sessions", 1) != 1:
        flags = ", ".join("--" + n.replace("_", "-") for n in stray or ["sessions"])
        raise CommandError(f"{flags}: not for {what}")


def simultaneous_made(options: dict[str, Any]) -> str:
    """The organiser's event; its ids as printed."""
    _stray(options, ("tables", "movement"), "a simultaneous (--simultaneous)")
    name, boards = options["name"].strip(), options["boards"]
    if not name:
        raise CommandError("--name must not be blank")
    if options["sections"] != 1:
        raise CommandError("--sections: not for a simultaneous (a heat's)")
    if boards is None or not 1 <= boards <= MAX_BOARDS:
        raise CommandError(f"--boards must be 1 to {MAX_BOARDS}, not {boards}")
    try:
        made = simultaneous_create(
            name=name, boards=boards, club=options["club"].strip(),
            release_at=_release(options["release"]),
            two_winners=not options["one_winner"],
            sims_percentage=options["sims_percentage"],
        )  # fmt: skip
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from None
    return f"event {made.event_id}"


def _release(text: str) -> Any:
    if not text:
        return None
    moment = parse_datetime(text)
    if moment is None:
        raise CommandError(f"--release must be a date and time, not {text!r}")
    return make_aware(moment) if is_naive(moment) else moment


def heat_made(options: dict[str, Any]) -> str:
    """A club's heat of the simultaneous ``--heat``; its ids as printed."""
    also = ("name", "boards", "release", "one_winner", "sims_percentage")
    _stray(options, also, "a heat (--heat)")
    simultaneous = Simultaneous.objects.filter(event_id=options["heat"]).first()
    if simultaneous is None:
        raise CommandError(f"--heat {options['heat']}: no such simultaneous event")
    club, tables = options["club"].strip(), options["tables"]
    if not club:
        raise CommandError("--club: a heat is a club's, name it")
    if tables is None or not 1 <= tables <= MAX_TABLES:
        raise CommandError(f"--tables must be 1 to {MAX_TABLES}, not {tables}")
    if options["movement"] not in (MITCHELL, HOWELL):
        raise CommandError("--movement must be mitchell or howell for a heat")
    if not 1 <= options["sections"] <= 26:
        raise CommandError(f"--sections must be 1 to 26, not {options['sections']}")
    try:
        session = heat_add(
            simultaneous=simultaneous, club=club, tables=tables,
            kind=options["movement"], sections=options["sections"],
        )  # fmt: skip
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from None
    return f"event {session.event_id} session {session.pk}"


def simultaneous_arguments(parser: CommandParser) -> None:
    parser.add_argument(
        "--simultaneous", action="store_true",
        help="a simultaneous across clubs (with --boards)",
    )  # fmt: skip
    parser.add_argument("--boards", type=int, default=None, help="the set's boards")
    parser.add_argument("--release", default="", help="results public from, ISO")
    parser.add_argument("--one-winner", action="store_true", help="one ranking")
    parser.add_argument(
        "--sims-percentage", action="store_true", help="(MP + 1) / (2n)"
    )
    parser.add_argument(
        "--heat", type=int, default=None, metavar="EVENT_ID",
        help="a club's heat of that simultaneous (with --club, --tables, --movement)",
    )  # fmt: skip


def simultaneous_only(options: dict[str, Any]) -> str:
    """The simultaneous' options given to another kind of event, as flags."""
    given = ("boards", "release", "one_winner", "sims_percentage")
    stray = [o for o in given if options[o] not in (None, False, "")]
    return ", ".join("--" + n.replace("_", "-") for n in stray)
