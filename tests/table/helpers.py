"""A table's phone in tests: signs in with its code and speaks the table API."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from scoring.models import TableCode
from scoring.table.play.codes import codes_ensure
from tests.factories import make_event
from tournaments.models import Session


class Phone:
    def __init__(
        self, code: TableCode | str, language: str = "en", seat: str = ""
    ) -> None:
        self.client = Client(headers={"Accept-Language": language})
        text = code if isinstance(code, str) else code.code
        response = self.post("signin", {"code": text, "seat": seat})
        assert response.status_code == 200, response.content
        self.token = response.json()["token"]

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {getattr(self, 'token', '')}"}

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(
            f"/api/table/{path}",
            json.dumps(body or {}),
            content_type="application/json",
            headers=self.headers(),
        )

    def get(self, path: str) -> Any:
        return self.client.get(f"/api/table/{path}", headers=self.headers())

    def round(self) -> dict[str, Any]:
        response = self.get("round")
        assert response.status_code == 200, response.content
        data: dict[str, Any] = response.json()
        return data

    def send(self, board: int, contract: str = "4S", **fields: Any) -> Any:
        # The sessions ask for the lead (``Session.table_leads``) by default.
        body = {"board": board, "contract": contract, "declarer": "N", "tricks": 10}
        body["lead"] = "C2"
        body.update(client_id=f"{board}-{contract}-{fields.get('tricks', 10)}")
        return self.post("results", {**body, **fields})

    def play(self, board: int, contract: str = "4S", **fields: Any) -> Any:
        """Send a result and have the opponents accept it."""
        sent = self.send(board, contract, **fields)
        assert sent.status_code in (200, 201), sent.content
        return self.post(f"results/{sent.json()['id']}/confirm")


def codes(session: Session) -> dict[tuple[str, int], TableCode]:
    return {(c.section.letter, c.table): c for c in codes_ensure(session)}


def own_phones_session() -> Session:
    """A 3-table Mitchell, 2 boards a round, the opponents on their own phone."""
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return Session.objects.get(pk=session.pk)
