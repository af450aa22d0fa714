"""How two people's names are compared: "López" and "lopez" are one name."""

from __future__ import annotations

import unicodedata

__all__ = ["folded"]


def folded(name: str) -> str:
    """A name as it is compared: accents, letter case and spacing aside."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())
