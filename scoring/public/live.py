"""Live standings during play, with the round in play hidden when asked.

"In progress": the latest round that has lines but not all it should have. A
round should have, in each section, one line per table and board of the round:
the section's tables (or the tables seen, when not set) times the most lines
one table has entered in any round (the boards per round). Lines without a
round number are never hidden.

With `Event.hide_current_round` the standings are re-scored by the engine from
the other lines only (the "barometer" way), so the hidden results leave no trace
in the points of the lines shown. IMP pairs events are shown whole for now (the
engine's matchpoint re-scoring does not apply to them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import replace

from scoring.adapters import board_line
from scoring.engine.session import BoardPool, score_matchpoints
from scoring.selectors import DIRECTION_ORDER, SessionResults, Standing

__all__ = ["hidden_round", "live_results", "round_in_progress"]


def _lines(results: SessionResults):  # noqa: ANN202
    return [s.line for board in results.boards for s in board.lines]


def round_in_progress(results: SessionResults) -> int | None:
    lines = [line for line in _lines(results) if line.round is not None]
    per_table = Counter((x.section_id, x.round, x.table) for x in lines)
    boards_per_round = max(per_table.values(), default=0)
    tables_seen: dict[int, set[int | None]] = {}
    for line in lines:
        tables_seen.setdefault(line.section_id, set()).add(line.table)
    sections = {s.pk: s for s in results.session.sections.all()}
    expected = sum(
        (sections[sid].tables or len(seen)) * boards_per_round
        for sid, seen in tables_seen.items()
    )
    per_round = Counter(line.round for line in lines)
    incomplete = [r for r, n in per_round.items() if n < expected]
    return max(incomplete, default=None)


def hidden_round(results: SessionResults) -> int | None:
    """The round whose results the live page hides, if any."""
    if not results.session.event.hide_current_round:
        return None
    return round_in_progress(results)


def _rescored(results: SessionResults, hidden: int) -> list[Standing]:
    pools = []
    for board in results.boards:
        shown = [s for s in board.lines if s.line.round != hidden]
        engine_lines = [board_line(s.line, s.assigned) for s in shown]
        lines = tuple(x for x in engine_lines if x)
        if lines:
            pools.append(BoardPool(board.number, lines, board.expected))
    pairs = {s.pair.pk: s.pair for s in results.standings}
    two_winners = results.session.event.two_winners
    across = results.policy.section_scoring.value == "across_field"

    def group(pair_id: Hashable) -> Hashable:
        pair = pairs[pair_id]  # type: ignore[index]
        return (None if across else pair.section_id, two_winners and pair.direction)

    scored = score_matchpoints(pools, policy=results.policy, ranking_group=group)
    standings = [Standing(pairs[pid], score) for pid, score in scored.pairs.items()]  # type: ignore[index]
    return sorted(
        standings,
        key=lambda s: (
            "" if across else s.pair.section.letter,
            DIRECTION_ORDER[s.pair.direction],
            -s.score.percentage,
            s.pair.number,
        ),
    )


def live_results(results: SessionResults) -> tuple[SessionResults, int | None]:
    """The standings to show now, and the round hidden (None: all shown)."""
    hidden = hidden_round(results)
    if hidden is None or getattr(results, "in_imps", False):
        return results, None
    return replace(results, standings=_rescored(results, hidden)), hidden
