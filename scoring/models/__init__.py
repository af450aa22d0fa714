"""The scoring app's tables: traveller lines and adjustments, the change log, and
what the tables' phones send before it becomes a line."""

from .freshness import ResultsVersion
from .history import ChangeLog
from .lines import (
    DOUBLINGS,
    SEATS,
    STRAINS,
    Artificial,
    AssignedScore,
    ContractFields,
    TravellerLine,
)
from .lineups import LineupSeat
from .rendered import RenderedPart
from .social import SocialDeal, SocialPad, SocialPlayer, SocialSession
from .table import PairPhone, RoundConfirmation, TableCode, TableEntry

__all__ = [
    "DOUBLINGS",
    "SEATS",
    "STRAINS",
    "Artificial",
    "AssignedScore",
    "ChangeLog",
    "ContractFields",
    "LineupSeat",
    "PairPhone",
    "RenderedPart",
    "ResultsVersion",
    "RoundConfirmation",
    "SocialDeal",
    "SocialPad",
    "SocialPlayer",
    "SocialSession",
    "TableCode",
    "TableEntry",
    "TravellerLine",
]
