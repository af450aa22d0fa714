"""The caching proxy of docs/deployment.md, its nginx block run as written (its
nodes and port this machine's): it keeps a simultaneous' overall live part,
which names its language, and nothing that is sent private."""

from __future__ import annotations

import http.client
import time
from pathlib import Path

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from benchmarks.sims_field import build_field
from benchmarks.sims_proxy import NGINX, nginx_proxy

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is not installed"),
]


def read(port: int, path: str) -> tuple[int, str, str]:
    """Status, Cache-Control and X-Cache of a GET through the proxy."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Accept-Language": "en"})
        response = connection.getresponse()
        response.read()
        got = response.getheader("Cache-Control", ""), response.getheader("X-Cache", "")
        return response.status, *got
    finally:
        connection.close()


def test_the_proxy_keeps_the_live_part_and_passes_the_rest(
    live_server: LiveServer,
) -> None:
    page = reverse("public:overall", args=[build_field(2, 3, 4)])
    part = page + "?part=live&lang=en"
    node = int(live_server.url.rsplit(":", 1)[1])
    with nginx_proxy([node]) as proxy:
        first, again = read(proxy.port, part), read(proxy.port, part)
        assert first == (200, "public, max-age=5", "MISS")
        assert again == (200, "public, max-age=5", "HIT")
        for private in (page, page + "?part=live"):  # the whole page; no language
            for _ in range(2):
                status, control, cache = read(proxy.port, private)
                assert (status, cache) == (200, "MISS") and "private" in control
        logged = proxy.statuses()
        for _ in range(50):  # nginx logs a request once it has answered it
            if logged.total() == 4:
                break
            time.sleep(0.1)
            logged = proxy.statuses()
        assert logged == {"MISS": 3, "HIT": 1}  # the page itself is no part
