"""A pairs event from a PBN results file: the event, its pairs (with names and
member numbers from the TotalScoreTable), boards and traveller lines, stored
before the file's numbers are compared with ours. A TotalScoreTable of players
makes an individual: each player one of the event's "pairs", a line's North
and East its NS and EW, South and West their partners (``Event.individual``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scoring.formats.score_tables import PairKey, PbnResults, ResultRow
from scoring.models import TravellerLine
from tournaments.models import Board, Event, Pair, Player, Section, Session

from .lines import owner, source, traveller_line

__all__ = ["StoredPairs", "store_pairs_event"]


@dataclass(frozen=True)
class StoredPairs:
    event: Event
    session: Session
    rows: dict[int, ResultRow]  # each line's row, by the line's id
    pairs: dict[PairKey, Pair]


def _pairs(doc: PbnResults, sections: dict[str, Section]) -> dict[PairKey, Pair]:
    keys = {k for row in doc.rows for k in (row.ns, row.ew, *(row.partners or ()))}
    pairs = {}
    for key in sorted(keys):
        info = doc.pairs.listed.get(key)
        pair = Pair.objects.create(
            section=sections[key.section],
            number=key.number,
            direction=info.direction if info else key.direction,
            label=key.label,
        )
        if info is not None:
            Player.objects.bulk_create(
                Player(pair=pair, seat=seat, name=name[:120], national_id=member[:30])
                for seat, (name, member) in enumerate(
                    zip(info.names, info.member_ids + ("",) * 4, strict=False),
                    start=1,
                )
            )
        pairs[key] = pair
    return pairs


def store_pairs_event(
    doc: PbnResults, path: Path, club: str, scoring: str
) -> StoredPairs:
    """The event (scored ``scoring``), its sections, pairs, boards and lines."""
    event = Event.objects.create(
        name=(doc.event or path.stem)[:200],
        club=owner(club),
        date=doc.day,
        two_winners=doc.pairs.two_winners and not doc.pairs.individual,
        individual=doc.pairs.individual,
        source=source(doc, path),
        scoring=scoring,
    )
    session = Session.objects.create(event=event, number=1, date=doc.day, released=True)
    letters = {k.section for r in doc.rows for k in (r.ns, r.ew)}
    sections = {x: Section.objects.create(session=session, letter=x) for x in letters}
    pairs = _pairs(doc, sections)
    numbers = sorted({row.board for row in doc.rows} | set(doc.deals))
    boards = {
        n: Board.objects.create(session=session, number=n, deal=doc.deals.get(n, ""))
        for n in numbers
    }
    lines = []
    for row in doc.rows:
        line = traveller_line(row, pairs)
        line.board, line.section = boards[row.board], sections[row.ns.section]
        lines.append(line)
    TravellerLine.objects.bulk_create(lines)
    rows = {x.pk: row for x, row in zip(lines, doc.rows, strict=True)}
    return StoredPairs(event, session, rows, pairs)
