"""Handicapped pairs: each field ranked again on percentage plus handicap
(the rule: ``scoring.engine.handicap``)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from fractions import Fraction

from scoring.engine.handicap import handicapped_places, pair_handicap
from scoring.engine.policy import HandicapRule
from tournaments.models import Pair

from .individual import compass_order
from .load import LoadedSession
from .results import Standing

__all__ = ["handicap_of", "with_handicaps"]


def handicap_of(pair: Pair, rule: HandicapRule) -> Fraction:
    """The pair's handicap: its own, else its players' by the event's rule."""
    players = [p.handicap for p in pair.seated()]
    return pair_handicap(players, own=pair.handicap, rule=rule)


def with_handicaps(
    data: LoadedSession, standings: Sequence[Standing]
) -> list[Standing]:
    """The standings with handicaps, ranked on the handicapped percentage in each
    field (a Rainbow individual's: each compass line); unchanged when the event
    is not handicapped."""
    rule = data.policy.handicap
    if rule is None:
        return list(standings)
    group = data.ranking_group()
    fields: dict[Hashable, list[Standing]] = {}
    for s in standings:
        fields.setdefault((group(s.pair.pk), s.compass), []).append(s)
    ranked: list[Standing] = []
    for members in fields.values():
        handicaps = {s.pair.pk: handicap_of(s.pair, rule) for s in members}
        raw = {s.pair.pk: s.percentage or Fraction(0) for s in members}
        scores, places = handicapped_places(raw, handicaps, data.policy.handicap_share)
        ranked += [
            replace(
                s,
                rank=places[s.pair.pk],
                handicap=handicaps[s.pair.pk],
                handicapped=scores[s.pair.pk],
            )
            for s in members
        ]
    return sorted(ranked, key=lambda s: _order(data, s))


def _order(data: LoadedSession, s: Standing) -> tuple[object, ...]:
    """Field by field (a Rainbow's compass lines in turn), best handicapped first."""
    key = data.standing_key(s.pair, s.handicapped or Fraction(0))
    return (compass_order(s.compass), *key)
