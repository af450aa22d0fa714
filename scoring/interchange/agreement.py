"""An imported USEBIO file checked against our scoring of its results.

Every line's points and every pair's total, percentage and place, as written,
are compared with ours once the file's conventions are recognised. A file whose
figures we do not reproduce is refused, naming the first disagreement, unless
the director keeps it (``--keep-file-points``). Compscore writes factored
points rounded to 0.1, its halves rounded as binary floats round (12.65 comes
out 12.6): a line within 0.05 of ours is the file's presentation, counted and
reported once, not a disagreement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.engine.factoring import neuberg
from scoring.formats.usebio import (
    PairRef,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    written_number,
)
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import (
    Points,
    ScoredLine,
    SessionResults,
    Standing,
    side_points,
    side_raw,
    side_top,
)
from tournaments.models import Pair, Session

from .mp_options import rounds_to

__all__ = ["KEEP_POINTS_OPTION", "Agreement", "check_figures", "check_lines", "settle"]

KEEP_POINTS_OPTION = "--keep-file-points"
PRESENTATION = Fraction(1, 20)  # the most a rounded line's points may differ


@dataclass
class Agreement:
    """How the file's figures compare with ours."""

    lines: int = 0  # lines compared
    rounded: list[str] = field(default_factory=list)  # lines within PRESENTATION
    disagreements: list[str] = field(default_factory=list)


def check_figures(
    session: Session, doc: UsebioEvent, pairs: dict[PairRef, Pair], *, keep: bool
) -> Agreement:
    """Compare the file's figures with ours; refused at the first disagreement
    unless ``keep``."""
    results = score_loaded(load_session(session))
    found = Agreement()
    check_lines(results, doc.lines, pairs, found)
    _check_pairs(results, doc, pairs, found)
    settle(found, keep=keep)
    return found


def settle(found: Agreement, *, keep: bool) -> None:
    """Refuse the file at its first disagreement, unless ``keep``."""
    if found.disagreements and not keep:
        raise UsebioError(
            f"{found.disagreements[0]} ({len(found.disagreements)} figure(s) of the "
            f"file differ from ours; {KEEP_POINTS_OPTION} imports it all the same)"
        )


def check_lines(
    results: SessionResults,
    lines: Sequence[UsebioLine],
    pairs: Mapping[PairRef, Pair],
    found: Agreement,
) -> None:
    """Each line's points as written (a pairs or a team file's) against ours."""
    ours: dict[tuple[int, int, int], ScoredLine] = {
        (board.number, x.line.ns_pair_id, x.line.ew_pair_id): x
        for board in results.boards
        for x in board.lines
    }
    for line in lines:
        scored = ours.get((line.board, pairs[line.ns].pk, pairs[line.ew].pk))
        if line.not_played or scored is None or scored.points is None:
            continue
        found.lines += 1
        for side, text in zip(("NS", "EW"), line.points, strict=True):
            verdict = _line_verdict(scored, side, text)
            if verdict == "rounded":
                found.rounded.append(line.where)
                break
            if verdict:
                found.disagreements.append(f"{line.where}: {side} {verdict}")
                break


def _line_verdict(scored: ScoredLine, side: str, text: str) -> str:
    """'' when the written points are ours (before or after factoring),
    'rounded' within the file's presentation, else what differs."""
    written = written_number(text)
    points = scored.points
    if not text or written is None or points is None:
        return ""
    both = (side_raw(points, side), side_points(points, side))
    known = {v for v in both if v is not None}
    if any(rounds_to(v, text) for v in known):
        return ""
    near = known | _unrounded(points, side)
    if any(abs(v - Fraction(written)) <= PRESENTATION for v in near):
        return "rounded"
    ours = ", ".join(sorted(f"{float(v):.2f}" for v in known))
    return f"points {text} in the file, {ours} by our scoring"


def _unrounded(points: Points, side: str) -> set[Fraction]:
    """The side's factored points before the event's rounding: what a program
    that rounds in binary floating point rounded."""
    raw, top = side_raw(points, side), side_top(points, side)
    raw_top = side_top(points, side, raw=True)
    if raw is None or top is None or raw_top is None or top == raw_top:
        return set()
    return {neuberg(raw, actual=raw_top // 2 + 1, expected=top // 2 + 1)}


def _check_pairs(
    results: SessionResults,
    doc: UsebioEvent,
    pairs: dict[PairRef, Pair],
    found: Agreement,
) -> None:
    ours = {s.pair.pk: s for s in results.standings}
    for written in doc.pairs:
        standing = ours.get(pairs[written.ref].pk)
        if standing is None:
            continue
        said = _pair_verdict(standing, written.total, written.percentage, written.place)
        if said:
            found.disagreements.append(f"pair {written.label}: {said}")


def _pair_verdict(standing: Standing, total: str, percentage: str, place: str) -> str:
    # NZ Scorer writes the percentage as the total.
    totals = (standing.total, standing.percentage)
    if total and not any(v is not None and rounds_to(v, total) for v in totals):
        return f"total {total} in the file, {float(standing.total):.2f} by our scoring"
    ours = standing.percentage
    # A handicapped file (NZ Scorer) writes the handicapped percentage.
    shown = [v for v in (ours, standing.handicapped) if v is not None]
    if percentage and shown and not any(rounds_to(v, percentage) for v in shown):
        said = " or ".join(f"{float(v):.2f}" for v in shown)
        return f"percentage {percentage} in the file, {said} by our scoring"
    if place and place.rstrip("=") != standing.rank.rstrip("="):
        return f"place {place} in the file, {standing.rank} by our scoring"
    return ""
