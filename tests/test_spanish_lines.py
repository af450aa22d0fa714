"""Spanish writes East-West "EO" (Este-Oeste) everywhere it names the line: the
moves between rounds (table guide cards and the phones), the scorecard's
"Sat" column and the catalogue; "EW" stays only in a pair's label ("1EW"), a
file format's field names and the codes an API accepts, given beside."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from movements.guide_cards import table_cards
from scoring.reports.rows import scorecard_rows
from scoring.standings import session_results
from tests.factories import make_event, make_small_evening, section_of
from tests.movements.test_guide_cards import card
from tests.test_catalogues import entries
from tournaments.models import Pair

# "EW" as a word, not inside a label ("1EW") or field name ("MP_EW").
LINE_EW = re.compile(r"(?<![\w_])EW(?![\w_])")


def test_no_spanish_message_calls_the_line_ew() -> None:
    found = [
        msgstr
        for _flags, _msgid, msgstr in entries("es")
        if LINE_EW.search(re.sub(r"\([^)]*\)", "", msgstr))  # codes in brackets
    ]
    assert found == []


@pytest.mark.django_db
def test_the_moves_between_rounds_say_eo_in_spanish() -> None:
    with translation.override("en"):
        document = table_cards(section_of(make_event(tables=7)))
    with translation.override("es"):
        rows = card(table_cards(section_of(make_event(tables=7))), "Mesa 3")
    assert rows[1]["players"] == "NS se quedan; EO van a la mesa 4"
    assert card(document, "Table 3")[1]["players"] == "NS stay; EW go to table 4"


@pytest.mark.django_db
def test_the_scorecard_says_where_the_pair_sat_in_spanish() -> None:
    session = make_small_evening().sessions.get()
    pair = Pair.objects.get(section__session=session, label="2EW")
    results = session_results(session)
    with translation.override("es"):
        spanish = {row.direction for row in scorecard_rows(pair.pk, results)}
    with translation.override("en"):
        english = {row.direction for row in scorecard_rows(pair.pk, results)}
    assert spanish == {"EO"} and english == {"EW"}
