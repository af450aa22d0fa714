"""The only conversion between stored schedules and engine movements."""

from __future__ import annotations

from collections import Counter, defaultdict

from movements import engine
from movements.engine.individual import (
    IndividualKind,
    IndividualMovement,
    IndividualRound,
    IndividualSeating,
)
from tournaments.models import Pair, Section

from .models import Seating, SectionMovement

PairKey = tuple[int, str]


def pair_key(pair: engine.Pair) -> PairKey:
    return (pair.number, pair.direction)


def engine_pair(pair: Pair | None) -> engine.Pair | None:
    if pair is None:
        return None
    if pair.direction == "NS":
        return engine.Pair(pair.number, "NS")
    if pair.direction == "EW":
        return engine.Pair(pair.number, "EW")
    return engine.Pair(pair.number, "")


def seating_rows(
    section: Section, movement: engine.Movement, pairs: dict[PairKey, Pair]
) -> list[Seating]:
    """Unsaved rows for every seating of the movement; `pairs` maps engine labels."""

    def row_pair(pair: engine.Pair | None) -> Pair | None:
        return None if pair is None else pairs[pair_key(pair)]

    rows = []
    for rnd, s in movement.schedule():
        boards = movement.boards(s.board_set)
        rows.append(
            Seating(
                section=section,
                round=rnd.number,
                table=s.table,
                ns_pair=row_pair(s.ns),
                ew_pair=row_pair(s.ew),
                board_set=s.board_set,
                first_board=boards.start,
                last_board=boards.stop - 1,
                rotation=s.rotation,
                arrow_switched=s.arrow_switched,
            )
        )
    return rows


def movement_row(section: Section, movement: engine.Movement) -> SectionMovement:
    return SectionMovement(
        section=section,
        kind=movement.kind.value,
        variant=movement.variant.value,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        sets=movement.sets,
        rounds=len(movement.rounds),
        complete=movement.complete,
        phantom=str(movement.phantom) if movement.phantom else "",
        barometer=is_barometer_boards(movement),
    )


def is_barometer_boards(movement: engine.Movement) -> bool:
    """Barometer boards made for the movement: the round's set at every table,
    a copy each (a set shared by its tables, as in a 3-table Howell, is not)."""
    return movement.copies > 1 and engine.is_barometer(movement)


def copies_of(stored: SectionMovement, rows: list[Seating]) -> int:
    """Copies of each set the stored movement was made with (engine.barometer,
    engine.web_mitchell)."""
    if stored.barometer:
        return max(Counter(row.round for row in rows).values(), default=1)
    return 2 if stored.variant == SectionMovement.Variant.WEB else 1


def movement_of(stored: SectionMovement, rows: list[Seating]) -> engine.Movement:
    """The engine movement of stored rows; shares and relays are derived from them."""
    by_round: dict[int, list[engine.Seating]] = defaultdict(list)
    pairs: set[engine.Pair] = set()
    for row in rows:
        ns, ew = engine_pair(row.ns_pair), engine_pair(row.ew_pair)
        pairs.update(p for p in (ns, ew) if p is not None)
        by_round[row.round].append(
            engine.Seating(
                table=row.table,
                ns=ns,
                ew=ew,
                board_set=row.board_set,
                arrow_switched=row.arrow_switched,
                rotation=row.rotation,
            )
        )
    copies = copies_of(stored, rows)
    rounds = tuple(
        _round(number, tuple(seats), stored.sets, copies)
        for number, seats in sorted(by_round.items())
    )
    return engine.Movement(
        kind=engine.MovementKind(stored.kind),
        tables=stored.tables,
        boards_per_round=stored.boards_per_round,
        sets=stored.sets,
        rounds=rounds,
        pairs=tuple(sorted(pairs)),
        variant=engine.Variant(stored.variant),
        complete=stored.complete and stored.changed_from_round is None,
        phantom=engine.Pair.parse(stored.phantom) if stored.phantom else None,
        copies=copies,
    )


def _round(
    number: int, seats: tuple[engine.Seating, ...], sets: int, copies: int
) -> engine.Round:
    tables: dict[int, list[int]] = defaultdict(list)
    for s in seats:
        tables[s.board_set].append(s.table)
    shares = tuple(
        engine.Share(k, tuple(sorted(t)))
        for k, t in sorted(tables.items())
        if len(t) > copies
    )
    relays = tuple(k for k in range(1, sets + 1) if k not in tables)
    return engine.Round(number, seats, relays=relays, shares=shares)


