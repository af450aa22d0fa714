from django.urls import path

from . import export_views, views

app_name = "scoring"
urlpatterns = [
    path(
        "sections/<int:section_id>/boards/<int:board>/",
        views.board_entry,
        name="board_entry",
    ),
    path("lines/<int:line_id>/", views.line_edit, name="line_edit"),
    path("lines/<int:line_id>/delete/", views.line_delete, name="line_delete"),
    path(
        "lines/<int:line_id>/artificial/", views.line_artificial, name="line_artificial"
    ),
    path("lines/<int:line_id>/assigned/", views.line_assigned, name="line_assigned"),
    path("sessions/<int:session_id>/ranking/", views.ranking, name="ranking"),
    path("pairs/<int:pair_id>/", views.scorecard, name="scorecard"),
    path("boards/<int:board>/preview/", views.preview, name="preview"),
    path(
        "sessions/<int:session_id>/results.pdf",
        export_views.session_pdf,
        name="session_pdf",
    ),
    path(
        "sessions/<int:session_id>/results.xlsx",
        export_views.session_xlsx,
        name="session_xlsx",
    ),
]
