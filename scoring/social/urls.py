"""The social table's scorepad: ``social/`` to start one, ``social/<key>/`` the
pad (its link is its only key), ``social/<key>/deal/<n>/`` to correct a deal;
``social/session/`` to start a session of rotating chukkers, its page and its
ranking's PDF under ``social/session/<key>/``."""

from django.urls import path

from . import views

app_name = "social"

urlpatterns = [
    path("", views.start_page, name="start"),
    path("session/", views.session_start_page, name="session_start"),
    path("session/<str:key>/", views.session_page, name="session"),
    path("session/<str:key>/ranking.pdf", views.session_pdf, name="session_pdf"),
    path("<str:key>/", views.pad_page, name="pad"),
    path("<str:key>/deal/<int:entry>/", views.deal_page, name="deal"),
]
