"""Path converters: ``<positive:board>`` matches 1, 2, ... only, so board 0 of
an address is a 404 before any view asks the rules about it."""

from __future__ import annotations

from django.urls import register_converter

__all__ = ["Positive"]


class Positive:
    """A whole number from 1 (boards and rounds are numbered from 1)."""

    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number < 1:
            raise ValueError("numbered from 1")  # the address matches nothing
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(Positive, "positive")
