"""What every PBN results import shares: the file's lines as traveller lines
(each written score checked against its contract), the boards' vulnerability,
a number compared at the places written, and the refusal naming the line."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from django.utils.translation import gettext as _

from scoring.adapters import store_result
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import (
    Language,
    NotationError,
    format_lead,
    parse_contract,
    parse_lead,
    parse_seat,
)
from scoring.engine.types import Result
from scoring.formats.score_tables import PairKey, PbnResults, ResultRow
from scoring.models import TravellerLine
from tournaments.models import Club, Event, Pair

__all__ = [
    "PbnImport",
    "PbnResultsRefused",
    "agrees",
    "check_vulnerability",
    "differs",
    "owner",
    "refused",
    "source",
    "traveller_line",
    "written_points",
]

VULNERABLE = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "Both",
    "BOTH": "Both",
}


class PbnResultsRefused(ValueError):
    """The file refused, with the line named (in the user's language)."""


@dataclass(frozen=True)
class PbnImport:
    """An imported file: its event, the conventions its numbers showed, and
    what of the file was checked (both in the user's language)."""

    event: Event
    convention: str
    checked: str


def refused(line: int, message: str) -> PbnResultsRefused:
    problem = {"line": line, "problem": message}
    return PbnResultsRefused(_("line %(line)s: %(problem)s") % problem)


def _tricks(row: ResultRow, level: int) -> int:
    text = row.result
    if text == "=" or text[:1] in "+-" and text[1:].isdigit():
        return level + 6 + (0 if text == "=" else int(text))
    if text.isdigit():
        return int(text)
    raise refused(
        row.line,
        _("no number of tricks (Result) for %(contract)s") % {"contract": row.contract},
    )


def _result(row: ResultRow) -> Result:
    if not row.contract and row.score_ns == 0:
        return Result(None)  # passed out, written as a zero score
    contract = parse_contract(row.contract, Language.EN)
    if contract is None:
        return Result(None)
    return Result(
        contract, parse_seat(row.declarer, Language.EN), _tricks(row, contract.level)
    )


def _lead(text: str) -> str:
    try:
        return format_lead(parse_lead(text, Language.EN), Language.EN) if text else ""
    except (NotationError, ValueError):
        return ""  # a lead the file garbles does not change a score


def traveller_line(row: ResultRow, pairs: dict[PairKey, Pair]) -> TravellerLine:
    """The row as a traveller line; refused when its written score is not what
    its contract scores."""
    line = TravellerLine(
        ns_pair=pairs[row.ns], ew_pair=pairs[row.ew], table=row.table, round=row.round
    )
    if row.partners is not None:  # an individual's South and West
        line.south, line.west = (pairs[key] for key in row.partners)
    if row.artificial or (not row.contract and row.score_ns is None):
        line.ns_artificial, line.ew_artificial = row.artificial or ("", "")
        line.no_result = True  # adjusted, or not played
        return line
    try:
        result = _result(row)
    except (NotationError, ValueError) as exc:
        raise refused(row.line, str(exc)) from None
    score = ns_score(result, vulnerability(row.board))
    if row.score_ns is not None and row.score_ns != score:
        raise refused(
            row.line,
            _(
                "the file says %(written)s for NS, but %(contract)s by %(declarer)s "
                "taking %(tricks)s tricks scores %(score)+d (vulnerable: %(vul)s)"
            )
            % {
                "written": row.score_ns,
                "contract": row.contract or "Pass",
                "declarer": row.declarer or "-",
                "tricks": row.result or "-",
                "score": score,
                "vul": vulnerability(row.board).value,
            },
        )
    store_result(line, result, score)
    line.lead = _lead(row.lead)
    return line


def check_vulnerability(doc: PbnResults) -> None:
    """Our boards take their vulnerability from the number (Law 2)."""
    for board, (written, line) in sorted(doc.vulnerable.items()):
        said = VULNERABLE.get(written.strip().upper())
        if said is not None and said != vulnerability(board).value:
            raise refused(
                line,
                _(
                    "board %(board)s is written %(written)s, but a board %(board)s "
                    "is %(vul)s by its number"
                )
                % {
                    "board": board,
                    "written": written,
                    "vul": vulnerability(board).value,
                },
            )


def agrees(ours: Fraction | None, written: Decimal) -> bool:
    """Whether ``ours`` rounds to ``written`` at the places written (either way
    of rounding an exact half)."""
    if ours is None:
        return False
    exponent = written.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return abs(ours - Fraction(written)) <= Fraction(1, 2 * 10**places)


def differs(what: str, written: Decimal, ours: Fraction | None) -> str:
    shown = "-" if ours is None else f"{float(ours):.2f}"
    return _("%(what)s: the file says %(written)s, we make it %(ours)s") % {
        "what": what,
        "written": written,
        "ours": shown,
    }


def owner(club: str) -> Club | None:
    return Club.objects.get_or_create(name=club.strip())[0] if club.strip() else None


def source(doc: PbnResults, path: Path) -> str:
    text = f"{path.name} ({doc.program})" if doc.program else path.name
    return text[:200]


def written_points(doc: PbnResults) -> int:
    """How many lines the file writes points for."""
    return sum(row.points != (None, None) for row in doc.rows)
