"""A USEBIO traveller line as a traveller line of ours: a line not played
(``NP``) without a result for the director; an artificial code as its two
sides' scores; a written score that disagrees with the contract refused, or
kept as the score of record (``keep``: assigned to both sides)."""

from __future__ import annotations

from dataclasses import dataclass

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
from scoring.formats.usebio import (
    INTEGER,
    PairRef,
    UsebioError,
    UsebioLine,
    written_number,
)
from scoring.models import AssignedScore, TravellerLine
from tournaments.models import Pair

__all__ = [
    "KEEP_OPTION",
    "Row",
    "keep_written_score",
    "scored_as_pass",
    "traveller_row",
]

KEEP_OPTION = "--keep-written-scores"


@dataclass
class Row:
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


def _not_played(line: UsebioLine, row: TravellerLine) -> Row:
    if INTEGER.fullmatch(line.score) and int(line.score) != 0:
        raise UsebioError(
            f"{line.where}: CONTRACT {line.contract} (not played) with SCORE "
            f"{line.score}: a board not played has no score"
        )
    row.no_result = True
    return Row(row)


def scored_as_pass(line: UsebioLine) -> bool:
    """An ``NP`` line the producer scored as a pass (NZ Scorer): SCORE 0 and
    points that share the board's top, not the 0 and 0 of a board not played.
    Imported passed out; the check of every line's points against ours then
    proves the points are a pass's."""
    points = [written_number(p) for p in line.points]
    return (
        line.not_played
        and line.written_score in (0, None)
        and all(p is not None for p in points)
        and sum(p for p in points if p is not None) > 0
    )


def traveller_row(line: UsebioLine, pairs: dict[PairRef, Pair], keep: bool) -> Row:
    row = TravellerLine(ns_pair=pairs[line.ns], ew_pair=pairs[line.ew])
    if line.artificial:
        row.ns_artificial, row.ew_artificial = line.artificial
        row.no_result = True
        return Row(row)
    if scored_as_pass(line):
        store_result(row, Result(None), 0)
        return Row(row)
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
    return Row(row, _kept_score(line, score, keep))


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


def keep_written_score(row: Row) -> None:
    """The file's score as the score of record: assigned to both sides, without
    a contract (the line keeps the contract the file gives)."""
    line = row.line
    if line.pk is None:  # a database that does not return bulk-created ids
        line = TravellerLine.objects.get(board=line.board, ns_pair=line.ns_pair)
    AssignedScore.objects.create(line=line, score_ns=row.written)
