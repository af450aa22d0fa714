"""The team table load run checks the match each phone was shown against the
table codes and `results --json`: a phone shown anything else is an error."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from benchmarks import table_teams
from benchmarks.table_room import Call

CODES = [
    {"section": "A", "table": 1, "code": "X1", "match": 1, "room": "open"},
    {"section": "A", "table": 2, "code": "X2", "match": 1, "room": "closed"},
]
RESULTS = {
    "matches": [
        {"round": 1, "home": "Team 1", "away": "Team 2",
         "imps_home": 12, "imps_away": 3, "vp_home": 15.52, "vp_away": 4.48},
    ]
}  # fmt: skip


@dataclass
class Phone:
    section: str
    table: int
    match: dict[str, Any] | None
    calls: list[Call] = field(default_factory=list)


def _shown(room: str, imps_home: int = 12) -> dict[str, Any]:
    return {
        "number": 1, "round": 1, "room": room, "home": "Team 1", "away": "Team 2",
        "ours": "home", "boards": [1, 2, 3, 4], "unit": "imps",
        "boards_complete": table_teams.MATCH_BOARDS,
        "imps": {"home": imps_home, "away": 3},
        "vps": {"home": 15.52, "away": 4.48},
    }  # fmt: skip


def test_phones_shown_the_results_match_are_right() -> None:
    phones = [Phone("A", 1, _shown("open")), Phone("A", 2, _shown("closed"))]
    assert table_teams.checked(phones, CODES, RESULTS) == 2
    assert all(not phone.calls for phone in phones)


@pytest.mark.parametrize(
    "wrong",
    [_shown("closed", imps_home=11), _shown("open"), None,
     _shown("closed") | {"boards_complete": 3}],
    ids=["score", "room", "no match", "before the end"],
)  # fmt: skip
def test_a_phone_shown_anything_else_keeps_a_failed_call(wrong: Any) -> None:
    phones = [Phone("A", 1, _shown("open")), Phone("A", 2, wrong)]
    right = table_teams.checked(phones, CODES, RESULTS)
    assert [[c.kind for c in phone.calls] for phone in phones][1] == ["match"]
    assert right == (0 if wrong is None else 1)


def test_the_event_is_round_one_of_a_swiss_of_twice_the_matches() -> None:
    made = table_teams.event_args(30)
    assert made[made.index("--teams") + 1] == "60"
    assert made[made.index("--rounds") + 1] == "1" and "--swiss" in made
    assert table_teams.displays(30) == 4
