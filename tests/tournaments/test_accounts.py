"""A user's account page: their invitations, accepted or declined by them alone
(anyone else gets 404), and the way to their password."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import join
from tournaments.models import Club, Invitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation() -> Invitation:
    ann = User.objects.create_user("ann", password="pw")
    join(ann, "Club A", "admin")
    bea = User.objects.create_user("bea", password="pw")
    return Invitation.objects.create(
        club=Club.objects.get(name="Club A"), user=bea, role="director", invited_by=ann
    )


def as_user(username: str) -> Client:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def test_the_invited_user_sees_the_invitation_and_the_password_link(
    invitation: Invitation,
) -> None:
    page = as_user("bea").get(reverse("accounts:account")).content.decode()
    assert "Club A invites you as Director (from ann)." in page
    assert reverse("accounts:accept", args=[invitation.pk]) in page
    assert reverse("password_change") in page


def test_accepting_makes_the_membership_with_the_invitations_role(
    invitation: Invitation,
) -> None:
    url = reverse("accounts:accept", args=[invitation.pk])
    assert as_user("bea").post(url).status_code == 302
    membership = Membership.objects.get(user__username="bea")
    assert (membership.club.name, membership.role) == ("Club A", "director")
    assert not Invitation.objects.exists()


def test_declining_removes_the_invitation_and_adds_nothing(
    invitation: Invitation,
) -> None:
    as_user("bea").post(reverse("accounts:decline", args=[invitation.pk]))
    assert not Invitation.objects.exists()
    assert not Membership.objects.filter(user__username="bea").exists()


@pytest.mark.parametrize("action", ["accounts:accept", "accounts:decline"])
def test_nobody_else_can_act_on_an_invitation(
    invitation: Invitation, action: str
) -> None:
    User.objects.create_superuser("root", password="pw")
    url = reverse(action, args=[invitation.pk])
    for other in ("ann", "root"):
        assert as_user(other).post(url).status_code == 404
    assert Invitation.objects.filter(pk=invitation.pk).exists()
    assert not Membership.objects.filter(user__username="bea").exists()


def test_an_invitation_is_answered_by_post_only(invitation: Invitation) -> None:
    url = reverse("accounts:accept", args=[invitation.pk])
    assert as_user("bea").get(url).status_code == 405
    assert Invitation.objects.exists()


def test_the_answers_need_the_csrf_token(invitation: Invitation) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.get(username="bea"))
    url = reverse("accounts:accept", args=[invitation.pk])
    assert client.post(url).status_code == 403
    assert Invitation.objects.exists()


def test_an_anonymous_visitor_is_sent_to_log_in(invitation: Invitation) -> None:
    for url in (
        reverse("accounts:account"),
        reverse("accounts:accept", args=[invitation.pk]),
    ):
        page = Client().post(url) if "accept" in url else Client().get(url)
        assert page.status_code == 302 and "/login/" in page["Location"]
