"""Results already entered, as a schedule sees them: a board and its two pairs.

The schedule never reads the results' tables; whoever asks a question about
played boards (what is missing, whether a change strands a result) passes them in.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Pair

__all__ = ["PlayedBoard"]


@dataclass(frozen=True)
class PlayedBoard:
    """A result entered for ``board`` between the pairs holding the NS and EW cards."""

    board: int
    ns_pair: Pair
    ew_pair: Pair

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.board, self.ns_pair.pk, self.ew_pair.pk)
