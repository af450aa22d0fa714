"""The club a results file names, with the federation's number it writes
(USEBIO's CLUB_ID_NUMBER), for the pairs and the team imports alike."""

from __future__ import annotations

from scoring.formats.usebio import UsebioError
from tournaments.models import Club

__all__ = ["file_club"]


def file_club(chosen: str, name: str, number: str) -> Club | None:
    """The club ``chosen`` by the director, else the file's ``name``; a club of
    the file without a number takes the file's."""
    owner_name = chosen.strip() or name
    owner = Club.objects.get_or_create(name=owner_name)[0] if owner_name else None
    if owner is not None and not chosen.strip() and number and not owner.number:
        owner.number = _club_number(number)
        owner.save(update_fields=["number"])
    return owner


def _club_number(text: str) -> str:
    longest = Club._meta.get_field("number").max_length or 0
    if len(text) > longest:
        raise UsebioError(
            f"CLUB_ID_NUMBER {text[:40]!r} is longer than {longest} characters"
        )
    return text
