"""Print a generated movement as a grid or as JSON.

Pairs: `mitchell` and `howell` (movements.md). Individuals: `individual --players V`
and `rainbow --tables T` (individual-and-social.md §1); their JSON rows name the four
players by seat, and a player who sits out is in no row of that round.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any, Literal

from django.core.management.base import BaseCommand, CommandError

from movements.engine import (
    Movement,
    MovementError,
    Pair,
    Seating,
    barometer,
    howell,
    mitchell,
    parse_rounds,
    three_quarter_howell,
    validate,
    web_mitchell,
)
from movements.engine.individual import (
    SEATS,
    IndividualMovement,
    IndividualSeating,
    individual,
    rainbow,
    validate_individual,
)
from movements.engine.web import WEB_SETS

NAMES = {"individual": "an individual", "rainbow": "a Rainbow individual"}

# Options that only the pairs movements take, with their defaults.
PAIRS_ONLY = {
    "rounds": None,
    "skip": False,
    "relay": False,
    "arrow_switch": "",
    "phantom": False,
    "three_quarter": False,
    "web": False,
    "sets": None,
}


class Command(BaseCommand):
    help = (
        "Generate a Mitchell (skip, relay or Web), Howell, individual or Rainbow "
        "individual movement, barometer boards on request (movements.md, "
        "individual-and-social.md §1–2), and print it."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "kind", choices=["mitchell", "howell", "individual", "rainbow"]
        )
        parser.add_argument("--tables", type=int, default=None)
        parser.add_argument("--players", type=int, default=None, help="individual")
        parser.add_argument("--boards-per-round", type=int, default=2)
        parser.add_argument("--rounds", type=int, default=None)
        even = parser.add_mutually_exclusive_group()
        even.add_argument("--skip", action="store_true", help="even-table skip")
        even.add_argument("--relay", action="store_true", help="share and relay")
        even.add_argument("--web", action="store_true", help="Web Mitchell, 14–26")
        parser.add_argument("--sets", type=int, default=None, help="Web Mitchell")
        parser.add_argument(
            "--barometer", action="store_true", help="set r at every table in round r"
        )
        parser.add_argument("--arrow-switch", default="", metavar="ROUNDS")
        parser.add_argument("--phantom", action="store_true")
        parser.add_argument("--three-quarter", action="store_true")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["kind"] in ("individual", "rainbow"):
            self._individual(options)
            return
        try:
            movement = _build(options)
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        if options["json"]:
            self.stdout.write(json.dumps(as_json(movement)))
        else:
            self.stdout.write(as_grid(movement))

    def _individual(self, options: dict[str, Any]) -> None:
        try:
            movement = _build_individual(options)
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        if options["json"]:
            self.stdout.write(json.dumps(individual_json(movement)))
        else:
            self.stdout.write(individual_grid(movement))


def _build(options: dict[str, Any]) -> Movement:
    if options["tables"] is None:
        raise MovementError(f"a {options['kind']} needs --tables")
    if options["players"] is not None:
        raise MovementError("--players is for an individual")
    if options["sets"] is not None and not options["web"]:
        raise MovementError("--sets is for a Web Mitchell (--web)")
    if options["kind"] == "mitchell":
        movement = _build_mitchell(options)
    else:
        movement = _build_howell(options)
    return barometer(movement) if options["barometer"] else movement


def _common(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "boards_per_round": options["boards_per_round"],
        "phantom": options["phantom"],
    }


def _build_mitchell(options: dict[str, Any]) -> Movement:
    if options["three_quarter"]:
        raise MovementError("--three-quarter is for a Howell")
    switched = _switched(options["arrow_switch"])
    if options["web"]:
        if options["rounds"] is not None or switched:
            raise MovementError(
                "a Web Mitchell takes neither --rounds nor --arrow-switch"
            )
        sets = options["sets"] if options["sets"] is not None else WEB_SETS
        return web_mitchell(options["tables"], sets=sets, **_common(options))
    even: Literal["skip", "relay"] | None = (
        "skip" if options["skip"] else "relay" if options["relay"] else None
    )
    return mitchell(
        options["tables"],
        even=even,
        rounds=options["rounds"],
        arrow_switch_rounds=switched,
        barometer=options["barometer"],
        **_common(options),
    )


def _build_howell(options: dict[str, Any]) -> Movement:
    switched = _switched(options["arrow_switch"])
    if options["skip"] or options["relay"] or options["web"] or switched:
        raise MovementError(
            "--skip, --relay, --web and --arrow-switch are for a Mitchell"
        )
    if options["three_quarter"]:
        if options["rounds"] is not None:
            raise MovementError("a 3/4 Howell has a fixed number of rounds")
        return three_quarter_howell(options["tables"], **_common(options))
    return howell(options["tables"], rounds=options["rounds"], **_common(options))


def _switched(text: str) -> tuple[int, ...]:
    try:
        return parse_rounds(text)
    except MovementError as exc:
        raise MovementError(f"--arrow-switch: {exc}") from None


def _label(pair: Pair | None) -> str | int | None:
    if pair is None:
        return None
    return str(pair) if pair.direction else pair.number


def as_json(movement: Movement) -> dict[str, Any]:
    """The schedule; ns/ew are the pairs holding the NS/EW cards."""
    schedule = []
    for rnd, seating in movement.schedule():
        ns, ew = seating.holders()
        schedule.append(
            {
                "round": rnd.number,
                "table": seating.table,
                "ns": _label(ns),
                "ew": _label(ew),
                "boards": list(movement.board_order(seating)),
            }
        )
    return {
        "kind": movement.kind.value,
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "boards_per_round": movement.boards_per_round,
        "schedule": schedule,
    }


def as_grid(movement: Movement) -> str:
    """Rounds down, tables across, `NS-EW sK`; `*` marks an arrow-switched board."""
    width = max(len(_cell(movement, s)) for _, s in movement.schedule()) + 2
    head = "Rd " + "".join(f"T{t}".ljust(width) for t in range(1, movement.tables + 1))
    lines = [head.rstrip()]
    for rnd in movement.rounds:
        cells = [
            _cell(movement, s) for s in sorted(rnd.seatings, key=lambda s: s.table)
        ]
        relays = f"relay {','.join(f's{k}' for k in rnd.relays)}" if rnd.relays else ""
        lines.append((f"{rnd.number:<3}" + "".join(c.ljust(width) for c in cells)
                      + relays).rstrip())  # fmt: skip
    notes = [f"{p.level} (check {p.check}): {p.message}" for p in validate(movement)]
    if movement.switched_rounds:
        notes.insert(0, "* arrow-switched: the pair shown first holds the NS cards")
    return "\n".join(lines + [""] + notes)


def _cell(movement: Movement, seating: Seating) -> str:
    ns, ew = seating.holders()
    mark = "*" if seating.arrow_switched else ""
    text = f"{ns.number if ns else '-'}-{ew.number if ew else '-'} s{seating.board_set}"
    return text + mark


def _build_individual(options: dict[str, Any]) -> IndividualMovement:
    kind = options["kind"]
    wrong = [
        "--" + name.replace("_", "-")
        for name, default in PAIRS_ONLY.items()
        if options[name] != default
    ]
    if wrong:
        raise MovementError(f"{', '.join(wrong)} is not for {NAMES[kind]}")
    b = options["boards_per_round"]
    if kind == "rainbow":
        if options["barometer"]:
            raise MovementError("a Rainbow individual moves its boards: no --barometer")
        if options["players"] is not None:
            raise MovementError("a Rainbow individual takes --tables, not --players")
        if options["tables"] is None:
            raise MovementError("a Rainbow individual needs --tables")
        return rainbow(options["tables"], boards_per_round=b)
    if options["tables"] is not None:
        raise MovementError("an individual takes --players, not --tables")
    if options["players"] is None:
        raise MovementError("an individual needs --players")
    # An individual always has barometer boards (§1.3): --barometer changes nothing.
    return individual(options["players"], boards_per_round=b)


def individual_json(movement: IndividualMovement) -> dict[str, Any]:
    """The schedule of the tables that play; sit-out tables are left out."""
    schedule = [
        {
            "round": rnd.number,
            "table": seating.table,
            "boards": list(movement.boards(seating.board_set)),
            "players": dict(zip(SEATS, seating.players, strict=True)),
        }
        for rnd, seating in movement.played()
    ]
    return {
        "kind": movement.kind.value,
        "players": len(movement.players),
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "boards_per_round": movement.boards_per_round,
        "schedule": schedule,
    }


def individual_grid(movement: IndividualMovement) -> str:
    """Rounds down, tables across, `N E S W sK`; `-` is a sit-out table."""
    cells = {
        (rnd.number, s.table): _individual_cell(movement, s)
        for rnd, s in movement.schedule()
    }
    width = max(map(len, cells.values())) + 2
    tables = range(1, movement.tables + 1)
    head = "Rd " + "".join(f"T{t}".ljust(width) for t in tables)
    lines = ["Players by seat: N E S W, then the set", head.rstrip()]
    for rnd in movement.rounds:
        row = "".join(cells.get((rnd.number, t), "").ljust(width) for t in tables)
        out = movement.sitting_out(rnd)
        rest = f"out: {' '.join(map(str, out))}" if out else ""
        lines.append(f"{rnd.number:<3}{row}{rest}".rstrip())
    notes = [
        f"{p.level} (check {p.check}): {p.message}"
        for p in validate_individual(movement)
    ]
    return "\n".join(lines + [""] + notes)


def _individual_cell(movement: IndividualMovement, seating: IndividualSeating) -> str:
    if not movement.is_played(seating):
        return "-"
    seated = " ".join(str(p) for p in seating.players)
    return f"{seated} s{seating.board_set}"
