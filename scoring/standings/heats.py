"""A simultaneous' heats as they stand now, kept from one overall ranking to
the next (``field_memo``) and read again only where the database's stamps
moved (``heats_stamps``, one query for every heat): a heat whose boards alone
changed has those boards read again (``reload_boards``); a new heat, or one
whose session or event changed, is loaded whole, with every other such heat in
the same few queries (``load_sessions``). On election night a result arriving
costs its board's lines read and its board matchpointed across the field, not
the whole field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.engine.pools import BoardPool
from scoring.engine.simultaneous import FieldKept
from scoring.engine.tallies import PoolTallies
from scoring.live.results_cache import Stamp
from tournaments.models import Session

from .field_boards import Counted
from .load import LoadedSession, Pool, load_sessions, reload_boards
from .matchpoints import board_pool
from .reloading import changed_boards

__all__ = ["Audience", "FieldMemo", "heat_pools", "heats_now"]


@dataclass(eq=False)
class Audience:
    """The field pools, the engine's tallies and each board's counted lines of
    one audience's overall (the public's or the directors')."""

    kept: FieldKept = field(default_factory=dict)
    tallies: PoolTallies = field(default_factory=PoolTallies)
    counted: Counted = field(default_factory=dict)


@dataclass(eq=False)
class FieldMemo:
    """What one simultaneous' overall keeps between scorings: each heat loaded
    at its stamps (by session id), each heat pool's engine pool (by the Pool's
    id), and for the directors' overall and the public's (their hidden boards
    differ) what its scoring keeps (``Audience``)."""

    heats: dict[int, tuple[tuple[Stamp, ...], LoadedSession]] = field(
        default_factory=dict
    )
    built: dict[int, tuple[Pool, BoardPool]] = field(default_factory=dict)
    audiences: dict[bool, Audience] = field(default_factory=dict)

    def audience(self, public: bool) -> Audience:
        """What the public's overall keeps, or the directors'."""
        return self.audiences.setdefault(public, Audience())


def heats_now(
    memo: FieldMemo,
    sessions: Sequence[Session],
    stamps: Mapping[int, tuple[Stamp, ...]],
) -> dict[int, LoadedSession]:
    """Each of the heats' ``sessions`` loaded as it stands at ``stamps`` (read
    before: a write meanwhile is read again next time), by session id."""
    now: dict[int, tuple[tuple[Stamp, ...], LoadedSession]] = {}
    whole = []
    for session in sessions:
        version = stamps.get(session.pk, ())
        kept = memo.heats.get(session.pk)
        boards = changed_boards(kept[0], version) if kept and version else None
        if kept is not None and version and kept[0] == version:
            now[session.pk] = kept
        elif kept is not None and boards is not None:
            now[session.pk] = (version, reload_boards(kept[1], boards))
        else:
            whole.append(session)
    for pk, data in (load_sessions(whole) if whole else {}).items():
        now[pk] = (stamps.get(pk, ()), data)
    memo.heats = now
    return {pk: data for pk, (_version, data) in now.items()}


def heat_pools(
    memo: FieldMemo, data: LoadedSession, hidden: frozenset[int]
) -> list[tuple[Pool, BoardPool]]:
    """The heat's pools but those of boards ``hidden``, each with its engine
    pool (built once per Pool object)."""
    return [
        (pool, board_pool(data, pool, memo.built))
        for pool in data.pools
        if pool.number not in hidden
    ]
