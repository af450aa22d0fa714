"""A matchpoint pairs PBN results file checked against our scoring.

Producers write their numbers by their own conventions, so the comparison
tries each one we know (matchpoints 2/1/0 or 1/½/0 per comparison, or Norway's
plus/minus +1/0/−1 when the file's points are negative or centred on zero; no
factoring or Neuberg in its three roundings; totals pro-rated to the full
session or summed over the boards played) and keeps the first under which
every number agrees; the event is stored with it. Plus/minus points are 2/1/0
points less half their top, with the same percentages and ranks: the event
keeps 2/1/0 units and the convention line names the file's scale. When none
does, the file is refused with its first disagreement named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.translation import gettext as _

from scoring.engine.matchpoints import plus_minus, to_presentation
from scoring.engine.policy import Factoring, MpPresentation, NeubergRounding
from scoring.engine.simultaneous import sims_share
from scoring.formats.score_tables import PairKey, PbnResults, ResultRow
from scoring.models import TravellerLine
from scoring.standings import SessionResults
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import (
    ScoredLine,
    ScoringMemo,
    side_percentage,
    side_points,
    side_raw,
    side_top,
)
from tournaments.models import Event, Pair

from .lines import agrees, differs, refused
from .pairs import StoredPairs

__all__ = ["Convention", "matchpoint_convention"]

# Each factoring the event can store, with the engine's policy for it.
FACTORINGS = {
    Event.Factoring.NEUBERG_EBU: (Factoring.NEUBERG, NeubergRounding.EBU),
    Event.Factoring.NEUBERG_ACBL: (Factoring.NEUBERG, NeubergRounding.ACBL),
    Event.Factoring.NEUBERG_EXACT: (Factoring.NEUBERG, NeubergRounding.EXACT),
    Event.Factoring.NONE: (Factoring.NONE, NeubergRounding.EBU),
}
PRESENTATIONS = {
    Event.Presentation.EUROPEAN: MpPresentation.EUROPEAN,
    Event.Presentation.ACBL: MpPresentation.ACBL,
}
PRO_RATED, SUMMED = "pro-rated", "summed"
# Norway's scale (Ruter i Norge): not an event's units, shown 2/1/0 once kept.
PLUS_MINUS = "plus_minus"


@dataclass(frozen=True)
class Convention:
    factoring: Event.Factoring
    presentation: str  # an Event.Presentation, or PLUS_MINUS
    totals: str  # PRO_RATED or SUMMED
    expected: int | None = None  # results expected per board, when the file says
    sims: bool = False  # pairs' percentages (MP + 1) / (2n), simultaneous pairs'

    def described(self) -> str:
        totals = {
            PRO_RATED: _("totals pro-rated to the full session"),
            SUMMED: _("totals summed over the boards played"),
        }[self.totals]
        parts = [
            _scale_label(self.presentation),
            str(Event.Factoring(self.factoring).label),
            totals,
        ]
        if self.sims:
            parts.append(str(Event._meta.get_field("sims_percentage").verbose_name))
        if self.expected is not None:
            parts.append(
                _("%(count)s results expected per board") % {"count": self.expected}
            )
        return "; ".join(parts)


def _scale_label(presentation: str) -> str:
    if presentation == PLUS_MINUS:
        return _("+1 / 0 / −1 per comparison (plus/minus, Ruter i Norge)")
    return str(Event.Presentation(presentation).label)


def _mp(
    value: Fraction | None, convention: Convention, top: int | Fraction | None
) -> Fraction | None:
    """Points in the convention's units; ``top``: what they were scored on."""
    if value is None:
        return None
    if convention.presentation == PLUS_MINUS:
        return None if top is None else plus_minus(value, top)
    presentation = PRESENTATIONS[Event.Presentation(convention.presentation)]
    shown = to_presentation(value, presentation=presentation)
    return Fraction(shown)


def _line_problems(
    results: SessionResults, rows: dict[int, ResultRow], convention: Convention
) -> Iterator[tuple[int, str]]:
    for board in results.boards:
        for scored in board.lines:
            yield from _side_problems(rows[scored.line.id], scored, convention)


def _side_problems(
    row: ResultRow, scored: ScoredLine, convention: Convention
) -> Iterator[tuple[int, str]]:
    """The line's matchpoints (before or after factoring) and percentages."""
    for i, side in enumerate(("NS", "EW")):
        written = row.points[i]
        points = scored.points
        raw_top = side_top(points, side, raw=True)
        raw = _mp(side_raw(points, side), convention, raw_top)
        factored = _mp(side_points(points, side), convention, side_top(points, side))
        if written is not None and not (
            agrees(raw, written) or agrees(factored, written)
        ):
            what = _("%(side)s matchpoints") % {"side": side}
            yield row.line, differs(what, written, factored)
        written = row.percentages[i]
        percentage = side_percentage(scored.points, side)
        if written is not None and not any(
            agrees(p, written)
            for p in _percentages(percentage, scored, side, convention)
        ):
            what = _("%(side)s percentage") % {"side": side}
            yield row.line, differs(what, written, percentage)


