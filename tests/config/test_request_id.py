"""A 500 under `make serve` leaves a trace: the error is logged with the request's
method, path and id, and the response (and its page) carry the same id."""

from __future__ import annotations

import io
import logging

import pytest
from django.conf import settings as site
from django.test import Client
from pytest_django.fixtures import Settings

from config.request_id import HEADER

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.boom_urls")]


@pytest.fixture
def debug_off(settings: Settings) -> None:
    settings.DEBUG = False


def error_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request"]


def test_an_error_is_logged_with_the_method_path_and_request_id(
    debug_off: None, caplog: pytest.LogCaptureFixture
) -> None:
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/boom/?x=1")
    assert response.status_code == 500
    given = response[HEADER]
    assert len(given) == 32 and int(given, 16) >= 0  # a uuid4's hex
    [record] = error_records(caplog)
    context = [record.__dict__[k] for k in ("request_id", "method", "path")]
    assert context == [given, "GET", "/boom/"]
    assert record.exc_info is not None and "pencil broke" in str(record.exc_info[1])
    line = logging.Formatter(site.LOGGING["formatters"]["request"]["format"])
    written = line.format(record)
    assert f"request_id={given} GET /boom/:" in written
    assert "RuntimeError: the scorer's pencil broke" in written  # the traceback
    assert given in response.content.decode()  # the 500 page names it


def test_a_safe_incoming_request_id_is_kept(
    debug_off: None, caplog: pytest.LogCaptureFixture
) -> None:
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", headers={HEADER: "proxy-42.a_b"})
    assert response[HEADER] == "proxy-42.a_b"
    assert error_records(caplog)[0].__dict__["request_id"] == "proxy-42.a_b"


@pytest.mark.parametrize("bad", ["two words", "x" * 65, "line\\nbreak", "a;b", ""])
def test_an_unsafe_incoming_request_id_is_replaced(client: Client, bad: str) -> None:
    response = client.get("/login/", headers={HEADER: bad})
    assert response[HEADER] != bad and len(response[HEADER]) == 32


def test_every_response_carries_a_fresh_id(client: Client) -> None:
    first, second = client.get("/login/"), client.get("/login/")
    assert first[HEADER] != second[HEADER]


def test_the_error_line_is_written_by_the_stderr_handler(debug_off: None) -> None:
    [handler] = logging.getLogger("django.request").handlers
    assert isinstance(handler, logging.StreamHandler)
    written = io.StringIO()
    kept = handler.setStream(written)
    try:
        response = Client(raise_request_exception=False).post("/boom/")
    finally:
        handler.setStream(kept)
    line = written.getvalue()
    assert f"ERROR django.request request_id={response[HEADER]} POST /boom/:" in line
    assert "Traceback" in line and "pencil broke" in line


def test_a_client_error_is_not_written_as_an_error(debug_off: None) -> None:
    [handler] = logging.getLogger("django.request").handlers
    written = io.StringIO()
    kept = handler.setStream(written)  # type: ignore[attr-defined]
    try:
        assert Client().get("/no-such-page/").status_code == 404
    finally:
        handler.setStream(kept)  # type: ignore[attr-defined]
    assert written.getvalue() == ""
