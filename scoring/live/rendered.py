"""The live part of the room display and live standings, rendered once for
every server process: when a change comes, every display in the room asks for
it within the same second (the feed answers on whole seconds), and one process
renders it while the others wait for that rendering instead of doing the same
work again.

The rendering is kept in the database (``RenderedPart``, one row per address,
language and what the public may see), so no process keeps anything that
matters: a process only remembers the last copy it read, to answer the
displays asking at the same moment without a query each. A display that was
told of change N by the feed takes any copy showing change N or later (rendered
in the last ``FRESH_SECONDS``); a page asked without a change takes only a copy
of the results' version as it is now. The part holds no form and no token, so
one copy fits every visitor."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError
from django.db.models import Q

from scoring.models import RenderedPart

__all__ = ["Part", "shared_part"]

RENDERED_PARTS = 16  # parts remembered per process, least recent dropped
FRESH_SECONDS = 5.0  # a copy older than this is rendered again when asked
CLAIM_SECONDS = 5.0  # a rendering not finished by then is taken over
WAIT_SECONDS = 3.0  # how long a process waits for another's rendering
POLL_SECONDS = 0.05

_lock = threading.Lock()
_rendering: dict[str, threading.Lock] = {}
_rendered_parts: OrderedDict[str, Part] = OrderedDict()


@dataclass(frozen=True)
class Part:
    change: int  # the last change it shows
    etag: str  # the results' version it was rendered from
    content: bytes
    content_type: str
    rendered: float  # seconds since the epoch

    def fresh(self) -> bool:
        return time.time() - self.rendered <= FRESH_SECONDS


Wanted = Callable[[Part], bool]


def _remember(key: str, part: Part) -> Part:
    with _lock:
        _rendered_parts[key] = part
        _rendered_parts.move_to_end(key)
        while len(_rendered_parts) > RENDERED_PARTS:
            dropped, _value = _rendered_parts.popitem(last=False)
            _rendering.pop(dropped, None)
    return part


def _read(key: str) -> tuple[Part | None, bool]:
    """The rendering kept, and whether another process is rendering it now."""
    row = (
        RenderedPart.objects.filter(key=key)
        .values_list("change", "etag", "content", "content_type", "rendered", "claimed")
        .first()
    )
    if row is None:
        return None, False
    change, etag, content, content_type, rendered, claimed = row
    busy = claimed is not None and claimed >= time.time() - CLAIM_SECONDS
    part = Part(change, etag, bytes(content), content_type, rendered)
    return (part if rendered else None), busy


def _claim(key: str) -> bool:
    """Whether this process may render the part now (no other is rendering)."""
    now = time.time()
    free = Q(claimed__isnull=True) | Q(claimed__lt=now - CLAIM_SECONDS)
    if RenderedPart.objects.filter(free, key=key).update(claimed=now):
        return True
    if RenderedPart.objects.filter(key=key).exists():
        return False
    try:
        RenderedPart.objects.create(key=key, claimed=now)
    except IntegrityError:  # another process created it first
        return False
    return True


def _store(key: str, part: Part) -> None:
    """Keep the rendering unless a later one is kept already; release the claim."""
    rows = RenderedPart.objects.filter(key=key)
    stored = rows.filter(change__lte=part.change).update(
        change=part.change,
        etag=part.etag,
        content=part.content,
        content_type=part.content_type,
        rendered=part.rendered,
        claimed=None,
    )
    if not stored:
        rows.update(claimed=None)


def _shared(key: str, wanted: Wanted, render: Callable[[], Part]) -> Part:
    """Another process's rendering when it will do, else this one's."""
    until = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < until:
        kept, busy = _read(key)
        if kept is not None and wanted(kept):
            return kept
        # Claiming writes (SQLite's one writer): only when no one renders.
        if not busy and _claim(key):
            try:
                part = render()
            except BaseException:
                RenderedPart.objects.filter(key=key).update(claimed=None)
                raise
            _store(key, part)
            return part
        time.sleep(POLL_SECONDS)
    return render()


def shared_part(key: str, wanted: Wanted, render: Callable[[], Part]) -> Part:
    """The part for ``key`` that ``wanted`` takes, rendered once for all."""
    with _lock:
        rendering = _rendering.setdefault(key, threading.Lock())
        kept = _rendered_parts.get(key)
    if kept is not None and wanted(kept):
        return kept
    with rendering:
        with _lock:
            kept = _rendered_parts.get(key)
        if kept is not None and wanted(kept):
            return kept
        return _remember(key, _shared(key, wanted, render))
