"""Benchmark: what the results' version costs, before and after it became a
fact of the database (scoring.models.freshness).

    python -m benchmarks.version_query [--tables 1000] [--boards 26] [--runs 200]

Builds the 1,000-table field of benchmarks/run.py (26,000 lines, on a
temporary SQLite file, or on DATABASE_URL's database, which it flushes), then
prints the median time of: the version query as it was (counts, highest ids
and name lengths of the session's rows, the change log and the event's
settings: ``BEFORE``), the version query now (the stamps, one indexed read),
and one traveller line saved by a raw ``update()`` with the triggers and
without them (what every write pays for its stamp).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from .run import build, setup_django

# The version query before the stamps (scoring/standings/cache.py until then).
BEFORE = """SELECT
  (SELECT MAX(id) FROM scoring_changelog WHERE event_id = %(event)s),
  (SELECT COUNT(*) || ':' || COALESCE(MAX(l.id), 0) FROM scoring_travellerline l
     JOIN tournaments_section s ON l.section_id = s.id
     WHERE s.session_id = %(session)s),
  (SELECT COUNT(*) || ':' || COALESCE(MAX(p.id), 0) || ':'
     || COALESCE(SUM(LENGTH(p.label) + LENGTH(p.direction)), 0) FROM tournaments_pair p
     JOIN tournaments_section s ON p.section_id = s.id
     WHERE s.session_id = %(session)s),
  (SELECT COUNT(*) || ':' || COALESCE(MAX(x.id), 0) || ':'
     || COALESCE(SUM(LENGTH(x.name)), 0) FROM tournaments_player x
     JOIN tournaments_pair p ON x.pair_id = p.id
     JOIN tournaments_section s ON p.section_id = s.id
     WHERE s.session_id = %(session)s),
  (SELECT COUNT(*) || ':' || COALESCE(SUM(tables), 0) || ':'
     || COALESCE(SUM(expected_results), 0) FROM tournaments_section
     WHERE session_id = %(session)s),
  (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM tournaments_team
     WHERE event_id = %(event)s),
  (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM tournaments_match
     WHERE session_id = %(session)s),
  (SELECT COUNT(*) FROM scoring_changelog WHERE event_id = %(event)s),
  * FROM tournaments_event WHERE id = %(event)s"""


def median_ms(step: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def figures(event_id: int, runs: int) -> list[tuple[str, float]]:
    from django.db import connection

    from scoring.live.results_cache import results_version
    from scoring.models import TravellerLine
    from scoring.models.triggers import triggers_drop, triggers_install
    from tournaments.models import Session

    session = Session.objects.get(event_id=event_id)
    ids = {"event": event_id, "session": session.pk}

    def before() -> object:
        with connection.cursor() as cursor:
            cursor.execute(BEFORE, ids)
            return cursor.fetchone()

    line = TravellerLine.objects.filter(board__session=session).first()
    assert line is not None
    write = TravellerLine.objects.filter(pk=line.pk)
    leads = iter(["SA", "HK"] * runs * 2)
    rows = [
        ("version query before (counts, ids, log, settings)", median_ms(before, runs)),
        ("version query now (stamps)", median_ms(
            lambda: results_version(session), runs)),
        ("one line update() with the triggers", median_ms(
            lambda: write.update(lead=next(leads)), runs)),
    ]  # fmt: skip
    triggers_drop(connection)
    rows.append(("one line update() without them", median_ms(
        lambda: write.update(lead=next(leads)), runs)))  # fmt: skip
    triggers_install(connection)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args(argv)
    setup_django()
    from django.db import connection

    event_id = build(args.tables, args.boards)
    print(f"{connection.vendor}, {args.tables} tables, {args.boards} boards")
    for label, ms in figures(event_id, args.runs):
        print(f"{label:<52} {ms:8.3f} ms", flush=True)


if __name__ == "__main__":
    main()
