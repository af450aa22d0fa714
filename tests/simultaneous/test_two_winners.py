"""One winner or two, as the simultaneous says, in a field that could mix
Mitchell and Howell heats: with two winners NS and EW are ranked apart across
the field, so a Howell heat (its pairs change direction) is refused, naming it,
whether added or uploaded; a field that holds one all the same (a heat's
movement changed afterwards) is ranked as one list, never as three."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import orjson
import pytest
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

from scoring.engine.ranking import rank
from scoring.interchange.exports import usebio_file
from scoring.interchange.heat_upload import HeatRefused, heat_import
from scoring.models import TravellerLine
from scoring.standings import session_results
from tests.simultaneous.test_heat_pages import organised
from tests.simultaneous.test_overall import expected_percentages, play, run, sims
from tournaments.models import Event, Heat, Pair, Session, Simultaneous

pytestmark = pytest.mark.django_db
__all__ = ["sims"]  # the fixture: one winner, heats Alpha, Beta and Gamma (Howell)

HOWELL = "The heat of Gamma is a Howell \\(its pairs change direction\\)"


def two_winners() -> Simultaneous:
    printed = run("new_event", "--name", "Two", "--simultaneous", "--boards", "24")
    made = Simultaneous.objects.get(event_id=int(printed.split()[1]))
    assert made.event.two_winners
    return made


def heat(made: Simultaneous, club: str, tables: str, movement: str) -> str:
    return run("new_event", "--heat", str(made.event_id), "--club", club,
               "--tables", tables, "--movement", movement)  # fmt: skip


def test_a_howell_heat_is_refused_by_two_winners_naming_it() -> None:
    made = two_winners()
    with pytest.raises(CommandError, match=HOWELL):
        heat(made, "Gamma", "7", "howell")
    assert Event.objects.count() == 1 and not Session.objects.exists()
    heat(made, "Alpha", "3", "mitchell")  # a Mitchell heat is welcome
    assert made.heats.get().club.name == "Alpha"


def test_the_organisers_page_refuses_it_too() -> None:
    made = two_winners()
    client = organised(made)
    url = reverse("scoring:simultaneous", args=[made.event_id])
    form = {"club": "Gamma", "tables": "7", "kind": "howell", "sections": "1"}
    response = client.post(url, form)
    assert response.status_code == 400
    assert "The heat of Gamma is a Howell" in response.content.decode()
    assert not made.heats.exists()


def test_an_uploaded_howell_heat_is_refused_and_nothing_written(
    sims: Simultaneous, tmp_path: Path
) -> None:
    gamma = sims.heats.get(club__name="Gamma").session
    path = tmp_path / "gamma.xml"
    path.write_bytes(usebio_file(session_results(gamma)).content)
    made = two_winners()
    events, lines = Event.objects.count(), TravellerLine.objects.count()
    with pytest.raises(HeatRefused, match=HOWELL):
        heat_import(path=path, simultaneous=made, club="Gamma")
    assert Event.objects.count() == events and not made.heats.exists()
    assert TravellerLine.objects.count() == lines


def ranks(made: Simultaneous) -> dict[int, tuple[str, str]]:
    """Each pair's (direction, rank) in ``results --json``'s overall."""
    data = orjson.loads(run("results", str(made.event_id), "--json"))
    ids = {(p.section.session_id, p.label): p.pk for p in Pair.objects.all()}
    return {
        ids[(row["session"], row["pair"])]: (row["direction"], row["rank"])
        for row in data["overall"]
    }


def test_mitchell_heats_rank_ns_and_ew_apart_and_a_howell_among_them_one_list() -> None:
    made = two_winners()
    for offset, (club, tables) in enumerate((("Alpha", "3"), ("Beta", "5"))):
        heat(made, club, tables, "mitchell")
        play(Heat.objects.get(club__name=club).session.sections.get(), offset)
    wanted = expected_percentages(list(TravellerLine.objects.select_related("board")))
    got = ranks(made)
    fields: dict[str, dict[int, Fraction]] = defaultdict(dict)
    for pk, (direction, _rank) in got.items():
        fields[direction][pk] = wanted[pk]
    assert sorted(fields) == ["EW", "NS"]
    for field in fields.values():
        assert {pk: got[pk][1] for pk in field} == rank(field)
    # Pairs of Beta that change direction after all (its movement changed
    # afterwards): one list, not three
    beta = Pair.objects.filter(section__session__heat__club__name="Beta")
    beta.filter(direction="EW").update(direction="")
    after = ranks(made)
    assert {pk: place for pk, (_d, place) in after.items()} == rank(wanted)
    assert [place for _d, place in after.values()].count("1") == 1


def test_the_organiser_turns_two_winners_on_only_while_every_heat_is_a_mitchell(
    sims: Simultaneous,
) -> None:
    client = organised(sims)
    url = reverse("tournaments:event_settings", args=[sims.event_id])
    form = client.get(url).context["form"]
    assert "Mitchell heats only" in str(form["two_winners"].label)
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    refused = client.post(url, data | {"two_winners": "on"})
    assert refused.status_code == 200  # the form again, as the page answers
    assert "The heat of Gamma is a Howell" in refused.content.decode()
    assert not Event.objects.get(pk=sims.event_id).two_winners
    sims.heats.get(club__name="Gamma").session.event.delete()
    assert client.post(url, data | {"two_winners": "on"}).status_code == 302
    assert Event.objects.get(pk=sims.event_id).two_winners
    with pytest.raises(CommandError, match=HOWELL):
        heat(sims, "Gamma", "7", "howell")


def test_the_overall_page_shows_each_direction_under_its_heading(client: Any) -> None:
    made = two_winners()
    for offset, (club, tables) in enumerate((("Alpha", "3"), ("Beta", "5"))):
        heat(made, club, tables, "mitchell")
        play(Heat.objects.get(club__name=club).session.sections.get(), offset)
    Event.objects.filter(pk=made.event_id).update(published=True)
    made.release_at = timezone.now() - timedelta(minutes=1)
    made.save()
    pair = Pair.objects.filter(direction="NS").first()
    assert pair is not None
    pair.players.create(seat=1, name="<script>alert(1)</script>")
    url = reverse("public:overall", args=[made.event_id])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    ns, ew = page.split("North-South</th></tr>")[1], page.split("East-West</th>")[1]
    ns = ns.split("</tbody>")[0]
    assert ns.count("<tr>") == 8 and "NS</td>" in ns and "EW</td>" not in ns
    assert ew.split("</tbody>")[0].count("<tr>") == 8
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page
    spanish = client.get(url, {"lang": "es"}, HTTP_ACCEPT_LANGUAGE="es")
    shown = spanish.content.decode()
    assert "Norte-Sur</th>" in shown and "Este-Oeste</th>" in shown
    assert re.search(r'<td class="pct">\d+,\d+</td>', shown)  # a decimal comma
