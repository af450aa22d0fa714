"""Print a generated Mitchell or Howell movement as a grid or as JSON."""

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
    howell,
    mitchell,
    three_quarter_howell,
    validate,
)


class Command(BaseCommand):
    help = "Generate a Mitchell or Howell movement (movements.md) and print it."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("kind", choices=["mitchell", "howell"])
        parser.add_argument("--tables", type=int, required=True)
        parser.add_argument("--boards-per-round", type=int, default=2)
        parser.add_argument("--rounds", type=int, default=None)
        even = parser.add_mutually_exclusive_group()
        even.add_argument("--skip", action="store_true", help="even-table skip")
        even.add_argument("--relay", action="store_true", help="share and relay")
        parser.add_argument("--arrow-switch", default="", metavar="ROUNDS")
        parser.add_argument("--phantom", action="store_true")
        parser.add_argument("--three-quarter", action="store_true")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            movement = _build(options)
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        if options["json"]:
            self.stdout.write(json.dumps(as_json(movement)))
        else:
            self.stdout.write(as_grid(movement))


def _build(options: dict[str, Any]) -> Movement:
    common = {
        "boards_per_round": options["boards_per_round"],
        "phantom": options["phantom"],
    }
    switched = _rounds_list(options["arrow_switch"])
    if options["kind"] == "mitchell":
        if options["three_quarter"]:
            raise MovementError("--three-quarter is for a Howell")
        even: Literal["skip", "relay"] | None = (
            "skip" if options["skip"] else "relay" if options["relay"] else None
        )
        return mitchell(
            options["tables"],
            even=even,
            rounds=options["rounds"],
            arrow_switch_rounds=switched,
            **common,
        )
    if options["skip"] or options["relay"] or switched:
        raise MovementError("--skip, --relay and --arrow-switch are for a Mitchell")
    if options["three_quarter"]:
        if options["rounds"] is not None:
            raise MovementError("a 3/4 Howell has a fixed number of rounds")
        return three_quarter_howell(options["tables"], **common)
    return howell(options["tables"], rounds=options["rounds"], **common)


def _rounds_list(text: str) -> list[int]:
    items = [item.strip() for item in text.split(",") if item.strip()]
    bad = [item for item in items if not item.isdigit()]
    if bad:
        raise MovementError(f"--arrow-switch takes round numbers like 2,5, not {bad}")
    return [int(item) for item in items]


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
