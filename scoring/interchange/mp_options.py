"""The matchpoint conventions of an imported USEBIO file, read from its numbers.

Two things a file does not say but its numbers show:

* how many results each board was expected to have (E). A program that factors
  a board played fewer times writes its points on the full top: NZ Scorer shows
  a 3/4 Howell with a phantom on a top of 10 (six results expected) though five
  were played. When the tops of a section's boards say more results were
  expected than any board has lines, the section's E is set to that;
* Neuberg factoring rounded to 0.1 (EBU) or exact: Compscore adds unrounded
  factored scores (a total of 442.22, not 442.2); or none: BriAn leaves a board
  that an artificial score left with fewer results on its own top (8 for five
  results and an A5050). Each rounding is tried against
  the pairs' totals and percentages as written; the first that reproduces them
  all is kept, else the one that reproduces most (the default first on a tie).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from scoring.adapters import policy_of
from scoring.formats.usebio import (
    PairRef,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    written_number,
)
from scoring.standings.families import score_loaded
from scoring.standings.load import LoadedSession, load_session
from scoring.standings.results import ScoringMemo
from tournaments.models import Event, Pair, Session

__all__ = [
    "expected_from_tops",
    "recognise_expected",
    "recognise_factoring",
    "rounds_to",
    "scored_across",
]

# Tried in this order: the event's default first.
FACTORINGS = (
    Event.Factoring.NEUBERG_EBU,
    Event.Factoring.NEUBERG_EXACT,
    Event.Factoring.NEUBERG_ACBL,
    Event.Factoring.NONE,  # BriAn: a board short of results keeps its own top
)


def expected_from_tops(doc: UsebioEvent) -> dict[str, int]:
    """Section letter -> the results expected per board, for the sections whose
    tops say more than the most lines on a board (none for an IMP file)."""
    if doc.event_type != "MP_PAIRS" or scored_across(doc):
        return {}
    counts = Counter((x.ns.section, x.board) for x in doc.lines)
    boards: dict[str, dict[int, int]] = defaultdict(dict)
    for (section, number), lines in _real_lines(doc).items():
        implied = _implied_expected(lines)
        if implied is not None and implied > counts[section, number]:
            boards[section][number] = implied  # written on a factored top
    expected = {}
    for section, factored in boards.items():
        e = _one_expected(section, factored, _pairs_in(doc, section))
        if e > max(n for (s, _b), n in counts.items() if s == section):
            expected[section] = e
    return expected


def scored_across(doc: UsebioEvent) -> bool:
    """Whether the sections were matchpointed as one field: every board's top
    is for the results of all sections (a top of 64 for 33 results in three
    sections), not of its own section."""
    if doc.event_type != "MP_PAIRS" or len({x.ns.section for x in doc.lines}) < 2:
        return False
    boards = Counter(x.board for x in doc.lines)
    real: dict[int, list[UsebioLine]] = defaultdict(list)
    for (_section, number), lines in _real_lines(doc).items():
        real[number] += lines
    return bool(real) and all(
        _implied_expected(lines) == boards[number] for number, lines in real.items()
    )


def _real_lines(doc: UsebioEvent) -> dict[tuple[str, int], list[UsebioLine]]:
    """The lines of each (section, board) with a table result and both points."""
    found: dict[tuple[str, int], list[UsebioLine]] = defaultdict(list)
    for line in doc.lines:
        if line.written_score is not None and all(line.points):
            found[line.ns.section, line.board].append(line)
    return found


def _implied_expected(lines: list[UsebioLine]) -> int | None:
    """E as the board's top says (top = 2(E − 1)): the NS and EW points of a
    table result add up to the top; the most frequent sum, to the unit, is taken
    (a producer may truncate its points: 7.7 + 2.2)."""
    sums = Counter(
        round(sum(written_number(p) or 0 for p in line.points)) for line in lines
    )
    top = sums.most_common(1)[0][0]
    return top // 2 + 1 if top > 0 and top % 2 == 0 else None


def _one_expected(section: str, implied: dict[int, int], pairs: int) -> int:
    """The one E of a section's factored boards; refused when they disagree or
    when it is more results than the section's pairs can give."""
    values = sorted(set(implied.values()))
    first = {e: min(n for n, v in implied.items() if v == e) for e in values}
    if len(values) > 1:
        said = ", ".join(f"board {first[e]} a top for {e} results" for e in values)
        raise UsebioError(
            f"section {section}: the boards' matchpoints disagree on the number of "
            f"results expected ({said})"
        )
    e = values[0]
    if e > (pairs + 1) // 2:
        raise UsebioError(
            f"board {first[e]}: its matchpoints add up to a top of {2 * (e - 1)}, "
            f"for {e} results, but section {section} has {pairs} pairs"
        )
    return e


