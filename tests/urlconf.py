"""Every URL pattern of the program, read from the URLconf, so that tests built
on it (the access matrix, the fuzz run) cover a new view the day it is added."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

__all__ = ["Route", "routes"]


@dataclass(frozen=True)
class Route:
    """One URL pattern: its full name (``namespace:name``, or the bare name when
    it has no namespace), its namespace and the names of its arguments."""

    name: str
    namespace: str
    arguments: tuple[str, ...]


def routes(*, include_admin: bool = False) -> Iterator[Route]:
    """Every named pattern; Django's admin (its own tested app) only when asked."""
    for namespace, pattern in _walk(get_resolver().url_patterns, ""):
        if namespace == "admin" and not include_admin:
            continue
        if pattern.name:
            full = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield Route(full, namespace, tuple(pattern.pattern.converters))


def _walk(
    patterns: list[URLPattern | URLResolver], namespace: str
) -> Iterator[tuple[str, URLPattern]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, p.namespace or namespace)
        else:
            yield namespace, p
