"""A server process works on at most WORKING_THREADS requests at once; a page
waiting on the change feed takes no working place."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from config.working import WorkingPlaces
from scoring.live.feed import changes

View = Callable[..., HttpResponse]


def _serve(places: WorkingPlaces, view: View, request: HttpRequest) -> HttpResponse:
    """What Django does inside the middleware: process_view, then the view."""
    places.process_view(request, view, (), {})
    return view(request)


def _places(count: int, respond: View) -> WorkingPlaces:
    with override_settings(WORKING_THREADS=count):
        return WorkingPlaces(respond)


def _middleware(view: View) -> WorkingPlaces:
    holder: dict[str, WorkingPlaces] = {}

    def respond(request: HttpRequest) -> HttpResponse:
        return _serve(holder["places"], view, request)

    holder["places"] = _places(1, respond)
    return holder["places"]


def test_a_request_waits_for_a_working_place_in_turn() -> None:
    working, go_on = threading.Event(), threading.Event()
    order: list[str] = []

    def slow(request: HttpRequest) -> HttpResponse:
        order.append("first starts")
        working.set()
        go_on.wait(timeout=10)
        order.append("first ends")
        return HttpResponse()

    places = _middleware(slow)
    first = threading.Thread(target=places, args=(RequestFactory().get("/a"),))
    first.start()
    assert working.wait(timeout=10)

    def quick(request: HttpRequest) -> HttpResponse:
        order.append("second works")
        return HttpResponse()

    places.get_response = lambda request: _serve(places, quick, request)
    second = threading.Thread(target=places, args=(RequestFactory().get("/b"),))
    second.start()
    second.join(timeout=0.5)
    assert second.is_alive() and order == ["first starts"]  # waiting its turn
    go_on.set()
    first.join(timeout=10)
    second.join(timeout=10)
    assert order == ["first starts", "first ends", "second works"]


def test_a_page_waiting_on_the_change_feed_takes_no_place() -> None:
    places = _places(1, lambda request: HttpResponse())
    assert places.places is not None
    places.places.acquire()  # every place taken: the feed would wait forever
    request = RequestFactory().get("/changes")
    places.process_view(request, changes, (), {})
    assert not getattr(request, "working_place", False)
    assert places(request).status_code == 200


def test_without_a_limit_no_place_is_taken() -> None:
    places = _places(0, lambda request: HttpResponse())
    request = RequestFactory().get("/")
    places.process_view(request, lambda r: HttpResponse(), (), {})
    assert places.places is None and places(request).status_code == 200
