"""import_usebio PATH: create an event from a USEBIO results file; with
--into EVENT_ID, add the file's session to the event as its next session."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.interchange.agreement import KEEP_POINTS_OPTION
from scoring.interchange.analysis import dealt_sessions
from scoring.interchange.analysis_tasks import analysis_queue
from scoring.interchange.heat_upload import HEAT_REFUSALS, heat_import
from scoring.interchange.into import import_into, into_notes
from scoring.interchange.usebio import UsebioError, UsebioImport, import_file
from tournaments.models import Event

from ..heat_option import add_heat_option, heat_of


class Command(BaseCommand):
    help = (
        "Import a USEBIO 1.2 results file (MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, or "
        "PAIRS scored at matchpoints, Butler or cross-IMPs) as a new event."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the USEBIO XML file")
        parser.add_argument("--club", default="", help="the club (else the file's)")
        parser.add_argument(
            "--keep-written-scores",
            action="store_true",
            help="where the file's score disagrees with its contract (a score a "
            "director typed), keep the file's score as the score of record: the "
            "line is shown as adjusted (else the file is refused)",
        )
        parser.add_argument(
            KEEP_POINTS_OPTION,
            action="store_true",
            help="import a file whose points, totals or places are not ours all "
            "the same; the disagreements are reported and logged as such (else "
            "the file is refused, naming the first)",
        )
        parser.add_argument(
            "--into",
            type=int,
            metavar="EVENT_ID",
            help="add the file's session to this event as its next session, its "
            "pairs matched to the event's entries by member numbers, else names",
        )
        add_heat_option(parser)

    def handle(self, *args: object, path: str, **options: object) -> None:
        if options.get("heat") is not None:
            self._heat(path, int(str(options["heat"])), options)
            return
        if options.get("into") is not None:
            self._into(path, int(str(options["into"])), options)
            return
        try:
            done = import_file(
                path=path,
                club=str(options["club"]),
                keep_written_scores=bool(options["keep_written_scores"]),
                keep_file_points=bool(options["keep_file_points"]),
            )
        except UsebioError as exc:
            raise CommandError(f"{path}: {exc}. Nothing was imported.") from None
        event = done.event
        boards = sum(s.boards.count() for s in event.sessions.all())
        self.stdout.write(f"imported {event.name!r}: {boards} boards")
        for line in self._notes(done):
            self.stdout.write(line)
        analysis_queue(dealt_sessions(event))
        self.stdout.write(f"event {event.pk}")

    def _into(self, path: str, event_id: int, options: dict[str, object]) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        try:
            done = import_into(
                path=path,
                event=event,
                keep_written_scores=bool(options["keep_written_scores"]),
                keep_file_points=bool(options["keep_file_points"]),
            )
        except UsebioError as exc:
            raise CommandError(f"{path}: {exc}. Nothing was imported.") from None
        for line in into_notes(done):
            self.stdout.write(line)
        added = done.session.pk
        analysis_queue(pk for pk in dealt_sessions(event) if pk == added)
        self.stdout.write(f"event {event.pk} session {added}")

    def _heat(self, path: str, event_id: int, options: dict[str, object]) -> None:
        if options.get("into") is not None:
            raise CommandError("--heat and --into: one or the other")
        simultaneous, club = heat_of(event_id, options["club"])
        try:
            done = heat_import(
                path=path, simultaneous=simultaneous, club=club,
                keep_written_scores=bool(options["keep_written_scores"]),
            )  # fmt: skip
        except HEAT_REFUSALS as exc:
            raise CommandError(f"{path}: {exc}. Nothing was imported.") from None
        for line in self._notes(done):
            self.stdout.write(line)
        analysis_queue(dealt_sessions(done.event))
        session = done.event.sessions.get()
        self.stdout.write(f"event {done.event.pk} session {session.pk}")

    @staticmethod
    def _notes(done: UsebioImport) -> list[str]:
        """What the director should know: lines to resolve, scores kept, and the
        conventions read from the file's numbers when they are not the default."""
        notes = [
            f"section {letter}: {e} results expected per board (the file's tops)"
            for letter, e in sorted(done.expected.items())
        ]
        notes += [
            f"section {letter}: {e} results expected per board (the file's totals)"
            for letter, e in sorted(done.expected_by_totals.items())
        ]
        notes += _event_conventions(done)
        notes += [
            f"convention: NP scored as a pass by the file (its points): imported "
            f"passed out: {x}"
            for x in done.passed
        ]
        notes += [f"not played, for the director: {x}" for x in done.not_played]
        notes += _agreement_notes(done)
        notes += [
            "warning: boards " + ", ".join(map(str, group)) + " have the same deal"
            for group in done.same_deals
        ]
        if done.written_scores:
            notes.append(
                f"the file's score kept as the score of record (shown as assigned) "
                f"on {len(done.written_scores)} line(s): "
                + "; ".join(done.written_scores)
            )
        return notes


def _event_conventions(done: UsebioImport) -> list[str]:
    """The event's settings the file's numbers chose, when not the default."""
    event, notes = done.event, []
    if event.section_scoring == Event.SectionScoring.ACROSS_FIELD:
        notes.append(
            "convention: scored across the field (each board's top is for the "
            "results of every section)"
        )
    if done.factoring:
        notes.append(f"factoring: {done.factoring} (the file's totals)")
    if done.handicaps:
        notes.append(
            f"convention: handicapped: {done.handicaps} (the file's HANDICAP, "
            "PERCENTAGE and PLACE); the raw percentage is shown beside it"
        )
    if event.datum_source == Event.DatumSource.MEDIAN:
        shown = event.get_datum_source_display()
        notes.append(f"convention: Butler datum: {shown} (the file's BOARD_AVERAGE)")
    return notes


def _agreement_notes(done: UsebioImport) -> list[str]:
    """Lines within the file's rounding, once; figures kept that are not ours."""
    found = done.agreement
    notes = []
    if found.rounded:
        notes.append(
            f"points rounded by the file: {len(found.rounded)} of {found.lines} "
            f"line(s) within 0.05 of ours (first: {found.rounded[0]})"
        )
    if found.disagreements:
        notes.append(
            f"{KEEP_POINTS_OPTION}: imported with {len(found.disagreements)} "
            f"figure(s) of the file that are not ours; ours are shown"
        )
        notes += [f"  not ours: {x}" for x in found.disagreements]
    return notes
