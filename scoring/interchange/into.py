"""A session scored elsewhere joins an event: ``import_usebio FILE --into EVENT``.

The file's session becomes the event's next session, all or nothing. Its pairs
are matched to the event's entries by their players' member numbers, else by
their names (letter case and accents aside), whatever pair numbers they had; a
pair matched by neither becomes a new entry, and is reported. The event keeps
its own scoring conventions: a file of another kind of scoring is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.db.models import Max

from scoring.engine.names import folded
from scoring.entry.services import log_event
from scoring.formats.usebio import (
    PairRef,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    read_usebio,
)
from scoring.formats.usebio_teams import is_team_event
from tournaments.models import Entry, Event, Pair, Session
from tournaments.setup.sessions import entries_ensure

from .agreement import KEEP_POINTS_OPTION, Agreement, check_figures
from .imp_options import imp_options
from .mp_options import expected_from_tops
from .usebio import (
    check_once_per_board,
    lines_create,
    pairs_create,
    sections_create,
)
from .usebio_lines import scored_as_pass

__all__ = ["IntoImport", "import_into", "into_notes"]

Players = frozenset[str]


@dataclass
class IntoImport:
    """The session added, and how each of its pairs found its entry."""

    session: Session
    by_number: list[str] = field(default_factory=list)  # "3NS → entry 2"
    by_name: list[str] = field(default_factory=list)
    new_entries: list[str] = field(default_factory=list)  # "5EW Ann – Bob: entry 9"
    not_played: list[str] = field(default_factory=list)
    agreement: Agreement = field(default_factory=Agreement)  # the file's v ours


@dataclass
class _Known:
    """The event's entries by their players' member numbers and names."""

    by_number: dict[Players, int] = field(default_factory=dict)
    by_name: dict[Players, int] = field(default_factory=dict)

    def add(self, entry_id: int, numbers: list[str], names: list[str]) -> None:
        if numbers and all(numbers):
            self.by_number.setdefault(frozenset(numbers), entry_id)
        if names and all(names):
            self.by_name.setdefault(frozenset(names), entry_id)


def _known(event: Event) -> _Known:
    known = _Known()
    pairs = Pair.objects.filter(
        section__session__event=event, entry__isnull=False
    ).prefetch_related("players")
    for pair in pairs:
        assert pair.entry_id is not None
        players = list(pair.players.all())
        known.add(
            pair.entry_id,
            [p.national_id.strip() for p in players],
            [folded(p.name) for p in players],
        )
    return known


def _check_kind(doc: UsebioEvent, event: Event) -> None:
    """A file of another kind of event than the target's is refused, saying why."""
    doc_kind = str(imp_options(doc).get("scoring", Event.Scoring.MATCHPOINTS))
    if event.is_teams:
        raise UsebioError(f"event {event.pk} is a team event, not a pairs event")
    if event.individual:
        raise UsebioError(f"event {event.pk} is an individual, not a pairs event")
    if doc_kind != event.scoring:
        raise UsebioError(
            f"the file is scored as {Event.Scoring(doc_kind).label}, event "
            f"{event.pk} as {event.get_scoring_display()}"
        )
    if (doc.winner_type == 2) != event.two_winners:
        file_has, event_has = ("two", "one") if doc.winner_type == 2 else ("one", "two")
        raise UsebioError(
            f"the file's session has {file_has} winner(s) (WINNER_TYPE "
            f"{doc.winner_type}), event {event.pk} {event_has}"
        )


def _pairs_file(path: Path | str, event: Event) -> UsebioEvent:
    """The file, which must be a pairs file (a team file cannot join an event
    as a pairs session)."""
    if is_team_event(path):
        raise UsebioError(
            f"the file is a team event's, and a team event's session cannot be "
            f"added to event {event.pk} (a pairs event)"
        )
    return read_usebio(path)


def _match(written: UsebioPair, known: _Known) -> tuple[int | None, str]:
    """The entry a file's pair is, and how it was found ("number", "name")."""
    numbers = frozenset(n.strip() for n in written.national_ids)
    if all(numbers) and numbers in known.by_number:
        return known.by_number[numbers], "number"
    names = frozenset(folded(n) for n in written.names)
    if names and all(names) and names in known.by_name:
        return known.by_name[names], "name"
    return None, ""


def _link(
    doc_pairs: list[UsebioPair], pairs: dict[PairRef, Pair], session: Session
) -> IntoImport:
    """Seat each of the new session's pairs as its entry (new ones numbered on
    from the event's last)."""
    event = session.event
    known = _known(event)
    done = IntoImport(session=session)
    found: dict[int, str] = {}
    written = {p.ref: p for p in doc_pairs}
    last = Entry.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    for ref, pair in pairs.items():
        entry_id, how = (None, "")
        if ref in written:
            entry_id, how = _match(written[ref], known)
        if entry_id is not None and entry_id in found:
            same = "member numbers" if how == "number" else "names"
            raise UsebioError(
                f"pairs {found[entry_id]} and {pair.label} are the same entry "
                f"(the same players' {same})"
            )
        if entry_id is None:
            last += 1
            entry_id = Entry.objects.create(event=event, number=last).pk
            names = " – ".join(written[ref].names) if ref in written else "?"
            done.new_entries.append(f"{pair.label} {names}: entry {last}")
        else:
            text = f"{pair.label} → {Entry.objects.get(pk=entry_id)}"
            (done.by_number if how == "number" else done.by_name).append(text)
        found[entry_id] = pair.label
        Pair.objects.filter(pk=pair.pk).update(entry=entry_id)
    return done


@transaction.atomic
def import_into(
    *,
    path: Path | str,
    event: Event,
    keep_written_scores: bool = False,
    keep_file_points: bool = False,
) -> IntoImport:
    """The file's session as the event's next session, its pairs seated as the
    event's entries; a refused file, or one whose figures the event's
    conventions do not give unless ``keep_file_points``, leaves nothing behind."""
    doc = _pairs_file(path, event)
    _check_kind(doc, event)
    check_once_per_board(doc)
    entries_ensure(event)  # the pairs already played are entries to match
    last = event.sessions.aggregate(n=Max("number"))["n"] or 0
    session = Session.objects.create(
        event=event, number=last + 1, date=doc.date, released=True
    )
    sections = sections_create(doc, session, expected_from_tops(doc))
    pairs = pairs_create(doc, sections)
    if not pairs:
        raise UsebioError("the file has no pairs")
    lines_create(doc, session, sections, pairs, keep_written_scores)
    done = _link(doc.pairs, pairs, session)
    done.agreement = check_figures(session, doc, pairs, keep=keep_file_points)
    done.not_played = [
        x.where for x in doc.lines if x.not_played and not scored_as_pass(x)
    ]
    log_event(
        event.pk,
        None,
        "imported",
        f"session {session.number} from {Path(path).name} ({doc.program}); "
        f"{len(done.new_entries)} new entries",
    )
    return done


def into_notes(done: IntoImport) -> list[str]:
    """What the director reads after the import."""
    notes = [f"session {done.session.number} added"]
    if done.by_number:
        notes.append(f"matched by member numbers: {len(done.by_number)} pairs")
    notes += [f"matched by names: {x}" for x in done.by_name]
    notes += [f"no entry matched, new entry: {x}" for x in done.new_entries]
    notes += [f"not played, for the director: {x}" for x in done.not_played]
    found = done.agreement
    if found.disagreements:
        notes.append(
            f"{KEEP_POINTS_OPTION}: added with {len(found.disagreements)} figure(s) "
            "of the file that are not ours; ours are shown"
        )
        notes += [f"  not ours: {x}" for x in found.disagreements]
    return notes
