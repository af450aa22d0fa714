"""The scorer's sheet of a pad, as rows of plain text and numbers for the page.

Every number comes from the engine's lines; this module only names the seats and
writes the results in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine.notation.formatting import format_entry
from scoring.engine.notation.values import Entry, Language
from scoring.engine.social.chicago import ChicagoPad
from scoring.engine.social.deal import SEATS, Deal, SideScores
from scoring.engine.social.house_rules import HouseRulesGame
from scoring.engine.social.rubber import RubberPad
from scoring.engine.social.session import Seating, session_standings
from scoring.engine.types import Seat, Side, Vulnerability
from scoring.models import SocialPad

from .pads import HOUSE_FIRST_SEATING, EnginePad


@dataclass(frozen=True)
class SheetRow:
    """One entry of the sheet; ``first`` and ``second`` are the deal's columns:
    Chicago's points and part-scores, rubber's below and above the line."""

    entry: int
    label: str
    dealer: str
    vulnerability: str
    result: str
    honours: str
    first: SideScores
    second: SideScores
    games: SideScores
    totals: SideScores
    partners: tuple[str, str] = ("", "")  # HOUSE RULES: who plays NS and EW


@dataclass(frozen=True)
class PlayerTotal:
    """HOUSE RULES: a player's place and individual total."""

    place: str
    name: str
    points: int


@dataclass(frozen=True)
class Sheet:
    rows: tuple[SheetRow, ...]
    totals: SideScores
    games: SideScores
    bonus: SideScores | None
    over: bool
    next_dealer: str
    players: tuple[PlayerTotal, ...] = ()
    next_partners: tuple[str, str] = ("", "")


def _language() -> Language:
    code = (get_language() or "en")[:2]
    return Language(code) if code in {"en", "es", "it"} else Language.EN


def _vulnerability(vulnerability: Vulnerability) -> str:
    return {
        Vulnerability.NONE: _("none"),
        Vulnerability.NS: _("NS"),
        Vulnerability.EW: _("EW"),
        Vulnerability.BOTH: _("both"),
    }[vulnerability]


def player(pad: SocialPad, seat: Seat | None) -> str:
    if seat is None:
        return ""
    names = {"N": pad.north, "E": pad.east, "S": pad.south, "W": pad.west}
    return f"{names[seat.value]} ({seat.value})"


def _result(deal: Deal) -> str:
    if deal.passed_out:
        return _("passed out")
    return format_entry(Entry(deal.result), _language(), symbols=True)


def _honours(deal: Deal) -> str:
    if deal.honours is None:
        return ""
    return f"{deal.honours.side.value} +{deal.honours.points}"


def chicago_sheet(pad: SocialPad, engine: ChicagoPad) -> Sheet:
    rows = tuple(
        SheetRow(
            line.entry,
            str(line.number),
            player(pad, line.dealer),
            _vulnerability(line.vulnerability),
            _result(line.deal),
            _honours(line.deal),
            line.points,
            line.part_scores,
            line.games,
            line.totals,
        )  # fmt: skip
        for line in engine.lines
    )
    last_games = rows[-1].games if rows else SideScores()
    return Sheet(
        rows, engine.totals, last_games, None, engine.complete,
        player(pad, engine.next_dealer),
    )  # fmt: skip


def rubber_sheet(pad: SocialPad, engine: RubberPad) -> Sheet:
    rows = tuple(
        SheetRow(
            line.entry,
            str(line.entry),
            player(pad, line.dealer),
            _vulnerability(line.vulnerability),
            _result(line.deal),
            _honours(line.deal),
            line.below,
            line.above,
            line.games,
            line.totals,
        )  # fmt: skip
        for line in engine.lines
    )
    return Sheet(
        rows, engine.totals, engine.games, engine.bonus, engine.finished,
        player(pad, engine.next_dealer),
    )  # fmt: skip


def _house_names(pad: SocialPad) -> dict[int, str]:
    first = HOUSE_FIRST_SEATING
    return {first.north: pad.north, first.east: pad.east,
            first.south: pad.south, first.west: pad.west}  # fmt: skip


def _partners(names: dict[int, str], seating: Seating) -> tuple[str, str]:
    ns, ew = seating.side(Side.NS), seating.side(Side.EW)
    return " · ".join(names[p] for p in ns), " · ".join(names[p] for p in ew)


def _seated(names: dict[int, str], seating: Seating, seat: Seat) -> str:
    number = dict(zip(SEATS, seating.players, strict=True))[seat]
    return f"{names[number]} ({seat.value})"


def house_sheet(pad: SocialPad, game: HouseRulesGame) -> Sheet:
    """HOUSE RULES: each hand scored for one side, and the players' totals."""
    names = _house_names(pad)
    rows = tuple(
        SheetRow(
            hand.number,
            f"{hand.partida}.{hand.hand}",
            _seated(names, hand.seating, hand.dealer),
            _vulnerability(hand.vulnerability),
            _result(Deal(hand.result)),
            "",
            hand.points,
            SideScores(),
            SideScores(),
            SideScores(),
            _partners(names, hand.seating),
        )  # fmt: skip
        for hand in game.hands
    )
    players = tuple(
        PlayerTotal(s.place, names[s.player], s.points)
        for s in session_standings(game.totals)
    )
    following = game.next_hand
    dealer, partners = "", ("", "")
    if following is not None:
        dealer = _seated(names, following[1], following[0])
        partners = _partners(names, following[1])
    return Sheet(rows, SideScores(), SideScores(), None, game.complete, dealer,
                 players, partners)  # fmt: skip


def sheet_of(pad: SocialPad, engine: EnginePad) -> Sheet:
    if isinstance(engine, ChicagoPad):
        return chicago_sheet(pad, engine)
    if isinstance(engine, HouseRulesGame):
        return house_sheet(pad, engine)
    return rubber_sheet(pad, engine)
