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

from scoring.adapters import store_result
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import (
    Language,
    NotationError,
    format_lead,
    parse_contract,
    parse_lead,
    parse_seat,
)
from scoring.engine.types import Result
from scoring.entry.services import log_event
from scoring.formats.usebio import (
    INTEGER,
    PairRef,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    read_usebio,
)
from scoring.models import AssignedScore, TravellerLine
from tournaments.models import Board, Club, Event, Pair, Player, Section, Session

from .imp_options import imp_options
from .mp_options import expected_from_tops, recognise_factoring

__all__ = ["UsebioError", "UsebioImport", "import_file", "usebio_import"]

KEEP_OPTION = "--keep-written-scores"


@dataclass
class UsebioImport:
    """An imported file: its event, and what the director should know of it."""

    event: Event
    not_played: list[str] = field(default_factory=list)  # lines, as the file names them
    written_scores: list[str] = field(default_factory=list)  # kept scores of record
    expected: dict[str, int] = field(default_factory=dict)  # section -> E from tops
    factoring: str = ""  # the factoring the file's totals show, when not the default


@dataclass
class _Row:
    """A traveller line to save, with the file's score when it is kept."""

    line: TravellerLine
    written: int | None = None


def _result(line: UsebioLine) -> Result:
    contract = parse_contract(line.contract, Language.EN)
    if contract is None:
        return Result(None)
    if not INTEGER.fullmatch(line.tricks):
        raise UsebioError(f"{line.where}: TRICKS {line.tricks!r} is not a number")
    return Result(contract, parse_seat(line.played_by, Language.EN), int(line.tricks))


def _not_played(line: UsebioLine, row: TravellerLine) -> _Row:
    if INTEGER.fullmatch(line.score) and int(line.score) != 0:
        raise UsebioError(
            f"{line.where}: CONTRACT {line.contract} (not played) with SCORE "
            f"{line.score}: a board not played has no score"
        )
    row.no_result = True
    return _Row(row)


def _traveller_line(line: UsebioLine, pairs: dict[PairRef, Pair], keep: bool) -> _Row:
    row = TravellerLine(ns_pair=pairs[line.ns], ew_pair=pairs[line.ew])
    if line.artificial:
        row.ns_artificial, row.ew_artificial = line.artificial
        row.no_result = True
        return _Row(row)
    if line.not_played:
        return _not_played(line, row)
    try:
        result = _result(line)
        lead = (
            format_lead(parse_lead(line.lead, Language.EN), Language.EN)
            if line.lead
            else ""
        )
    except (NotationError, ValueError) as exc:
        raise UsebioError(f"{line.where}: {exc}") from None
    score = ns_score(result, vulnerability(line.board))
    store_result(row, result, score)
    row.lead = lead
    return _Row(row, _kept_score(line, score, keep))


def _kept_score(line: UsebioLine, score: int, keep: bool) -> int | None:
    """The file's score when it differs from the contract's and is kept."""
    written = line.written_score
    if line.score and written is None:
        raise UsebioError(
            f"{line.where}: SCORE {line.score!r} is neither a score nor an "
            "artificial code such as A6040"
        )
    if written is None or written == score:
        return None
    if written % 10:
        raise UsebioError(f"{line.where}: SCORE {written} is not a bridge score")
    if not keep:
        raise UsebioError(
            f"{line.where}: the file says {line.score}, but {line.contract} by "
            f"{line.played_by} taking {line.tricks} tricks scores {score:+d} for NS "
            f"(vulnerable: {vulnerability(line.board).value}); to keep the file's "
            f"score as the score of record, import with {KEEP_OPTION}"
        )
    return written


def _pairs(doc: UsebioEvent, sections: dict[str, Section]) -> dict[PairRef, Pair]:
    pairs: dict[PairRef, Pair] = {}
    for written in doc.pairs:
        pair = Pair.objects.create(
            section=sections[written.ref.section],
            number=written.ref.number,
            direction=written.ref.direction,
            label=written.label,
        )
        Player.objects.bulk_create(
            Player(pair=pair, seat=i, name=name, national_id=member)
            for i, (name, member) in enumerate(
                zip(written.names, written.national_ids, strict=True), start=1
            )
        )
        pairs[written.ref] = pair
    for line in doc.lines:
        for ref in (line.ns, line.ew):
            if ref not in pairs:
                label = f"{ref.number}{ref.direction}"
                pairs[ref] = Pair.objects.create(
                    section=sections[ref.section],
                    number=ref.number,
                    direction=ref.direction,
                    label=label,
                )
    return pairs


