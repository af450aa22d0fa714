"""The room display's key: its address names the session, signed, so the display
works before results are published without its address being guessable."""

from __future__ import annotations

from django.core import signing

from tournaments.models import Session

__all__ = ["display_key", "session_of_key"]

DISPLAY_SALT = "scoring.table.display"  # as first issued: keys on cards stay good


def display_key(session: Session) -> str:
    """The room display's address key: the session, signed, so the display works
    before results are published without its address being guessable."""
    return signing.dumps(session.pk, salt=DISPLAY_SALT)


def session_of_key(key: str) -> int | None:
    try:
        pk = signing.loads(key, salt=DISPLAY_SALT)
    except signing.BadSignature:
        return None
    return pk if isinstance(pk, int) else None
