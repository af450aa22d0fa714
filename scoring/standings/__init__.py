"""The read side: load a session once and score it by its event family.

``session_results`` is what pages, reports, exports and commands read; scores are
computed on read, so a correction shows at once. ``families`` is the only place
that dispatches on the event kind.
"""

from .families import Family, event_matches, event_results, family_of, session_results
from .results import ScoredBoard, ScoredLine, SessionResults, Standing

__all__ = [
    "Family",
    "ScoredBoard",
    "ScoredLine",
    "SessionResults",
    "Standing",
    "event_matches",
    "event_results",
    "family_of",
    "session_results",
]
