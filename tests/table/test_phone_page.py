"""The players' phone page: its two addresses render the sign-in form in every
language and hand the script its code, its texts and the table's notation."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.table.phones.phone import messages

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "es", "it"]


def _json(content: str, element_id: str) -> Any:
    match = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>',
        content,
        re.S,
    )
    assert match, f"no {element_id} in the page"
    return json.loads(match.group(1))


def _get(url: str, language: str = "en") -> tuple[int, str]:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(url)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_renders_the_signin_form_in_each_language(language: str) -> None:
    status, content = _get(reverse("table:signin"), language)
    assert status == 200
    assert f'<html lang="{language}">' in content
    assert 'id="table-signin-form"' in content and 'name="code"' in content
    assert _json(content, "table-config")["code"] == ""
    assert set(_json(content, "table-messages")) == set(messages())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_code_address_renders_in_each_language(language: str) -> None:
    status, content = _get(reverse("table:code", args=["K7M2QP"]), language)
    assert status == 200
    assert f'<html lang="{language}">' in content
    assert "table/table.js" in content and "table/table.css" in content


def test_the_code_address_embeds_the_code_for_the_script() -> None:
    _status, content = _get(reverse("table:code", args=["K7M2QP"]))
    config = _json(content, "table-config")
    assert config["code"] == "K7M2QP"
    assert config["api"] == "/api/table/" and config["page"] == "/t/"
    assert 'value="K7M2QP"' in content


def test_an_unknown_code_still_gets_the_signin_form(
    django_assert_num_queries: Any,
) -> None:
    """The page asks nothing of the database: the API refuses a wrong code."""
    with django_assert_num_queries(0):
        status, content = _get(reverse("table:code", args=["NOPE99"]))
    assert status == 200
    assert 'id="table-signin-form"' in content


def test_the_script_gets_the_notation_of_the_tables_language() -> None:
    english = _json(_get(reverse("table:signin"), "en")[1], "table-config")
    spanish = _json(_get(reverse("table:signin"), "es")[1], "table-config")
    italian = _json(_get(reverse("table:signin"), "it")[1], "table-config")
    assert (
        english["notation"]["nt"] == "NT" and english["notation"]["seats"]["W"] == "W"
    )
    assert (
        spanish["notation"]["nt"] == "ST" and spanish["notation"]["seats"]["O"] == "W"
    )
    assert spanish["notation"]["strains"]["C"] == "H"  # corazones
    assert italian["notation"]["nt"] == "SA" and italian["notation"]["passes"] == [
        "PASSO"
    ]
    assert english["dealers"][:4] == ["N", "E", "S", "W"]
    assert english["vulnerable"][:4] == ["None", "NS", "EW", "Both"]


def test_a_hostile_code_in_the_address_stays_text() -> None:
    hostile = '"><img src=x onerror=alert(1)>'
    status, content = _get(reverse("table:code", args=[hostile]))
    assert status == 200
    assert "<img src=x" not in content
    assert _json(content, "table-config")["code"] == hostile


def test_the_page_has_no_inline_script_but_its_json() -> None:
    _status, content = _get(reverse("table:code", args=["K7M2QP"]))
    for tag in re.findall(r"<script[^>]*>", content):
        assert 'type="application/json"' in tag or "src=" in tag, tag


def test_a_code_typed_without_javascript_goes_to_its_address() -> None:
    response = Client().get(reverse("table:signin"), {"code": " k7m2qp "})
    assert response.status_code == 302
    assert response["Location"] == reverse("table:code", args=["k7m2qp"])


def test_the_page_does_not_fill_the_sites_message_list() -> None:
    """base.html lists Django's messages: the script's texts must not land there."""
    _status, content = _get(reverse("table:signin"))
    assert 'class="message' not in content


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_member_number_texts_keep_what_the_script_fills_in(
    language: str,
) -> None:
    texts = _json(_get(reverse("table:signin"), language)[1], "table-messages")
    assert "%(side)s" in texts["members_send"]
    assert "%(names)s" in texts["members_signed_in"]
    assert texts["members_title"] and texts["members_skip"]
