"""create_director: a user given a role in a club, both created when new."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import translation

from tournaments.models import Club, Membership

pytestmark = pytest.mark.django_db


def password_works(username: str, password: str) -> bool:
    return get_user_model().objects.get(username=username).check_password(password)


def create(*args: str) -> str:
    out = StringIO()
    call_command("create_director", *args, stdout=out)
    return out.getvalue()


def test_it_creates_the_club_the_user_and_the_role() -> None:
    said = create("ana", "--club", "Círculo Ñandú", "--password", "Xk9!long-pass")
    membership = Membership.objects.get()
    assert (membership.user.username, membership.club.name, membership.role) == (
        "ana", "Círculo Ñandú", "director",
    )  # fmt: skip
    assert password_works("ana", "Xk9!long-pass")
    assert "ana is director of Círculo Ñandú" in said


def test_an_existing_user_gets_a_second_club_and_keeps_the_password() -> None:
    create("ana", "--club", "North", "--password", "Xk9!long-pass")
    create("ana", "--club", "South", "--role", "scorer")
    roles = dict(Membership.objects.values_list("club__name", "role"))
    assert roles == {"North": "director", "South": "scorer"}
    assert password_works("ana", "Xk9!long-pass")


def test_the_password_is_asked_for_when_not_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        "tournaments.management.commands.create_director.getpass",
        lambda prompt: "Xk9!long-pass",
    )
    create("bea", "--club", "North", "--role", "admin")
    assert password_works("bea", "Xk9!long-pass")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cy", "--club", " ", "--password", "Xk9!long-pass"], "user name and a club"),
        (["cy", "--club", "North", "--password", "123"], "too short"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_created(
    args: list[str], message: str
) -> None:
    with translation.override("en"), pytest.raises(CommandError, match=message):
        create(*args)
    assert not Membership.objects.exists()
    assert not Club.objects.filter(name="North").exists()
    assert not get_user_model().objects.filter(username="cy").exists()


def test_a_password_for_an_existing_user_is_refused_and_nothing_changes() -> None:
    create("ana", "--club", "North", "--password", "Xk9!long-pass")
    with (
        translation.override("en"),
        pytest.raises(
            CommandError,
            match="ana already has an account: their password is their own",
        ) as refused,
    ):
        create("ana", "--club", "South", "--password", "Other!pass-99")
    assert refused.value.returncode == 1  # manage.py's exit status
    assert password_works("ana", "Xk9!long-pass")
    assert not Club.objects.filter(name="South").exists()
    assert Membership.objects.count() == 1


def test_an_existing_user_is_never_asked_for_a_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    create("ana", "--club", "North", "--password", "Xk9!long-pass")
    monkeypatch.setattr(
        "tournaments.management.commands.create_director.getpass",
        lambda prompt: pytest.fail("asked for a password"),
    )
    create("ana", "--club", "North", "--role", "admin")
    assert Membership.objects.get().role == "admin"
    assert password_works("ana", "Xk9!long-pass")


def test_a_new_user_may_be_given_an_e_mail_address() -> None:
    create(
        "ana", "--club", "North", "--password", "Xk9!long-pass", "--email", "a@b.org"
    )
    assert get_user_model().objects.get(username="ana").email == "a@b.org"
