"""The overall page's live part is rendered once for every viewer: a viewer
told of a change takes the copy showing it without scoring the field again,
and a result that arrives is in the next copy."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import make_result
from tests.simultaneous.test_overall import sims  # noqa: F401  (the fixture)
from tests.simultaneous.test_overall_page import published
from tournaments.models import Simultaneous

pytestmark = pytest.mark.django_db


def change_of(content: bytes) -> int:
    found = re.search(r'data-change="(\d+)"', content.decode())
    assert found is not None
    return int(found[1])


def test_a_viewer_told_of_a_change_takes_the_copy_rendered_for_it(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=-timedelta(minutes=1)) + "?part=live"
    with CaptureQueriesContext(connection) as rendering:
        first = client.get(url)
    told = change_of(first.content)
    with CaptureQueriesContext(connection) as taking:
        again = client.get(f"{url}&change={told}")
    assert again.status_code == 200 and again.content == first.content
    assert len(taking) < len(rendering) - 5  # the field was not scored again
    section = sims.heats.get(club__name="Beta").session.sections.get()
    make_result(section, 24, "1NS", "1EW", "3NT S =")
    fresh = client.get(url)
    assert fresh.content != first.content
    assert change_of(fresh.content) > told
    assert client.get(f"{url}&change={told + 1}").content == fresh.content
