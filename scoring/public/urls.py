from django.urls import path

from scoring.live import feed

from . import overall, personal, verify, views

app_name = "public"
urlpatterns = [
    path("", views.index, name="index"),
    path("clubs/<int:club_id>/", views.club, name="club"),
    path("events/<int:event_id>/", views.event, name="event"),
    path("sessions/<int:session_id>/", views.session, name="session"),
    path("sessions/<int:session_id>/live/", views.live, name="live"),
    path("sessions/<int:session_id>/hands/", views.hands, name="hands"),
    path("sessions/<int:session_id>/boards/<int:number>/", views.board, name="board"),
    path("pairs/<int:pair_id>/", views.pair, name="pair"),
    path("players/<int:person_id>/", views.player, name="player"),
    path("sessions/<int:session_id>/usebio.xml", views.usebio, name="session_usebio"),
    path("sessions/<int:session_id>/results.pbn", views.pbn, name="session_pbn"),
    path("verify/", verify.verify, name="verify"),
    path("room/<str:key>/", views.room, name="room"),
    path("room/<str:key>/projector/", views.room_projector, name="room_projector"),
    path("scorecards/<str:key>/", personal.personal, name="personal"),
    path(
        "sessions/<int:session_id>/members/<str:number>/",
        personal.member,
        name="personal_member",
    ),
    path("events/<int:event_id>/changes", feed.changes, name="changes"),
    path("events/<int:event_id>/overall/", overall.overall, name="overall"),
]
