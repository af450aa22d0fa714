"""A user's own account page: the clubs they belong to, the invitations waiting
for them (accepted or declined here, by them alone) and the way to their
password change."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.address import address_context
from tournaments.models import Invitation
from tournaments.setup.members import invitation_accept, invitation_decline


@login_required
@require_safe
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    context = {
        "memberships": user.memberships.select_related("club"),  # type: ignore[union-attr]
        "invitations": Invitation.objects.filter(user=user.pk).select_related(
            "club", "invited_by"
        ),
        **address_context(request),
    }
    return render(request, "accounts/account.html", context)


def _own(request: HttpRequest, invitation_id: int) -> Invitation:
    """The user's own invitation, else 404 (as if it did not exist)."""
    invitations = Invitation.objects.select_related("club", "user")
    return get_object_or_404(invitations, pk=invitation_id, user=request.user.pk)


@login_required
@require_POST
def accept(request: HttpRequest, invitation_id: int) -> HttpResponse:
    membership = invitation_accept(invitation=_own(request, invitation_id))
    messages.success(
        request,
        _("You are now %(role)s of %(club)s.")
        % {"role": membership.get_role_display(), "club": membership.club},
    )
    return redirect("accounts:account")


@login_required
@require_POST
def decline(request: HttpRequest, invitation_id: int) -> HttpResponse:
    invitation = _own(request, invitation_id)
    invitation_decline(invitation=invitation)
    messages.success(
        request, _("Invitation of %(club)s declined.") % {"club": invitation.club}
    )
    return redirect("accounts:account")


class PasswordReset(auth_views.PasswordResetView):
    """Django's view; the e-mailed link names SITE_URL when it is set, never a
    host name a stranger's request chose."""

    def form_valid(self, form: Any) -> HttpResponse:
        if settings.SITE_URL:
            protocol, _sep, domain = settings.SITE_URL.partition("://")
            self.extra_email_context = {
                "domain": domain,
                "site_name": domain,
                "protocol": protocol,
            }
        return super().form_valid(form)
