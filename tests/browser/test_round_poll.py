"""A phone's poll of its round that comes back after the player has opened a
board does not draw the round's list over the board's form: the player's tap
is not undone by news of the round (seen in an individual of eight phones on a
busy server, where a board tapped three times never opened)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.phones import acts, sit, token
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone's requests for its round wait until the test lets them go: a poll
# then comes back when the test says, after the round has changed.
HOLD_ROUNDS = """() => {
  window.heldRounds = [];
  const real = window.fetch.bind(window);
  window.fetch = (url, options) => {
    const read = !options || !options.method || options.method === "GET";
    if (read && String(url).endsWith("/round")) {
      const held = (done) => window.heldRounds.push(() => done(real(url, options)));
      return new Promise(held);
    }
    return real(url, options);
  };
}"""
LET_GO = "() => window.heldRounds.splice(0).forEach((go) => go())"


def test_news_of_the_round_does_not_close_a_board_just_opened(
    live_server: LiveServer, browser: Browser, own_phones: Session
) -> None:
    code = codes_ensure(own_phones)[0].code
    page = sit(browser, live_server.url, code, "NS", "en-GB")
    board = page.locator("button.board-button").first
    board.wait_for()
    page.evaluate(HOLD_ROUNDS)
    page.wait_for_function("() => window.heldRounds.length > 0")  # a poll is out
    assert acts(token(page, code), "call") == 200  # the round changes meanwhile
    board.click()
    form = page.locator("fieldset.level")
    form.wait_for()
    with page.expect_response(lambda response: response.url.endswith("/round")):
        page.evaluate(LET_GO)
    page.wait_for_timeout(500)  # the poll's answer handled
    assert form.is_visible()
    assert page.locator("button.board-button").count() == 0