def _pairs_in(doc: UsebioEvent, section: str) -> int:
    refs = {p.ref for p in doc.pairs} | {r for x in doc.lines for r in (x.ns, x.ew)}
    return sum(1 for ref in refs if ref.section == section)


def recognise_factoring(
    event: Event, session: Session, doc: UsebioEvent, pairs: dict[PairRef, Pair]
) -> bool:
    """Set the event's factoring to the rounding that reproduces the file's
    totals and percentages (matchpoint events; nothing written: the default);
    whether it is another than the default."""
    written = _written(doc, pairs)
    if not written:
        return False
    data = load_session(session)
    memo = ScoringMemo()  # the tries share what did not change
    default = best = event.factoring
    best_found = -1
    for option in FACTORINGS:
        found, numbers = _reproduced(data, memo, event, option, written)
        if found == numbers:
            best = option
            break
        if found > best_found:
            best, best_found = option, found
    event.factoring = best
    event.save(update_fields=["factoring"])
    return best != default


def recognise_expected(
    event: Event, session: Session, doc: UsebioEvent, pairs: dict[PairRef, Pair]
) -> dict[str, int]:
    """Section letter -> E, when the tops did not say it but the totals do: a
    file that writes each board's points on its own top and factored totals
    (Compscore, our own export of a Howell with a phantom). Tried only when the
    totals are not reproduced as the file stands; the smallest E that
    reproduces them all is kept."""
    written = _written(doc, pairs)
    if not written or _all_reproduced(event, session, written):
        return {}
    sections = list(session.sections.filter(expected_results=None))
    if not sections:
        return {}
    counts = Counter((x.ns.section, x.board) for x in doc.lines)
    most = max(counts.values(), default=0)
    largest = max((_pairs_in(doc, s.letter) + 1) // 2 for s in sections)
    for e in range(most + 1, largest + 1):
        session.sections.filter(pk__in=[s.pk for s in sections]).update(
            expected_results=e
        )
        if _all_reproduced(event, session, written):
            return {s.letter: e for s in sections}
    session.sections.filter(pk__in=[s.pk for s in sections]).update(
        expected_results=None
    )
    return {}


def _written(
    doc: UsebioEvent, pairs: dict[PairRef, Pair]
) -> list[tuple[int, str, str]]:
    """Each pair's written total and percentage (matchpoint events only)."""
    if doc.event_type != "MP_PAIRS":
        return []
    return [
        (pairs[p.ref].pk, p.total, p.percentage)
        for p in doc.pairs
        if p.total or p.percentage
    ]


def _all_reproduced(
    event: Event, session: Session, written: list[tuple[int, str, str]]
) -> bool:
    data = load_session(session)
    found, numbers = _reproduced(data, ScoringMemo(), event, event.factoring, written)
    return found == numbers


def _reproduced(
    data: LoadedSession,
    memo: ScoringMemo,
    event: Event,
    option: str,
    written: list[tuple[int, str, str]],
) -> tuple[int, int]:
    """How many of the written totals and percentages ``option`` reproduces, of
    how many."""
    event.factoring = option
    results = score_loaded(replace(data, policy=policy_of(event)), memo)
    ours = {s.pair.pk: (s.total, s.percentage) for s in results.standings}
    found = numbers = 0
    for pk, *texts in written:
        for value, text in zip(ours.get(pk, (None, None)), texts, strict=True):
            if text and value is not None:
                numbers += 1
                found += rounds_to(value, text)
    return found, numbers


def rounds_to(value: Fraction, text: str) -> bool:
    """Whether ``value`` rounds to the number written, to its decimal places
    (either way at an exact half)."""
    number = written_number(text)
    if number is None:
        return False
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)  # a finite number
    half_unit = Fraction(Decimal(1).scaleb(exponent)) / 2
    return abs(value - Fraction(number)) <= half_unit
