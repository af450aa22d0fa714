"""Double-dummy analysis of the known deals, solved once per deal and stored on
the board (``Board.analysis``), never in a request.

``analyse_session`` solves a session's unsolved deals one by one and saves each
as it goes, so the progress (solved of known deals) is read from the database by
the command's bar and the event page alike. After a hand-record import the run
starts in the background: ``manage.py analyse_deals SESSION_ID`` as a detached
process (no server, no queue), unless ``settings.ANALYSE_IN_BACKGROUND`` is off
(the tests). A deal replaced meanwhile is never given the old deal's analysis.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone

from scoring.formats.double_dummy import deal_analysis
from tournaments.models import Board, Event, Session

__all__ = [
    "Progress",
    "analyse_session",
    "analysis_progress",
    "queued_analysis",
    "sessions_to_analyse",
    "dealt_sessions",
    "start_analysis",
    "unsolved_boards",
]

Step = Callable[[int, int, int], None]  # (solved, known, board number)
# How long the event page follows a background run before giving up on it.
FOLLOWED = timedelta(minutes=10)


@dataclass(frozen=True)
class Progress:
    solved: int  # known deals with their analysis
    known: int  # boards with a deal
    running: bool = False  # a background run was started for an unsolved one

    @property
    def unfinished(self) -> bool:
        return self.solved < self.known


def analysis_progress(boards: Iterable[Board]) -> Progress:
    """Solved of known deals, from boards already loaded (a prefetch)."""
    known = [b for b in boards if b.deal]
    unsolved = [b for b in known if b.solved is None]
    running = any(_queued_lately(b.analysis) for b in unsolved)
    return Progress(len(known) - len(unsolved), len(known), running)


def queued_analysis() -> dict[str, Any] | None:
    """What a board's ``analysis`` holds while a background run is coming
    (None when runs are off): the page follows it for ``FOLLOWED``."""
    if not getattr(settings, "ANALYSE_IN_BACKGROUND", True):
        return None
    return {"queued": timezone.now().isoformat()}


def _queued_lately(analysis: object) -> bool:
    if not isinstance(analysis, dict) or "queued" not in analysis:
        return False
    try:
        since = timezone.now() - datetime.fromisoformat(str(analysis["queued"]))
    except (TypeError, ValueError):
        return False
    return since < FOLLOWED


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


def start_analysis(session_ids: Iterable[int]) -> None:
    """Run ``analyse_deals`` on the sessions in a detached process (nothing to
    wait for, no output kept); off when ``ANALYSE_IN_BACKGROUND`` is False."""
    ids = [str(pk) for pk in session_ids]
    if not ids or not getattr(settings, "ANALYSE_IN_BACKGROUND", True):
        return
    manage = Path(settings.BASE_DIR) / "manage.py"
    subprocess.Popen(  # noqa: S603 - our own command, fixed arguments
        [sys.executable, str(manage), "analyse_deals", *ids],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
