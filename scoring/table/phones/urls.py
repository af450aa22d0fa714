from django.urls import path

from scoring.table.phones import api

app_name = "table_api"

urlpatterns = [
    path("signin", api.signin, name="signin"),
    path("round", api.round_now, name="round"),
    path("results", api.results, name="results"),
    path("results/<int:entry_id>/confirm", api.confirm, name="confirm"),
    path("results/<int:entry_id>/reject", api.reject, name="reject"),
    path("results/<int:entry_id>/withdraw", api.withdraw, name="withdraw"),
    path("rounds/<int:number>/confirm", api.round_confirmed, name="round_confirm"),
    path("boards/<int:number>", api.board, name="board"),
    path("call", api.call, name="call"),
    path("score", api.score, name="score"),
    path("players", api.players, name="players"),
    path("openapi.json", api.openapi, name="openapi"),
    path("notation/<str:language>.json", api.notation, name="notation"),
]
