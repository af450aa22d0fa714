"""A handicapped USEBIO file: each pair's HANDICAP, and how the file adds it.

NZ Scorer writes ``<HANDICAP>`` per pair, a PERCENTAGE that is the raw
percentage plus half the handicap, and the places by it. The import gives each
pair its handicap (the pair's own, ``Pair.handicap``), makes the event
handicapped, and keeps the share of the handicap (the whole, the default, or
half) that reproduces the file's percentages: the rule is the app's
(``scoring.engine.handicap``), the share is read from the file's numbers. The
raw percentage is ours, shown beside the handicapped one.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from scoring.adapters import policy_of
from scoring.formats.usebio import PairRef, UsebioError, UsebioEvent, written_number
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import ScoringMemo
from tournaments.models import Event, Pair, Session

from .mp_options import rounds_to

__all__ = ["file_handicap", "handicapped_file", "recognise_handicap_share"]

# Tried in this order: the app's default first.
SHARES = (Event.HandicapShare.WHOLE, Event.HandicapShare.HALF)


def file_handicap(text: str, where: str) -> Decimal | None:
    """A pair's HANDICAP as ``Pair.handicap`` keeps it (None when not written);
    one outside the percentage points a handicap may be is refused."""
    number = written_number(text) if text else None
    if number is None:
        return None
    if not -50 <= number <= 50 or number != round(number, 2):
        raise UsebioError(
            f"{where}: HANDICAP {text!r} is not a handicap (percentage points "
            "from -50 to 50, two decimal places at most)"
        )
    return number


def handicapped_file(doc: UsebioEvent) -> bool:
    """Whether the file gives a handicap to any pair (matchpoint pairs only)."""
    return doc.event_type == "MP_PAIRS" and any(p.handicap for p in doc.pairs)


def recognise_handicap_share(
    event: Event, session: Session, doc: UsebioEvent, pairs: dict[PairRef, Pair]
) -> str:
    """Set the event's share of the handicap to the one whose handicapped
    percentages are the file's PERCENTAGE for every pair (else the default);
    the share kept, as shown, or "" for a file without handicaps."""
    if not event.handicapped:
        return ""
    written = {pairs[p.ref].pk: p.percentage for p in doc.pairs if p.percentage}
    data, memo = load_session(session), ScoringMemo()
    chosen = event.handicap_share
    for share in SHARES:
        event.handicap_share = share
        results = score_loaded(replace(data, policy=policy_of(event)), memo)
        ours = {s.pair.pk: s.handicapped for s in results.standings}
        if written and all(
            (value := ours.get(pk)) is not None and rounds_to(value, text)
            for pk, text in written.items()
        ):
            chosen = share
            break
    event.handicap_share = chosen
    event.save(update_fields=["handicap_share"])
    return str(event.get_handicap_share_display())
