"""The double-dummy analysis as background work: one task per session in the
database queue, never a process per import; retried after a failure, picked up
again after a restart, and shown on the event page."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks, Settings

from scoring.interchange import analysis, exports
from scoring.interchange.analysis_tasks import (
    ATTEMPTS,
    analysis_jobs,
    analysis_queue,
)
from scoring.interchange.hands import hands_attach
from tests.factories import make_event, make_small_evening
from tests.paths import FIXTURES
from tests.scoring.interchange.test_analysis import FULL
from tests.scoring.interchange.test_hands_upload import DEALER, SECOND_SET, director
from tournaments.models import Board, Event, Session

pytestmark = pytest.mark.django_db

IN_THE_DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def queue(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tasks wait in the database for a worker, as under `make serve`; no
    process may be started."""
    settings.TASKS = IN_THE_DATABASE
    monkeypatch.setattr(subprocess, "Popen", pytest.fail)


@pytest.fixture
def signals_kept() -> Iterator[None]:
    """The worker takes SIGINT and SIGTERM for itself: give them back."""
    kept = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    kept[signal.SIGQUIT] = signal.getsignal(signal.SIGQUIT)
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)


@pytest.fixture
def evening() -> Session:
    """Board 1 dealt (FULL), board 2 without a deal: one deal to solve."""
    session = make_small_evening(published=True).sessions.get()
    Board.objects.filter(session=session, number=1).update(deal=FULL)
    return session


def solved(session: Session) -> int:
    return analysis.analysis_progress(session.boards.all()).solved


def waiting(session: Session) -> int:
    return DBTaskResult.objects.filter(
        status=TaskResultStatus.READY, args_kwargs__kwargs__session_id=session.pk
    ).count()


def work(*options: str) -> str:
    """The worker, run until the queue is empty (as ``make serve`` runs it)."""
    out = StringIO()
    call_command("run_tasks", "--batch", *options, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.usefixtures("queue")
def test_two_hundred_imports_in_a_row_leave_one_task_per_session(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """The runaway reproduction: an import no longer starts an analyser
    process (40 at once, 9 GB, before); the sessions wait in one queue."""
    sessions = [make_event(tables=4, boards_per_round=1).sessions.get()]
    sessions.append(make_event(tables=4, boards_per_round=1).sessions.get())
    for n in range(200):
        hands = (DEALER, SECOND_SET)[n // 2 % 2]  # every import changes deals
        with django_capture_on_commit_callbacks(execute=True):
            report = hands_attach(
                session=sessions[n % 2], raw=hands.read_bytes(), source="x",
                replace=True, user=None,
            )  # fmt: skip
        assert report.changed
    assert [waiting(s) for s in sessions] == [1, 1]
    assert DBTaskResult.objects.count() == 2


@pytest.mark.usefixtures("queue")
def test_an_imported_results_file_with_deals_queues_its_session(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    fixture = FIXTURES / "usebio_mp_mitchell_16pairs.xml"
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_usebio", str(fixture), stdout=StringIO())
    session = Event.objects.get().sessions.get()
    assert waiting(session) == 1
    assert solved(session) == 0  # queued, not solved in the import


def test_a_task_run_in_process_solves_the_deals(
    evening: Session,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    assert solved(evening) == 0
    with django_capture_on_commit_callbacks(execute=True):
        analysis_queue([evening.pk])
    board = evening.boards.get(number=1)
    assert board.solved is not None and board.solved["par"]["score_ns"] == 1520


def test_a_failing_analysis_is_tried_three_times_then_left(
    evening: Session,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    tried: list[int] = []

    def broken(number: int, deal: str) -> None:
        tried.append(number)
        raise RuntimeError("the solver crashed")

    monkeypatch.setattr(analysis, "deal_analysis", broken)
    with django_capture_on_commit_callbacks(execute=True):
        analysis_queue([evening.pk])
    assert tried == [1] * ATTEMPTS
    assert solved(evening) == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("queue", "signals_kept")
def test_the_worker_runs_a_failed_analysis_again_later(
    evening: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = analysis.deal_analysis
    monkeypatch.setattr(analysis, "deal_analysis", lambda *_: 1 / 0)
    analysis_queue([evening.pk])
    work()
    assert solved(evening) == 0
    job = analysis_jobs([evening.pk])[evening.pk]
    assert (job.state, job.attempt) == ("queued", 2)  # a retry, later
    assert DBTaskResult.objects.filter(status=TaskResultStatus.FAILED).count() == 1
    monkeypatch.setattr(analysis, "deal_analysis", real)
    DBTaskResult.objects.filter(status=TaskResultStatus.READY).update(
        run_after=timezone.now()
    )  # its time has come
    work()
    assert solved(evening) == 1
    assert analysis_jobs([evening.pk]) == {}  # the last task succeeded


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("queue", "signals_kept")
def test_a_restarted_worker_picks_up_the_unfinished_work(evening: Session) -> None:
    """A worker killed in a task leaves it marked running; an import whose
    queueing was lost leaves unsolved deals: the next worker does both."""
    analysis_queue([evening.pk])
    DBTaskResult.objects.get().claim("killed-worker")
    other = make_event(tables=4, boards_per_round=1).sessions.get()
    Board.objects.filter(session=other, number=2).update(deal=FULL)
    out = work()
    assert "1 interrupted tasks queued again; 1 sessions" in out
    assert (solved(evening), solved(other)) == (1, 1)
    resumed = DBTaskResult.objects.get(args_kwargs__kwargs__session_id=evening.pk)
    assert resumed.status == TaskResultStatus.SUCCESSFUL
    assert resumed.worker_ids[0] == "killed-worker" and len(resumed.worker_ids) == 2


@pytest.mark.usefixtures("queue")
def test_the_event_page_shows_the_task_queued_running_and_failed(
    client: Client,
    evening: Session,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    url = reverse("tournaments:event_detail", args=[evening.event_id])
    me = director(client)
    with django_capture_on_commit_callbacks(execute=True):
        analysis_queue([evening.pk])
    html = me.get(url).content.decode()
    assert "Double dummy: 0 of 1 deals analysed" in html
    assert "Analysis queued" in html and 'http-equiv="refresh"' in html
    task = DBTaskResult.objects.get()
    task.claim("worker")
    html = me.get(url).content.decode()
    assert "Analysis running" in html and 'http-equiv="refresh"' in html
    task.set_failed(RuntimeError("the solver crashed"))
    html = me.get(url).content.decode()
    assert "Analysis failed: RuntimeError: the solver crashed" in html
    assert f"(attempt 1 of {ATTEMPTS})" in html
    assert 'http-equiv="refresh"' not in html  # nothing more to wait for
    analysis.analyse_session(evening)  # solved by hand (analyse_deals)
    html = me.get(url).content.decode()
    assert "Double dummy: 1 of 1 deals analysed" in html and "Analysis" not in html


@pytest.mark.usefixtures("queue")
def test_export_pbn_writes_the_stored_analysis_and_queues_the_rest(
    evening: Session,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    monkeypatch.setattr(exports, "double_dummy", pytest.fail)  # never solved here
    path, out = tmp_path / "r.pbn", StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("export", str(evening.event.pk), "--pbn", str(path), stdout=out)
    assert "double dummy not analysed yet for board(s) 1" in out.getvalue()
    assert "[OptimumScore" not in path.read_text(encoding="iso-8859-1")
    assert (waiting(evening), solved(evening)) == (1, 0)
