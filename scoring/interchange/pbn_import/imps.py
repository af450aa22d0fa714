"""An IMP pairs PBN results file (Butler or cross-IMPs) checked against our
scoring.

A file writes IMPs (``IMP_NS``/``IMP_EW``, ``TotalIMP``) without saying how
they were made, so each way our engine knows is tried against every number of
the file, as ``imp_options`` does for USEBIO: Butler with each rounding of an
exact …5 datum, then Butler against the median (JFR's datum, rounded each
way), then cross-IMPs with each divisor. The first under which every
line's IMPs and every pair's total agree is kept as the event's; when none
does, the file is refused with the first disagreement of the nearest.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from django.utils.translation import gettext as _

from scoring.adapters import policy_of
from scoring.engine.policy import DatumSource, DatumTie, XimpDivisor
from scoring.formats.score_tables import PbnResults
from scoring.standings import SessionResults
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import ScoringMemo, side_raw
from tournaments.models import Event

from .lines import agrees, differs, refused
from .pairs import StoredPairs

__all__ = ["imp_convention"]

# Each way of making IMPs, as the event stores it: its kind and fields.
Option = tuple[str, dict[str, str]]
MEAN, MEDIAN = DatumSource.FIELD.value, DatumSource.MEDIAN.value
OPTIONS: list[Option] = [
    *(
        (Event.Scoring.BUTLER, {"datum_source": source, "datum_tie": tie.value})
        for source in (MEAN, MEDIAN)
        for tie in DatumTie
    ),
    *((Event.Scoring.CROSS_IMPS, {"ximp_divisor": d.value}) for d in XimpDivisor),
]
FIELDS = ("datum_source", "datum_tie", "ximp_divisor")


def _line_problems(
    results: SessionResults, stored: StoredPairs
) -> Iterator[tuple[int, str]]:
    for board in results.boards:
        for scored in board.lines:
            row = stored.rows[scored.line.id]
            for written, side in zip(row.points, ("NS", "EW"), strict=True):
                ours = side_raw(scored.points, side)
                if written is not None and not agrees(ours, written):
                    what = _("%(side)s IMPs") % {"side": side}
                    yield row.line, differs(what, written, ours)


def _pair_problems(
    results: SessionResults, doc: PbnResults, stored: StoredPairs
) -> Iterator[tuple[int, str]]:
    """Each pair's total, as ranked (scaled to the most boards) or summed."""
    standings = {s.pair.pk: s for s in results.standings}
    for key, info in doc.pairs.listed.items():
        pair = stored.pairs.get(key)
        standing = standings.get(pair.pk) if pair is not None else None
        if standing is None or info.total is None:
            continue  # listed, but played no board of the file
        if not (
            agrees(standing.total, info.total) or agrees(standing.points, info.total)
        ):
            what = _("total of pair %(pair)s") % {"pair": key.label}
            yield info.line, differs(what, info.total, standing.total)


def imp_convention(doc: PbnResults, stored: StoredPairs) -> str:
    """The way of making IMPs under which every number of the file agrees, kept
    as the event's and described; refused with the nearest one's first
    disagreement."""
    event = stored.event
    data = load_session(stored.session)  # its event is ``event``, changed below
    memo = ScoringMemo()  # the tries share what did not change
    tried: list[tuple[int, tuple[int, str]]] = []
    kept = {field: getattr(event, field) for field in FIELDS}
    for scoring, fields in OPTIONS:
        for name, default in {**kept, **fields}.items():
            setattr(event, name, default)  # only this option's fields change
        event.scoring = scoring
        results = score_loaded(replace(data, policy=policy_of(event)), memo)
        problems = [
            *_line_problems(results, stored),
            *_pair_problems(results, doc, stored),
        ]
        if not problems:
            event.save(update_fields=["scoring", *fields])
            return _described(event)
        tried.append((len(problems), problems[0]))
    line, message = min(tried)[1]
    raise refused(line, message)


def _described(event: Event) -> str:
    if event.scoring == Event.Scoring.CROSS_IMPS:
        return f"{event.get_scoring_display()}; {event.get_ximp_divisor_display()}"
    said = [event.get_scoring_display(), event.get_datum_tie_display()]
    if event.datum_source == MEDIAN:
        said.insert(1, event.get_datum_source_display())
    return "; ".join(said)
