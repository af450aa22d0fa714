from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("events/new/", views.event_new, name="event_new"),
    path("events/<int:event_id>/", views.event_detail, name="event_detail"),
    path("sections/<int:section_id>/pairs/", views.section_pairs, name="section_pairs"),
]
