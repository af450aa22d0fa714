"""The phone reads typed notation as the server does: the whole corpus of the
notation tests (tests/scoring/engine/notation/corpus.py: every text they read,
the lines the phone once refused, a generated set from a fixed seed) goes
through the phone's parser (static/table/grammar.js, on the grammar published
at api/table/notation/<lang>.json) in the page, in every language, and comes
out as the server's parser reads it: the same contract, declarer, tricks and
lead, or the same refusal.

Runs in the SQLite pass only (see conftest.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.engine.notation import Language
from tests.scoring.engine.notation.corpus import corpus, outcome

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The page's own configuration says where its scripts are.
_READ_ALL = """async ({texts, tables}) => {
  const config = JSON.parse(document.getElementById("table-config").textContent);
  const {parseEntry} = await import(`${config.static}table/grammar.js`);
  const read = {};
  for (const [language, url] of Object.entries(tables)) {
    const grammar = await (await fetch(url)).json();
    read[language] = texts.map((text) => parseEntry(text, grammar));
  }
  return read;
}"""
_TYPED = """async (text) => {
  const config = JSON.parse(document.getElementById("table-config").textContent);
  const {readTyped} = await import(`${config.static}table/notation.js`);
  return readTyped(text);
}"""


def _phone_page(browser: Browser, live_server: LiveServer, locale: str) -> Page:
    page = browser.new_context(locale=locale).new_page()
    page.goto(live_server.url + reverse("table:signin"))
    page.wait_for_load_state("load")
    return page


def _differences(texts: list[str], read: dict[str, list[Any]]) -> list[str]:
    found = []
    for language in Language:
        for text, phone in zip(texts, read[language.value], strict=True):
            server = outcome(text, language)
            if phone != server:
                found.append(f"{language.value} {text!r}: {phone} != {server}")
    return found


def test_the_phone_reads_the_whole_corpus_as_the_server(
    live_server: LiveServer, browser: Browser
) -> None:
    texts = list(corpus())
    tables = {
        lang.value: reverse("table_api:notation", args=[lang.value])
        for lang in Language
    }
    page = _phone_page(browser, live_server, "en-GB")
    read = page.evaluate(_READ_ALL, {"texts": texts, "tables": tables})
    differences = _differences(texts, read)
    assert not differences, f"{len(differences)} differ:\n" + "\n".join(
        differences[:30]
    )


@pytest.mark.parametrize(
    ("locale", "text"), [("en-GB", "4S= N"), ("es-ES", "4P= N"), ("it-IT", "4p = n")]
)
def test_the_typed_box_reads_the_result_before_the_declarer(
    live_server: LiveServer, browser: Browser, locale: str, text: str
) -> None:
    """The keyboard took "4S= N"; the phone did not."""
    page = _phone_page(browser, live_server, locale)
    draft = page.evaluate(_TYPED, text)
    assert draft == {
        "special": None, "level": 4, "strain": "S", "doubling": "",
        "declarer": "N", "result": 0, "lead": None,
    }  # fmt: skip
