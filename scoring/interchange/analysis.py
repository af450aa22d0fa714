"""Double-dummy analysis of the known deals, solved once per deal and stored on
the board (``Board.analysis``), never in a request.

``analyse_session`` solves a session's unsolved deals one by one and saves each
as it goes, so the progress (solved of known deals) is read from the database by
the command's bar and the event page alike. After an import the run is a task
in the queue (``analysis_tasks``), which one worker runs. A deal replaced
meanwhile is never given the old deal's analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scoring.formats.double_dummy import deal_analysis
from tournaments.models import Board, Event, Session

__all__ = [
    "AnalysisJob",
    "Progress",
    "analyse_session",
    "analysis_progress",
    "sessions_to_analyse",
    "dealt_sessions",
    "unsolved_boards",
]

Step = Callable[[int, int, int], None]  # (solved, known, board number)


@dataclass(frozen=True)
class AnalysisJob:
    """The session's latest analysis task, as the queue keeps it."""

    state: str  # "queued", "running" or "failed"
    attempt: int  # 1 for the first run, more for a retry
    attempts: int  # the most a session's analysis is tried in a row
    error: str = ""  # the failure's last line ("RuntimeError: ...")

    @property
    def waiting(self) -> bool:
        """Queued or running: the page follows it."""
        return self.state in {"queued", "running"}


@dataclass(frozen=True)
class Progress:
    solved: int  # known deals with their analysis
    known: int  # boards with a deal
    job: AnalysisJob | None = None  # the analysis task, while one matters

    @property
    def unfinished(self) -> bool:
        return self.solved < self.known

    @property
    def running(self) -> bool:
        """A task is queued or running for an unsolved deal."""
        return self.job is not None and self.job.waiting


def analysis_progress(
    boards: Iterable[Board], job: AnalysisJob | None = None
) -> Progress:
    """Solved of known deals, from boards already loaded (a prefetch), with
    the session's analysis task while a deal is unsolved."""
    known = [b for b in boards if b.deal]
    solved = sum(1 for b in known if b.solved is not None)
    return Progress(solved, len(known), job if solved < len(known) else None)


def unsolved_boards(session: Session) -> list[Board]:
    """The session's boards whose deal has no analysis of that deal."""
    boards = session.boards.exclude(deal="").order_by("number")
    return [b for b in boards if b.solved is None]


def sessions_to_analyse() -> list[Session]:
    """Every session with a deal to solve (the command without arguments)."""
    dealt = Session.objects.filter(boards__deal__gt="")
    return [s for s in dealt.distinct().order_by("pk") if unsolved_boards(s)]


def analyse_session(session: Session, step: Step | None = None) -> int:
    """Solve and store the session's unsolved deals one by one; the number
    solved. ``step`` hears (solved, known, board) after each deal."""
    todo = unsolved_boards(session)
    known = session.boards.exclude(deal="").count()
    solved = known - len(todo)
    for board in todo:
        found = deal_analysis(board.number, board.deal)
        stored = {"deal": board.deal, "double_dummy": None, "par": None}
        stored |= found or {}
        # Only the deal solved: a deal replaced meanwhile keeps no analysis.
        Board.objects.filter(pk=board.pk, deal=board.deal).update(analysis=stored)
        solved += 1
        if step is not None:
            step(solved, known, board.number)
    return len(todo)


def dealt_sessions(event: Event) -> list[int]:
    """The event's sessions with a deal on some board (an import to analyse)."""
    found = event.sessions.filter(boards__deal__gt="").distinct()
    return list(found.values_list("pk", flat=True))
