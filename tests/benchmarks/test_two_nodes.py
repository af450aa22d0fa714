"""Two `make serve` nodes on one PostgreSQL (benchmarks/two_nodes.py, small): a
result confirmed through node A's table API appears in node B's overall live
part, and a load over both loses and duplicates nothing. How fast is the
benchmark's figure, not this test's."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.postgres


def test_a_result_confirmed_on_one_node_is_shown_by_the_other() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("two nodes share one PostgreSQL database")
    # Here: on SQLite the settings keep the PostgreSQL driver out of the process.
    from benchmarks import two_nodes
    from benchmarks.table_load import postgres_answers, postgres_database

    if not postgres_answers():
        pytest.skip("no PostgreSQL server answers")
    args = two_nodes.arguments(
        ["--heats", "1", "--results", "2", "--spread", "1", "--workers", "1",
         "--threads", "2", "--live-waits", "4"]
    )  # fmt: skip
    with postgres_database() as url:
        measured = two_nodes.run(url, args)
    assert len(measured.delays) >= 2  # each seen on node B (else run stops)
    assert measured.phones and {p.port for p in measured.phones} == {
        measured.phones[0].port,
        measured.phones[1].port,
    }
    assert measured.phones[0].port != measured.phones[1].port
    assert sum(len(phone.expected) for phone in measured.phones) > 0
    assert two_nodes.faults(measured) == (0, 0, 0)


def test_the_public_pages_read_a_real_standby_and_nothing_is_written_there() -> None:
    """A primary and its streaming standby made for the test: node B's live
    part shows each result once the standby replayed it; every write went to
    the primary (the standby refuses writes: none failed); the standby served
    the public pages' reads."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL standby")
    from benchmarks import two_nodes
    from benchmarks.replica import standby_reads, streaming_pair

    args = two_nodes.arguments(
        ["--heats", "1", "--results", "2", "--spread", "1", "--workers", "1",
         "--threads", "2", "--live-waits", "4"]
    )  # fmt: skip
    with streaming_pair() as (url, standby):
        before = standby_reads(standby)
        measured = two_nodes.run(url, args, standby)
        read = standby_reads(standby) - before
    assert len(measured.delays) >= 2
    assert two_nodes.faults(measured) == (0, 0, 0)
    assert read > 1000
