from django.urls import path

from . import home_views, session_views, team_views, views, wizard_views
from .players import views as people

app_name = "tournaments"
urlpatterns = [
    path("", home_views.event_list, name="event_list"),
    path("events/new/", views.event_new, name="event_new"),
    path("events/start/", wizard_views.event_start, name="event_start"),
    path("events/<int:event_id>/", views.event_detail, name="event_detail"),
    path(
        "events/<int:event_id>/settings/", views.event_settings, name="event_settings"
    ),
    path(
        "events/<int:event_id>/sessions/new/",
        session_views.session_new,
        name="session_new",
    ),
    path(
        "events/<int:event_id>/entries/",
        session_views.event_entries,
        name="event_entries",
    ),
    path("events/<int:event_id>/finals/", session_views.finals, name="finals"),
    path(
        "sessions/<int:session_id>/finish/",
        session_views.session_finish,
        name="session_finish",
    ),
    path(
        "sessions/<int:session_id>/entries/",
        session_views.session_entries,
        name="session_entries",
    ),
    path("sessions/<int:session_id>/release/", views.release, name="release"),
    path("sessions/<int:session_id>/hands/", views.session_hands, name="hands"),
    path("sections/<int:section_id>/pairs/", views.section_pairs, name="section_pairs"),
    path("teams/new/", team_views.team_event_new, name="team_event_new"),
    path("notation/", views.notation, name="notation"),
    path("clubs/<int:club_id>/members/", views.club_members, name="club_members"),
    path("clubs/<int:club_id>/people/", people.person_list, name="person_list"),
    path(
        "clubs/<int:club_id>/people/search/",
        people.person_search,
        name="person_search",
    ),
    path(
        "clubs/<int:club_id>/people/addresses/",
        people.people_addresses,
        name="people_addresses",
    ),
    path(
        "clubs/<int:club_id>/people/import/",
        people.people_import,
        name="people_import",
    ),
    path(
        "clubs/<int:club_id>/people/publish/",
        people.players_publish,
        name="players_publish",
    ),
    path("people/<int:person_id>/", people.person_results, name="person_results"),
    path("people/<int:person_id>/edit/", people.person_edit, name="person_edit"),
    path(
        "people/<int:person_id>/merge/",
        people.person_merge_view,
        name="person_merge",
    ),
    path(
        "sessions/<int:session_id>/master-points/",
        people.master_points,
        name="master_points",
    ),
    path(
        "teams/<int:event_id>/schedule/", team_views.team_schedule, name="team_schedule"
    ),
    path("teams/<int:event_id>/draw/", team_views.swiss_draw, name="swiss_draw"),
    path("teams/<int:event_id>/carry-over/", team_views.carry_over, name="carry_over"),
    path(
        "events/<int:event_id>/swiss-draw/",
        views.swiss_pairs_draw,
        name="swiss_pairs_draw",
    ),
]
