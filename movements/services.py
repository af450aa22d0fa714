"""Write side for a section's schedule: apply a movement, change it mid-session.

Every service validates with the engine before it writes and runs in one
transaction, so a refused change leaves the schedule exactly as it was.
Results are never deleted or re-attached here: the caller passes the section's
played boards in, and a change that would strand one is refused.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from movements import engine
from movements.engine.individual import IndividualMovement, validate_individual
from scoring.engine.fields import DIRECTION_ORDER
from tournaments.models import Board, Pair, Section

from .adapters import (
    PairKey,
    individual_movement_row,
    individual_seating_rows,
    movement_row,
    pair_key,
    seating_rows,
    stored_movement,
)
from .models import Seating, SectionMovement
from .played import PlayedBoard
from .problems import problem_told


def _refuse_errors(movement: engine.Movement | IndividualMovement) -> None:
    if isinstance(movement, IndividualMovement):
        problems = validate_individual(movement)
    else:
        problems = engine.validate(movement)
    errors = [problem_told(p) for p in problems if p.level == "error"]
    if errors:
        raise ValidationError(
            [
                _("The movement is not usable: %(reason)s") % {"reason": e}
                for e in errors
            ]
        )


def _spare(pair: Pair, kept: set[int], wanted: set[PairKey]) -> bool:
    """A pair the new movement does not use, with no result and no kept seat."""
    return (pair.number, pair.direction) not in wanted and pair.pk not in kept


def _pairs_for(
    section: Section,
    movement: engine.Movement,
    kept_before: int,
    played: Sequence[PlayedBoard] = (),
) -> dict[PairKey, Pair]:
    """The section's pairs for the movement's labels, renumbering or adding pairs.

    A pair the movement does not use is renumbered for a missing label (its players
    stay), else deleted, unless it has results or a seat before `kept_before`.
    """
    wanted = [pair_key(p) for p in movement.pairs]
    existing = {(p.number, p.direction): p for p in section.pairs.all()}
    seated = set(
        section.seatings.filter(round__lt=kept_before).values_list("ns_pair", "ew_pair")
    )
    kept = {pk for row in seated for pk in row if pk is not None}
    kept |= {pk for p in played for pk in (p.ns_pair.pk, p.ew_pair.pk)}
    spares = sorted(
        (p for p in existing.values() if _spare(p, kept, set(wanted))),
        key=lambda p: (DIRECTION_ORDER.get(p.direction, 2), p.number),
    )
    missing = [key for key in wanted if key not in existing]
    for pair in spares[: len(missing)]:  # two passes: labels are unique
        pair.label = f"~{pair.pk}"
        pair.save(update_fields=["label"])
    for key, pair in zip(missing, spares, strict=False):
        pair.number, pair.direction, pair.label = key[0], key[1], f"{key[0]}{key[1]}"
        pair.save(update_fields=["number", "direction", "label"])
        existing[key] = pair
    for pair in spares[len(missing) :]:
        pair.delete()
    for key in missing[len(spares) :]:
        existing[key] = Pair.objects.create(
            section=section, number=key[0], direction=key[1], label=f"{key[0]}{key[1]}"
        )
    return existing


def _boards_create(
    section: Section, movement: engine.Movement | IndividualMovement
) -> None:
    numbers = set(range(1, movement.sets * movement.boards_per_round + 1))
    have = set(section.session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        Board(session_id=section.session_id, number=n) for n in sorted(numbers - have)
    )


def _refuse_played(section: Section, played: Sequence[PlayedBoard]) -> None:
    if played:
        raise ValidationError(
            _(
                "Results are entered in section %(section)s: change the movement "
                "from a round instead."
            )
            % {"section": section.letter}
        )


@transaction.atomic
def movement_apply(
    *,
    section: Section,
    movement: engine.Movement,
    played: Sequence[PlayedBoard],
) -> SectionMovement:
    """Store the section's schedule (replacing any) before a result is entered
    (``played``: the section's results, refused when there are any)."""
    _refuse_errors(movement)
    _refuse_played(section, played)
    section.seatings.all().delete()
    SectionMovement.objects.filter(section=section).delete()
    pairs = _pairs_for(section, movement, kept_before=1)
    Seating.objects.bulk_create(seating_rows(section, movement, pairs))
    stored = movement_row(section, movement)
    stored.save()
    _boards_create(section, movement)
    Section.objects.filter(pk=section.pk).update(tables=movement.tables)
    section.tables = movement.tables
    _event_follows(section, movement, stored)
    return stored


def _players_for(section: Section, movement: IndividualMovement) -> dict[int, Pair]:
    """The section's players 1 … V (one pair row each, labelled by number); a
    player the movement does not have is deleted with his name."""
    wanted = set(movement.players)
    existing = {p.number: p for p in section.pairs.all()}
    for number, pair in list(existing.items()):
        if number not in wanted or pair.direction:
            pair.delete()
            del existing[number]
    Pair.objects.bulk_create(
        Pair(section=section, number=n, direction="", label=str(n))
        for n in sorted(wanted - set(existing))
    )
    return {p.number: p for p in section.pairs.all()}


@transaction.atomic
def individual_apply(
    *,
    section: Section,
    movement: IndividualMovement,
    played: Sequence[PlayedBoard],
) -> SectionMovement:
    """Store an individual or Rainbow schedule (replacing any) before a result is
    entered: one pair row per player, one seating per table that plays (North in
    ``ns_pair``, East in ``ew_pair``, then ``south`` and ``west``); a sit-out
    table (one holding a phantom) is not stored."""
    _refuse_errors(movement)
    _refuse_played(section, played)
    section.seatings.all().delete()
    SectionMovement.objects.filter(section=section).delete()
    players = _players_for(section, movement)
    Seating.objects.bulk_create(individual_seating_rows(section, movement, players))
    stored = individual_movement_row(section, movement)
    stored.save()
    _boards_create(section, movement)
    Section.objects.filter(pk=section.pk).update(tables=movement.tables)
    section.tables = movement.tables
    return stored


def _event_follows(
    section: Section, movement: engine.Movement, stored: SectionMovement
) -> None:
    """An arrow switch makes one winner (one ranking list); barometer boards
    make the live standings hide the rounds not every table has finished."""
    changes: dict[str, bool] = {}
    if movement.switched_rounds:
        changes["two_winners"] = False
    if stored.barometer:
        changes["hide_current_round"] = True
    if changes:
        event = section.session.event
        for name, value in changes.items():
            setattr(event, name, value)
        event.save(update_fields=list(changes))


def _check_change(
    section: Section, current: engine.Movement, new: engine.Movement, from_round: int
) -> None:
    if new.boards_per_round != current.boards_per_round:
        raise ValidationError(
            _("The new movement must keep %(n)s boards a round.")
            % {"n": current.boards_per_round}
        )
    if not 1 <= from_round <= len(new.rounds):
        raise ValidationError(
            _("The change must start at a round from 1 to %(n)s, not %(r)s.")
            % {"n": len(new.rounds), "r": from_round}
        )


@transaction.atomic
def movement_change(
    *,
    section: Section,
    movement: engine.Movement,
    from_round: int,
    played: Sequence[PlayedBoard],
) -> SectionMovement:
    """Rounds before `from_round` keep their seatings; later rounds take `movement`'s.

    Refused if an entered result no longer fits a seating (same board, same pairs)
    or a pair would play a board twice.
    """
    stored = SectionMovement.objects.select_for_update().filter(section=section).first()
    current = stored_movement(section)
    if stored is None or current is None:
        raise ValidationError(_("The section has no movement to change."))
    _check_change(section, current, movement, from_round)
    _refuse_errors(movement)
    pairs = _pairs_for(section, movement, kept_before=from_round, played=played)
    section.seatings.filter(round__gte=from_round).delete()
    rows = seating_rows(section, movement, pairs)
    Seating.objects.bulk_create(r for r in rows if r.round >= from_round)
    schedule = list(section.seatings.select_related("ns_pair", "ew_pair"))
    _check_lines_fit(played, schedule)
    _check_boards_once(schedule)
    stored.kind, stored.variant = movement.kind.value, movement.variant.value
    stored.tables = max(s.table for s in schedule)
    stored.sets = max(stored.sets, movement.sets)
    stored.rounds, stored.complete = len(movement.rounds), movement.complete
    stored.phantom = str(movement.phantom) if movement.phantom else ""
    stored.changed_from_round = from_round
    stored.save()
    _boards_create(section, movement)
    return stored


def holders(seating: Seating) -> tuple[int | None, int | None]:
    """Ids of the pairs holding the NS and the EW cards."""
    ns, ew = seating.ns_pair_id, seating.ew_pair_id
    return (ew, ns) if seating.arrow_switched else (ns, ew)


def _check_lines_fit(played: Sequence[PlayedBoard], schedule: list[Seating]) -> None:
    seated: set[tuple[int, int | None, int | None]] = {
        (board, *holders(s)) for s in schedule for board in s.boards
    }
    for line in played:
        if line.key not in seated:
            raise ValidationError(
                _(
                    "Board %(board)s was entered for %(ns)s v %(ew)s, who do not "
                    "play it in the new movement: the change is refused."
                )
                % {
                    "board": line.board,
                    "ns": line.ns_pair.label,
                    "ew": line.ew_pair.label,
                }
            )


def _check_boards_once(schedule: list[Seating]) -> None:
    rounds: dict[tuple[int, int], list[int]] = defaultdict(list)
    for s in schedule:
        if s.ns_pair is None or s.ew_pair is None:
            continue
        for pair in (s.ns_pair, s.ew_pair):
            for board in s.boards:
                rounds[(pair.pk, board)].append(s.round)
                if len(rounds[(pair.pk, board)]) > 1:
                    raise ValidationError(
                        _(
                            "Pair %(pair)s would play board %(board)s twice "
                            "(rounds %(rounds)s): the change is refused."
                        )
                        % {
                            "pair": pair.label,
                            "board": board,
                            "rounds": ", ".join(map(str, rounds[(pair.pk, board)])),
                        }
                    )
