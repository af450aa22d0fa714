"""The Members page never sets an existing user's password: club A's
administrator naming another club's director (or a site operator) with a new
password is refused, and naming them without one only invites them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import join
from tournaments.models import Club, Invitation, Membership

pytestmark = pytest.mark.django_db

OLD, NEW = "Old!pass-of-bea", "Xk9!long-pass"


@pytest.fixture
def admin_of_a(client: Client) -> Client:
    admin = User.objects.create_user("ann", password="pw-of-ann")
    join(admin, "Club A", "admin")
    client.force_login(admin)
    return client


@pytest.fixture
def bea() -> User:
    """Club B's director."""
    user = User.objects.create_user("bea", password=OLD)
    join(user, "Club B", "director")
    return user


def members_url() -> str:
    return reverse(
        "tournaments:club_members", args=[Club.objects.get(name="Club A").pk]
    )


def post(client: Client, **data: str) -> str:
    with translation.override("en"):
        return client.post(members_url(), data, follow=True).content.decode()


def test_another_clubs_director_keeps_the_password_and_is_not_added(
    admin_of_a: Client, bea: User
) -> None:
    page = post(admin_of_a, username="bea", role="admin", password=NEW)
    assert "bea already has an account: their password is their own" in page
    bea.refresh_from_db()
    assert bea.check_password(OLD) and not bea.check_password(NEW)
    assert not Membership.objects.filter(user=bea, club__name="Club A").exists()
    assert not Invitation.objects.exists()


def test_a_site_operators_password_is_never_set_from_a_club(
    admin_of_a: Client,
) -> None:
    User.objects.create_superuser("root", password=OLD)
    post(admin_of_a, username="root", role="director", password=NEW)
    root = User.objects.get(username="root")
    assert root.check_password(OLD)
    assert not root.memberships.exists()


def test_an_e_mail_address_given_for_an_existing_user_is_refused(
    admin_of_a: Client, bea: User
) -> None:
    page = post(admin_of_a, username="bea", role="scorer", email="evil@example.org")
    assert "their e-mail address is their own" in page
    assert User.objects.get(username="bea").email == ""
    assert not Invitation.objects.exists()


def test_an_existing_user_named_without_a_password_is_invited_not_added(
    admin_of_a: Client, bea: User
) -> None:
    page = post(admin_of_a, username="bea", role="scorer")
    assert "they are invited" in page
    invitation = Invitation.objects.get()
    assert (invitation.user, invitation.club.name, invitation.role) == (
        bea, "Club A", "scorer",
    )  # fmt: skip
    assert invitation.invited_by == User.objects.get(username="ann")
    assert not Membership.objects.filter(user=bea, club__name="Club A").exists()
    assert "Invited, not yet accepted" in page


def test_inviting_again_changes_the_role_offered(admin_of_a: Client, bea: User) -> None:
    post(admin_of_a, username="bea", role="scorer")
    post(admin_of_a, username="bea", role="director")
    assert Invitation.objects.get().role == "director"


def test_a_member_of_the_club_may_be_given_another_role(
    admin_of_a: Client, bea: User
) -> None:
    join(bea, "Club A", "scorer")
    post(admin_of_a, username="bea", role="director")
    assert bea.memberships.get(club__name="Club A").role == "director"
    assert not Invitation.objects.exists()
    assert User.objects.get(username="bea").check_password(OLD)


def test_a_new_user_is_created_with_the_password_and_the_role(
    admin_of_a: Client,
) -> None:
    post(admin_of_a, username="cy", role="scorer", password=NEW, email="cy@club.org")
    cy = User.objects.get(username="cy")
    assert cy.check_password(NEW) and cy.email == "cy@club.org"
    assert cy.memberships.get().club.name == "Club A"


def test_a_site_operator_adds_an_existing_user_directly_keeping_the_password(
    client: Client, bea: User
) -> None:
    Club.objects.create(name="Club A")
    client.force_login(User.objects.create_superuser("root", password="pw"))
    post(client, username="bea", role="director")
    assert bea.memberships.get(club__name="Club A").role == "director"
    refused = post(client, username="bea", role="admin", password=NEW)
    assert "their password is their own" in refused
    bea.refresh_from_db()
    assert bea.check_password(OLD)
    assert bea.memberships.get(club__name="Club A").role == "director"


def test_an_operator_adding_an_invited_user_leaves_nothing_to_accept(
    admin_of_a: Client, bea: User
) -> None:
    post(admin_of_a, username="bea", role="scorer")
    root = Client()
    root.force_login(User.objects.create_superuser("root", password="pw"))
    post(root, username="bea", role="director")
    assert bea.memberships.get(club__name="Club A").role == "director"
    assert not Invitation.objects.exists()
