"""The table's extras in a real browser (Debian's Chromium through Playwright): each city's
running score beside it and in the seats list; the chat (a player writes, the others and a
spectator read it as text, never as HTML; a refusal is told under the field); the rematch (a
player proposes it at the end, every page of the finished table shows its own way to it, each
player's link leads to their own new seat). The spectator's page keeps the real CSP: it must
report no violation. Screenshots at 1366x768 and 390x844 (touch) go to build/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import play_to_end
from tests.web.test_browser import SHOTS, chromium, serve
from tests.web.test_phone_browser import LAPTOP, PHONE

INJECTION = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "extras")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def made(server: str, game: str, options: dict[str, Any], seats: list[Any]) -> Any:
    body = {"game": game, "options": options, "seats": seats}
    r = httpx.post(server + "/api/tables", json=body, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


class Watched:
    """A page's alerts and CSP violations (none may happen)."""

    def __init__(self, page: Any) -> None:
        self.dialogs: list[str] = []
        self.violations: list[str] = []
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        page.on(
            "console",
            lambda m: (
                self.violations.append(m.text) if "Content Security Policy" in m.text else None
            ),
        )


def spectator(browser: Any, server: str, table: str, device: dict[str, Any]) -> Any:
    """A spectator's page with the server's own CSP (no bypass, so no test script runs in
    it: it is only waited for by selectors)."""
    page = browser.browser.new_context(**device).new_page()
    page.watched = Watched(page)
    page.goto(f"{server}/watch/{table}")
    return page


def seat_page(browser: Any, server: str, link: str, device: dict[str, Any]) -> Any:
    page = browser.new_context(**device).new_page()
    page.watched = Watched(page)
    page.goto(server + link)
    return page


