"""A federation's simultaneous built straight into the database (bulk inserts,
not through the phones): C clubs' heats of T tables each playing every one of
the set's B boards, each heat finished and released by its director, the
simultaneous released to the public. Used by ``benchmarks.simultaneous``
(200 x 12 x 26: 62,400 lines) and, small, by its test."""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import subprocess
import sys
from datetime import timedelta
from typing import Any

from .run import RESULTS, _played

__all__ = ["build_field", "field_child", "one_result_changed", "rescore"]

SEED = 2032


def build_field(clubs: int, tables: int, boards: int, *, name: str = "Sims") -> int:
    """The simultaneous' event id: every heat's lines in, released."""
    from django.utils import timezone

    from tournaments.models import Club, Event, Simultaneous

    organiser = Event.objects.create(name=name, published=True, two_winners=True)
    simultaneous = Simultaneous.objects.create(
        event=organiser,
        boards=boards,
        release_at=timezone.now() - timedelta(hours=1),
    )
    made = Club.objects.bulk_create(
        Club(name=f"{name} club {n:03}") for n in range(1, clubs + 1)
    )
    events = Event.objects.bulk_create(
        Event(name=f"{name} · {club.name}", club=club, published=True) for club in made
    )
    _heats(simultaneous, made, events, tables, boards)
    return organiser.pk


def _heats(
    simultaneous: Any, clubs: list[Any], events: list[Any], tables: int, boards: int
) -> None:
    from tournaments.models import Board, Heat, Section, Session

    sessions = Session.objects.bulk_create(
        Session(event=event, number=1, released=True) for event in events
    )
    Heat.objects.bulk_create(
        Heat(simultaneous=simultaneous, club=club, session=session)
        for club, session in zip(clubs, sessions, strict=True)
    )
    sections = Section.objects.bulk_create(
        Section(session=session, letter="A", tables=tables) for session in sessions
    )
    made = Board.objects.bulk_create(
        Board(session=session, number=n)
        for session in sessions
        for n in range(1, boards + 1)
    )
    by_session = [made[i * boards : (i + 1) * boards] for i in range(len(sessions))]
    _lines(sections, by_session, tables)


def _lines(sections: list[Any], boards: list[list[Any]], tables: int) -> None:
    """Each heat a Mitchell-like field: NS pair t meets EW pair t + b on board b."""
    from scoring.models import TravellerLine
    from tournaments.models import Pair, Player

    rng = random.Random(SEED)
    pairs = Pair.objects.bulk_create(
        Pair(section=section, number=n, direction=d, label=f"{n}{d}")
        for section in sections
        for d in ("NS", "EW")
        for n in range(1, tables + 1)
    )
    Player.objects.bulk_create(
        Player(pair=pair, seat=seat, name=f"Player {pair.pk}-{seat}")
        for pair in pairs
        for seat in (1, 2)
    )
    lines = []
    for h, section in enumerate(sections):
        ns = pairs[2 * tables * h : 2 * tables * h + tables]
        ew = pairs[2 * tables * h + tables : 2 * tables * (h + 1)]
        for b, board in enumerate(boards[h]):
            for t in range(tables):
                line = TravellerLine(
                    section=section, board=board, table=t + 1, round=b // 2 + 1,
                    ns_pair=ns[t], ew_pair=ew[(t + b) % tables],
                )  # fmt: skip
                lines.append(_played(line, board.number, rng.choice(RESULTS)))
    TravellerLine.objects.bulk_create(lines, batch_size=2000)


def rescore(event_id: int, *, public: bool = False, kept: bool = False) -> Any:
    """The overall ranking read and scored from the database, nothing kept
    (but with ``kept``, what the process kept from the last): the directors'
    (``overall_of``) or the public's (``public_overall``)."""
    from scoring.live.results_cache import fields_forget
    from scoring.standings.secrecy import public_overall
    from scoring.standings.simultaneous import overall_of
    from tournaments.models import Simultaneous

    if not kept:
        fields_forget()

    simultaneous = Simultaneous.objects.select_related("event").get(event_id=event_id)
    return public_overall(simultaneous) if public else overall_of(simultaneous)


def one_result_changed(event_id: int, seed: int) -> None:
    """One line of the field given another result, as a correction writes it."""
    from scoring.models import TravellerLine

    lines = TravellerLine.objects.filter(
        board__session__heat__simultaneous__event_id=event_id
    )
    line = lines.order_by("pk")[seed % lines.count()]
    _played(line, line.board.number, random.Random(seed).choice(RESULTS)).save()


def field_child(module: str, url: str, args: argparse.Namespace) -> dict[str, Any]:
    """The figures ``python -m module --child`` prints for the field of
    ``args`` on the database ``url``, measured in a fresh process (settings
    read the database from the environment once; no query log)."""
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "false",
           "SECRET_KEY": secrets.token_urlsafe(50)}  # fmt: skip
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    command = [
        sys.executable, "-m", module, "--child",
        "--clubs", str(args.clubs), "--tables", str(args.tables),
        "--boards", str(args.boards), "--runs", str(args.runs),
    ]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the benchmark's child failed:\n{done.stderr[-3000:]}")
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found
