"""The live part of the room display and live standings, rendered once per
version in each process: when a change comes, every display in the room asks
for it within the same second (the feed answers on whole seconds), and one of
them renders it while the others wait for that rendering instead of doing the
same work again. The ETag (the results' version, what the public may see, the
language and the address) is the key, so a copy is never served for another
state; the part holds no form and no token, so one copy fits every visitor."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.http import HttpResponse

__all__ = ["rendered_once"]

KEPT = 16  # parts kept per process, least recent dropped
_lock = threading.Lock()
_rendering: dict[str, threading.Lock] = {}
_kept: OrderedDict[str, tuple[str, bytes, str]] = OrderedDict()


def rendered_once(
    key: str, etag: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """``render()``'s response for ``key`` at ``etag``, rendered once."""
    with _lock:
        rendering = _rendering.setdefault(key, threading.Lock())
    with rendering:
        with _lock:
            kept = _kept.get(key)
        if kept is not None and kept[0] == etag:
            return HttpResponse(kept[1], content_type=kept[2])
        response = render()
        if response.status_code == 200:
            with _lock:
                _kept[key] = (etag, response.content, response["Content-Type"])
                _kept.move_to_end(key)
                while len(_kept) > KEPT:
                    dropped, _value = _kept.popitem(last=False)
                    _rendering.pop(dropped, None)
        return response
