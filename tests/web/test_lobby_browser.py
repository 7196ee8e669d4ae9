"""The lobby's form in Chromium (issue 33): the creator names themselves, keeps a seat for an
invited friend and opens another to the lobby, and is taken to their own seat, where the
invite link waits to be sent; a visitor joins the open seat by name, and can never take the
invited one; the friend's link still works, asks his name, and every page shows the names.
Screenshots of the lobby and of a table with names go to ``build/screenshots/``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import CHROMIUM, SHOTS, chromium, playwright_api, serve

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "lobby")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def seats_text(page: Any) -> str:
    return str(page.inner_text("#seats"))


def test_the_lobby_form_seats_the_creator_keeps_the_invite_and_fills_the_open_seat(
    server: str, browser: Any
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = browser.new_context().new_page()
    ann.goto(server + "/")
    ann.fill("#my-name", "Ann")
    ann.fill("#players", "3")
    ann.dispatch_event("#players", "change")
    ann.select_option("#seat0", "invited")
    ann.select_option("#seat1", "invited")
    ann.select_option("#seat2", "open")
    assert ann.is_checked("#me0")  # by default the creator sits at the first person's seat
    ann.select_option("#seat0", "bot:medium")  # a bot there: her seat moves to the next
    assert ann.is_disabled("#me0") and ann.is_checked("#me1")
    ann.select_option("#seat0", "invited")
    ann.check("#me0")
    ann.screenshot(path=str(SHOTS / "lobby-form.png"), full_page=True)
    ann.click("#create-button")
    ann.wait_for_url("**/play/**")  # straight to her seat
    ann.wait_for_selector("#seats li")
    invites = ann.query_selector_all("#invites a.invite")
    assert [a.get_attribute("data-seat") for a in invites] == ["1"]  # only the invited seat
    bob_link = invites[0].get_attribute("href")
    assert "first people who join" in ann.inner_text("#links")
    assert not ann.query_selector("#name-form")  # she gave her name in the lobby
    assert "1. Ann" in seats_text(ann)

    visitor = browser.new_context().new_page()  # someone in the lobby
    visitor.goto(server + "/")
    visitor.wait_for_selector("#open li button.join")
    listed = visitor.inner_text("#open li")
    assert "Ann" in listed and "Player 2 (invited)" in listed and "free seat" in listed
    visitor.screenshot(path=str(SHOTS / "lobby-waiting-table.png"), full_page=True)
    visitor.fill("#my-name", "Cy <img src=x onerror=alert(1)>")
    visitor.click("#open li button.join")
    visitor.wait_for_url("**/play/**")
    visitor.wait_for_selector("#seats li")
    assert not visitor.query_selector("#name-form")
    assert (
        visitor.query_selector("#seats li[data-seat='2']").inner_text().startswith("▶ 3. Cy <img")
    )
    assert not visitor.query_selector("#seats img")  # the name is text, never markup

    late = browser.new_context().new_page()  # another visitor: nothing left to join
    late.goto(server + "/")
    late.wait_for_selector("#open li")
    assert "Player 2 (invited)" in late.inner_text("#open li")
    assert not late.query_selector("#open li button.join")

    bob = browser.new_context().new_page()  # the invite link still works, and asks his name
    bob.goto(server + bob_link)
    bob.wait_for_selector("#name-form")
    assert bob.get_attribute("#seat-name", "placeholder") == "Player 2"
    bob.screenshot(path=str(SHOTS / "table-asks-a-name.png"))
    bob.fill("#seat-name", "   ")
    bob.click("#seat-name-button")
    bob.wait_for_selector("#seat-name-error:has-text('a name is needed')")
    bob.fill("#seat-name", "ann")
    bob.click("#seat-name-button")
    bob.wait_for_selector("#seat-name-error:has-text('called ann already')")
    bob.fill("#seat-name", "Bob")
    bob.click("#seat-name-button")
    bob.wait_for_selector("#name-form", state="detached")
    for page in (ann, bob, visitor):  # pushed to every seat's page
        page.wait_for_function("document.querySelector('#seats').innerText.includes('2. Bob')")
    assert "waiting for a player" not in seats_text(ann)
    ann.wait_for_selector("button.act")
    ann.screenshot(path=str(SHOTS / "table-with-names.png"), full_page=True)
    try:
        ann.locator("button.act").first.click(timeout=2000)
        ann.locator("#confirm-ok").click(timeout=2000)
    except playwright_api.Error:
        pytest.fail("Ann could not play her first card")
    bob.wait_for_function(
        "document.querySelector('#seats').innerText.includes('Ann') "
        "&& !document.querySelector('#seats').innerText.includes('Player')"
    )


def test_the_lobby_offers_the_learned_bot_only_at_the_counts_its_weights_play(
    server: str, browser: Any
) -> None:
    page = browser.new_context().new_page()
    page.goto(server + "/")
    page.select_option("#game", "architects")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    offered = page.eval_on_selector_all("#seat1 option", "os => os.map(o => o.value)")
    assert "bot:learned" in offered and "bot:hard" in offered
    assert "Bot: learned network (moves at once)" in page.inner_text("#seat1")
    page.select_option("#seat1", "bot:learned")
    page.fill("#players", "3")  # no weights at 3: not offered, the seat back to medium
    page.dispatch_event("#players", "change")
    offered = page.eval_on_selector_all("#seat1 option", "os => os.map(o => o.value)")
    assert "bot:learned" not in offered and "bot:hard" in offered
    assert page.input_value("#seat1") == "bot:medium"
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    page.select_option("#seat1", "bot:learned")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby-learned-bot.png"), full_page=True)
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#seats li")
    assert "learned network" in seats_text(page)
