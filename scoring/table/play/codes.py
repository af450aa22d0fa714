"""Table codes and the tokens a phone gets for them.

A code is short enough to type from a card; the token is the code signed, so a
new code (the director renews a lost phone's) voids the old token at once, and
closing the session's tables voids every token of the session.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core import signing
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from movements.selectors import playing_seatings
from scoring.models import TableCode
from scoring.queries import table_code_by_code, table_code_by_token
from scoring.table.play.refusals import Refused
from tournaments.models import Section, Session

__all__ = [
    "SEATS",
    "Place",
    "TablePhone",
    "code_lock",
    "code_renew",
    "codes_ensure",
    "codes_of",
    "seat_read",
    "side_of",
    "signin",
    "table_of_token",
    "token_for",
]

# No 0/O, 1/I/L: read aloud or typed from a card without doubt.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
SALT = "scoring.table.token"
TOKEN_HOURS = 24
# What a phone says it is when it signs in: a pair, or one player's seat.
SEATS = ("NS", "EW", "N", "E", "S", "W")


def side_of(seat: str) -> str:
    """The pair a seat belongs to; a phone that named no seat scores for NS."""
    return "EW" if seat in ("EW", "E", "W") else "NS"


def seat_read(value: object) -> str:
    """The seat a phone signs in as ('' when it named none)."""
    text = "".join(str(value or "").upper().split()).replace("/", "")
    if text and text not in SEATS:
        raise Refused(400, _("The seat is NS, EW, N, E, S or W."), "seat")
    return text


@dataclass(frozen=True)
class Place:
    """Where a pair's phone is now (``play.follow``): the table and the seat its
    holders hold there in ``round`` (table None: they sit out that round);
    ``waiting``: the round just played there whose scorecard they have still
    to confirm; ``finished``: they have played all their rounds."""

    round: int
    table: int | None
    seat: str
    waiting: int | None = None
    finished: bool = False
    signed_in: int = 0  # the table whose code the phone signed in with


@dataclass(frozen=True)
class TablePhone:
    """One phone of a table: the table's code, the seat it signed in as and the
    seat holders it belongs to (pairs; in an individual, players), fixed at
    sign-in from the round then played; None for a phone that named no seat (the
    scorer's phone of a table), which belongs to the holders at its table
    (``sight.rule``). A phone with holders follows them: ``code`` and
    ``seat`` are where they are now, ``place`` says more (``play.follow``)."""

    code: TableCode
    seat: str
    holders: frozenset[int] | None = None
    place: Place | None = None

    @property
    def side(self) -> str:
        return side_of(self.seat)


def _new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def _tables(section: Section) -> list[int]:
    """The tables that play at least one round: a table whose every round has
    an empty seat (a phantom individual's) gets no code."""
    if not section.seatings.exists():
        return list(range(1, section.tables + 1))
    playing = playing_seatings(section=section).values_list("table", flat=True)
    return sorted(set(playing))


def _create(section: Section, table: int) -> TableCode:
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return TableCode.objects.create(
                    section=section, table=table, code=_new_code()
                )
        except IntegrityError:
            existing = TableCode.objects.filter(section=section, table=table).first()
            if existing is not None:
                return existing
    raise RuntimeError("no free table code after 10 attempts")


def codes_of(session: Session) -> list[TableCode]:
    """The session's tables that already have a code, creating none: for the
    pages that only read (the director's home)."""
    playing = {s.pk: _tables(s) for s in session.sections.all()}
    codes = TableCode.objects.filter(section__session=session)
    return [
        c
        for c in codes.select_related("section")
        if c.table in playing.get(c.section_id, ())
    ]


def codes_ensure(session: Session) -> list[TableCode]:
    """Every table of the session with its code, creating the missing ones."""
    have = {
        (c.section_id, c.table): c
        for c in TableCode.objects.filter(section__session=session)
    }
    playing = {}
    for section in session.sections.all():
        playing[section.pk] = _tables(section)
        for table in playing[section.pk]:
            if (section.pk, table) not in have:
                have[section.pk, table] = _create(section, table)
    codes = TableCode.objects.filter(section__session=session)
    return [
        c
        for c in codes.select_related("section")
        if c.table in playing.get(c.section_id, ())
    ]


def code_renew(code: TableCode) -> TableCode:
    """A new code for the table: the phone signed in with the old one is out."""
    for _attempt in range(10):
        try:
            with transaction.atomic():
                code.code = _new_code()
                code.save(update_fields=["code"])
                return code
        except IntegrityError:
            continue
    raise RuntimeError("no free table code after 10 attempts")


def code_lock(code: TableCode) -> None:
    """Serialise a table's writes on its code's row, and on that row alone (in
    plain SQL: built by the ORM, the lock cost a tenth of a result sent). On
    SQLite the transaction holds the database's one write lock from its start
    (``transaction_mode`` IMMEDIATE)."""
    assert connection.in_atomic_block, "a table's lock lasts its transaction"
    if not connection.features.has_select_for_update:
        return
    table = connection.ops.quote_name(TableCode._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", [code.pk])


def token_for(
    code: TableCode, seat: str = "", holders: frozenset[int] | None = None
) -> str:
    """The signed token of a phone of the table, its seat and its holders."""
    held = None if holders is None else sorted(holders)
    return signing.dumps([code.pk, code.code, seat, held], salt=SALT, compress=True)


def _open(code: TableCode) -> TableCode:
    if not code.section.session.tables_open:
        raise Refused(403, _("The director has closed this session's tables."))
    return code


def signin(text: str) -> TableCode:
    """The table a code opens; refused when unknown or its session is closed."""
    typed = "".join(ch for ch in str(text).upper() if ch.isalnum())
    code = table_code_by_code(typed) if typed else None
    if code is None:
        raise Refused(401, _("This code opens no table. Check the card."), "code")
    return _open(code)


def _holders_read(kept: list[object]) -> frozenset[int] | None:
    """The seat holders a token names (None: a phone without a seat, or a token
    signed before phones belonged to pairs, which is read as one)."""
    if not kept or not isinstance(kept[0], list):
        return None
    return frozenset(int(str(pk)) for pk in kept[0])


def table_of_token(token: str) -> TablePhone:
    """The table, seat and holders a phone's token stands for, while valid."""
    try:
        pk, text, *rest = signing.loads(token, salt=SALT, max_age=TOKEN_HOURS * 3600)
        holders = _holders_read(rest[1:])
    except (signing.BadSignature, ValueError, TypeError) as exc:
        raise Refused(401, _("Sign in again with the table's code.")) from exc
    code = table_code_by_token(pk, text)
    if code is None:
        raise Refused(401, _("This table's code has changed: sign in again."))
    return TablePhone(_open(code), seat_read(rest[0] if rest else ""), holders)
