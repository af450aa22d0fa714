"""The results' version as a fact of the database.

Every table the results are made of (lines, assigned scores, boards, pairs,
players, sections, movements, matches, sessions, teams, entries, the event's
settings) carries triggers (migration ``0011_results_versions``) that give a
row of this table a new random stamp whenever one of its rows is inserted,
changed or deleted, whoever writes it: a service, the admin, a raw ORM
``update()``, a script. A server process then knows in one query whether the
results it keeps are still those of the database.
"""

from __future__ import annotations

from django.db import models

__all__ = ["EVENT_WIDE", "SESSION_WIDE", "ResultsVersion"]

EVENT_WIDE = 0  # ``session``: a row of the event itself (settings, teams, entries)
SESSION_WIDE = 0  # ``board``: a row of the session apart from its boards' lines


class ResultsVersion(models.Model):
    """One part of an event's results and the stamp of its last change: the
    event (``session`` 0), a session apart from its boards (``board`` 0), or
    one board of a session (its lines, assigned scores, deal and analysis).
    Plain ids, no foreign keys: the triggers write here while Django deletes
    what a row names. A stamp is random, not a count, so that a database
    replaced by another never repeats the stamps a process has seen."""

    event_id = models.BigIntegerField()
    session_id = models.BigIntegerField()
    board = models.IntegerField()
    stamp = models.BigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event_id", "session_id", "board"], name="results_version"
            )
        ]

    def __str__(self) -> str:
        return f"event {self.event_id} session {self.session_id} board {self.board}"
