"""Swiss pairs: the boards scored as Butler pairs across the field, each
round's matches turned into VPs by the engine, pairs ranked by total VPs.

A line belongs to the round its board is in (boards 1 … B are round 1, B + 1 …
2B round 2 …), so a match is the lines of one round with the same two pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from scoring.engine.policy import ScoringPolicy
from scoring.engine.ranking import rank
from scoring.engine.swiss_pairs import PairMatch, PairTotal, pair_match, pair_totals

from .imp_pairs import score_imp_pair_session
from .load import LoadedSession
from .results import Scored, ScoredBoard, Standing

__all__ = ["round_of_board", "score_swiss_pair_session", "swiss_matches"]


def round_of_board(number: int, boards_per_round: int) -> int:
    return (number - 1) // boards_per_round + 1


def swiss_matches(
    boards: Sequence[ScoredBoard], boards_per_round: int, policy: ScoringPolicy
) -> list[PairMatch[int]]:
    """Every match with a result, by round and NS pair id."""
    imps: dict[tuple[int, int, int], list[Fraction]] = {}
    for board in boards:
        round_no = round_of_board(board.number, boards_per_round)
        for scored in board.lines:
            if scored.points is None:
                continue
            key = (round_no, scored.line.ns_pair_id, scored.line.ew_pair_id)
            imps.setdefault(key, []).append(scored.points.ns)
    return [
        pair_match(r, ns, ew, values, boards_per_round=boards_per_round, policy=policy)
        for (r, ns, ew), values in sorted(imps.items())
    ]


def _exact(vp: Decimal) -> Fraction:
    return Fraction(vp)


def score_swiss_pair_session(data: LoadedSession) -> Scored:
    _butler, boards = score_imp_pair_session(data)
    per_round = data.event.boards_per_match or 1
    totals = pair_totals(swiss_matches(boards, per_round, data.policy))
    for pk in data.pairs:
        totals.setdefault(pk, PairTotal(Decimal(0), Fraction(0), 0))
    places = rank({pk: t.vp for pk, t in totals.items()})
    rows = [
        Standing(
            pair=data.pair(pk),
            points=t.imps,
            total=_exact(t.vp),
            percentage=None,
            boards=t.matches,
            rank=places[pk],
        )
        for pk, t in totals.items()
    ]
    rows.sort(key=lambda s: (-s.total, -s.points, s.pair.number))
    return rows, boards, []
