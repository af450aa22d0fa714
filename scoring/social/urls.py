"""The social table's scorepad: ``social/`` to start one, ``social/<key>/`` the
pad (its link is its only key), ``social/<key>/deal/<n>/`` to correct a deal."""

from django.urls import path

from . import views

app_name = "social"

urlpatterns = [
    path("", views.start_page, name="start"),
    path("<str:key>/", views.pad_page, name="pad"),
    path("<str:key>/deal/<int:entry>/", views.deal_page, name="deal"),
]
