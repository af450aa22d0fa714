"""Attach the deals of a hand-record file (PBN, .dlm or .dup) to a session's
boards, by board number, all or nothing.

A deal already stored is replaced only when the director asks for it, and every
import that changes a deal is written to the change log. Boards the file deals
that the session does not have, and the session's boards the file leaves out,
are reported, not created. A deal that changes loses its double-dummy analysis,
and the session's new deals are then queued for the worker (``analysis_tasks``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.entry.services import Actor, log_event
from scoring.formats.deal_files import read_deal_file
from scoring.formats.deals import DealError, normal_deal
from scoring.formats.hand_records import HandRecord
from scoring.formats.problems import FormatError
from tournaments.models import Board, Session

from .analysis_tasks import analysis_queue
from .deal_store import SetPlayed, keep_set

__all__ = [
    "DealsStored",
    "HandsRefused",
    "PlayedBefore",
    "HandsReport",
    "board_list",
    "format_message",
    "hands_attach",
]


class HandsRefused(ValueError):
    """The file or the session refused, with a message for the director."""


class DealsStored(HandsRefused):
    """Boards that already hold another deal: replacing them needs asking."""

    def __init__(self, boards: list[int]) -> None:
        super().__init__(
            _("Boards %(boards)s already have another deal.")
            % {"boards": board_list(boards)}
        )
        self.boards = boards


class PlayedBefore(HandsRefused):
    """Deals a session of the club already played: importing them needs asking."""


@dataclass(frozen=True)
class HandsReport:
    attached: list[int]  # boards that had no deal
    replaced: list[int]  # boards whose other deal was replaced
    unchanged: list[int]  # boards that held this deal already
    not_in_session: list[int]  # dealt in the file, not a board of the session
    not_in_file: list[int]  # boards of the session the file does not deal

    @property
    def changed(self) -> list[int]:
        return sorted(self.attached + self.replaced)


def format_message(exc: FormatError) -> str:
    """The reader's refusal in the user's language (nested refusals too)."""
    params = {
        name: format_message(value) if isinstance(value, FormatError) else value
        for name, value in exc.params.items()
    }
    return _(exc.template) % params


def board_list(numbers: list[int]) -> str:
    """Board numbers with runs shortened: "1–3, 7, 9–10"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(
        str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs
    )


def _same(stored: str, deal: str) -> bool:
    try:
        return normal_deal(stored) == deal
    except DealError:
        return False  # an unreadable stored deal is another deal


@transaction.atomic
def hands_attach(
    *,
    session: Session,
    raw: bytes,
    source: str,
    replace: bool,
    user: Actor,
    again: bool = False,
) -> HandsReport:
    """Store the file's deals on the session's boards; ``replace`` allows
    overwriting other deals, ``again`` deals a session of the club played
    (``deal_store``). A refused file or session changes nothing."""
    try:
        records = read_deal_file(raw, source)
    except FormatError as exc:
        raise HandsRefused(format_message(exc)) from None
    boards = {
        b.number: b for b in Board.objects.select_for_update().filter(session=session)
    }
    if not boards:
        raise HandsRefused(
            _("Session %(session)s has no boards yet: set its movement up first.")
            % {"session": session.number}
        )
    report = _report(boards, records)
    if report.replaced and not replace:
        raise DealsStored(report.replaced)
    for number in report.changed:
        boards[number].deal = records[number].deal
        boards[number].analysis = None  # a new deal: solved again
    _keep(session, {n: records[n].deal for n in report.changed}, source, again)
    changed = [boards[n] for n in report.changed]
    Board.objects.bulk_update(changed, ["deal", "analysis"])
    if report.changed:
        log_event(session.event_id, user, "hands", _log_text(session, source, report))
        analysis_queue([session.pk])
    return report


def _keep(session: Session, deals: dict[int, str], source: str, again: bool) -> None:
    if not deals:
        return
    try:
        keep_set(
            club=session.event.club,
            session=session,
            deals=deals,
            source=source or "import",
            again=again,
        )
    except SetPlayed as exc:
        raise PlayedBefore(str(exc)) from None


def _report(boards: dict[int, Board], records: dict[int, HandRecord]) -> HandsReport:
    common = sorted(set(boards) & set(records))
    stored = [n for n in common if boards[n].deal]
    same = [n for n in stored if _same(boards[n].deal, records[n].deal)]
    return HandsReport(
        attached=[n for n in common if not boards[n].deal],
        replaced=[n for n in stored if n not in same],
        unchanged=same,
        not_in_session=sorted(set(records) - set(boards)),
        not_in_file=sorted(set(boards) - set(records)),
    )


def _log_text(session: Session, source: str, report: HandsReport) -> str:
    """The change log's line (in English, as every entry of the log)."""
    text = f"session {session.number}: deals of boards {board_list(report.changed)}"
    text += f" from {source}" if source else ""
    if report.replaced:
        text += f"; replaced the deals of boards {board_list(report.replaced)}"
    return text
