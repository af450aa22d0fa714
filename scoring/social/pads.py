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
from scoring.engine.social.deal import Deal, Honours, HonoursHeld, ScorepadError
from scoring.engine.social.house_rules import HouseRulesGame
from scoring.engine.social.rubber import RubberPad
from scoring.engine.social.session import Seating
from scoring.engine.types import Side
from scoring.models import SocialDeal, SocialPad
from scoring.models.social import ChicagoGame

EnginePad = ChicagoPad | RubberPad | HouseRulesGame
# HOUSE RULES: players 1-4 are the first partida's North, East, South and West.
HOUSE_FIRST_SEATING = Seating(1, 2, 3, 4)


def deal_of(row: SocialDeal) -> Deal:
    honours = None
    if row.honours:
        honours = HonoursHeld(Honours(row.honours), Side(row.honours_side))
    return Deal(result_of(row), honours)


def chicago_rules(pad: ChicagoGame) -> ChicagoRules:
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
    if pad.kind == SocialPad.Kind.HOUSE:
        return HouseRulesGame(HOUSE_FIRST_SEATING, tuple(d.result for d in deals))
    return RubberPad(deals, honours=pad.honours)


def entries(pad: EnginePad) -> int:
    """How many entries the pad holds (redeals and passed-out hands included)."""
    if isinstance(pad, HouseRulesGame):
        return len(pad.results)
    return len(pad.deals)


def _changed(current: EnginePad, deal: Deal, entry: int | None) -> EnginePad:
    if isinstance(current, HouseRulesGame):
        if entry is None:
            return current.with_hand(deal.result)
        return current.with_correction(entry, deal.result)
    if entry is None:
        return current.with_deal(deal)
    return current.with_correction(entry, deal)


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
    if deal.honours is not None and isinstance(current, HouseRulesGame):
        message = "honours: the house rules count no honours"
        raise ScorepadError("honours_not_counted", message, entry=entry)
    changed = _changed(current, deal, entry)
    if entry is None:
        row = SocialDeal(pad=locked, number=entries(current) + 1)
    else:
        row = locked.deals.get(number=entry)
    _store(row, deal)
    return changed
