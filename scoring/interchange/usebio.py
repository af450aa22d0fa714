"""Import a USEBIO results file as a new event, all or nothing."""

from __future__ import annotations

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
    PairRef,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    read_usebio,
)
from scoring.models import TravellerLine
from tournaments.models import Board, Club, Event, Pair, Player, Section, Session

from .imp_options import imp_options

__all__ = ["UsebioError", "usebio_import"]


def _result(line: UsebioLine) -> Result:
    contract = parse_contract(line.contract, Language.EN)
    if contract is None:
        return Result(None)
    if not line.tricks.isdigit():
        raise UsebioError(f"{line.where}: TRICKS {line.tricks!r} is not a number")
    return Result(contract, parse_seat(line.played_by, Language.EN), int(line.tricks))


def _traveller_line(line: UsebioLine, pairs: dict[PairRef, Pair]) -> TravellerLine:
    row = TravellerLine(ns_pair=pairs[line.ns], ew_pair=pairs[line.ew])
    if line.artificial:
        row.ns_artificial, row.ew_artificial = line.artificial
        row.no_result = True
        return row
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
    if line.score.lstrip("-").isdigit() and int(line.score) != score:
        raise UsebioError(
            f"{line.where}: the file says {line.score}, but {line.contract} by "
            f"{line.played_by} taking {line.tricks} tricks scores {score:+d} for NS "
            f"(vulnerable: {vulnerability(line.board).value})"
        )
    store_result(row, result, score)
    row.lead = lead
    return row


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


@transaction.atomic
def usebio_import(*, path: Path | str, club: str = "") -> Event:
    """Create an event from a USEBIO file in its club (``club`` overrides the
    file's); a bad file leaves nothing behind."""
    doc = read_usebio(path)
    _check_once_per_board(doc)
    name = club.strip() or doc.club
    owner = Club.objects.get_or_create(name=name)[0] if name else None
    event = Event.objects.create(
        name=doc.name,
        club=owner,
        date=doc.date,
        two_winners=doc.winner_type == 2,
        source=f"{Path(path).name} ({doc.program})".strip(),
        **imp_options(doc),
    )
    # A results file is a finished session: everything in it is public.
    session = Session.objects.create(
        event=event, number=1, date=doc.date, released=True
    )
    letters = sorted({p.ref.section for p in doc.pairs} | _line_sections(doc))
    sections = {
        letter: Section.objects.create(session=session, letter=letter)
        for letter in letters
    }
    pairs = _pairs(doc, sections)
    numbers = sorted({line.board for line in doc.lines} | set(doc.deals))
    boards = {
        n: Board.objects.create(session=session, number=n, deal=doc.deals.get(n, ""))
        for n in numbers
    }
    rows = []
    for line in doc.lines:
        row = _traveller_line(line, pairs)
        row.board, row.section = boards[line.board], sections[line.ns.section]
        rows.append(row)
    TravellerLine.objects.bulk_create(rows)
    log_event(event.pk, None, "imported", event.source)
    return event


def _line_sections(doc: UsebioEvent) -> set[str]:
    return {ref.section for line in doc.lines for ref in (line.ns, line.ew)}
