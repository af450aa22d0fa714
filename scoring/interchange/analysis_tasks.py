"""The double-dummy analysis as background work: one task per session in
Django's task queue (django-tasks, its database backend), run by one worker
process (``manage.py run_tasks``), never a process per import.

A session already waiting in the queue is not queued again: 200 imports in a
row leave one task waiting per session. (A task already running may have read
the deals before the import, so one more may wait behind it.) A failed run is
queued again, later, up to ``ATTEMPTS`` runs in a row. The worker's start
puts back what a stopped worker left: a task still marked running, and every
session with a deal to solve. The tasks solve only unsolved deals, so running
one twice costs time, never a wrong analysis.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Final

from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from tournaments.models import Session

from .analysis import AnalysisJob, analyse_session, sessions_to_analyse

__all__ = [
    "ATTEMPTS",
    "analysis_jobs",
    "analysis_queue",
    "session_analyse",
    "tasks_resume",
]

# The runs of one session's analysis in a row before it is left failed.
ATTEMPTS: Final = 3
# A retry waits this long times the attempts made (the queue may defer).
RETRY_AFTER: Final = timedelta(seconds=30)

_STATES: Final = {
    TaskResultStatus.READY: "queued",
    TaskResultStatus.RUNNING: "running",
    TaskResultStatus.FAILED: "failed",
}


@task()
def session_analyse(*, session_id: int, attempt: int = 1) -> int:
    """Solve the session's unsolved deals (the number solved); a failure is
    queued again until ``ATTEMPTS`` runs have failed, and recorded."""
    session = Session.objects.filter(pk=session_id).first()
    if session is None:
        return 0  # deleted since it was queued
    try:
        return analyse_session(session)
    except Exception:
        if attempt < ATTEMPTS:
            _queue(session_id, attempt + 1)
        raise


def analysis_queue(session_ids: Iterable[int]) -> None:
    """Queue the sessions' analysis once the caller's transaction commits
    (at once outside one); a session already waiting is not queued again."""
    ids = list(session_ids)
    transaction.on_commit(lambda: _queue_all(ids))


def _queue_all(session_ids: list[int]) -> int:
    """Queue each session not waiting already; the number queued."""
    return sum(_queue(pk, 1) for pk in session_ids)


def _queue(session_id: int, attempt: int) -> bool:
    """Queue the session's analysis unless a task of it is waiting (a retry
    deferred when the queue can); whether it was queued."""
    with transaction.atomic():
        # The session's row locked: two imports cannot both find none waiting.
        if not Session.objects.select_for_update().filter(pk=session_id).exists():
            return False
        waiting = DBTaskResult.objects.filter(
            task_path=session_analyse.module_path,
            status=TaskResultStatus.READY,
            args_kwargs__kwargs__session_id=session_id,
        )
        if waiting.exists():
            return False
        queued = session_analyse
        if attempt > 1 and queued.get_backend().supports_defer:
            later = timezone.now() + RETRY_AFTER * (attempt - 1)
            queued = queued.using(run_after=later)
        queued.enqueue(session_id=session_id, attempt=attempt)
    return True


def tasks_resume() -> tuple[int, int]:
    """At the worker's start: the tasks a stopped worker left running go back
    to the queue, and every session with a deal to solve and no task waiting
    is queued (the tasks put back, the sessions queued). ``run_tasks`` is the
    one worker, so no task is running when it starts."""
    back = DBTaskResult.objects.running().update(
        status=TaskResultStatus.READY, started_at=None
    )
    return back, _queue_all([s.pk for s in sessions_to_analyse()])


def analysis_jobs(session_ids: Iterable[int]) -> dict[int, AnalysisJob]:
    """Each session's latest analysis task still queued, running or failed
    (none once it succeeded), read from the queue's table."""
    rows = DBTaskResult.objects.filter(
        task_path=session_analyse.module_path,
        args_kwargs__kwargs__session_id__in=list(session_ids),
    ).order_by("-enqueued_at")
    jobs: dict[int, AnalysisJob | None] = {}
    for status, args, traceback in rows.values_list(
        "status", "args_kwargs", "traceback"
    ):
        kwargs = args["kwargs"]
        if kwargs["session_id"] in jobs:
            continue  # an earlier task of the session
        state = _STATES.get(TaskResultStatus(status))
        attempt = kwargs.get("attempt", 1)
        jobs[kwargs["session_id"]] = (
            AnalysisJob(state, attempt, ATTEMPTS, _last_line(traceback))
            if state
            else None
        )
    return {pk: job for pk, job in jobs.items() if job is not None}


def _last_line(traceback: str) -> str:
    """The exception's own line, the last of its traceback."""
    lines = [line for line in traceback.splitlines() if line.strip()]
    return lines[-1] if lines else ""
