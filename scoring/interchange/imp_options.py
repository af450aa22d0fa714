"""The IMP options of an imported USEBIO file: the kind of event, and the datum
rounding or cross-IMP divisor that reproduces what the producing program wrote.

Programs differ (Compscore rounds an exact …5 datum away from zero, ACBLscore to
the even ten), so each option is tried against the file's own numbers and the
first that reproduces all of them is kept; if none does, the default stays and
the re-scored event shows the difference. JFR's Butler datum is the median of
the field, tried after the trimmed mean.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from scoring.engine.butler import ImpLine, datum, median_datum
from scoring.engine.crossimps import cross_imps_board
from scoring.engine.outcomes import Played
from scoring.engine.policy import DatumSource, DatumTie, ScoringPolicy, XimpDivisor
from scoring.formats.usebio import INTEGER, UsebioEvent, UsebioLine
from tournaments.models import Event

__all__ = ["imp_options"]

KINDS = {
    "BUTLER_PAIRS": Event.Scoring.BUTLER,
    "CROSS_IMP": Event.Scoring.CROSS_IMPS,
}


def imp_options(doc: UsebioEvent) -> dict[str, Any]:
    """Event fields for the file's kind; {} for a matchpoint file."""
    kind = KINDS.get(doc.event_type)
    if kind is None:
        return {}
    boards = _real_scores(doc.lines)
    if kind == Event.Scoring.BUTLER:
        return {"scoring": kind, **_butler_datum(doc, boards)}
    return {"scoring": kind, "ximp_divisor": _divisor(boards)}


def _real_scores(lines: list[UsebioLine]) -> dict[int, list[UsebioLine]]:
    """Each board's lines with a table result: the scores the file's numbers
    were computed from (a line not played and an artificial score have none)."""
    boards: dict[int, list[UsebioLine]] = defaultdict(list)
    for line in lines:
        if line.written_score is not None:
            boards[line.board].append(line)
    return boards


def _scores(lines: list[UsebioLine]) -> list[int]:
    return [x.written_score for x in lines if x.written_score is not None]


def _butler_datum(
    doc: UsebioEvent, boards: dict[int, list[UsebioLine]]
) -> dict[str, str]:
    """The datum (the field's trimmed mean, else its median as JFR takes it)
    and its rounding that reproduce every BOARD_AVERAGE written."""
    for source, rule in (
        (DatumSource.FIELD, datum),
        (DatumSource.MEDIAN, median_datum),
    ):
        for tie in DatumTie:
            if all(
                rule(_scores(boards[n]), tie=tie) == int(written)
                for n, written in doc.datums.items()
                if boards.get(n) and INTEGER.fullmatch(written)
            ):
                return {"datum_tie": tie.value, "datum_source": source.value}
    return {"datum_tie": DatumTie.EVEN.value, "datum_source": DatumSource.FIELD.value}


def _divisor(boards: dict[int, list[UsebioLine]]) -> str:
    for divisor in XimpDivisor:
        policy = ScoringPolicy(ximp_divisor=divisor)
        if all(_matches(lines, policy) for lines in boards.values()):
            return divisor.value
    return XimpDivisor.N_MINUS_1.value


def _matches(lines: list[UsebioLine], policy: ScoringPolicy) -> bool:
    engine = [ImpLine(i, Played(s)) for i, s in enumerate(_scores(lines))]
    scored = cross_imps_board(engine, policy=policy)
    return all(
        _same(s.ns_imps, x.points[0]) for s, x in zip(scored, lines, strict=True)
    )


def _same(value: Fraction, written: str) -> bool:
    try:
        places = Decimal(written)
    except InvalidOperation:
        return True  # nothing written to compare with
    exponent = places.as_tuple().exponent
    if not isinstance(exponent, int):
        return True  # not a finite number: nothing to compare with
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    quantum = Decimal(1).scaleb(exponent)
    return exact.quantize(quantum, rounding=ROUND_HALF_EVEN) == places
