"""How an individual's line reads: its partnerships by number and its four
players by seat (individual-and-social.md §1.5). Each pair of an individual is
one player; a pairs event's lines read as before (``side_label``)."""

from __future__ import annotations

from scoring.documents.document import seat_letter
from scoring.standings.lines import Line
from tournaments.models import Pair

__all__ = [
    "opponents_label",
    "partner_label",
    "player_text",
    "players_text",
    "side_label",
]


def _number(player: Pair | None) -> str:
    return "?" if player is None else player.label


def side_label(line: Line, side: str) -> str:
    """A side as the traveller shows it: the pair, or an individual's partners
    '8–1' (North–South, East–West)."""
    first, partner = (
        (line.ns_pair, line.south) if side == "NS" else (line.ew_pair, line.west)
    )
    if line.south_id is None:
        return first.label
    return f"{first.label}–{_number(partner)}"


def player_text(player: Pair | None) -> str:
    """'8 Hugo Pons': an individual's player by number and name."""
    if player is None:
        return "?"
    return f"{player.label} {player.names}".strip()


def players_text(line: Line) -> str:
    """The four players of an individual's line by seat: 'N 8 Hugo Pons · E …'."""
    return " · ".join(
        f"{seat_letter(seat)} {player_text(player)}"
        for seat, player in line.seated().items()
    )


def partner_label(line: Line, player_id: int) -> str:
    """The partner of an individual's player on this line."""
    partners = {
        line.ns_pair_id: line.south,
        line.south_id: line.ns_pair,
        line.ew_pair_id: line.west,
        line.west_id: line.ew_pair,
    }
    return player_text(partners.get(player_id))


def opponents_label(line: Line, sits: str) -> str:
    """The opponents of the side that ``sits`` NS or EW: a pair, or an
    individual's partnership ('12–9')."""
    return side_label(line, "EW" if sits == "NS" else "NS")
