"""The director's pages of the scoring app: entry ("scoring" names) and the
result pages of IMP and team events ("imps" names, kept for their addresses)."""

from django.urls import path

import scoring.converters  # noqa: F401  (registers <positive:...>)

from .entry import views as entry
from .pages import (
    changes,
    commentary,
    dealing,
    downloads,
    personal,
    results,
    simultaneous,
    teams,
)

app_name = "scoring"
urlpatterns = [
    path(
        "sections/<int:section_id>/boards/<positive:board>/",
        entry.board_entry,
        name="board_entry",
    ),
    path("lines/<int:line_id>/", entry.line_edit, name="line_edit"),
    path("lines/<int:line_id>/delete/", entry.line_delete, name="line_delete"),
    path(
        "lines/<int:line_id>/artificial/", entry.line_artificial, name="line_artificial"
    ),
    path("lines/<int:line_id>/assigned/", entry.line_assigned, name="line_assigned"),
    path("lines/<int:line_id>/version/", entry.line_version, name="line_version"),
    path("boards/<positive:board>/preview/", entry.preview, name="preview"),
    path("sessions/<int:session_id>/ranking/", results.ranking, name="ranking"),
    path("sessions/<int:session_id>/changes/", changes.changes, name="changes"),
    path(
        "sessions/<int:session_id>/personal-results/",
        personal.personal_send,
        name="personal_send",
    ),
    path("sessions/<int:session_id>/deal/", dealing.deal_boards, name="deal"),
    path(
        "sessions/<int:session_id>/dealing.<str:kind>",
        dealing.dealing_file,
        name="dealing_file",
    ),
    path("changes/<int:change_id>/undo/", changes.undo, name="change_undo"),
    path("simultaneous/new/", simultaneous.simultaneous_new, name="simultaneous_new"),
    path("simultaneous/<int:event_id>/", simultaneous.heats, name="simultaneous"),
    path(
        "simultaneous/<int:event_id>/commentary/",
        commentary.commentary,
        name="commentary",
    ),
    path(
        "sessions/<int:session_id>/heat/overall/",
        simultaneous.heat_overall,
        name="heat_overall",
    ),
    path(
        "sessions/<int:session_id>/heat/upload/",
        simultaneous.heat_upload,
        name="heat_upload",
    ),
    path("pairs/<int:pair_id>/", results.scorecard, name="scorecard"),
    path(
        "sessions/<int:session_id>/results.pdf",
        downloads.session_pdf,
        name="session_pdf",
    ),
    path(
        "sessions/<int:session_id>/hands.pdf",
        downloads.hand_records_pdf,
        name="hand_records_pdf",
    ),
    path(
        "sessions/<int:session_id>/results.xlsx",
        downloads.session_xlsx,
        name="session_xlsx",
    ),
    path(
        "sessions/<int:session_id>/usebio.xml",
        downloads.session_usebio,
        name="session_usebio",
    ),
    path(
        "sessions/<int:session_id>/results.pbn",
        downloads.session_pbn,
        name="session_pbn",
    ),
]

imp_patterns = [
    path("imps/sessions/<int:session_id>/ranking/", results.ranking, name="ranking"),
    path(
        "imps/sessions/<int:session_id>/boards/<positive:board>/",
        results.traveller,
        name="traveller",
    ),
    path("imps/pairs/<int:pair_id>/", results.scorecard, name="scorecard"),
    path("teams/<int:event_id>/", teams.team_event, name="team_event"),
    path("matches/<int:match_id>/", teams.match_scorecard, name="match"),
]