def _check_once_per_board(doc: UsebioEvent) -> None:
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
    name = club.strip() or doc.club
    owner = Club.objects.get_or_create(name=name)[0] if name else None
    return Event.objects.create(
        name=doc.name,
        club=owner,
        date=doc.date,
        two_winners=doc.winner_type == 2,
        source=f"{Path(path).name} ({doc.program})".strip(),
        **imp_options(doc),
    )


def _sections(
    doc: UsebioEvent, session: Session, expected: dict[str, int]
) -> dict[str, Section]:
    letters = sorted({p.ref.section for p in doc.pairs} | _line_sections(doc))
    return {
        letter: Section.objects.create(
            session=session, letter=letter, expected_results=expected.get(letter)
        )
        for letter in letters
    }


def _lines(
    doc: UsebioEvent,
    session: Session,
    sections: dict[str, Section],
    pairs: dict[PairRef, Pair],
    keep: bool,
) -> list[_Row]:
    numbers = sorted({line.board for line in doc.lines} | set(doc.deals))
    boards = {
        n: Board.objects.create(session=session, number=n, deal=doc.deals.get(n, ""))
        for n in numbers
    }
    rows = []
    for line in doc.lines:
        row = _traveller_line(line, pairs, keep)
        row.line.board, row.line.section = boards[line.board], sections[line.ns.section]
        rows.append(row)
    TravellerLine.objects.bulk_create(r.line for r in rows)
    for row in rows:
        if row.written is not None:
            _keep_written_score(row)
    return rows


def _keep_written_score(row: _Row) -> None:
    """The file's score as the score of record: assigned to both sides, without
    a contract (the line keeps the contract the file gives)."""
    line = row.line
    if line.pk is None:  # a database that does not return bulk-created ids
        line = TravellerLine.objects.get(board=line.board, ns_pair=line.ns_pair)
    AssignedScore.objects.create(line=line, score_ns=row.written)


@transaction.atomic
def import_file(
    *, path: Path | str, club: str = "", keep_written_scores: bool = False
) -> UsebioImport:
    """Create an event from a USEBIO file in its club (``club`` overrides the
    file's); a bad file leaves nothing behind."""
    doc = read_usebio(path)
    _check_once_per_board(doc)
    expected = expected_from_tops(doc)
    event = _event(doc, path, club)
    # A results file is a finished session: everything in it is public.
    session = Session.objects.create(
        event=event, number=1, date=doc.date, released=True
    )
    sections = _sections(doc, session, expected)
    pairs = _pairs(doc, sections)
    rows = _lines(doc, session, sections, pairs, keep_written_scores)
    factored = recognise_factoring(event, session, doc, pairs)
    done = UsebioImport(
        event=event,
        not_played=[x.where for x in doc.lines if x.not_played],
        written_scores=[
            x.where
            for x, r in zip(doc.lines, rows, strict=True)
            if r.written is not None
        ],
        expected=expected,
        factoring=str(event.get_factoring_display()) if factored else "",
    )
    log_event(event.pk, None, "imported", _log_text(done))
    return done


def usebio_import(
    *, path: Path | str, club: str = "", keep_written_scores: bool = False
) -> Event:
    """``import_file``'s event."""
    return import_file(
        path=path, club=club, keep_written_scores=keep_written_scores
    ).event


def _log_text(done: UsebioImport) -> str:
    text = done.event.source
    if done.not_played:
        text += f"; {len(done.not_played)} line(s) not played"
    if done.written_scores:
        text += f"; the file's score kept on {len(done.written_scores)} line(s)"
    return text


def _line_sections(doc: UsebioEvent) -> set[str]:
    return {ref.section for line in doc.lines for ref in (line.ns, line.ew)}
