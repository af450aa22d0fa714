"""Whole numbers as people type them: ASCII digits, read within a bound.

Python's ``int()`` refuses a text of thousands of digits (and reads "²" or
Arabic-Indic digits, which ``str.isdigit`` accepts), and a database refuses a
key beyond 64 bits: every number read from what a user typed goes through
``typed_whole`` first.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["LONGEST", "typed_whole"]

# Significant digits of the longest number read: 18 keep any value within a
# 64-bit key (2**63 - 1 has 19).
LONGEST: Final = 18
_DIGITS: Final = re.compile(r"[0-9]+")


def typed_whole(text: str, longest: int = LONGEST) -> int | None:
    """The number ``text`` writes in ASCII digits (leading zeros allowed), or
    None for other text and for more than ``longest`` significant digits."""
    if not _DIGITS.fullmatch(text):
        return None
    significant = text.lstrip("0") or "0"
    return int(significant) if len(significant) <= longest else None
