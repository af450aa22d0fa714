"""The secret seed, its commitment, and the deals it gives (dealing.md §1).

The seed is 32 bytes (256 bits) from the operating system. Board ``b``'s deal is
drawn from HMAC-SHA256 in counter mode keyed by the seed: attempt ``a`` (from 0)
takes the first 96 bits (the fewest above log2 of the number of deals, ≈ 95.4)
of HMAC(seed, "deal" ‖ b ‖ a) as an integer and is rejected when it is not
below the number of deals; the first accepted value is the deal's rank. Keying
each board by its number makes a board's deal the same whichever boards are
dealt with it, so a published seed checks any range.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from typing import Final

from .numbering import DEAL_COUNT, Deal, deal_of_rank

__all__ = [
    "SEED_BYTES",
    "SeedError",
    "commitment",
    "deal_boards",
    "deal_rank",
    "new_seed",
    "parse_seed",
    "seed_matches",
]

SEED_BYTES: Final = 32
MIN_SEED_BYTES: Final = 20  # 160 bits, the standard's least
DRAW_BITS: Final = DEAL_COUNT.bit_length()  # 96
DRAW_BYTES: Final = (DRAW_BITS + 7) // 8


class SeedError(ValueError):
    """A seed that is not hexadecimal or too short: ``template % params`` in
    English, the template translated on the Django side."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = params


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's generator."""
    return secrets.token_bytes(SEED_BYTES)


def parse_seed(text: str) -> bytes:
    """A seed from its hexadecimal form; refused when short or not hex."""
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise SeedError("the seed is not hexadecimal") from None
    _check(seed)
    return seed


def _check(seed: bytes) -> None:
    if len(seed) < MIN_SEED_BYTES:
        raise SeedError(
            "the seed has %(bits)s bits, fewer than 160", bits=len(seed) * 8
        )


def commitment(seed: bytes) -> str:
    """What is published before play: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed).hexdigest()


def seed_matches(seed: bytes, published: str) -> bool:
    """Whether ``seed`` is the one ``published`` committed to."""
    return hmac.compare_digest(commitment(seed), published.strip().lower())


def deal_rank(seed: bytes, board: int) -> int:
    """Board ``board``'s deal rank: uniform below ``DEAL_COUNT``."""
    attempt = 0
    while True:
        message = b"deal" + board.to_bytes(4, "big") + attempt.to_bytes(4, "big")
        digest = hmac.new(seed, message, hashlib.sha256).digest()
        value = int.from_bytes(digest[:DRAW_BYTES], "big") >> (
            DRAW_BYTES * 8 - DRAW_BITS
        )
        if value < DEAL_COUNT:
            return value
        attempt += 1


def deal_boards(seed: bytes, boards: Iterable[int]) -> dict[int, Deal]:
    """The deal of each board number the seed gives."""
    _check(seed)
    return {board: deal_of_rank(deal_rank(seed, board)) for board in boards}
