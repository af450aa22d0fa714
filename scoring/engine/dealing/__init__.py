"""Tournament dealing (dealing.md §1): every deal possible and equally likely,
unpredictable, reproducible from a published seed. No Django here.

* ``numbering``: a deal as the owners of the 52 cards, and the bijection
  between deals and their ranks ``0 … DEAL_COUNT - 1``;
* ``generator``: the secret seed, its commitment, and the deals it gives;
* ``fingerprint``: what tells one set of deals from another;
* ``hand_facts``: points, losers and total tricks for the hand records.
"""

from __future__ import annotations

from .fingerprint import set_fingerprint
from .generator import (
    SEED_BYTES,
    SeedError,
    commitment,
    deal_boards,
    deal_rank,
    new_seed,
    parse_seed,
    seed_matches,
)
from .hand_facts import high_card_points, losing_tricks, total_tricks, total_trumps
from .numbering import DEAL_COUNT, Deal, deal_of_rank, deal_pbn, pbn_deal, rank_of_deal

__all__ = [
    "DEAL_COUNT",
    "SEED_BYTES",
    "Deal",
    "SeedError",
    "commitment",
    "deal_boards",
    "deal_of_rank",
    "deal_pbn",
    "deal_rank",
    "high_card_points",
    "losing_tricks",
    "new_seed",
    "parse_seed",
    "pbn_deal",
    "rank_of_deal",
    "seed_matches",
    "set_fingerprint",
    "total_tricks",
    "total_trumps",
]
