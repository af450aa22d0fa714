"""Individual movements: complete (cyclic whist) and Rainbow, and their validator.

individual-and-social.md §1. Pure: no Django here.
"""

from __future__ import annotations

from movements.engine.individual.build import Quad, barometer_sets, individual_movement
from movements.engine.individual.card import PlayerRound, player_card
from movements.engine.individual.checks import validate_individual
from movements.engine.individual.cyclic import (
    COMPLETE_SIZES,
    DESIGNS,
    CyclicDesign,
    design_rounds,
    individual,
)
from movements.engine.individual.model import (
    SEATS,
    IndividualKind,
    IndividualMovement,
    IndividualRound,
    IndividualSeating,
)
from movements.engine.individual.rainbow import compass_line, rainbow
from movements.engine.individual.shorten import shortened

__all__ = [
    "COMPLETE_SIZES",
    "DESIGNS",
    "SEATS",
    "CyclicDesign",
    "IndividualKind",
    "IndividualMovement",
    "IndividualRound",
    "IndividualSeating",
    "PlayerRound",
    "Quad",
    "barometer_sets",
    "compass_line",
    "design_rounds",
    "individual",
    "individual_movement",
    "player_card",
    "rainbow",
    "shortened",
    "validate_individual",
]
