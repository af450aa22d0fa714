from django.urls import path

from . import imp_views

app_name = "imps"
urlpatterns = [
    path(
        "imps/sessions/<int:session_id>/ranking/",
        imp_views.imp_ranking,
        name="ranking",
    ),
    path(
        "imps/sessions/<int:session_id>/boards/<int:board>/",
        imp_views.imp_traveller,
        name="traveller",
    ),
    path("imps/pairs/<int:pair_id>/", imp_views.imp_scorecard, name="scorecard"),
    path("teams/new/", imp_views.team_event_new, name="team_event_new"),
    path("teams/<int:event_id>/", imp_views.team_event, name="team_event"),
    path(
        "teams/<int:event_id>/schedule/",
        imp_views.team_schedule,
        name="team_schedule",
    ),
    path("teams/<int:event_id>/draw/", imp_views.swiss_draw, name="swiss_draw"),
    path("matches/<int:match_id>/", imp_views.match_scorecard, name="match"),
]
