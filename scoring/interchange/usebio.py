"""Import a USEBIO results file as a new event, all or nothing.

What other programs write is taken as it is meant: a line not played (``NP``)
becomes a line without a result for the director to resolve; a score the other
program kept though it disagrees with the contract (a director typed it) is
refused, or with ``keep_written_scores`` becomes the score of record, an
assigned score of both sides, so the line shows as adjusted; the number of
results expected per board and the factoring are read from the file's numbers
(``mp_options``), as are the Butler datum rounding and cross-IMP divisor
(``imp_options``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from scoring.entry.services import log_event
from scoring.formats.deals import repeated_deals
from scoring.formats.usebio import (
    PairRef,
    UsebioError,
    UsebioEvent,
    read_usebio,
)
from scoring.formats.usebio_teams import is_team_event
from scoring.models import TravellerLine
from tournaments.models import Board, Event, Pair, Player, Section, Session

from .agreement import KEEP_POINTS_OPTION, Agreement, check_figures
from .file_club import file_club
from .handicap_share import (
    file_handicap,
    handicapped_file,
    recognise_handicap_share,
)
from .imp_options import imp_options
from .mp_options import (
    expected_from_tops,
    recognise_expected,
    recognise_factoring,
    scored_across,
)
from .usebio_lines import Row, keep_written_score, scored_as_pass, traveller_row
from .usebio_teams import import_team_file

__all__ = [
    "UsebioError",
    "UsebioImport",
    "check_once_per_board",
    "import_file",
    "lines_create",
    "pairs_create",
    "sections_create",
    "usebio_import",
]


@dataclass
class UsebioImport:
    """An imported file: its event, and what the director should know of it."""

    event: Event
    not_played: list[str] = field(default_factory=list)  # lines, as the file names them
    passed: list[str] = field(default_factory=list)  # NP lines scored as a pass
    written_scores: list[str] = field(default_factory=list)  # kept scores of record
    expected: dict[str, int] = field(default_factory=dict)  # section -> E from tops
    expected_by_totals: dict[str, int] = field(default_factory=dict)  # E from totals
    factoring: str = ""  # the factoring the file's totals show, when not the default
    agreement: Agreement = field(default_factory=Agreement)  # the file's figures v ours
    same_deals: list[list[int]] = field(default_factory=list)  # boards, one deal
    handicaps: str = ""  # how the file adds a pair's handicap, when it has them


def pairs_create(doc: UsebioEvent, sections: dict[str, Section]) -> dict[PairRef, Pair]:
    pairs: dict[PairRef, Pair] = {}
    for written in doc.pairs:
        pair = Pair.objects.create(
            section=sections[written.ref.section],
            number=written.ref.number,
            direction=written.ref.direction,
            label=written.label,
            handicap=file_handicap(written.handicap, f"pair {written.label}"),
        )
        Player.objects.bulk_create(
            Player(pair=pair, seat=i, name=name, national_id=member)
            for i, (name, member) in enumerate(
                zip(written.names, written.national_ids, strict=True), start=1
            )
        )
        pairs[written.ref] = pair
    listed = bool(pairs)
    for line in doc.lines:
        for ref in (line.ns, line.ew):
            if ref not in pairs:
                label = f"{ref.number}{ref.direction}"
                if listed:
                    raise UsebioError(
                        f"{line.where}: pair {label} is not in the file's list of "
                        "pairs (PARTICIPANTS)"
                    )
                pairs[ref] = Pair.objects.create(
                    section=sections[ref.section],
                    number=ref.number,
                    direction=ref.direction,
                    label=label,
                )
    return pairs


def check_once_per_board(doc: UsebioEvent) -> None:
    seen: dict[tuple[int, PairRef], str] = {}
    for line in doc.lines:
        for ref in (line.ns, line.ew):
            if (line.board, ref) in seen:
                raise UsebioError(
                    f"{line.where}: pair {ref.number}{ref.direction} already "
                    f"played board {line.board} ({seen[line.board, ref]})"
                )
            seen[line.board, ref] = line.where


def _event(doc: UsebioEvent, path: Path | str, club: str) -> Event:
    return Event.objects.create(
        name=doc.name,
        club=file_club(club, doc.club, doc.club_number),
        date=doc.date,
        two_winners=doc.winner_type == 2,
        handicapped=handicapped_file(doc),
        file_event_type=doc.written_type,
        source=f"{Path(path).name} ({doc.program})".strip(),
        section_scoring=(
            Event.SectionScoring.ACROSS_FIELD
            if scored_across(doc)
            else Event.SectionScoring.SECTION
        ),
        **imp_options(doc),
    )


def sections_create(
    doc: UsebioEvent, session: Session, expected: dict[str, int]
) -> dict[str, Section]:
    letters = sorted({p.ref.section for p in doc.pairs} | _line_sections(doc))
    return {
        letter: Section.objects.create(
            session=session, letter=letter, expected_results=expected.get(letter)
        )
        for letter in letters
    }


def lines_create(
    doc: UsebioEvent,
    session: Session,
    sections: dict[str, Section],
    pairs: dict[PairRef, Pair],
    keep: bool,
) -> list[Row]:
    numbers = sorted({line.board for line in doc.lines} | set(doc.deals))
    boards = {
        n: Board.objects.create(session=session, number=n, deal=doc.deals.get(n, ""))
        for n in numbers
    }
    rows = []
    for line in doc.lines:
        row = traveller_row(line, pairs, keep)
        row.line.board, row.line.section = boards[line.board], sections[line.ns.section]
        rows.append(row)
    TravellerLine.objects.bulk_create(r.line for r in rows)
    for row in rows:
        if row.written is not None:
            keep_written_score(row)
    return rows


@transaction.atomic
def import_file(
    *,
    path: Path | str,
    club: str = "",
    keep_written_scores: bool = False,
    keep_file_points: bool = False,
) -> UsebioImport:
    """Create an event from a USEBIO file in its club (``club`` overrides the
    file's); a bad file, or one whose figures are not ours unless
    ``keep_file_points``, leaves nothing behind."""
    if is_team_event(path):
        return _team_import(path, club, keep_written_scores, keep_file_points)
    doc = read_usebio(path)
    check_once_per_board(doc)
    expected = expected_from_tops(doc)
    event = _event(doc, path, club)
    # A results file is a finished session: everything in it is public.
    session = Session.objects.create(
        event=event, number=1, date=doc.date, released=True
    )
    sections = sections_create(doc, session, expected)
    pairs = pairs_create(doc, sections)
    rows = lines_create(doc, session, sections, pairs, keep_written_scores)
    factored, by_totals = _conventions(event, session, doc, pairs)
    done = UsebioImport(
        event=event,
        **_line_lists(doc, rows),
        expected=expected,
        expected_by_totals=by_totals,
        factoring=str(event.get_factoring_display()) if factored else "",
        handicaps=recognise_handicap_share(event, session, doc, pairs),
        agreement=check_figures(session, doc, pairs, keep=keep_file_points),
        same_deals=repeated_deals(doc.deals),
    )
    log_event(event.pk, None, "imported", _log_text(done))
    return done


def _line_lists(doc: UsebioEvent, rows: list[Row]) -> dict[str, list[str]]:
    """The lines the director should know of, as the file names them."""
    passed = [x.where for x in doc.lines if scored_as_pass(x)]
    return {
        "not_played": [
            x.where for x in doc.lines if x.not_played and x.where not in passed
        ],
        "passed": passed,
        "written_scores": [
            x.where
            for x, r in zip(doc.lines, rows, strict=True)
            if r.written is not None
        ],
    }


def _conventions(
    event: Event, session: Session, doc: UsebioEvent, pairs: dict[PairRef, Pair]
) -> tuple[bool, dict[str, int]]:
    """Whether the factoring is not the default, and E by the totals."""
    factored = recognise_factoring(event, session, doc, pairs)
    by_totals = recognise_expected(event, session, doc, pairs)
    if by_totals:  # the factoring is tried again with the results expected
        factored = recognise_factoring(event, session, doc, pairs)
    return factored, by_totals


def _team_import(
    path: Path | str, club: str, keep: bool, keep_points: bool
) -> UsebioImport:
    teams = import_team_file(
        path=path, club=club, keep_written_scores=keep, keep_file_points=keep_points
    )
    done = UsebioImport(
        teams.event,
        teams.not_played,
        written_scores=teams.written_scores,
        agreement=teams.agreement,
    )
    log_event(done.event.pk, None, "imported", _log_text(done))
    return done


def usebio_import(
    *,
    path: Path | str,
    club: str = "",
    keep_written_scores: bool = False,
    keep_file_points: bool = False,
) -> Event:
    """``import_file``'s event."""
    return import_file(
        path=path,
        club=club,
        keep_written_scores=keep_written_scores,
        keep_file_points=keep_file_points,
    ).event


def _log_text(done: UsebioImport) -> str:
    text = done.event.source
    if done.not_played:
        text += f"; {len(done.not_played)} line(s) not played"
    if done.written_scores:
        text += f"; the file's score kept on {len(done.written_scores)} line(s)"
    if done.agreement.disagreements:
        text += (
            f"; kept with {len(done.agreement.disagreements)} figure(s) not ours "
            f"({KEEP_POINTS_OPTION}), first: {done.agreement.disagreements[0]}"
        )
    return text


def _line_sections(doc: UsebioEvent) -> set[str]:
    return {ref.section for line in doc.lines for ref in (line.ns, line.ew)}
