"""The table load run with a team event (``python -m benchmarks.table_load
--teams N``): round 1 of a Swiss teams of 2N teams (``new_event --teams
--swiss --rounds 1``), N matches of ``MATCH_BOARDS`` boards, each match an
open and a closed room table, two phones at each. Swiss because a round robin
of 60 teams would draw 59 rounds that nobody plays; four boards a match because
that is what each table sends in the Mitchell run (two rounds of two), so the
two runs weigh the same per table; a club's Swiss matches are of 4 to 8.

Once its table's scorecard is confirmed each phone reads its round until the
match is complete in both rooms; then the match object every phone was shown
is checked against `table_codes --json` (number, room) and `results --json`
(teams, IMPs, VPs): a phone that was shown something else counts as an error.
"""

from __future__ import annotations

import argparse
from typing import Any

from .table_room import Call

MATCH_BOARDS = 4
TABLES_A_DISPLAY = 15  # the Mitchell run's room hangs one display a 15 tables


def event_args(matches: int) -> list[str]:
    """`new_event`'s arguments for round 1 of a Swiss of ``2 * matches`` teams."""
    return [
        "new_event", "--name", "Table load teams", "--teams", str(2 * matches),
        "--boards-per-match", str(MATCH_BOARDS), "--swiss", "--rounds", "1",
    ]  # fmt: skip


def displays(matches: int) -> int:
    """Room displays by default: as many as the Mitchell run's per table."""
    return max(1, 2 * matches // TABLES_A_DISPLAY)


def _wanted(code: dict[str, Any], match: Any) -> dict[str, Any]:
    """What the phones at ``code``'s table should be shown once the match is
    over: its number and room from the table codes, its score from
    ``results --json`` (``match``: the results' match of the teams shown)."""
    return {
        "number": code["match"], "room": code["room"],
        "boards_complete": MATCH_BOARDS,
        "imps": match and {"home": match["imps_home"], "away": match["imps_away"]},
        "vps": match and {"home": match["vp_home"], "away": match["vp_away"]},
    }  # fmt: skip


def checked(phones: list[Any], codes: list[dict[str, Any]], results: Any) -> int:
    """Each phone's last match object against the codes and the results (the
    four phones of a match shown the same teams); a failed "match" call is
    kept for each phone shown something else. The phones shown it right."""
    scored = {(m["home"], m["away"]): m for m in results["matches"]}
    by_table = {(c["section"], c["table"]): c for c in codes}
    teams: dict[int, set[tuple[Any, Any]]] = {}
    for phone in phones:
        shown = phone.match or {}
        number = by_table[(phone.section, phone.table)]["match"]
        teams.setdefault(number, set()).add((shown.get("home"), shown.get("away")))
    right = 0
    for phone in phones:
        code = by_table[(phone.section, phone.table)]
        shown = phone.match or {}
        wanted = _wanted(code, scored.get((shown.get("home"), shown.get("away"))))
        good = len(teams[code["match"]]) == 1 and wanted["imps"] is not None
        good = good and all(shown.get(key) == value for key, value in wanted.items())
        right += good
        if not good:
            phone.calls.append(Call("match", 200, 0, False))
    return right


def title(args: argparse.Namespace) -> str:
    """The first half of the table's title."""
    when = "at once" if not args.spread else f"within {args.spread:g} s"
    return (
        f"{2 * args.teams} tables {when} (round 1 of a Swiss of {2 * args.teams} "
        f"teams: {args.teams} matches, open and closed rooms), two phones each, "
        f"{MATCH_BOARDS} boards a match (then each phone reads its round until "
        f"the match is complete in both rooms)"
    )
