"""Fuzz runs (hypothesis): whatever is typed on the traveller, the correction and
adjustment forms, and whatever a USEBIO file says, the answer is a page or a
clear refusal, never a server error, and nothing is half written."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.formats.usebio import UsebioError
from scoring.interchange.usebio import usebio_import
from scoring.models import AssignedScore, TravellerLine
from tests.factories import join, make_event, make_result, section_of
from tests.paths import FIXTURES
from tournaments.models import Event

# Inputs tried per run: FORM_EXAMPLES per form test, FILE_EXAMPLES files.
FORM_EXAMPLES, FILE_EXAMPLES = 200, 150


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )


TYPED = st.one_of(
    st.text(max_size=50),
    st.sampled_from(["4S N =", "3NT S +1", "7NT S =", "pass", "4HX W -3 SK", "0",
                     "1NS", "2EW", "-1", "99999", "<script>", "=1+1", "4S N = HK"]),
)  # fmt: skip
NUMBERISH = st.one_of(st.text(max_size=6), st.integers(-5, 100).map(str))


class FormFuzzTest(TestCase):
    def setup_example(self) -> None:
        """Each example starts from the same event (examples are rolled back)."""
        super().setup_example()
        self.section = section_of(make_event(tables=3))
        self.line = make_result(self.section, 2, "1NS", "1EW", "4S N =")
        user = User.objects.create_user("td")  # signed in, no password to hash
        join(user)
        self.client = Client()
        self.client.force_login(user)

    @fuzz(FORM_EXAMPLES)
    @given(TYPED, TYPED, TYPED, NUMBERISH, NUMBERISH)
    def test_the_traveller_never_fails_and_saves_a_whole_line_or_nothing(
        self, ns: str, ew: str, entry: str, table: str, round_no: str
    ) -> None:
        url = reverse("scoring:board_entry", args=[self.section.pk, 1])
        before = TravellerLine.objects.count()
        data = {
            "ns": ns,
            "ew": ew,
            "entry": entry,
            "table": table,
            "round_no": round_no,
        }
        response = self.client.post(url, data)
        nul = any("\x00" in value for value in data.values())  # refused: 400
        assert (
            response.status_code == 400 if nul else response.status_code in (200, 302)
        )
        saved = TravellerLine.objects.count() - before
        assert saved == (1 if response.status_code == 302 else 0)
        for line in TravellerLine.objects.all():
            line.full_clean()  # whatever was saved is a valid line

    @fuzz(FORM_EXAMPLES)
    @given(TYPED, st.sampled_from(["", "NS", "EW", "XX"]), TYPED, TYPED)
    def test_adjustments_never_fail_and_change_all_or_nothing(
        self, results: str, side: str, ns: str, ew: str
    ) -> None:
        assigned = reverse("scoring:line_assigned", args=[self.line.pk])
        artificial = reverse("scoring:line_artificial", args=[self.line.pk])
        before = list(AssignedScore.objects.values_list("weight_percent", "side"))
        response = self.client.post(assigned, {"side": side, "results": results})
        assert response.status_code == (400 if "\x00" in results else 302)
        after = list(AssignedScore.objects.values_list("weight_percent", "side"))
        assert after == before or sum(w for w, _s in after) % 100 == 0
        response = self.client.post(artificial, {"ns": ns[:3], "ew": ew[:3]})
        assert response.status_code == (400 if "\x00" in ns[:3] + ew[:3] else 302)


class ImportFuzzTest(TestCase):
    @fuzz(FILE_EXAMPLES)
    @given(st.data())
    def test_a_broken_usebio_file_imports_whole_or_not_at_all(
        self, data: st.DataObject
    ) -> None:
        text = (FIXTURES / "usebio_mp_mitchell_16pairs.xml").read_text("utf-8")
        tags = ["CONTRACT", "TRICKS", "SCORE", "PLAYED_BY", "LEAD", "NS_PAIR_NUMBER",
                "EW_PAIR_NUMBER", "BOARD_NUMBER", "DATE", "PAIR_NUMBER"]  # fmt: skip
        tag = data.draw(st.sampled_from(tags))
        start = text.index(f"<{tag}>") + len(tag) + 2
        end = text.index(f"</{tag}>", start)
        typed = data.draw(st.text(max_size=12).filter(lambda t: "<" not in t))
        broken = text[:start] + typed.replace("&", "") + text[end:]
        events = Event.objects.count()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "fuzz.xml"
            path.write_text(broken, encoding="utf-8")
            try:
                event = usebio_import(path=path)
            except UsebioError:
                assert Event.objects.count() == events
            else:
                assert event.sessions.get().boards.exists()
