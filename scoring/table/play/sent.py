"""Reading a result as a table sends it: the API's fields, each refusal naming
the field at fault."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import (
    Language,
    NotationError,
    format_contract,
    format_lead,
    format_tricks,
    parse_contract,
    parse_lead,
)
from scoring.engine.types import Result, Seat
from scoring.entry.messages import notation_message
from scoring.table.play.refusals import Refused

__all__ = [
    "Sent",
    "board_read",
    "lead_required",
    "members_read",
    "query_typed",
    "result_read",
    "lead_text",
    "sent_read",
    "version_json",
    "version_read",
]

NOT_PLAYED = {"NP", "NOTPLAYED"}


@dataclass(frozen=True)
class Sent:
    board: int
    result: Result | None  # None: not played, for the director to adjust
    lead: str
    client_id: str


def _text(data: Mapping[str, object], field: str) -> str:
    value = data.get(field, "")
    if value is None:
        return ""
    if not isinstance(value, str | int):
        raise Refused(400, _("%(field)s must be text.") % {"field": field}, field)
    return str(value).strip()


def _board(data: Mapping[str, object]) -> int:
    value = data.get("board")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise Refused(400, _("Give the board number."), "board")
    try:
        number = int(value)
    except ValueError:
        raise Refused(400, _("Give the board number."), "board") from None
    if number < 1:
        raise Refused(400, _("Board numbers start at 1."), "board")
    return number


def _client_id(data: Mapping[str, object]) -> str:
    client_id = _text(data, "client_id")
    if not 1 <= len(client_id) <= 64:
        raise Refused(
            400, _("Each result needs a client_id of 1 to 64 characters."), "client_id"
        )
    return client_id


def _tricks(data: Mapping[str, object]) -> int:
    """A whole number in the JSON, never text: "9" is refused, as a client
    that sends it has misread the contract."""
    value = data.get("tricks")
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, _("tricks must be a whole number from 0 to 13."), "tricks")
    if not 0 <= value <= 13:
        raise Refused(400, _("Declarer takes 0 to 13 tricks."), "tricks")
    return value


def query_typed(query: Mapping[str, str]) -> dict[str, object]:
    """A result asked in an address's query (all text) with its tricks as the
    JSON carries them: a number (text that is no number stays, to be refused)."""
    data: dict[str, object] = dict(query)
    tricks = query.get("tricks", "").strip()
    if tricks.isdigit():
        data["tricks"] = int(tricks)
    return data


def _declarer(data: Mapping[str, object]) -> Seat:
    text = _text(data, "declarer").upper()
    try:
        return Seat(text)
    except ValueError:
        raise Refused(400, _("The declarer is N, E, S or W."), "declarer") from None


def _result(data: Mapping[str, object]) -> Result | None:
    """The result; None when the board was not played."""
    text = _text(data, "contract")
    if "".join(text.upper().split()) in NOT_PLAYED:
        return None
    try:
        contract = parse_contract(text, Language.EN)
    except NotationError as error:
        raise Refused(400, notation_message(error), "contract") from error
    if contract is None:
        return Result(None)
    return Result(contract, _declarer(data), _tricks(data))


def _lead(data: Mapping[str, object], result: Result | None) -> str:
    text = _text(data, "lead")
    if not text or result is None or result.contract is None:
        return ""
    try:
        return format_lead(parse_lead(text, Language.EN), Language.EN)
    except NotationError as error:
        raise Refused(400, notation_message(error), "lead") from error


def board_read(data: Mapping[str, object]) -> int:
    return _board(data)


def lead_required(sent: Sent, required: bool) -> None:
    """When the session asks the tables for the lead, a played contract comes
    with it."""
    played = sent.result is not None and sent.result.contract is not None
    if required and played and not sent.lead:
        raise Refused(400, _("Give the opening lead."), "lead")


def sent_read(data: object) -> Sent:
    """A sent result checked field by field (``Sent.result`` None: not played)."""
    if not isinstance(data, Mapping):
        raise Refused(400, _("Send the result as a JSON object."))
    client_id = _client_id(data)
    board, result = result_read(data)
    return Sent(board, result, _lead(data, result), client_id)


def result_read(data: Mapping[str, object]) -> tuple[int, Result | None]:
    """The board and the result of ``data`` (None: not played)."""
    return _board(data), _result(data)


def members_read(data: object) -> tuple[str, list[str]]:
    """A side ("NS" or "EW") and its two players' member numbers."""
    if not isinstance(data, Mapping):
        raise Refused(400, _("Send the players as a JSON object."))
    side = _text(data, "side").upper()
    if side not in ("NS", "EW"):
        raise Refused(400, _("The side is NS or EW."), "side")
    members = data.get("members")
    if (
        not isinstance(members, list)
        or len(members) != 2
        or not all(isinstance(m, str) and 1 <= len(m.strip()) <= 30 for m in members)
    ):
        raise Refused(400, _("Give the two players' member numbers."), "members")
    return side, [m.strip() for m in members]


def lead_text(text: str) -> str:
    """A lead as the table sends it ("ST", "s10") in the stored form ("S10");
    '' when it is not a card."""
    try:
        return format_lead(parse_lead(text.strip(), Language.EN), Language.EN)
    except NotationError:
        return ""


def version_read(data: object, board: int) -> Sent | None:
    """The opponents' version of a result they reject (None: they gave none)."""
    if not isinstance(data, Mapping) or not _text(data, "contract"):
        return None
    _board_, result = result_read({**data, "board": board})
    return Sent(board, result, _lead(data, result), "")


def version_json(sent: Sent) -> dict[str, Any]:
    """A version as the dispute keeps it, with its NS score and its text."""
    result = sent.result
    if result is None:
        return {"contract": "NP", "score_ns": None, "text": "NP"}
    score = ns_score(result, vulnerability(sent.board))
    contract = format_contract(result.contract, Language.EN)
    if result.contract is None or result.declarer is None or result.tricks is None:
        return {"contract": contract, "score_ns": 0, "text": contract}
    tricks = format_tricks(result.contract, result.tricks)
    return {
        "contract": contract,
        "declarer": result.declarer.value,
        "tricks": result.tricks,
        "lead": sent.lead,
        "score_ns": score,
        "text": f"{contract} {result.declarer.value} {tricks} {score:+d}",
    }
