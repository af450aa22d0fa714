"""Results stay secret until played: which boards the public may see now.

While a session is in play a board's results, frequencies and deal are shown only
once every table scheduled to play it has played it; a board that no schedule
accounts for stays hidden until the director releases the session. A heat of a
simultaneous shows nothing before the simultaneous' release time, whatever its
own play or release.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

__all__ = ["boards_shown", "released_by"]


def boards_shown(
    boards: Iterable[int], scheduled: Mapping[int, int], played: Mapping[int, int]
) -> frozenset[int]:
    """The boards with as many results as tables scheduled to play them.

    ``scheduled`` and ``played`` count tables by board number; a board missing
    from ``scheduled`` (or scheduled nowhere) is not shown."""
    return frozenset(
        b
        for b in boards
        if scheduled.get(b, 0) > 0 and played.get(b, 0) >= scheduled[b]
    )


def released_by(release_at: datetime | None, now: datetime) -> bool:
    """A simultaneous' heats may show anything once its release time has passed
    (a simultaneous without one is held until the organiser sets it)."""
    return release_at is not None and now >= release_at
