"""Import a PBN results file (matchpoint pairs) as a new event, all or nothing.

The event is built from the file's pairs, travellers and deals, re-scored by our
engine and compared with what the file says: every line's score, matchpoints and
percentage, every pair's total and percentage. Producers write their numbers by
their own conventions, so the comparison tries each one we know (matchpoints 2/1/0
or 1/½/0 per comparison; no factoring or Neuberg in its three roundings; totals
pro-rated to the full session or summed over the boards played) and keeps the
first under which every number agrees; the event is stored with it. When none
does, the file is refused with its first disagreement named and nothing is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.adapters import store_result
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.matchpoints import to_presentation
from scoring.engine.notation import (
    Language,
    NotationError,
    format_lead,
    parse_contract,
    parse_lead,
    parse_seat,
)
from scoring.engine.policy import Factoring, MpPresentation, NeubergRounding
from scoring.engine.types import Result
from scoring.entry.services import log_event
from scoring.formats.problems import FormatError
from scoring.formats.score_tables import PairKey, PbnResults, ResultRow
from scoring.formats.score_tables import read_pbn_results as read_results
from scoring.models import TravellerLine
from scoring.standings import SessionResults
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from scoring.standings.results import (
    ScoredLine,
    side_percentage,
    side_points,
    side_raw,
)
from tournaments.models import Board, Club, Event, Pair, Player, Section, Session

from .hands import format_message

__all__ = ["PbnImport", "PbnResultsRefused", "pbn_results_import"]

# Each factoring the event can store, with the engine's policy for it.
FACTORINGS = {
    Event.Factoring.NEUBERG_EBU: (Factoring.NEUBERG, NeubergRounding.EBU),
    Event.Factoring.NEUBERG_ACBL: (Factoring.NEUBERG, NeubergRounding.ACBL),
    Event.Factoring.NEUBERG_EXACT: (Factoring.NEUBERG, NeubergRounding.EXACT),
    Event.Factoring.NONE: (Factoring.NONE, NeubergRounding.EBU),
}
PRESENTATIONS = {
    Event.Presentation.EUROPEAN: MpPresentation.EUROPEAN,
    Event.Presentation.ACBL: MpPresentation.ACBL,
}
PRO_RATED, SUMMED = "pro-rated", "summed"
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
class Convention:
    factoring: Event.Factoring
    presentation: Event.Presentation
    totals: str  # PRO_RATED or SUMMED

    def described(self) -> str:
        totals = {
            PRO_RATED: _("totals pro-rated to the full session"),
            SUMMED: _("totals summed over the boards played"),
        }[self.totals]
        return "; ".join(
            [
                str(Event.Presentation(self.presentation).label),
                str(Event.Factoring(self.factoring).label),
                totals,
            ]
        )


@dataclass(frozen=True)
class PbnImport:
    event: Event
    convention: Convention
    lines: int  # lines whose matchpoints the file writes, all agreeing
    pairs: int  # pairs whose totals the file writes, all agreeing


def _refused(line: int, message: str) -> PbnResultsRefused:
    problem = {"line": line, "problem": message}
    return PbnResultsRefused(_("line %(line)s: %(problem)s") % problem)


def _tricks(row: ResultRow, level: int) -> int:
    text = row.result
    if text == "=" or text[:1] in "+-" and text[1:].isdigit():
        return level + 6 + (0 if text == "=" else int(text))
    if text.isdigit():
        return int(text)
    raise _refused(
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


def _traveller_line(row: ResultRow, pairs: dict[PairKey, Pair]) -> TravellerLine:
    line = TravellerLine(
        ns_pair=pairs[row.ns], ew_pair=pairs[row.ew], table=row.table, round=row.round
    )
    if row.artificial or (not row.contract and row.score_ns is None):
        line.ns_artificial, line.ew_artificial = row.artificial or ("", "")
        line.no_result = True  # adjusted, or not played
        return line
    try:
        result = _result(row)
    except (NotationError, ValueError) as exc:
        raise _refused(row.line, str(exc)) from None
    score = ns_score(result, vulnerability(row.board))
    if row.score_ns is not None and row.score_ns != score:
        raise _refused(
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


def _check_vulnerability(doc: PbnResults) -> None:
    """Our boards take their vulnerability from the number (Law 2)."""
    for board, (written, line) in sorted(doc.vulnerable.items()):
        said = VULNERABLE.get(written.strip().upper())
        if said is not None and said != vulnerability(board).value:
            raise _refused(
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


def _pairs(doc: PbnResults, sections: dict[str, Section]) -> dict[PairKey, Pair]:
    keys = {k for row in doc.rows for k in (row.ns, row.ew)}  # pairs that played
    pairs = {}
    for key in sorted(keys):
        info = doc.pairs.listed.get(key)
        pair = Pair.objects.create(
            section=sections[key.section],
            number=key.number,
            direction=info.direction if info else key.direction,
            label=key.label,
        )
        if info is not None:
            Player.objects.bulk_create(
                Player(pair=pair, seat=seat, name=name[:120], national_id=member[:30])
                for seat, (name, member) in enumerate(
                    zip(info.names, info.member_ids + ("",) * 4, strict=False),
                    start=1,
                )
            )
        pairs[key] = pair
    return pairs


def _agrees(ours: Fraction | None, written: Decimal) -> bool:
    """Whether ``ours`` rounds to ``written`` at the places written (either way
    of rounding an exact half)."""
    if ours is None:
        return False
    exponent = written.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return abs(ours - Fraction(written)) <= Fraction(1, 2 * 10**places)


def _mp(value: Fraction | None, convention: Convention) -> Fraction | None:
    if value is None:
        return None
    shown = to_presentation(value, presentation=PRESENTATIONS[convention.presentation])
    return Fraction(shown)


def _differs(what: str, written: Decimal, ours: Fraction | None) -> str:
    shown = "-" if ours is None else f"{float(ours):.2f}"
    return _("%(what)s: the file says %(written)s, we make it %(ours)s") % {
        "what": what,
        "written": written,
        "ours": shown,
    }


def _line_problems(
    results: SessionResults, rows: dict[int, ResultRow], convention: Convention
) -> Iterator[tuple[int, str]]:
    for board in results.boards:
        for scored in board.lines:
            yield from _side_problems(rows[scored.line.id], scored, convention)


def _side_problems(
    row: ResultRow, scored: ScoredLine, convention: Convention
) -> Iterator[tuple[int, str]]:
    """The line's matchpoints (before or after factoring) and percentages."""
    for i, side in enumerate(("NS", "EW")):
        written = row.points[i]
        raw = _mp(side_raw(scored.points, side), convention)
        factored = _mp(side_points(scored.points, side), convention)
        if written is not None and not (
            _agrees(raw, written) or _agrees(factored, written)
        ):
            what = _("%(side)s matchpoints") % {"side": side}
            yield row.line, _differs(what, written, factored)
        written = row.percentages[i]
        percentage = side_percentage(scored.points, side)
        if written is not None and not _agrees(percentage, written):
            what = _("%(side)s percentage") % {"side": side}
            yield row.line, _differs(what, written, percentage)


