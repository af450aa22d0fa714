"""Weighted assigned scores as a director types them (Law 12C1(c)).

"40% 4H N = ; 60% 4H N -1": results separated by semicolons, each with its weight
in percent; a single result without a weight counts 100 %. The weights must add
up to 100.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Final

from .notation import Entry, Language, NotationError, parse_entry

__all__ = ["FULL_WEIGHT", "parse_weighted"]

FULL_WEIGHT: Final = Decimal(100)


def parse_weighted(text: str, language: Language) -> list[tuple[Decimal, Entry]]:
    """Each part's weight (percent) and entry; NotationError names the part at
    fault (codes ``bad_weight`` and ``weights_total``)."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    parsed = [_part(part, language) for part in parts]
    if sum(w for w, _e in parsed) != FULL_WEIGHT:
        raise NotationError(
            "weights_total", f"{text}: the weights must add up to 100%", text=text
        )
    return parsed


def _part(part: str, language: Language) -> tuple[Decimal, Entry]:
    weight, _sep, rest = part.partition("%")
    if not rest:
        weight, rest = str(FULL_WEIGHT), part
    try:
        value = Decimal(weight.strip())
    except InvalidOperation:
        raise NotationError(
            "bad_weight", f"{part}: the weight must be a percentage", part=part
        ) from None
    return value, parse_entry(rest.strip(), language)
