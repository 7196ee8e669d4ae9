"""A player looking elsewhere is told it is their turn: the tab's title says it while the
decision is theirs to make, a notification (when allowed) and an optional sound when it
becomes their turn; a spectator's page has none of it. Driven in Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import chromium, create_table, serve

pytestmark = pytest.mark.usefixtures("browser")

# the page as a hidden tab whose browser allows notifications: each one shown is kept
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
window.shown = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.shown.push([title, options.tag]); }
  close() {}
};
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "your-turn")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def test_the_title_says_your_turn_until_you_choose(server: str, browser: Any) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, "classic", 3, ["human", "human", "bot:medium"])
    mine, theirs = lobby, browser.new_page()
    theirs.add_init_script(HIDDEN_TAB)
    theirs.goto(server + links[1])
    for page in (mine, theirs):
        page.wait_for_function("document.title.startsWith('Your turn: ')")
    assert mine.title() == "Your turn: wonders: 7 Wonders"
    # the other player's tab is hidden: one notification, for their table
    theirs.wait_for_function("window.shown.length === 1")
    assert theirs.evaluate("window.shown")[0][0] == "Your turn: wonders: 7 Wonders"
    assert theirs.locator("#notify-state").inner_text() == "Notifications are on"
    # chosen (it may change until all have chosen): the title no longer calls
    mine.locator("button.act").first.click()
    mine.locator("#confirm-ok").click()
    mine.wait_for_selector("#my-choice")
    mine.wait_for_function("document.title === 'wonders: 7 Wonders'")
    assert theirs.title().startswith("Your turn: ")
    # a spectator's page never says it
    watch = browser.new_page()
    watch.goto(server + "/watch/" + mine.evaluate("T.table"))
    watch.wait_for_selector("#seats li")
    assert watch.title() == "wonders: 7 Wonders" and not watch.query_selector("#sound")


def test_the_sound_is_the_players_choice_and_kept(server: str, browser: Any) -> None:
    page = browser.new_page()
    create_table(page, server, "duel", 2, ["human", "bot:medium"])
    box = page.locator("#sound")
    assert not box.is_checked()  # off unless asked for
    assert page.locator("#notify").inner_text() == "Notify me on my turn"  # not asked yet
    box.check()
    assert page.evaluate("localStorage.getItem('wonders-sound')") == "on"
    page.reload()
    assert page.locator("#sound").is_checked()  # kept for the next page
