"""Deals written as the spec writes them: declarer, contract, result."""

from __future__ import annotations

from scoring.engine.notation import Language, parse_contract, parse_tricks
from scoring.engine.social.deal import Deal, Honours, HonoursHeld
from scoring.engine.types import PASSED_OUT, Result, Seat, Side

PASS = Deal(PASSED_OUT)


def deal(declarer: str, contract: str, made: str, honours: str = "") -> Deal:
    """One deal; ``honours`` is "" or "<side> <kind>", e.g. "NS four trump"."""
    parsed = parse_contract(contract, Language.EN)
    assert parsed is not None
    result = Result(parsed, Seat(declarer), parse_tricks(made, parsed))
    if not honours:
        return Deal(result)
    side, kind = honours.split(" ", 1)
    held = {"four trump": Honours.FOUR_TRUMP, "five trump": Honours.FIVE_TRUMP,
            "four aces": Honours.FOUR_ACES}[kind]  # fmt: skip
    return Deal(result, HonoursHeld(held, Side(side)))
