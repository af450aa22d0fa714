"""Serving results while they change: what a room of phones and displays reads.

- ``results_cache``: the results' version (one query, also the pages' ETag) and
  the scored sessions each process keeps per version, and each simultaneous'
  field kept for its overall (``field_memo``);
- ``changes``: waiting for an event's next change in the change log;
- ``feed``: the change feed, long polling on that log;
- ``rendered``: the live parts rendered once for every server process;
- ``displays``: the room display's signed key.

Scoring itself lives in ``scoring.standings``, which keeps its scored copies
here; this package serves what it computed and imports none of it.
"""
