"""Numbers as reports show them: in the event's units, rounded once for display."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.engine.matchpoints import to_presentation
from scoring.standings import SessionResults

__all__ = ["TWO_PLACES", "maybe_rounded", "rounded", "rounded_float", "shown"]

TWO_PLACES = Decimal("0.01")


def rounded(value: Fraction | Decimal | int, places: Decimal = TWO_PLACES) -> Decimal:
    """Round for display, an exact half to even as Compscore writes totals
    (68.425 -> 68.42); the only rounding that is not a scoring rule."""
    if places == TWO_PLACES and type(value) is Fraction:  # most cells: in integers
        return Decimal(_hundredths(value)) * TWO_PLACES
    units = round(Fraction(value) / Fraction(places))  # round() is half to even
    return Decimal(units) * places


def _hundredths(value: Fraction) -> int:
    """``value`` in hundredths, an exact half to even."""
    hundredths, rest = divmod(value.numerator * 100, value.denominator)
    twice = 2 * rest
    if twice > value.denominator or (twice == value.denominator and hundredths % 2):
        hundredths += 1
    return hundredths


def rounded_float(value: Fraction | int) -> float:
    """``rounded`` to two places as a float, without a Decimal on the way (JSON
    writes thousands of these): the nearest float to the same two-place value."""
    if isinstance(value, int):
        return float(value)
    return _hundredths(value) / 100  # half to even, as ``rounded``


def maybe_rounded(value: Fraction | Decimal | int | None) -> Decimal | None:
    """`rounded`, with None (no percentage, as in IMP events) kept as None."""
    return None if value is None else rounded(value)


def shown(value: Fraction | int, results: SessionResults) -> Fraction:
    """Points in the event's units: matchpoints as the event presents them (ACBL:
    halved), IMPs as they are."""
    if not results.in_imps:
        value = to_presentation(value, presentation=results.policy.mp_presentation)
    return value if isinstance(value, Fraction) else Fraction(value)
