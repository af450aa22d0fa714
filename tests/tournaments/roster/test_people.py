"""Every event's player links to a person of the club's roster, and two records
of one person merge into one with the results of both."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import CLUB, make_event, pair, section_of
from tournaments.models import Club, Person, PersonMerge, Player
from tournaments.roster.people import person_merge
from tournaments.setup.events import pair_name

pytestmark = pytest.mark.django_db


def _named(label: str, names: list[str], **kwargs: object) -> list[Player]:
    section = section_of(make_event())
    pair_name(pair=pair(section, label), names=names, **kwargs)  # type: ignore[arg-type]
    return list(pair(section, label).players.select_related("person"))


def test_a_name_no_one_has_joins_the_roster() -> None:
    ana, bo = _named("1NS", ["Ana Ruiz", "Bo Li"])
    assert ana.person is not None and ana.person.name == "Ana Ruiz"
    assert ana.person.club.name == CLUB
    assert bo.person is not None and bo.person != ana.person


def test_a_member_number_finds_the_person_whatever_the_name_typed() -> None:
    club = Club.objects.create(name=CLUB)
    known = Person.objects.create(club=club, name="Ana Ruiz", national_id="1001")
    (ana,) = _named("1NS", ["A. Ruiz"], ids=["1001"])
    assert ana.person == known
    assert ana.name == "A. Ruiz"  # the event keeps the name it was played under


def test_the_person_chosen_on_the_roster_is_linked_with_their_number() -> None:
    club = Club.objects.create(name=CLUB)
    chosen = Person.objects.create(club=club, name="Ana Ruiz", national_id="1001")
    Person.objects.create(club=club, name="Ana Ruiz")  # a namesake
    (ana,) = _named("1NS", ["Ana Ruiz"], people=[chosen.pk])
    assert (ana.person, ana.national_id) == (chosen, "1001")


def test_another_clubs_person_is_never_linked_even_when_chosen() -> None:
    other = Club.objects.create(name="Other club")
    theirs = Person.objects.create(club=other, name="Ana Ruiz", national_id="9")
    (ana,) = _named("1NS", ["Ana Ruiz"], people=[theirs.pk])
    assert ana.person is not None and ana.person.club.name == CLUB
    assert ana.national_id == ""


def test_two_namesakes_without_a_number_leave_the_player_unlinked() -> None:
    club = Club.objects.create(name=CLUB)
    Person.objects.create(club=club, name="Ana Ruiz")
    Person.objects.create(club=club, name="ana ruiz")
    (ana,) = _named("1NS", ["Ana Ruiz"])
    assert ana.person is None


def test_merging_moves_the_results_of_both_onto_one_person() -> None:
    section = section_of(make_event())
    pair_name(pair=pair(section, "1NS"), names=["Ana Ruiz", "Bo Li"])
    pair_name(pair=pair(section, "2NS"), names=["A. Ruiz", "Cy Ng"], ids=["1001"])
    keep = Person.objects.get(name="Ana Ruiz")
    gone = Person.objects.get(name="A. Ruiz")
    keep.email = "ana@example.org"
    keep.save()

    record = person_merge(keep=keep, gone=gone, by="director")

    keep.refresh_from_db()
    assert keep.national_id == "1001"  # taken from the record that went
    assert keep.email == "ana@example.org"
    assert sorted(p.pair.label for p in keep.players.all()) == ["1NS", "2NS"]
    assert not Person.objects.filter(pk=gone.pk).exists()
    logged = PersonMerge.objects.get()
    assert logged == record
    assert (logged.gone_name, logged.gone_national_id) == ("A. Ruiz", "1001")
    assert (logged.results, logged.by, logged.kept) == (1, "director", keep)


def test_two_records_with_different_numbers_are_not_merged() -> None:
    club = Club.objects.create(name=CLUB)
    one = Person.objects.create(club=club, name="Ana Ruiz", national_id="1")
    two = Person.objects.create(club=club, name="Ana Ruiz", national_id="2")
    with pytest.raises(ValidationError, match="different member numbers"):
        person_merge(keep=one, gone=two)
    assert Person.objects.count() == 2 and not PersonMerge.objects.exists()


def test_people_of_two_clubs_are_never_merged() -> None:
    one = Person.objects.create(club=Club.objects.create(name="A"), name="Ana")
    two = Person.objects.create(club=Club.objects.create(name="B"), name="Ana")
    with pytest.raises(ValidationError):
        person_merge(keep=one, gone=two)


def test_a_member_number_signed_in_at_a_table_is_not_a_new_person() -> None:
    (unknown,) = _named("1NS", ["E999"], ids=["E999"])
    assert (unknown.person, unknown.national_id) == (None, "E999")
    assert not Person.objects.exists()


def test_a_name_typed_over_a_chosen_person_is_no_longer_that_person() -> None:
    section = section_of(make_event())
    target = pair(section, "1NS")
    pair_name(pair=target, names=["Ana Ruiz"], ids=["1001"])
    ana = Person.objects.get(name="Ana Ruiz")
    pair_name(pair=target, names=["Bo Li"], people=[ana.pk])  # the page without JS
    (bo,) = target.players.all()
    assert bo.person is not None and bo.person.name == "Bo Li"


def test_saving_the_pairs_again_keeps_a_link_under_another_name() -> None:
    section = section_of(make_event())
    target = pair(section, "1NS")
    club = Club.objects.get(name=CLUB)
    ana = Person.objects.create(club=club, name="Ana Ruiz", national_id="1001")
    pair_name(pair=target, names=["A. Ruiz"], ids=["1001"])
    pair_name(pair=target, names=["A. Ruiz"], people=[ana.pk])  # saved again
    (player,) = target.players.all()
    assert (player.person, player.national_id) == (ana, "1001")
