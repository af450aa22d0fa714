"""Top-level URL configuration."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.urls import imp_patterns

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("results/", include("scoring.public.urls")),
    path("api/table/", include("scoring.table.urls")),
    path("", include("scoring.table.page_urls")),
    path("social/", include("scoring.social.urls")),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("scoring.urls")),
    path("", include("scoring.table.room_urls")),
    path("", include((imp_patterns, "imps"))),
    path("", include("tournaments.urls")),
    path("", include("movements.urls")),
]
