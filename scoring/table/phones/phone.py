"""The players' phone page of a table: sign in with the table's code (and, at
the first round when the director asks, with the players' member numbers), then
the round, its boards, result entry and the opponents' confirmation, all through
the table API (``api.py``) from ``static/table/table.js``.

The views only render. Whether a code opens a table is the API's to say, so an
unknown code still gets the page with its sign-in form. Every text the script
shows is translated here, in the active language, and handed to it as JSON
(``json_script``), with the notation letters of that language for typed results.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.engine.boards import dealer, vulnerability
from scoring.engine.notation import Language
from scoring.engine.notation.grammar import grammar

__all__ = ["code_page", "messages", "signin_page", "worker"]

# Law 2: dealer and vulnerability repeat every 16 boards.
CYCLE = range(1, 17)


def _language() -> Language:
    try:
        return Language((get_language() or "en")[:2])
    except ValueError:
        return Language.EN


def _boards() -> dict[str, list[str]]:
    return {
        "dealers": [dealer(n).value for n in CYCLE],
        "vulnerable": [vulnerability(n).value for n in CYCLE],
    }


def _config(code: str) -> dict[str, Any]:
    return {
        "code": code,
        "api": reverse("table_api:signin").removesuffix("signin"),
        "page": reverse("table:signin"),
        "worker": reverse("table:worker"),
        "static": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
        # The grammar the server parses with, also published at
        # table_api:notation; embedded so that a phone reads it offline.
        "notation": grammar(_language()),
        **_boards(),
    }


def _screens() -> dict[str, str]:
    return {
        "signing_in": _("Signing in…"),
        "loading": _("Loading…"),
        "sending": _("Sending board %(board)s…"),
        "retrying": _("Not sent yet — retrying…"),
        "kept": _("It is kept on this phone and goes as soon as the network is back."),
        "offline": _("No connection — retrying…"),
        "signed_out": _("Sign in again with the table's code."),
        "type_code": _("Type the code printed on the table's card."),
        "section_table": _("Section %(section)s · Table %(table)s"),
        "round": _("Round %(round)s"),
        "boards": _("Boards"),
        "tap_board": _("Tap a board to enter its result."),
        "arrow_switch": _("Arrow switch: East-West play the North-South cards."),
        "sit_out": _("Your table sits out this round."),
        "sit_out_wait": _("Wait for the director to call the next round."),
        "no_round": _("This table has no round to play. Ask the director."),
        "after_round": _("After this round"),
        "end_of_round": _("End of round %(round)s"),
        "moves": _("Where everyone goes now:"),
        "continue_to": _("Continue to round %(round)s"),
        "continue": _("Continue"),
        "thanks": _("Thank you for playing!"),
        "thanks_text": _("Your table has played all its rounds."),
        "personal": _(
            "Your scorecard, the deals and each board's percentage, once the "
            "director releases the results:"
        ),
        "back": _("← Boards"),
    }


def _phones() -> dict[str, str]:
    """Which seat a phone is, what waits on it to be sent, and notices."""
    return {
        "this_phone": _("This phone: %(seat)s"),
        "seat_title": _("Which seat is this phone?"),
        "seat_hint": _(
            "Each pair may use its own phone: North-South enter the results, "
            "East-West accept them on theirs."
        ),
        "seat_NS": _("North-South"),
        "seat_EW": _("East-West"),
        "seat_N": _("North"),
        "seat_E": _("East"),
        "seat_S": _("South"),
        "seat_W": _("West"),
        "waiting_1": ngettext(
            "%(count)s result waiting to be sent",
            "%(count)s results waiting to be sent",
            1,
        ),
        "waiting_n": ngettext(
            "%(count)s result waiting to be sent",
            "%(count)s results waiting to be sent",
            2,
        ),
        "notice_ok": _("Read"),
        "you_sit_out": _("You sit out this round."),
        "table_busy": _(
            "The pairs at this table are finishing their round: your boards "
            "come as soon as they have."
        ),
    }


def _statuses() -> dict[str, str]:
    return {
        "status_to_play": _("To play"),
        "status_pending": _("Waiting for East-West"),
        "status_rejected": _("Rejected: enter it again"),
        "status_reopened": _("Reopened: enter it again"),
        "status_accepted": _("Accepted"),
        "status_disputed": _("Disputed: the director settles it"),
        "status_settled": _("Settled by the director"),
        "status_queued": _("Waiting to be sent"),
        "status_to_confirm": _("To accept or reject"),
        "status_pending_side": _("Waiting for %(side)s"),
    }


def _entry() -> dict[str, str]:
    return {
        "board": _("Board %(board)s"),
        "dealer": _("Dealer %(seat)s"),
        "vul_None": _("Nobody vulnerable"),
        "vul_NS": _("North-South vulnerable"),
        "vul_EW": _("East-West vulnerable"),
        "vul_Both": _("Both sides vulnerable"),
        "level": _("Level"),
        "strain": _("Strain"),
        "doubling": _("Double"),
        "declarer": _("Declarer"),
        "result": _("Result"),
        "lead": _("Opening lead"),
        "lead_suit": _("Suit of the lead"),
        "lead_rank": _("Card of the lead"),
        "passed_out": _("Passed out"),
        "not_played": _("Not played"),
        "not_played_note": _("The director will give this board a score."),
        "typed": _("Or type it"),
        "typed_hint": _("For example %(example)s"),
        "typed_bad": _("Not read yet: contract, declarer, result, lead."),
        "typed_ok": _("Read: the buttons above show it."),
        "still_to_choose": _("Still to choose: %(parts)s"),
        "send": _("Send to East-West"),
        "send_to": _("Send to %(side)s"),
        "side_ns": _("North-South"),
        "side_ew": _("East-West"),
        "warnings_title": _("Check before accepting:"),
        "version_title": _("What happened? Your version goes to the director."),
        "version_hint": _("Correct what is wrong, then send your version."),
        "send_version": _("Send our version to the director"),
        "rejected_note": _("East-West rejected the result: correct it and send again."),
        "reopened_note": _("The director reopened this board: enter it again."),
        "tricks": _("%(tricks)s tricks"),
    }


def _confirm() -> dict[str, str]:
    return {
        "ew_accept": _("EW: accept this result?"),
        "accept_from": _("%(side)s entered this result. Accept it?"),
        "waiting_for": _("Sent: %(side)s accept it on their phone."),
        "disputed_note": _("Disputed: the director settles this board."),
        "version_of": _("The opponents say: %(text)s"),
        "yours": _("%(side)s (you)"),
        "hand_over": _("North-South: hand the phone to East-West."),
        "contract": _("Contract"),
        "by": _("by %(seat)s"),
        "score": _("Score"),
        "accept": _("Accept"),
        "reject": _("Reject"),
        "accepted": _("Board %(board)s accepted"),
        "nothing_shown": _("The result is recorded."),
        "imps": _("%(imps)s IMPs"),
        "percentage_title": _("Each side's percentage on this board so far"),
        "imps_title": _("Each side's IMPs on this board so far"),
        "traveller": _("The board so far"),
        "col_ns": _("NS"),
        "col_ew": _("EW"),
        "col_contract": _("Contract"),
        "col_result": _("Result"),
        "col_lead": _("Lead"),
        "col_score": _("Score"),
        "col_ns_points": _("NS pts"),
        "col_ew_points": _("EW pts"),
        "col_score_side": _("Score %(side)s"),
        "col_points_side": _("Points %(side)s"),
        "col_board": _("Board"),
        "scorecard_title": _("The round's results, scored for %(side)s"),
        "confirm_round": _("Confirm round %(round)s"),
        "confirm_continue": _("Confirm round %(round)s and continue to round %(next)s"),
    }


def _disagreements() -> dict[str, str]:
    """A result rejected with the opponents' version, answered at the table,
    withdrawn, or taken to the director."""
    return {
        "status_to_answer": _("%(side)s rejected it: see their version"),
        "status_answer_waiting": _("Rejected: waiting for %(side)s"),
        "they_say": _("%(side)s say: %(text)s"),
        "you_said": _("You said: %(text)s"),
        "you_sent": _("Your result:"),
        "correct_ours": _("Correct our result"),
        "correct_note": _(
            "The opponents' version is filled in: change what is wrong, then send."
        ),
        "keep_ours": _("Keep ours: send it again"),
        "call_about": _("Call the director about this board"),
        "withdraw": _("Withdraw it and type it again"),
        "withdrawn_note": _("Withdrawn: correct it and send it again."),
        "version_title_own": _(
            "What happened? %(side)s see your version and correct theirs."
        ),
        "send_version_own": _("Send our version to %(side)s"),
        "answer_waiting": _("%(side)s are checking your version."),
    }


def _short_heads() -> dict[str, str]:
    """The traveller's headings as they fit a phone's width in each language
    (the page says the full heading in the abbreviation's title)."""
    short = "traveller heading on a phone"
    return {
        "short_contract": pgettext(short, "Contract"),
        "short_result": pgettext(short, "Result"),
        "short_lead": pgettext(short, "Lead"),
        "short_score_side": pgettext(short, "Score %(side)s"),
        "short_points_side": pgettext(short, "Points %(side)s"),
    }


def _director() -> dict[str, str]:
    return {
        "call": _("Call the director"),
        "called": _("Director called — on the way"),
        "call_failed": _("The call did not get through: try again."),
        "north": _("North"),
        "east": _("East"),
        "south": _("South"),
        "west": _("West"),
        "ns": _("NS"),
        "ew": _("EW"),
    }


def _members() -> dict[str, str]:
    """The players' sign-in with their member numbers at the first round."""
    return {
        "members_title": _("Sign in with your member numbers"),
        "members_hint": _("The director asks each player for their member number."),
        "members_ns": _("North-South"),
        "members_ew": _("East-West"),
        "members_send": _("Sign in %(side)s"),
        "members_missing": _("Type both players' member numbers."),
        "members_failed": _("The member numbers did not get through: try again."),
        "members_signed_in": _("Signed in: %(names)s"),
        "members_skip": _("Skip"),
    }


def _match() -> dict[str, str]:
    """A team table's match and its score, from the phone's team's side."""
    return {
        "match_open": _("Match %(number)s · Open room"),
        "match_closed": _("Match %(number)s · Closed room"),
        "match_teams": _("Your team: %(ours)s, against %(theirs)s"),
        "match_imps": _("Match score: %(ours)s – %(theirs)s IMPs"),
        "match_points": _("Match score: %(ours)s – %(theirs)s points"),
        "match_vps": _("Victory points: %(ours)s – %(theirs)s"),
        "match_boards": _("%(done)s of %(boards)s boards complete in both rooms"),
        "match_hidden": _("The match score is not shown now."),
    }


def messages() -> dict[str, str]:
    """Every text of the page's script, in the active language."""
    return {
        **_screens(),
        **_phones(),
        **_statuses(),
        **_entry(),
        **_confirm(),
        **_disagreements(),
        **_short_heads(),
        **_director(),
        **_members(),
        **_match(),
    }


def _page(request: HttpRequest, code: str) -> HttpResponse:
    context = {
        "code": code,
        "table_messages": messages(),
        "table_config": _config(code),
    }
    return render(request, "table/phone.html", context)


@never_cache
@require_GET
def signin_page(request: HttpRequest) -> HttpResponse:
    """The form where a player types the code from the table's card (without
    JavaScript the form comes back here with ``?code=``)."""
    typed = request.GET.get("code", "").strip()
    if typed:
        return redirect("table:code", code=typed[:32])
    return _page(request, "")


@never_cache
@require_GET
def code_page(request: HttpRequest, code: str) -> HttpResponse:
    """The address in the table card's QR code: signs in with that code."""
    return _page(request, code.strip()[:32])


@require_GET
def worker(request: HttpRequest) -> HttpResponse:
    """The page's service worker, served under t/ so that it may keep the table
    page for a reload without network."""
    found = finders.find("table/sw.js")
    if not isinstance(found, str):
        raise Http404("table/sw.js")
    with open(found, "rb") as script:
        response = HttpResponse(script.read(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
