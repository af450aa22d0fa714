"""A social session's chukkers and its players' ranking by total points, built
once for the page and the PDF. Every number is the engine's: each pad's totals
from its deals, each player's total and place from ``session``."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.documents.document import Cell, Column, Document, Kind, Table
from scoring.engine.social.chicago import ChicagoPad
from scoring.engine.social.deal import SideScores
from scoring.engine.social.session import (
    TableResult,
    player_totals,
    session_standings,
)
from scoring.models import SocialPad, SocialSession

from .pads import engine_pad
from .sessions import seating_of


@dataclass(frozen=True)
class TableLine:
    """One table of one chukker: its pad, partnerships and score so far."""

    pad: SocialPad
    table: int
    ns: str
    ew: str
    played: int
    complete: bool
    points: SideScores


@dataclass(frozen=True)
class ChukkerLine:
    number: int
    tables: tuple[TableLine, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class PlayerLine:
    place: str
    number: int
    name: str
    points: int


@dataclass(frozen=True)
class SessionSummary:
    session: SocialSession
    chukkers: tuple[ChukkerLine, ...]
    standings: tuple[PlayerLine, ...]

    @property
    def complete(self) -> bool:
        return all(t.complete for c in self.chukkers for t in c.tables)


def _table_line(pad: SocialPad) -> tuple[TableLine, TableResult]:
    chicago = engine_pad(pad)
    if not isinstance(chicago, ChicagoPad):  # the database allows only Chicago
        raise TypeError(f"pad {pad.pk} of a session is not a Chicago pad")
    line = TableLine(
        pad, pad.table or 0, f"{pad.north} · {pad.south}", f"{pad.east} · {pad.west}",
        chicago.played, chicago.complete, chicago.totals,
    )  # fmt: skip
    return line, TableResult(seating_of(pad), chicago.totals)


def session_summary(session: SocialSession) -> SessionSummary:
    """The session's chukkers, each table's score and the players' ranking."""
    names = {p.number: p.name for p in session.players.all()}
    pads = session.pads.prefetch_related("deals").order_by("chukker", "table")
    by_chukker: dict[int, list[tuple[TableLine, TableResult]]] = {}
    for pad in pads:
        by_chukker.setdefault(pad.chukker or 0, []).append(_table_line(pad))
    results = [[result for _, result in tables] for tables in by_chukker.values()]
    totals = player_totals(results, players=names)
    chukkers = tuple(
        ChukkerLine(
            number,
            tuple(line for line, _ in tables),
            tuple(names[p] for p in names if not _seated(p, tables)),
        )
        for number, tables in by_chukker.items()
    )
    standings = tuple(
        PlayerLine(s.place, s.player, names[s.player], s.points)
        for s in session_standings(totals)
    )
    return SessionSummary(session, chukkers, standings)


def _seated(player: int, tables: list[tuple[TableLine, TableResult]]) -> bool:
    return any(player in result.seating.players for _, result in tables)


def _ranking_table(summary: SessionSummary) -> Table:
    columns = (
        Column("place", _("Place")),
        Column("name", _("Player")),
        Column("points", _("Points"), Kind.INT),
    )
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"place": p.place, "name": p.name, "points": p.points}
        for p in summary.standings
    )
    return Table(_("Ranking by total points"), columns, rows)


def _chukkers_table(summary: SessionSummary) -> Table:
    columns = (
        Column("chukker", _("Chukker"), Kind.INT),
        Column("table", _("Table"), Kind.INT),
        Column("ns", _("NS")),
        Column("ew", _("EW")),
        Column("deals", _("Deals"), Kind.INT),
        Column("ns_points", _("NS points"), Kind.INT),
        Column("ew_points", _("EW points"), Kind.INT),
    )
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"chukker": c.number, "table": t.table, "ns": t.ns, "ew": t.ew,
         "deals": t.played, "ns_points": t.points.ns, "ew_points": t.points.ew}
        for c in summary.chukkers
        for t in c.tables
    )  # fmt: skip
    return Table(_("Chukkers"), columns, rows)


def ranking_document(summary: SessionSummary) -> Document:
    """The ranking and every table's score, for the PDF."""
    return Document(
        title=_("Social session"),
        event=f"{_('Chicago')} · {summary.session.get_style_display()}",
        day=summary.session.created.date(),
        blocks=(_ranking_table(summary), _chukkers_table(summary)),
    )
