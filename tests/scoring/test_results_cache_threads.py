"""Threads of one server process asking for a session at once: one brings the
kept copy up to date while the others wait and take what it scored, so the
copy and what it keeps for the next correction (changes seen, pools scored)
are never updated by two threads at a time (on PostgreSQL that lost a result
just accepted from a phone's answer)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connections

from scoring.standings.families import score_loaded
from scoring.standings.load import LoadedSession
from scoring.standings.reloading import scored
from scoring.standings.results import ScoringMemo, SessionResults
from tests.factories import make_event, make_result, section_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_one_thread_scores_a_version_and_the_others_take_it() -> None:
    event = make_event(tables=3, boards_per_round=2)
    make_result(section_of(event), 1, "1NS", "1EW", "4S N =")
    session = event.sessions.get()
    scoring: list[int] = []
    at_once: list[int] = []

    def score(data: LoadedSession, memo: ScoringMemo) -> SessionResults:
        scoring.append(1)
        at_once.append(len(scoring) - len(at_once))
        time.sleep(0.3)  # the other threads ask meanwhile
        return score_loaded(data, memo)

    start = threading.Barrier(4, timeout=10)
    answers: list[SessionResults] = []

    def ask() -> None:
        try:
            start.wait()
            answers.append(scored("probe", session, score))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert len(answers) == 4 and all(a is answers[0] for a in answers)
    assert scoring == [1] and at_once == [1]
    assert [len(b.lines) for b in answers[0].boards] == [1]
