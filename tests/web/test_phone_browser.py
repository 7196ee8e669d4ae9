"""The table on a phone and by touch, driven in Chromium (a 390x844 touch screen, a 1366x768
laptop): a tap (or the keyboard) shows a card's, a wonder's or a token's details, not only a
hover's tooltip; each wonder's own resource is in sight on its board; on a phone the
choices fill the width and your city comes before them, on a laptop no empty band sits
above the decision; the replay steps by turn (a simultaneous turn's choices together); the
Leaders draft is named as the draft, not as an Age 0. Screenshots go to build/screenshots/."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import SHOTS, chromium, serve, take_turn
from wonders.core.registry import get_game
from wonders.web.boards import board_words

pytestmark = pytest.mark.usefixtures("browser")

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
LAPTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}
# every game: 7 Wonders with 3 and 7 players, 2 (the Free City), Leaders, Cities; Duel;
# Architects
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "classic-3": ("classic", {"players": 3}),
    "classic-7": ("classic", {"players": 7}),
    "classic-2": ("classic", {"players": 2}),
    "leaders": ("classic", {"players": 4, "expansions": ["leaders"]}),
    "cities": ("classic", {"players": 4, "expansions": ["cities"]}),
    "duel": ("duel", {}),
    "architects": ("architects", {"players": 4}),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "phone")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def call(server: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + path, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        return json.loads(answer.read())


def table(server: str, game: str, options: dict[str, Any], person: bool = True) -> Any:
    """A table of random bots, with a person at the first seat (``person``) or none."""
    n = options.get("players", 2)
    bots = [{"kind": "bot", "bot": "random"}] * n
    seats = [{"kind": "human", "name": "Ann"}, *bots[1:]] if person else bots
    body = {"game": game, "options": options, "seats": seats}
    return call(server, "/api/tables", body if person else {**body, "creator_seat": None})


def seat_page(browser: Any, server: str, made: Any, device: dict[str, Any]) -> Any:
    page = browser.new_page(**device)
    page.goto(server + made["creator"]["link"])
    page.wait_for_selector("#decision-title")
    return page


def top(page: Any, selector: str) -> float:
    """Where ``selector``'s first element begins, from the top of the page (px)."""
    return float(page.eval_on_selector(selector, "e => e.getBoundingClientRect().top + scrollY"))


def details(page: Any) -> str | None:
    """The details popover's text (a drawn symbol's by its word), None while it is closed."""
    box = page.query_selector("#details")
    return str(box.text_content()) if box and box.is_visible() else None


def test_a_tap_shows_the_details_and_a_second_tap_or_elsewhere_closes_them(
    server: str, browser: Any
) -> None:
    page = seat_page(browser, server, table(server, "classic", {"players": 3}), PHONE)
    texts = call(server, "/api/texts/classic?lang=en")
    chip = page.locator("#hand .chip").first
    card = texts[page.eval_on_selector("#hand .chip", "e => e.dataset.details")]
    assert chip.get_attribute("aria-expanded") == "false"
    chip.tap()
    said = details(page)
    assert said is not None and card["name"] in said and card["text"] in said
    assert chip.get_attribute("aria-expanded") == "true"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-details.png"))
    chip.tap()  # a second tap closes them
    assert details(page) is None and chip.get_attribute("aria-expanded") == "false"
    # a wonder: its stages and what it produces; a tap elsewhere closes them
    wonder = page.locator(".city h4 [data-details]").first
    wonder.tap()
    board = texts[wonder.get_attribute("data-details")]
    assert board["text"] in (details(page) or "")
    page.locator("#log-box h3").tap()
    assert details(page) is None
    wonder.tap()
    page.locator("#details").tap()  # on them too
    assert details(page) is None


def test_the_keyboard_opens_and_escape_closes_the_details(server: str, browser: Any) -> None:
    page = seat_page(browser, server, table(server, "duel", {}), LAPTOP)
    tokens = page.locator("#board .chip.token")
    tokens.first.focus()  # the keyboard's focus shows them
    assert tokens.first.get_attribute("aria-expanded") == "true"
    assert (details(page) or "").startswith(tokens.first.inner_text())
    page.keyboard.press("Escape")
    assert details(page) is None
    page.keyboard.press("Enter")  # Enter (or Space) again
    assert (details(page) or "").startswith(tokens.first.inner_text())
    page.keyboard.press("Tab")  # on to the next token: its details
    assert (details(page) or "").startswith(tokens.nth(1).inner_text())
    assert tokens.first.get_attribute("aria-expanded") == "false"


