"""Deal a session's boards here (dealing.md §1): a fresh seed from the operating
system, the deals it gives, kept in the deal store with the seed's commitment,
stored on the boards all or nothing and queued for their double-dummy analysis.
Deals already stored are replaced only when asked, and the change is logged.
Verification regenerates the deals from a published seed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.dealing import (
    commitment,
    deal_boards,
    deal_pbn,
    new_seed,
    seed_matches,
)
from scoring.entry.services import Actor, log_event
from tournaments.models import Board, DealSet, Session

from .analysis_tasks import analysis_queue
from .deal_store import SetPlayed, keep_set, session_set
from .hands import DealsStored, HandsRefused, PlayedBefore, board_list

__all__ = ["Dealt", "Verdict", "deal_session", "fresh_set", "verify_seed"]


@dataclass(frozen=True)
class Dealt:
    deals: dict[int, str]  # "N:…" by board number
    seed: bytes
    commitment: str
    replaced: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verdict:
    deals: dict[int, str]  # what the seed gives
    commitment: str  # the seed's SHA-256
    committed: bool | None  # it is the session's published commitment
    same_deals: bool | None  # they are the session's deals (None: no session)
    different: tuple[int, ...] = ()  # the boards that differ


def fresh_set(boards: Iterable[int]) -> Dealt:
    """New deals for the boards from a new secret seed."""
    seed = new_seed()
    deals = {board: deal_pbn(deal) for board, deal in deal_boards(seed, boards).items()}
    return Dealt(deals, seed, commitment(seed))


@transaction.atomic
def deal_session(
    session: Session,
    boards: list[int] | None,
    *,
    replace: bool,
    again: bool,
    user: Actor,
) -> Dealt:
    """Deal the session's boards (all of them when ``boards`` is None)."""
    rows = {
        b.number: b for b in Board.objects.select_for_update().filter(session=session)
    }
    numbers = _numbers(session, rows, boards)
    stored = tuple(n for n in numbers if rows[n].deal)
    if stored and not replace:
        raise DealsStored(list(stored))
    dealt = fresh_set(numbers)
    try:
        keep_set(
            club=session.event.club,
            session=session,
            deals=dealt.deals,
            source="dealt",
            again=again,
            seed=dealt.seed.hex(),
            commitment=dealt.commitment,
        )
    except SetPlayed as exc:
        raise PlayedBefore(str(exc)) from None
    for number in numbers:
        rows[number].deal, rows[number].analysis = dealt.deals[number], None
    Board.objects.bulk_update([rows[n] for n in numbers], ["deal", "analysis"])
    log_event(session.event_id, user, "hands", _log_text(session, dealt, stored))
    analysis_queue([session.pk])
    return Dealt(dealt.deals, dealt.seed, dealt.commitment, stored)


def _numbers(
    session: Session, rows: Mapping[int, Board], boards: list[int] | None
) -> list[int]:
    """The boards to deal: all the session's, or those asked that it has."""
    if not rows:
        raise HandsRefused(
            _("Session %(session)s has no boards yet: set its movement up first.")
            % {"session": session.number}
        )
    if boards is None:
        return sorted(rows)
    missing = sorted(set(boards) - set(rows))
    if missing:
        raise HandsRefused(
            _("Boards %(boards)s are not boards of session %(session)s.")
            % {"boards": board_list(missing), "session": session.number}
        )
    return sorted(set(boards))


def _log_text(session: Session, dealt: Dealt, replaced: tuple[int, ...]) -> str:
    """The change log's line (in English, as every entry of the log)."""
    text = (
        f"session {session.number}: dealt boards {board_list(list(dealt.deals))}"
        f", commitment {dealt.commitment}"
    )
    if replaced:
        text += f"; replaced the deals of boards {board_list(list(replaced))}"
    return text


def verify_seed(
    seed: bytes, boards: Iterable[int], session: Session | None = None
) -> Verdict:
    """What the seed gives, and whether it is the session's commitment and
    deals (``None`` for both without a session)."""
    deals = {b: deal_pbn(d) for b, d in deal_boards(seed, boards).items()}
    hashed = commitment(seed)
    if session is None:
        known = DealSet.objects.filter(commitment=hashed).exists()
        return Verdict(deals, hashed, known or None, None)
    kept = session_set(session)
    stored = dict(session.boards.values_list("number", "deal"))
    different = tuple(b for b in sorted(deals) if stored.get(b) != deals[b])
    committed = kept is not None and seed_matches(seed, kept.commitment)
    return Verdict(deals, hashed, committed, not different, different)
