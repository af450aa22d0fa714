"""The scoring engine: pure, exact bridge scoring rules (scoring.md). No Django here.

Import what you need from the submodules (``scoring.engine.contract`` …); this
package itself exports only the shared value types and the policy.
"""

from .boards import dealer, vulnerability
from .policy import ScoringPolicy
from .types import Contract, Doubling, Result, Seat, Side, Strain, Vulnerability

__all__ = [
    "Contract",
    "Doubling",
    "Result",
    "ScoringPolicy",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "dealer",
    "vulnerability",
]