def _pair_problems(
    results: SessionResults,
    doc: PbnResults,
    pairs: dict[PairKey, Pair],
    convention: Convention,
) -> Iterator[tuple[int, str]]:
    standings = {s.pair.pk: s for s in results.standings}
    for key, info in doc.pairs.listed.items():
        standing = standings.get(pairs[key].pk) if key in pairs else None
        if standing is None:
            continue  # listed, but played no board of the file
        summed = convention.totals == SUMMED
        total = _mp(standing.points if summed else standing.total, convention)
        if info.total is not None and not _agrees(total, info.total):
            what = _("total of pair %(pair)s") % {"pair": key.label}
            yield info.line, _differs(what, info.total, total)
        if info.percentage is not None and not _agrees(
            standing.percentage, info.percentage
        ):
            what = _("percentage of pair %(pair)s") % {"pair": key.label}
            yield info.line, _differs(what, info.percentage, standing.percentage)


def _convention(
    session: Session,
    doc: PbnResults,
    rows: dict[int, ResultRow],
    pairs: dict[PairKey, Pair],
) -> Convention:
    """The first convention under which every number of the file agrees."""
    data = load_session(session)
    tried: list[tuple[int, tuple[int, str]]] = []
    for factoring, (engine_factoring, rounding) in FACTORINGS.items():
        policy = replace(
            data.policy, factoring=engine_factoring, neuberg_rounding=rounding
        )
        results = score_loaded(replace(data, policy=policy))
        for presentation in PRESENTATIONS:
            for totals in (PRO_RATED, SUMMED):
                convention = Convention(factoring, presentation, totals)
                problems = [
                    *_line_problems(results, rows, convention),
                    *_pair_problems(results, doc, pairs, convention),
                ]
                if not problems:
                    return convention
                tried.append((len(problems), problems[0]))
    line, message = min(tried)[1]
    raise _refused(line, message)


def _event(doc: PbnResults, path: Path, club: str) -> Event:
    owner = Club.objects.get_or_create(name=club.strip())[0] if club.strip() else None
    source = f"{path.name} ({doc.program})" if doc.program else path.name
    return Event.objects.create(
        name=(doc.event or path.stem)[:200],
        club=owner,
        date=doc.day,
        two_winners=doc.pairs.two_winners,
        source=source[:200],
    )


Stored = tuple[dict[int, ResultRow], dict[PairKey, Pair]]


def _store(doc: PbnResults, session: Session) -> Stored:
    """Sections, pairs, boards and lines of the file: each line's row by the
    line's id, and the pairs."""
    letters = {k.section for r in doc.rows for k in (r.ns, r.ew)}
    sections = {x: Section.objects.create(session=session, letter=x) for x in letters}
    pairs = _pairs(doc, sections)
    numbers = sorted({row.board for row in doc.rows} | set(doc.deals))
    boards = {
        n: Board.objects.create(session=session, number=n, deal=doc.deals.get(n, ""))
        for n in numbers
    }
    lines = []
    for row in doc.rows:
        line = _traveller_line(row, pairs)
        line.board, line.section = boards[row.board], sections[row.ns.section]
        lines.append(line)
    TravellerLine.objects.bulk_create(lines)
    return {x.pk: row for x, row in zip(lines, doc.rows, strict=True)}, pairs


@transaction.atomic
def pbn_results_import(*, path: Path | str, club: str = "") -> PbnImport:
    """Create an event from a PBN results file; a refused file leaves nothing."""
    try:
        doc = read_results(path)
    except FormatError as exc:
        raise PbnResultsRefused(format_message(exc)) from None
    _check_vulnerability(doc)
    event = _event(doc, Path(path), club)
    session = Session.objects.create(event=event, number=1, date=doc.day, released=True)
    rows, pairs = _store(doc, session)
    convention = _convention(session, doc, rows, pairs)
    event.factoring = convention.factoring
    event.mp_presentation = convention.presentation
    event.save(update_fields=["factoring", "mp_presentation"])
    log_event(event.pk, None, "imported", event.source)
    checked = sum(r.points != (None, None) for r in doc.rows)
    return PbnImport(event, convention, lines=checked, pairs=len(doc.pairs.listed))
