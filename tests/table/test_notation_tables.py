"""The notation grammar published for the phones (api/table/notation/<lang>.json):
the server's own tables, public and cacheable, the same the phone page embeds."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine.notation import Language
from scoring.engine.notation.grammar import grammar

from .test_phone_page import _get, _json

pytestmark = pytest.mark.django_db

LANGUAGES = [lang.value for lang in Language]


def _tables(language: str) -> Any:
    return Client().get(reverse("table_api:notation", args=[language]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_publishes_the_tables_the_server_parses_with(
    language: str, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(0):
        answer = _tables(language)
    assert answer.status_code == 200
    assert answer.json() == grammar(Language(language))
    assert answer["Cache-Control"] == "public, max-age=3600"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_page_embeds_the_same_tables(language: str) -> None:
    content = _get(reverse("table:signin"), language)[1]
    assert _json(content, "table-config")["notation"] == _tables(language).json()


def test_a_language_with_no_notation_is_a_json_404() -> None:
    answer = Client(HTTP_ACCEPT_LANGUAGE="es").get("/api/table/notation/fr.json")
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "No hay notación en el idioma «fr».",
        "field": None,
    }


def test_it_answers_only_get() -> None:
    answer = Client().post("/api/table/notation/en.json")
    assert answer.status_code == 405 and answer["Allow"] == "GET"
