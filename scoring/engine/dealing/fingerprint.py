"""A set of deals' fingerprint: the same deals on the same boards, the same
fingerprint, however the set was dealt, written or read."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

__all__ = ["set_fingerprint"]


def set_fingerprint(deals: Mapping[int, str]) -> str:
    """SHA-256 (hex) of the deals (``"N:…"``) by board number."""
    text = "\n".join(f"{board}:{deals[board]}" for board in sorted(deals))
    return hashlib.sha256(text.encode("ascii")).hexdigest()
