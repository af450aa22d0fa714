from django.urls import path

from scoring.table.disputes import settling
from scoring.table.room import director, draw

app_name = "table_room"

urlpatterns = [
    path("sessions/<int:session_id>/room/", director.room, name="room"),
    path("sessions/<int:session_id>/room/round/", director.round_call, name="round"),
    path("sessions/<int:session_id>/room/tables/", director.tables_open, name="open"),
    path("sessions/<int:session_id>/room/options/", director.options, name="options"),
    path("sessions/<int:session_id>/room/draw/", draw.swiss_confirm, name="draw"),
    path("sessions/<int:session_id>/table-cards/", director.cards, name="cards"),
    path(
        "sessions/<int:session_id>/table-cards.pdf",
        director.cards_download,
        name="cards_pdf",
    ),
    path("table-codes/<int:code_id>/answered/", director.call_clear, name="answered"),
    path("table-codes/<int:code_id>/renew/", director.renew, name="renew"),
    path("lines/<int:line_id>/reopen/", director.reopen, name="reopen"),
    path("table-entries/<int:entry_id>/settle/", settling.settle, name="settle"),
]
