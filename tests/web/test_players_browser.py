"""Players and ratings in Chromium (issue 33, item 9): the player's cookie is out of the
pages' reach (HttpOnly); Ann names herself in the lobby, Bob at his seat; their Duel ends
and each name at the table shows its new rating; the leaderboard and Ann's history (with
its replay) show them; a one-time link moves Ann to a phone. Screenshots at 1366x768 and
390x844 go to ``build/screenshots/``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import CHROMIUM, SHOTS, chromium, create_table, play, serve

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)
WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "players")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def shoot(page: Any, name: str) -> None:
    for size, suffix in ((WIDE, ""), (PHONE, "-phone")):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"{name}{suffix}.png"), full_page=True)
    page.set_viewport_size(WIDE)


def test_two_players_are_rated_and_ann_moves_to_her_phone(server: str, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann_context = browser.new_context(viewport=WIDE)
    ann = ann_context.new_page()
    ann.goto(server + "/")
    assert not ann_context.cookies()  # a visit makes no player
    ann.fill("#my-name", "Ann")
    ann.dispatch_event("#my-name", "change")  # her name makes her one
    ann.wait_for_selector("#my-page")
    assert "wonders_player" not in ann.evaluate("document.cookie")  # HttpOnly
    [cookie] = [c for c in ann_context.cookies() if c["name"] == "wonders_player"]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    ann_id = cookie["value"].split(".")[0]
    ann.wait_for_function("fetch('/').then(r => r.text()).then(t => t.includes('value=\"Ann\"'))")
    links = create_table(ann, server, "duel", 2, ["human", "human"])
    bob = browser.new_context(viewport=WIDE).new_page()
    bob.goto(server + links[1])
    bob.fill("#seat-name", "Bob <i>")
    bob.click("#seat-name-button")
    bob.wait_for_selector("#name-form", state="detached")
    play([ann, bob], timeout=300)
    for page in (ann, bob):  # the new ratings beside both names
        page.wait_for_function("document.querySelectorAll('#seats a.rating').length === 2")
    assert "rating " in ann.inner_text("#seats")
    assert not ann.query_selector("#seats i")  # a name is text
    shoot(ann, "table-ratings")

    ann.click("#ratings-link")
    ann.wait_for_url("**/players")
    ann.click("#rated-games a[data-game=duel]")
    ann.wait_for_selector("#leaderboard")
    names = ann.locator("#leaderboard td.name").all_inner_texts()
    assert sorted(names) == ["Ann", "Bob <i>"]
    shoot(ann, "leaderboard")

    ann.click(f"#leaderboard tr[data-player='{ann_id}'] a")
    ann.wait_for_selector("#history li")
    assert "Bob <i>" in ann.inner_text("#history") and "→" in ann.inner_text("#history")
    shoot(ann, "player-history")
    ann.click("#history a.replay")
    ann.wait_for_url("**/replay/**")

    ann.goto(server + "/")
    ann.click("#move-button")
    link = ann.input_value("#move-url")
    assert "#move=" in link and cookie["value"].split(".")[1] not in link
    shoot(ann, "lobby-move-link")
    phone = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    phone.goto(link)
    phone.wait_for_selector("#moving:not([hidden])")
    assert "#move=" not in phone.url  # the code leaves the address bar
    phone.screenshot(path=str(SHOTS / "lobby-move-here-phone.png"), full_page=True)
    phone.click("#move-here")
    phone.wait_for_function("document.getElementById('my-name').value === 'Ann'")
    assert phone.get_attribute("#my-page", "href") == f"/players/{ann_id}"
    again = browser.new_context().new_page()  # the link is spent
    again.goto(link)
    again.click("#move-here")
    again.wait_for_selector("#move-error:has-text('expired or was used')")
