"""Who makes a change: a signed-in user, a table's phone, or nobody (a command,
the demo)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _

__all__ = ["Actor", "TableActor", "actor_fields"]


@dataclass(frozen=True)
class TableActor:
    """A table's phone, known by its section and table number and the seat or
    pair it signed in as ("table A3 NS")."""

    section: str
    table: int
    seat: str = ""

    @property
    def label(self) -> str:
        table = _("table %(section)s%(table)s") % {
            "section": self.section,
            "table": self.table,
        }
        return f"{table} {self.seat}".strip()


Actor = AbstractBaseUser | AnonymousUser | TableActor | None


def actor_fields(user: Actor) -> dict[str, int | str | None]:
    """The change log's fields that name who made a change."""
    if isinstance(user, TableActor):
        return {"user_id": None, "device": user.label}
    if user is None or not user.is_authenticated:
        return {"user_id": None, "device": ""}
    return {"user_id": user.pk, "device": ""}
