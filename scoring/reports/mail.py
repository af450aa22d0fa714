"""Personal results by e-mail: each player with an address receives their
pair's personal page as a PDF, and the page's link (Django's e-mail framework:
the console backend in development)."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.mail import EmailMessage, get_connection
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.documents.document import Deal
from tournaments.models import Pair, Player, Session

from .files import PDF_TYPE
from .layout import board_deals
from .personal import personal_link, personal_pdf, personal_results

__all__ = ["NothingToSend", "letters_sent_said", "personal_results_send"]


class NothingToSend(ValueError):
    """The session's results are not published yet, it is a team event (a
    personal page is a pair's), or no player has an address: nothing is sent."""


def _body(player: Player, link: str, deals: Sequence[Deal]) -> str:
    """The letter promises only what the PDF holds: the deals when the event
    has them, their double dummy and par only once they are solved."""
    values = {"name": player.name, "link": link}
    if deals and all(d.double_dummy_rows and d.par_text for d in deals):
        text = _(
            "Hello %(name)s,\n\nyour scorecard with each board's percentage, the "
            "deals, their double dummy and par are attached, and on the page:\n"
            "%(link)s\n"
        )
    elif deals:
        text = _(
            "Hello %(name)s,\n\nyour scorecard with each board's percentage and "
            "the deals are attached, and on the page:\n%(link)s\n"
        )
    else:
        text = _(
            "Hello %(name)s,\n\nyour scorecard with each board's percentage is "
            "attached, and on the page:\n%(link)s\n"
        )
    return text % values


def _message(
    player: Player, pdf: bytes, link: str, session: Session, deals: Sequence[Deal]
) -> EmailMessage:
    event = session.event
    subject = _("Your results: %(event)s") % {"event": event.name}
    body = _body(player, link, deals)
    message = EmailMessage(subject, body, to=[_address(player)])
    name = slugify(f"{event.name} {session.number} {player.pair.label}") or "results"
    message.attach(f"{name}.pdf", pdf, PDF_TYPE)
    return message


def _address(player: Player) -> str:
    """The address typed for the event, else the club roster's."""
    return player.email or (player.person.email if player.person else "")


def personal_results_send(*, session: Session, base_url: str) -> list[str]:
    """Send every player of the session with an e-mail address their personal
    results; returns the addresses written to. ``base_url`` ('https://club.org')
    makes the page's link whole."""
    results = personal_results(session)
    if results is None:
        raise NothingToSend(_("The session's results are not published yet."))
    if results.family.teams:
        raise NothingToSend(_("Personal results are sent for pairs events only."))
    players = Player.objects.filter(pair__section__session=session)
    by_pair: dict[int, list[Player]] = {}
    for player in players.select_related("pair__section", "person"):
        if _address(player):
            by_pair.setdefault(player.pair_id, []).append(player)
    if not by_pair:
        raise NothingToSend(
            _(
                "No player of this session has an e-mail address: add them on "
                "the club's roster, many at once from its players' page."
            )
        )
    deals = list(board_deals(results).values())
    messages = []
    for pair in Pair.objects.filter(pk__in=by_pair).select_related("section"):
        pdf = personal_pdf(pair, results)
        link = base_url.rstrip("/") + personal_link(pair)
        messages += [_message(p, pdf, link, session, deals) for p in by_pair[pair.pk]]
    get_connection().send_messages(messages)
    return [m.to[0] for m in messages]


def _sent_note(count: int) -> str:
    """What the director is told once the letters are sent."""
    text = ngettext(
        "Personal results sent to %(count)d player.",
        "Personal results sent to %(count)d players.",
        count,
    )
    return text % {"count": count}


def letters_sent_said(session: Session, base_url: str) -> tuple[bool, str]:
    """Each player's personal results sent, and what the director is told:
    whether any went, and how many (or why none)."""
    try:
        sent = personal_results_send(session=session, base_url=base_url)
    except NothingToSend as error:
        return False, str(error)
    return True, _sent_note(len(sent))