def _percentages(
    percentage: Fraction | None, scored: ScoredLine, side: str, convention: Convention
) -> list[Fraction | None]:
    """A line's percentage as we make it, and as (MP + 1) / (2n) when the
    convention ranks on that (a file may write either on its lines)."""
    points, top = side_points(scored.points, side), side_top(scored.points, side)
    if not convention.sims or points is None or top is None:
        return [percentage]
    return [percentage, sims_share(points, top)]


def _most(results: SessionResults, pair_id: int) -> int:
    """The sum of the tops of the boards the pair has points on (its total's
    top: what a plus/minus total is scored on)."""
    return sum(
        side_top(scored.points, scored.sits(pair_id)) or 0
        for _board, scored in results.pair_lines(pair_id)
        if scored.mine(pair_id) is not None
    )


def _pair_problems(
    results: SessionResults,
    doc: PbnResults,
    pairs: dict[PairKey, Pair],
    convention: Convention,
) -> Iterator[tuple[int, str]]:
    standings = {s.pair.pk: s for s in results.standings}
    for key, info in doc.pairs.listed.items():
        standing = standings.get(pairs[key].pk) if key in pairs else None
        if standing is None:
            continue  # listed, but played no board of the file
        summed = convention.totals == SUMMED
        value = standing.points if summed else standing.total
        total = _mp(value, convention, _most(results, standing.pair.pk))
        if info.total is not None and not agrees(total, info.total):
            what = _("total of pair %(pair)s") % {"pair": key.label}
            yield info.line, differs(what, info.total, total)
        if info.percentage is not None and not agrees(
            standing.percentage, info.percentage
        ):
            what = _("percentage of pair %(pair)s") % {"pair": key.label}
            yield info.line, differs(what, info.percentage, standing.percentage)


def matchpoint_convention(doc: PbnResults, stored: StoredPairs) -> Convention:
    """The first convention under which every number of the file agrees, kept
    as the event's; refused with the first disagreement of the nearest one.
    When none agrees as the boards stand, the results expected per board are
    tried (a Howell with a phantom, each board played one time fewer)."""
    found, tried = _first_agreeing(doc, stored)
    if found is not None:
        return _kept(stored.event, found)
    sections = stored.session.sections.all()
    for expected in _expected_candidates(stored):
        sections.update(expected_results=expected)
        again, _tried = _first_agreeing(doc, stored)
        if again is not None:
            return _kept(stored.event, replace(again, expected=expected))
    sections.update(expected_results=None)
    line, message = min(tried)[1]
    raise refused(line, message)


def _expected_candidates(stored: StoredPairs) -> range:
    """More results than any board has, up to what the pairs can give."""
    lines = TravellerLine.objects.filter(section__session=stored.session)
    boards = Counter(lines.values_list("board_id", flat=True))
    pairs = Pair.objects.filter(section__session=stored.session).count()
    return range(max(boards.values(), default=0) + 1, (pairs + 1) // 2 + 1)


def _first_agreeing(
    doc: PbnResults, stored: StoredPairs
) -> tuple[Convention | None, list[tuple[int, tuple[int, str]]]]:
    """The first convention that reproduces every number, and what each
    convention tried got wrong (how many, the first)."""
    data = load_session(stored.session)
    memo = ScoringMemo()  # the tries share what did not change
    tried: list[tuple[int, tuple[int, str]]] = []
    centred = _centred(doc)
    for sims, (factoring, (engine_factoring, rounding)) in (
        (sims, option) for sims in (False, True) for option in FACTORINGS.items()
    ):
        policy = replace(
            data.policy,
            factoring=engine_factoring,
            neuberg_rounding=rounding,
            sims_percentage=sims,
        )
        results = score_loaded(replace(data, policy=policy), memo)
        for convention in _conventions(factoring, centred, sims):
            problems = [
                *_line_problems(results, stored.rows, convention),
                *_pair_problems(results, doc, stored.pairs, convention),
            ]
            if not problems:
                return convention, tried
            tried.append((len(problems), problems[0]))
    return None, tried


def _conventions(
    factoring: Event.Factoring, centred: bool, sims: bool
) -> Iterator[Convention]:
    """Each scale and way of totalling tried with ``factoring``: plus/minus
    (its totals summed) only for a file whose points are centred on zero."""
    for presentation in PRESENTATIONS:
        for totals in (PRO_RATED, SUMMED):
            yield Convention(factoring, presentation, totals, sims=sims)
    if centred:
        yield Convention(factoring, PLUS_MINUS, SUMMED, sims=sims)


def _centred(doc: PbnResults) -> bool:
    """Whether the file's points are on a scale centred on zero: some point is
    negative, or every line's NS and EW points add up to nothing."""
    written = [p for row in doc.rows for p in row.points if p is not None]
    both = [
        (ns, ew)
        for ns, ew in (row.points for row in doc.rows)
        if ns is not None and ew is not None
    ]
    return any(p < 0 for p in written) or bool(
        both and all(ns + ew == 0 for ns, ew in both)
    )


def _kept(event: Event, convention: Convention) -> Convention:
    event.factoring = convention.factoring
    event.mp_presentation = (
        Event.Presentation.EUROPEAN  # the same percentages and ranks
        if convention.presentation == PLUS_MINUS
        else convention.presentation
    )
    event.sims_percentage = convention.sims
    event.save(update_fields=["factoring", "mp_presentation", "sims_percentage"])
    return convention
