"""Top-level URL configuration."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.urls import imp_patterns
from tournaments.accounts.views import PasswordReset

handler500 = "config.request_id.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("results/", include("scoring.public.urls")),
    path("api/table/", include("scoring.table.phones.urls")),
    path("", include("scoring.table.phones.page_urls")),
    path("social/", include("scoring.social.urls")),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A user's own password (changed when logged in, reset by e-mail when
    # forgotten): Django's views under their own names, our templates.
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        PasswordReset.as_view(),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("account/", include("tournaments.accounts.urls")),
    path("", include("scoring.urls")),
    path("", include("scoring.table.room.urls")),
    path("", include((imp_patterns, "imps"))),
    path("", include("tournaments.urls")),
    path("", include("movements.urls")),
]
