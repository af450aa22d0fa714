"""The vocabulary of the access matrix: who asks (``Persona``), what they get
(an outcome), and the kinds of access a page grants, each a rule from a persona
and the event's publication to the outcome expected.

Against club A's objects, a persona is anonymous, a member of club B (another
club), a member of club A, a site operator, or a table's phone carrying a
bearer token (club A's table, club B's, or a forged one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http.response import HttpResponseBase

from tournaments.access import RANK
from tournaments.models import Membership

__all__ = [
    "ADMIN",
    "DIRECTOR",
    "INVITED",
    "KEYED",
    "LOGIN",
    "NO",
    "OK",
    "OPERATOR",
    "OWN_TABLE",
    "PERSONAS",
    "PUBLIC",
    "PUBLISHED",
    "PUBLISHED_OR_CLUB",
    "SCORER",
    "SIGNED_IN",
    "SIGNED_IN_NO",
    "TABLE",
    "Kind",
    "Persona",
    "outcome",
]

# What a persona gets: allowed (a page, a form with its errors, a redirect after
# success, a refusal of the body), sent to log in, or refused with a status.
OK, LOGIN = "allowed", "login"
REFUSED = {401: "401", 403: "403", 404: "404", 405: "405"}


@dataclass(frozen=True)
class Persona:
    """``club`` "A" or "B" with a ``role`` (scorer, director, admin); role
    "operator" for a site operator; ``table`` "A", "B" or "forged" for a phone
    with that table's bearer token."""

    name: str
    club: str = ""
    role: str = ""
    table: str = ""


PERSONAS = (
    Persona("anonymous"),
    Persona("B scorer", "B", "scorer"),
    Persona("B director", "B", "director"),
    Persona("B admin", "B", "admin"),
    Persona("A scorer", "A", "scorer"),
    Persona("A director", "A", "director"),
    Persona("A admin", "A", "admin"),
    Persona("operator", role="operator"),
    Persona("A table", table="A"),
    Persona("B table", table="B"),
    Persona("forged table", table="forged"),
)


def outcome(response: HttpResponseBase) -> str:
    """Allowed, unless a refusal status or a redirect to a login page."""
    if response.status_code in (301, 302, 303):
        return LOGIN if "login/?next=" in response["Location"] else OK
    return REFUSED.get(response.status_code, OK)


# A kind of access: the outcome for a persona, the event published or not.
Kind = Callable[[Persona, bool], str]


def PUBLIC(persona: Persona, published: bool) -> str:
    """Anyone, always."""
    return OK


# A signed link (room display, personal page, social pad) is its own key: anyone
# holding it, before the results are published too.
KEYED = PUBLIC


def PUBLISHED(persona: Persona, published: bool) -> str:
    """Anyone once the event is published; before, it does not exist."""
    return OK if published else "404"


def NO(persona: Persona, published: bool) -> str:
    """The method is not allowed, asked before anything else."""
    return "405"


def SIGNED_IN(persona: Persona, published: bool) -> str:
    """Any signed-in user (the page names no club's object)."""
    return OK if persona.role else LOGIN


def SIGNED_IN_NO(persona: Persona, published: bool) -> str:
    """Log in first; then the method is not allowed."""
    return "405" if persona.role else LOGIN


def _club(role: Membership.Role) -> Kind:
    def kind(persona: Persona, published: bool) -> str:
        if not persona.role:
            return LOGIN
        return OK if _holds(persona, role) else "404"

    kind.__name__ = role.name
    kind.__doc__ = f"Club A's {role.label} or above, and operators; others 404."
    return kind


def _holds(persona: Persona, role: Membership.Role) -> bool:
    if persona.role == "operator":
        return True
    return persona.club == "A" and RANK[Membership.Role(persona.role)] >= RANK[role]


SCORER = _club(Membership.Role.SCORER)
DIRECTOR = _club(Membership.Role.DIRECTOR)
ADMIN = _club(Membership.Role.ADMIN)


def PUBLISHED_OR_CLUB(persona: Persona, published: bool) -> str:
    """A published event's for anyone; before, club A's members only."""
    return OK if published or _holds(persona, Membership.Role.SCORER) else "404"


def TABLE(persona: Persona, published: bool) -> str:
    """A phone signed in at any table (it acts on its own table)."""
    return OK if persona.table in ("A", "B") else "401"


def OWN_TABLE(persona: Persona, published: bool) -> str:
    """Club A's table only: another table's token does not find the entry."""
    return {"A": OK, "B": "404"}.get(persona.table, "401")


def OPERATOR(persona: Persona, published: bool) -> str:
    """Django's admin: site operators; everyone else to the admin's login."""
    return OK if persona.role == "operator" else LOGIN


def INVITED(persona: Persona, published: bool) -> str:
    """The invited user alone (none of the personas): everyone else, operators
    included, finds nothing; log in first."""
    return "404" if persona.role else LOGIN