def stored_movement(section: Section) -> engine.Movement | None:
    """The section's pairs schedule as an engine movement, or None without one
    (an individual's is ``stored_individual``)."""
    stored = SectionMovement.objects.filter(section=section).first()
    if stored is None or stored.kind in INDIVIDUAL_KINDS:
        return None
    rows = list(
        Seating.objects.filter(section=section).select_related("ns_pair", "ew_pair")
    )
    return movement_of(stored, rows)


# Individuals -------------------------------------------------------------------------
# A section's pairs are its players (label = player number); only the tables that play
# are stored, so a sit-out table (one holding a phantom) has no row, and the phantoms
# are kept on the movement as "first-last" (e.g. "11-12").
INDIVIDUAL_KINDS = (SectionMovement.Kind.INDIVIDUAL, SectionMovement.Kind.RAINBOW)
_KIND = {
    IndividualKind.COMPLETE: (
        SectionMovement.Kind.INDIVIDUAL,
        SectionMovement.Variant.CYCLIC,
    ),
    IndividualKind.RAINBOW: (
        SectionMovement.Kind.RAINBOW,
        SectionMovement.Variant.BASIC,
    ),
}


def phantoms_text(phantoms: tuple[int, ...]) -> str:
    if not phantoms:
        return ""
    first, last = min(phantoms), max(phantoms)
    return str(first) if first == last else f"{first}-{last}"


def phantoms_of(text: str) -> tuple[int, ...]:
    if not text:
        return ()
    first, _dash, last = text.partition("-")
    return tuple(range(int(first), int(last or first) + 1))


def individual_seating_rows(
    section: Section, movement: IndividualMovement, players: dict[int, Pair]
) -> list[Seating]:
    """Unsaved rows for every table of every round: North in ``ns_pair``, East
    in ``ew_pair``; ``players`` maps player numbers to the section's pairs. A
    phantom's seat is empty: that table sits out the round, and its players'
    phones say so rather than jump to their next round."""
    rows = []
    for rnd, s in movement.schedule():
        north, east, south, west = (
            None if p is None else players.get(p) for p in s.players
        )
        boards = movement.boards(s.board_set)
        rows.append(
            Seating(
                section=section,
                round=rnd.number,
                table=s.table,
                ns_pair=north,
                ew_pair=east,
                south=south,
                west=west,
                board_set=s.board_set,
                first_board=boards.start,
                last_board=boards.stop - 1,
            )
        )
    return rows


def individual_movement_row(
    section: Section, movement: IndividualMovement
) -> SectionMovement:
    kind, variant = _KIND[movement.kind]
    return SectionMovement(
        section=section,
        kind=kind,
        variant=variant,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        sets=movement.sets,
        rounds=len(movement.rounds),
        complete=movement.complete,
        phantom=phantoms_text(movement.phantoms),
        # Every table plays the round's set (§1.3): a barometer.
        barometer=True,
    )


def _number(pair: Pair | None) -> int | None:
    return None if pair is None else pair.number


def individual_of(
    stored: SectionMovement, rows: list[Seating], players: tuple[int, ...]
) -> IndividualMovement:
    """The engine movement of an individual's stored rows: the tables that play
    (a sit-out table is stored with its phantom's seat empty)."""
    by_round: dict[int, list[IndividualSeating]] = {
        number: [] for number in range(1, stored.rounds + 1)
    }
    for row in rows:
        seats = (row.ns_pair, row.ew_pair, row.south, row.west)
        if None in seats:
            continue
        by_round[row.round].append(
            IndividualSeating(
                table=row.table,
                players=(
                    _number(seats[0]),
                    _number(seats[1]),
                    _number(seats[2]),
                    _number(seats[3]),
                ),
                board_set=row.board_set,
            )
        )
    kind = next(k for k, (mine, _v) in _KIND.items() if mine == stored.kind)
    return IndividualMovement(
        kind=kind,
        tables=stored.tables,
        boards_per_round=stored.boards_per_round,
        sets=stored.sets,
        rounds=tuple(
            IndividualRound(number, tuple(seats))
            for number, seats in sorted(by_round.items())
        ),
        players=players,
        phantoms=phantoms_of(stored.phantom),
        complete=stored.complete,
    )


def stored_individual(section: Section) -> IndividualMovement | None:
    """The section's individual schedule as an engine movement, or None."""
    stored = SectionMovement.objects.filter(section=section).first()
    if stored is None or stored.kind not in INDIVIDUAL_KINDS:
        return None
    rows = list(
        Seating.objects.filter(section=section).select_related(
            "ns_pair", "ew_pair", "south", "west"
        )
    )
    players = tuple(sorted(section.pairs.values_list("number", flat=True)))
    return individual_of(stored, rows, players)
