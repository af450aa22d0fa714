"""The only place where stored rows become engine values and back."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Protocol

from scoring.engine import policy as p
from scoring.engine.butler import ImpLine
from scoring.engine.individual import Seated, partnership_line
from scoring.engine.outcomes import Artificial, Average, Outcome, Played, Weighted
from scoring.engine.session import BoardLine
from scoring.engine.types import Contract, Doubling, Result, Seat, Strain
from tournaments.models import Event

from .models import AssignedScore, ContractFields

_FACTORING = {
    Event.Factoring.NONE: (p.Factoring.NONE, p.NeubergRounding.EXACT),
    Event.Factoring.NEUBERG_EBU: (p.Factoring.NEUBERG, p.NeubergRounding.EBU),
    Event.Factoring.NEUBERG_ACBL: (p.Factoring.NEUBERG, p.NeubergRounding.ACBL),
    Event.Factoring.NEUBERG_EXACT: (p.Factoring.NEUBERG, p.NeubergRounding.EXACT),
}


def policy_of(event: Event) -> p.ScoringPolicy:
    factoring, rounding = _FACTORING[Event.Factoring(event.factoring)]
    return p.ScoringPolicy(
        mp_presentation=p.MpPresentation(event.mp_presentation),
        factoring=factoring,
        neuberg_rounding=rounding,
        avg_plus_uses_session_pct=event.avg_plus_uses_session_pct,
        sims_percentage=event.sims_percentage,
        section_scoring=p.SectionScoring(event.section_scoring),
        butler_drop=event.butler_drop,
        datum_tie=p.DatumTie(event.datum_tie),
        datum_source=p.DatumSource(event.datum_source),
        ximp_divisor=p.XimpDivisor(event.ximp_divisor),
        vp_scale=event.vp_scale,
        bam_units=event.bam_units,
        handicap=p.HandicapRule(event.handicap_rule) if event.handicapped else None,
        handicap_share=Fraction(event.handicap_share),
        single_boards=p.SingleBoards(event.single_boards),
    )


class ContractRow(Protocol):
    """A stored result's fields: a traveller line, an assigned score, an entry."""

    @property
    def level(self) -> int | None: ...
    @property
    def strain(self) -> str: ...
    @property
    def doubling(self) -> str: ...
    @property
    def declarer(self) -> str: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def score_ns(self) -> int | None: ...


class LineRow(ContractRow, Protocol):
    """A traveller line's fields: the stored model, or the read side's row."""

    @property
    def pk(self) -> int: ...
    @property
    def ns_pair_id(self) -> int: ...
    @property
    def ew_pair_id(self) -> int: ...
    @property
    def ns_artificial(self) -> str: ...
    @property
    def ew_artificial(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def no_result(self) -> bool: ...


class IndividualLineRow(LineRow, Protocol):
    """An individual's line: North and East are ``ns_pair`` and ``ew_pair``
    (pairs of one player), their partners South and West."""

    @property
    def south_id(self) -> int | None: ...
    @property
    def west_id(self) -> int | None: ...


def result_of(row: ContractRow) -> Result:
    if row.level is None:
        return Result(None)
    contract = Contract(row.level, Strain(row.strain), Doubling(row.doubling))
    return Result(contract, Seat(row.declarer), row.tricks)


def store_result(row: ContractFields, result: Result, score_ns: int) -> None:
    contract = result.contract
    row.level = contract.level if contract else None
    row.strain = contract.strain.value if contract else ""
    row.doubling = contract.doubling.value if contract else ""
    row.declarer = result.declarer.value if result.declarer else ""
    row.tricks = result.tricks
    row.score_ns = score_ns


def _assigned_outcome(parts: list[AssignedScore]) -> Outcome:
    if len(parts) == 1:
        return Played(parts[0].score_ns or 0)
    return Weighted(
        tuple((Fraction(a.weight_percent) / 100, a.score_ns or 0) for a in parts)
    )


def outcome_of(
    line: LineRow, side: str, assigned: Sequence[AssignedScore]
) -> Outcome | None:
    """What one side of a line is scored on; None when nothing is known yet."""
    code = line.ns_artificial if side == "NS" else line.ew_artificial
    if code:
        return Artificial(Average(code))
    parts = [a for a in assigned if a.side in ("", side)]
    if parts:
        return _assigned_outcome(parts)
    if line.no_result or line.score_ns is None:
        return None
    return _played(line.score_ns)


@cache
def _played(score: int) -> Played:
    """One Played per score: a national field has a few hundred distinct scores
    among its 50,000 sides."""
    return Played(score)


def board_line(
    line: LineRow, assigned: Sequence[AssignedScore] = ()
) -> BoardLine | None:
    """The engine's view of a line, or None while it awaits the director."""
    if assigned or line.ns_artificial or line.ew_artificial:
        ns, ew = outcome_of(line, "NS", assigned), outcome_of(line, "EW", assigned)
    elif line.no_result or line.score_ns is None:
        return None
    else:  # a table result, as outcome_of reads it, for both sides at once
        ns = ew = _played(line.score_ns)
    if ns is None or ew is None:
        return None
    return BoardLine(
        key=line.pk,
        ns_pair=line.ns_pair_id,
        ew_pair=line.ew_pair_id,
        ns=ns,
        ew=ew,
        version=line.version or None,
    )


def individual_line(
    line: IndividualLineRow, assigned: Sequence[AssignedScore] = ()
) -> BoardLine | None:
    """An individual's line with the round's partnerships as its sides (keyed by
    player ids), or None while it awaits the director or lacks a partner."""
    found = board_line(line, assigned)
    if found is None or line.south_id is None or line.west_id is None:
        return None
    seated = Seated(line.ns_pair_id, line.ew_pair_id, line.south_id, line.west_id)
    return partnership_line(found, seated)


def imp_line(line: LineRow, assigned: Sequence[AssignedScore] = ()) -> ImpLine | None:
    """The IMP engines' view of a line, or None while it awaits the director."""
    ns, ew = outcome_of(line, "NS", assigned), outcome_of(line, "EW", assigned)
    if ns is None or ew is None:
        return None
    return ImpLine(key=line.pk, ns=ns, ew=ew, version=line.version or 1)
