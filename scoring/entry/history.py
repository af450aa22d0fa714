"""The change log of results: each change keeps the line as it was and as it
became, so a director can read who changed what and undo it (an undo is itself
a logged change, and can be undone in turn)."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.models import AssignedScore, ChangeLog, TravellerLine

from .actors import Actor, actor_fields

__all__ = ["change_undo", "line_logged", "snapshot"]

LINE_FIELDS = (
    "section_id", "board_id", "round", "table", "ns_pair_id", "ew_pair_id", "lead",
    "level", "strain", "doubling", "declarer", "tricks", "score_ns",
    "ns_artificial", "ew_artificial", "version", "no_result",
)  # fmt: skip
# An individual's partners: kept only when set, so that the snapshots of pairs
# lines (and those logged before individuals existed) stay as they were.
PARTNER_FIELDS = ("south_id", "west_id")
ASSIGNED_FIELDS = (
    "side", "weight_percent", "level", "strain", "doubling", "declarer", "tricks",
    "score_ns",
)  # fmt: skip

State = dict[str, Any] | None


def snapshot(line: TravellerLine | None, new: bool = False) -> State:
    """A line with its assigned scores as plain JSON values (None: no line;
    ``new``: a line just made, which has none yet)."""
    if line is None:
        return None
    data = {name: getattr(line, name) for name in LINE_FIELDS}
    if line.south_id is not None or line.west_id is not None:
        data.update({name: getattr(line, name) for name in PARTNER_FIELDS})
    data["id"] = line.pk
    assigned = [] if new else line.assigned.order_by("id")
    data["assigned"] = [
        {name: getattr(a, name) for name in ASSIGNED_FIELDS} for a in assigned
    ]
    plain: dict[str, Any] = json.loads(json.dumps(data, cls=DjangoJSONEncoder))
    return plain


def line_logged(
    line: TravellerLine, action: str, text: str, before: State, user: Actor
) -> ChangeLog:
    """Log a change of ``line`` (``before`` its snapshot before the change,
    None when the change made it)."""
    # delete() clears the pk; a line just made has no assigned score yet
    after = None if line.pk is None else snapshot(line, new=before is None)
    return ChangeLog.objects.create(
        event_id=line.section.session.event_id,
        session_id=line.section.session_id,
        board=line.board.number,
        line_id=line.pk or (before or {}).get("id"),
        **actor_fields(user),
        action=action,
        description=text,
        before=before,
        after=after,
    )


@transaction.atomic
def change_undo(*, change: ChangeLog, user: Actor) -> ChangeLog:
    """Put the line back as it was before ``change``; refused when the line has
    changed since (undo the later change first) or the change is no result's."""
    change = ChangeLog.objects.select_for_update().get(pk=change.pk)
    if change.line_id is None or change.undone:
        raise ValidationError(_("This change cannot be undone."))
    current = TravellerLine.objects.filter(pk=change.line_id).first()
    if snapshot(current) != change.after:
        raise ValidationError(
            _("The result has changed since: undo the later change first.")
        )
    state_now = snapshot(current)
    try:
        with transaction.atomic():
            _restore(change.before, current, change.line_id)
    except IntegrityError as exc:
        raise ValidationError(
            _("The result cannot be put back: %(error)s") % {"error": exc}
        ) from exc
    change.undone = True
    change.save(update_fields=["undone"])
    return ChangeLog.objects.create(
        event_id=change.event_id,
        session_id=change.session_id,
        board=change.board,
        line_id=change.line_id,
        **actor_fields(user),
        action="undone",
        description=_("undo of: %(change)s") % {"change": change.description},
        before=state_now,
        after=change.before,
    )


def _restore(state: State, current: TravellerLine | None, line_id: int) -> None:
    if state is None:
        if current is not None:
            current.delete()
        return
    line = current or TravellerLine(pk=line_id)
    for name in LINE_FIELDS:
        setattr(line, name, state[name])
    for name in PARTNER_FIELDS:
        setattr(line, name, state.get(name))
    line.save()
    line.assigned.all().delete()
    AssignedScore.objects.bulk_create(
        AssignedScore(line=line, **{n: a[n] for n in ASSIGNED_FIELDS})
        for a in state["assigned"]
    )
