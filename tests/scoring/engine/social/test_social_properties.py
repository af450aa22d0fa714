"""Properties of the social scorepads: the running score is worked out from the
first entry, so corrections undo exactly, earlier lines never move and totals are
the sum of the deals."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.social.chicago import (
    DEALS_IN_A_CHUKKER,
    ChicagoPad,
    ChicagoRules,
    ChicagoStyle,
    MiddleDeals,
)
from scoring.engine.social.deal import Deal, Honours, HonoursHeld, SideScores
from scoring.engine.social.house_rules import HouseRulesGame
from scoring.engine.social.rubber import RubberPad
from scoring.engine.social.session import Seating
from scoring.engine.types import (
    PASSED_OUT,
    Contract,
    Doubling,
    Result,
    Seat,
    Side,
    Strain,
)

results = st.one_of(
    st.just(PASSED_OUT),
    st.builds(
        Result,
        st.builds(
            Contract,
            st.integers(1, 7),
            st.sampled_from(Strain),
            st.sampled_from(Doubling),
        ),
        st.sampled_from(Seat),
        st.integers(0, 13),
    ),
)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    result = draw(results)
    if result.contract is None or not draw(st.booleans()):
        return Deal(result)
    kinds = [Honours.FOUR_TRUMP, Honours.FIVE_TRUMP]
    if result.contract.strain is Strain.NOTRUMP:
        kinds = [Honours.FOUR_ACES]
    held = HonoursHeld(draw(st.sampled_from(kinds)), draw(st.sampled_from(Side)))
    return Deal(result, held)


rules = st.builds(
    ChicagoRules,
    st.just(ChicagoStyle.STANDARD),
    st.sampled_from(MiddleDeals),
    st.booleans(),
) | st.builds(
    ChicagoRules, st.just(ChicagoStyle.DUPLICATE), st.sampled_from(MiddleDeals)
)


def _chukker(rules: ChicagoRules, entries: list[Deal]) -> ChicagoPad:
    """The entries up to the fourth deal played."""
    kept: list[Deal] = []
    for deal in entries:
        if sum(not d.passed_out for d in kept) == DEALS_IN_A_CHUKKER:
            break
        honours = deal.honours if rules.honours else None
        kept.append(Deal(deal.result, honours))
    return ChicagoPad(rules, tuple(kept))


def _rubber(entries: list[Deal]) -> RubberPad:
    pad = RubberPad()
    for deal in entries:
        if pad.finished:
            break
        pad = pad.with_deal(deal)
    return pad


@given(rules, st.lists(deals(), min_size=1, max_size=7), deals(), st.data())
def test_chicago_correcting_a_deal_and_back_restores_the_pad(
    rules: ChicagoRules, entries: list[Deal], other: Deal, data: st.DataObject
) -> None:
    pad = _chukker(rules, entries)
    entry = data.draw(st.integers(1, len(pad.deals)))
    other = Deal(other.result, other.honours if rules.honours else None)
    try:
        corrected = pad.with_correction(entry, other)
    except ValueError:  # a redeal corrected to a played deal makes a fifth deal
        assert pad.deals[entry - 1].passed_out and not other.passed_out
        return
    back = corrected.with_correction(entry, pad.deals[entry - 1])
    assert back == pad and back.lines == pad.lines
    assert corrected.lines[: entry - 1] == pad.lines[: entry - 1]


@given(rules, st.lists(deals(), max_size=7))
def test_chicago_totals_are_the_sum_of_the_deals(
    rules: ChicagoRules, entries: list[Deal]
) -> None:
    pad = _chukker(rules, entries)
    assert pad.totals == sum((line.points for line in pad.lines), SideScores())
    for cut in range(len(pad.deals)):
        assert ChicagoPad(rules, pad.deals[:cut]).lines == pad.lines[:cut]
    for line in pad.lines:
        assert line.part_scores.ns < 100 and line.part_scores.ew < 100
        assert line.points.ns >= 0 and line.points.ew >= 0


@given(st.lists(deals(), max_size=12), deals(), st.data())
def test_rubber_correcting_a_deal_and_back_restores_the_pad(
    entries: list[Deal], other: Deal, data: st.DataObject
) -> None:
    pad = _rubber(entries)
    total = sum((line.points for line in pad.lines), SideScores())
    assert pad.totals == total + pad.bonus
    if not pad.deals:
        return
    entry = data.draw(st.integers(1, len(pad.deals)))
    try:
        corrected = pad.with_correction(entry, other)
    except ValueError:  # the correction ends the rubber before a later entry
        return
    assert corrected.with_correction(entry, pad.deals[entry - 1]) == pad
    assert corrected.lines[: entry - 1] == pad.lines[: entry - 1]


@given(st.lists(results, max_size=12), results, st.data())
def test_house_rules_totals_are_twice_the_hands_and_corrections_undo(
    hands: list[Result], other: Result, data: st.DataObject
) -> None:
    game = HouseRulesGame(Seating(1, 2, 3, 4), tuple(hands))
    scored = sum(hand.points.ns + hand.points.ew for hand in game.hands)
    assert sum(game.totals.values()) == 2 * scored
    if hands:
        number = data.draw(st.integers(1, len(hands)))
        corrected = game.with_correction(number, other)
        assert corrected.with_correction(number, hands[number - 1]) == game