def test_running_scores_and_the_chat(server: str, browser: Any) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bob"},
        {"kind": "human", "name": "Cleo"},  # (played through the API: the scores hold still)
    ]
    table = made(server, "classic", {"players": 3}, seats)
    links = {s["seat"]: s["link"] for s in table["seats"]}
    with httpx.Client(base_url=server, timeout=10) as api:
        for _turn in range(2):  # two turns: cities with cards and coins
            for s in table["seats"]:
                st = api.get(f"/api/play/{s['token']}").json()
                api.post(f"/api/play/{s['token']}/action", json=st["legal"][-1])
        watched = api.get(f"/api/watch/{table['table']}").json()
    ann = seat_page(browser, server, links[0], LAPTOP)
    bob = seat_page(browser, server, links[1], PHONE)
    guest = spectator(browser, server, table["table"], LAPTOP)
    for page in (ann, bob, guest):
        page.wait_for_selector("#board .city .running")
        page.wait_for_selector("#seats li .running")
    # each city's score beside it and in the seats list: the server's public numbers
    for seat, score in enumerate(watched["scores"]):
        badge = ann.locator(f"#board .city[data-seat='{seat}'] h4 .running")
        assert badge.inner_text().split() == ["≈", str(score)]  # (the VP drawn as its symbol)
        assert badge.locator("svg.icon-vp").count() == 1
        listed = guest.locator(f"#seats li[data-seat='{seat}'] .running")
        assert listed.inner_text().split() == ["≈", str(score)]
    assert "≈" in (bob.locator("#mine .city .running").inner_text())  # on a phone: Bob's city
    # the chat: Ann writes markup, everyone reads it as text
    assert guest.locator("#chat-form").count() == 0 and guest.is_visible("#chat-note")
    ann.fill("#chat-text", INJECTION)
    ann.click("#chat-send")
    for page in (ann, bob, guest):
        page.wait_for_selector("#chat li .said")
        said = page.locator("#chat li").last
        assert said.locator(".said").inner_text() == INJECTION
        assert said.locator("img").count() == 0 and page.locator("#chat-box img").count() == 0
    assert bob.locator("#chat li .who").last.inner_text() == "Ann"
    assert ann.locator("#chat li .who").last.inner_text() == "you"
    assert ann.input_value("#chat-text") == ""  # sent: the field is empty again
    bob.fill("#chat-text", "well played, Ann")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat li:nth-child(2)")
    # a refusal in one line under the field (a seat writes 5 at once, then one every 4 s)
    for i in range(5):
        ann.fill("#chat-text", f"message {i}")
        ann.click("#chat-send")
        if i < 4:
            ann.wait_for_function(
                "n => document.querySelectorAll('#chat li').length === n", arg=i + 3
            )
    ann.wait_for_function("document.getElementById('chat-error').textContent !== ''")
    assert ann.inner_text("#chat-error").startswith("you are writing too fast: wait ")
    assert ann.input_value("#chat-text") == "message 4"  # kept, to send again
    guest.wait_for_selector("#chat li:nth-child(6)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "extras-laptop.png"))
    ann.screenshot(path=str(SHOTS / "extras-laptop-full.png"), full_page=True)
    bob.screenshot(path=str(SHOTS / "extras-phone.png"))
    bob.screenshot(path=str(SHOTS / "extras-phone-full.png"), full_page=True)
    guest.screenshot(path=str(SHOTS / "extras-spectator.png"), full_page=True)
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    for page in (ann, bob, guest):
        assert page.watched.dialogs == [] and page.watched.violations == []


def test_a_rematch_from_the_final_scores(server: str, browser: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    table = made(server, "duel", {}, seats)
    tokens = [s["token"] for s in table["seats"]]
    with httpx.Client(base_url=server, timeout=10) as api:
        play_to_end(api, tokens)  # type: ignore[arg-type]
    ann = seat_page(browser, server, f"/play/{tokens[0]}", LAPTOP)
    bob = seat_page(browser, server, f"/play/{tokens[1]}", PHONE)
    guest = spectator(browser, server, table["table"], PHONE)
    for page in (ann, bob):
        page.wait_for_selector("#game-over")
        page.wait_for_selector("button#rematch")
    guest.wait_for_selector("#game-over")
    assert guest.locator("#rematch").count() == 0  # a spectator proposes nothing
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.locator("#scores").scroll_into_view_if_needed()
    bob.screenshot(path=str(SHOTS / "rematch-offer-phone.png"))
    ann.click("button#rematch")
    for page in (ann, bob):  # each player's own link, on their page
        page.wait_for_selector("a#rematch-link")
        assert page.inner_text("a#rematch-link") == "Rematch: join"
    guest.wait_for_selector("a#rematch-link")
    assert guest.inner_text("a#rematch-link") == "Rematch: watch"
    for page in (ann, bob, guest):
        assert "null" not in page.inner_text("#scores")
    ann.screenshot(path=str(SHOTS / "rematch-laptop.png"))
    bob.locator("#scores").scroll_into_view_if_needed()
    bob.screenshot(path=str(SHOTS / "rematch-phone.png"))
    new_table = guest.get_attribute("a#rematch-link", "href").rsplit("/", 1)[1]
    links = [p.get_attribute("a#rematch-link", "href") for p in (ann, bob)]
    assert links[0] != links[1] and all(link.startswith("/play/") for link in links)
    bob.click("a#rematch-link")  # Bob's link: his own seat at the new table
    bob.wait_for_url("**" + links[1])
    bob.wait_for_selector("#seats li")
    assert bob.inner_text("#seats li[data-seat='1']").startswith("▶ 2. Bob")
    assert not bob.inner_text("#seats li[data-seat='0']").startswith("▶")
    ann.click("a#rematch-link")
    ann.wait_for_url("**" + links[0])
    ann.wait_for_selector("#seats li")
    assert ann.inner_text("#seats li[data-seat='0']").startswith("▶ 1. Ann")
    assert ann.locator("#manage-link").count() == 1  # the proposer keeps the manage link
    assert ann.evaluate("window.TABLE.table") == new_table
    ann.screenshot(path=str(SHOTS / "rematch-new-table.png"))
    for page in (ann, bob, guest):
        assert page.watched.dialogs == [] and page.watched.violations == []
