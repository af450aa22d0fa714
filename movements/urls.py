from django.urls import path

from . import views

app_name = "movements"
urlpatterns = [
    path("sections/<int:section_id>/movement/", views.section_movement, name="setup"),
    path(
        "sections/<int:section_id>/movement/change/",
        views.movement_change,
        name="change",
    ),
    path("sections/<int:section_id>/movement/grid/", views.movement_grid, name="grid"),
    path(
        "sections/<int:section_id>/guide-cards/", views.guide_cards, name="guide_cards"
    ),
    path(
        "sections/<int:section_id>/guide-cards.pdf",
        views.guide_cards_pdf,
        name="guide_cards_pdf",
    ),
    path(
        "sections/<int:section_id>/missing/",
        views.missing_results,
        name="missing_results",
    ),
]