def test_each_wonders_own_resource_is_in_sight_on_its_board(server: str, browser: Any) -> None:
    page = seat_page(browser, server, table(server, "classic", {"players": 2}), LAPTOP)
    cities = page.locator(".city")
    assert cities.count() == 3  # the Free City's too
    for i in range(cities.count()):
        made = cities.nth(i).locator(".produces")
        assert made.is_visible() and "produces" in made.inner_text()
        assert made.locator("svg.icon").count() == 1  # the resource drawn


@pytest.mark.parametrize("key", list(GAMES))
def test_a_phone_shows_your_city_and_the_choices_in_the_first_screen(
    server: str, browser: Any, key: str
) -> None:
    game, options = GAMES[key]
    page = seat_page(browser, server, table(server, game, options), PHONE)
    screen = PHONE["viewport"]["height"]
    assert top(page, "#mine .city") < screen / 2  # your city, before the decision
    assert top(page, ".choice") < screen
    # the choices use the width: two side by side
    boxes = page.eval_on_selector_all(".choice", "cs => cs.map(c => c.getBoundingClientRect())")
    assert len(boxes) < 2 or boxes[0]["y"] == boxes[1]["y"]
    assert max(b["x"] + b["width"] for b in boxes) <= PHONE["viewport"]["width"]
    page.screenshot(path=str(SHOTS / f"phone-{key}.png"))


@pytest.mark.parametrize("key", ["classic-7", "duel", "architects"])
def test_no_empty_band_above_the_decision_on_a_laptop(server: str, browser: Any, key: str) -> None:
    game, options = GAMES[key]
    page = seat_page(browser, server, table(server, game, options), LAPTOP)
    head = page.eval_on_selector("#head", "e => e.getBoundingClientRect().bottom + scrollY")
    assert top(page, "#decision-title") - head < 60
    assert top(page, "#seats") < top(page, "#decision-title")  # the seats beside it


def turns_of(game: str, record: Any) -> int:
    """The turns of a record: a simultaneous turn's choices count once."""
    state = get_game(game).setup(record["options"], record["seed"])
    turns, acted = 0, set()
    for seat, action in record["actions"]:
        owing = set(state.to_move())
        state.apply(seat, state.action_from_json(action))
        acted.add(seat)
        if acted >= owing:  # everyone who owed a choice has made it
            turns, acted = turns + 1, set()
    return turns


def finished(server: str, game: str, options: dict[str, Any]) -> Any:
    made = table(server, game, options, person=False)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            return made["table"], call(server, f"/api/tables/{made['table']}/record")
        except urllib.error.HTTPError:
            time.sleep(0.2)
    raise AssertionError("the bots' game did not end in time")


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_the_replay_steps_by_turn(server: str, browser: Any, game: str) -> None:
    table_id, record = finished(server, game, {"players": 3} if game == "classic" else {})
    turns = turns_of(game, record)
    page = browser.new_page(**LAPTOP)
    page.goto(server + f"/replay/{table_id}")
    page.wait_for_selector("#board .city")
    assert page.inner_text("#where") == f"Step {turns} of {turns}"
    if game == "duel":  # one decision at a time
        assert turns == len(record["actions"])
        return
    assert turns < len(record["actions"]) / 2
    page.click("#first")
    page.wait_for_function("document.getElementById('where').dataset.step === '0'")
    page.click("#next")  # every seat's card of the first turn, together
    page.wait_for_function("document.getElementById('where').dataset.step === '1'")
    assert page.inner_text("#where") == f"Step 1 of {turns}"
    assert "Age I, turn 2" in page.inner_text("#head")


def test_the_leader_draft_is_named_the_draft(server: str, browser: Any) -> None:
    options = {"players": 3, "expansions": ["leaders"]}
    page = seat_page(browser, server, table(server, "classic", options), LAPTOP)
    head = page.inner_text("#head")
    assert head.startswith("Before Age I — Leader draft, round 1")
    assert "Age 0" not in head and "turn 0" not in head.lower()
    assert take_turn(page)
    page.wait_for_function("document.getElementById('head').innerText.includes('round 2')")


def test_an_ages_recruitment_is_named_so_not_a_turn_0() -> None:
    state = get_game("classic").setup({"players": 3, "expansions": ["leaders"]}, 1)
    while state.view(0)["phase"] == "leader_draft":  # the draft: the first choices
        for seat in state.to_move():
            state.apply(seat, state.legal_actions(seat)[0])
    head = board_words("classic", state.view(0), 0, ["Ann", "Bob", "Cy"])["head"]
    assert head.startswith("Age I: recruitment — ") and "turn 0" not in head
