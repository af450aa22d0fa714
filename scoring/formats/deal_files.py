"""The deals of a hand-record file, read by its kind: a dealing machine's
``.dlm`` or ``.dup`` by the file's name, any other file as PBN."""

from __future__ import annotations

from .dlm import read_dlm
from .dup import read_dup
from .hand_records import HandRecord, read_hands

__all__ = ["read_deal_file"]


def read_deal_file(raw: bytes, name: str) -> dict[int, HandRecord]:
    """Each board's deal; a ``FormatError`` names the line or board at fault."""
    kind = name.lower().rpartition(".")[2]
    if kind == "dlm":
        return read_dlm(raw)
    if kind == "dup":
        return read_dup(raw)
    return read_hands(raw)
