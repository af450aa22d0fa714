"""The stored pad to the engine's pad and back: every score is worked out by
``scoring.engine.social`` from the deals, so a corrected deal re-computes all
that follows it."""

from __future__ import annotations

from django.db import transaction

from scoring.adapters import result_of, store_result
from scoring.engine.social.chicago import (
    ChicagoPad,
    ChicagoRules,
    ChicagoStyle,
    MiddleDeals,
)
from scoring.engine.social.deal import Deal, Honours, HonoursHeld
from scoring.engine.social.rubber import RubberPad
from scoring.engine.types import Side
from scoring.models import SocialDeal, SocialPad

EnginePad = ChicagoPad | RubberPad


def deal_of(row: SocialDeal) -> Deal:
    honours = None
    if row.honours:
        honours = HonoursHeld(Honours(row.honours), Side(row.honours_side))
    return Deal(result_of(row), honours)


def chicago_rules(pad: SocialPad) -> ChicagoRules:
    return ChicagoRules(
        style=ChicagoStyle(pad.style),
        middle_deals=MiddleDeals(pad.middle_deals),
        honours=pad.honours,
    )


def engine_pad(pad: SocialPad, deals: tuple[Deal, ...] | None = None) -> EnginePad:
    """The engine's pad for ``pad``, with its stored deals unless given."""
    if deals is None:
        deals = tuple(deal_of(row) for row in pad.deals.all())
    if pad.kind == SocialPad.Kind.CHICAGO:
        return ChicagoPad(chicago_rules(pad), deals)
    return RubberPad(deals, honours=pad.honours)


def _store(row: SocialDeal, deal: Deal) -> None:
    store_result(row, deal.result, 0)
    row.score_ns = None
    row.honours = deal.honours.kind.value if deal.honours else ""
    row.honours_side = deal.honours.side.value if deal.honours else ""
    row.save()


@transaction.atomic
def pad_enter(pad: SocialPad, deal: Deal, entry: int | None = None) -> EnginePad:
    """Enter ``deal`` after the others, or as a correction of entry ``entry``.

    The engine checks the whole pad first; a ``ScorepadError`` leaves the
    database as it was.
    """
    locked = SocialPad.objects.select_for_update().get(pk=pad.pk)
    current = engine_pad(locked)
    if entry is None:
        changed = current.with_deal(deal)
        row = SocialDeal(pad=locked, number=len(current.deals) + 1)
    else:
        changed = current.with_correction(entry, deal)
        row = locked.deals.get(number=entry)
    _store(row, deal)
    return changed
