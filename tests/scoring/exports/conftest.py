"""A small scored session with a known deal, shared by the export tests."""

from __future__ import annotations

import pytest

from scoring.standings import SessionResults, session_results
from tests.factories import make_small_evening


@pytest.fixture
def results(db: None) -> SessionResults:
    """See make_small_evening: 2NS and 3EW lead with 75 %."""
    return session_results(make_small_evening().sessions.get())
