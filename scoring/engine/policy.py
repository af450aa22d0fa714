"""The scoring policy: every option of scoring.md §16 in one immutable value.

Reports print the options in force, so each field has a plain, stable value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

__all__ = [
    "DatumSource",
    "DatumTie",
    "Factoring",
    "HandicapRule",
    "MpPresentation",
    "NeubergRounding",
    "ScoringPolicy",
    "SectionScoring",
    "SingleBoards",
    "SmallGroupRule",
    "VpRounding",
    "XimpDivisor",
]


class MpPresentation(Enum):
    EUROPEAN = "european"  # 2 / 1 / 0 per comparison
    ACBL = "acbl"  # 1 / ½ / 0 per comparison


class Factoring(Enum):
    NONE = "none"
    NEUBERG = "neuberg"


class NeubergRounding(Enum):
    EBU = "ebu"  # nearest 0.1 MP, exact .05 towards the average
    ACBL = "acbl"  # nearest 0.01 ACBL MP, .005 up
    EXACT = "exact"


class SmallGroupRule(Enum):
    FORMULA = "formula"
    ACBL = "acbl"


class SectionScoring(Enum):
    SECTION = "section"
    ACROSS_FIELD = "across_field"


class DatumTie(Enum):
    EVEN = "even"
    AWAY_FROM_ZERO = "away_from_zero"


class DatumSource(Enum):
    FIELD = "field"
    PAR = "par"
    MEDIAN = "median"  # JFR: the median of the field's results


class XimpDivisor(Enum):
    N_MINUS_1 = "n_minus_1"
    N = "n"
    NONE = "none"


class HandicapRule(Enum):
    """How a pair's handicap comes from its players' (``handicap.py``)."""

    AVERAGE = "average"
    SUM = "sum"


class VpRounding(Enum):
    MONOTONE = "monotone"
    OFFICIAL_TABLE = "official_table"


class SingleBoards(Enum):
    """A board played once, which nothing can be compared with (``once_played``):
    50 % to both sides, or left out of both sides' totals."""

    AVERAGE = "average"
    OMITTED = "omitted"


@dataclass(frozen=True, slots=True)
class ScoringPolicy:
    mp_presentation: MpPresentation = MpPresentation.EUROPEAN
    factoring: Factoring = Factoring.NEUBERG
    neuberg_rounding: NeubergRounding = NeubergRounding.EBU
    small_group_rule: SmallGroupRule = SmallGroupRule.FORMULA
    artificial_mp: tuple[int, int, int] = (60, 50, 40)  # percent for A60/A50/A40
    artificial_imp: tuple[int, int, int] = (3, 0, -3)
    avg_plus_uses_session_pct: bool = True
    sims_percentage: bool = False  # pairs ranked on the mean (MP + 1) / (2n)
    section_scoring: SectionScoring = SectionScoring.SECTION
    butler_drop: int | None = None  # None: 0 if n <= 3, else 1 at each end
    datum_tie: DatumTie = DatumTie.EVEN
    datum_source: DatumSource = DatumSource.FIELD
    ximp_divisor: XimpDivisor = XimpDivisor.N_MINUS_1
    vp_scale: str = "wbf2013_continuous"
    vp_rounding: VpRounding = VpRounding.MONOTONE
    bam_units: str = "1-half-0"  # or "2-1-0" (point-a-board)
    bam_tolerance: int = 0
    swiss_repeats: str = "forbid"
    handicap: HandicapRule | None = None  # None: not a handicapped event
    handicap_share: Fraction = Fraction(1)  # of the handicap added (NZ Scorer: 1/2)
    single_boards: SingleBoards = SingleBoards.AVERAGE
