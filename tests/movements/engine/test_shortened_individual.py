"""An individual cut short: its first rounds, sets 1 … N, and the validator's
balance warning (individual-and-social.md §1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from movements.engine import MovementError
from movements.engine.individual import (
    COMPLETE_SIZES,
    individual,
    rainbow,
    shortened,
    validate_individual,
)


@given(st.sampled_from(sorted(COMPLETE_SIZES)), st.data())
def test_a_shortened_individual_keeps_its_first_rounds_and_has_no_error(
    players: int, data: st.DataObject
) -> None:
    full = individual(players)
    rounds = data.draw(st.integers(1, len(full.rounds)))
    cut = shortened(full, rounds)
    assert cut.rounds == full.rounds[:rounds]
    assert cut.sets == rounds and cut.complete == (rounds == len(full.rounds))
    problems = validate_individual(cut)
    assert [p for p in problems if p.level == "error"] == []
    said = any(p.message.startswith("stopping after") for p in problems)
    assert said == (rounds < len(full.rounds))


def test_rounds_beyond_the_design_or_a_rainbow_are_refused() -> None:
    with pytest.raises(MovementError, match="has 1 to 19 rounds, not 20"):
        shortened(individual(20), 20)
    with pytest.raises(MovementError, match="only a complete individual"):
        shortened(rainbow(5), 3)
