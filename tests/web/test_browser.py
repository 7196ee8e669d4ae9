"""Real-browser tests: Playwright for Python driving Debian's Chromium (``/usr/bin/chromium``,
installed by ``make test``; Playwright cannot download browsers here). Two people and a bot
finish a 3-player game through the pages; a Duel and an Architects game against bots are
played to the end. A screenshot of each table is saved under ``build/screenshots/``
(ignored by git) for review."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn is not installed")

from wonders.web.app import create_app  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``wonders serve``'s app under uvicorn in a thread, stopped and started at will."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.url = f"http://127.0.0.1:{port}"

    def start(self) -> None:
        config = uvicorn.Config(
            create_app(f"sqlite:///{self.db}", bot_delay=0.05),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self.srv = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 20
        while not self.srv.started and time.monotonic() < end:
            time.sleep(0.05)
        assert self.srv.started, "the server did not start"

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(timeout=10)


def serve(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[str]:
    """A module's server (its own database in a ``name`` folder): yields its URL."""
    srv = Server(tmp_path_factory.mktemp(name) / "wonders.db", free_port())
    srv.start()
    yield srv.url
    srv.stop()


class Browser:
    """A browser whose pages let the tests' own scripts run despite the pages' CSP
    (Playwright's ``wait_for_function`` evaluates its text with ``eval``, which the CSP
    forbids); tests/web/test_guard.py checks the CSP in a browser of its own."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        return self.browser.new_context(bypass_csp=True, **options)

    def new_page(self, **options: Any) -> Any:
        return self.browser.new_page(bypass_csp=True, **options)


def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, for one module's tests."""
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        yield Browser(b)
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def create_table(page: Any, server: str, game: str, players: int, seats: list[str]) -> list[str]:
    """Fill the lobby's form ("human": an invited seat; the creator sits at the first) and
    create: the page goes to the creator's seat. Its link, then the invite links it shows."""
    page.goto(server + "/")
    page.select_option("#game", game)
    if game != "duel":
        page.fill("#players", str(players))
        page.dispatch_event("#players", "change")
    for i, seat in enumerate(seats):
        page.select_option(f"#seat{i}", "invited" if seat == "human" else seat)
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#links")
    mine = "/play/" + page.url.split("/play/", 1)[1]
    return [mine] + [a.get_attribute("href") for a in page.query_selector_all("#invites a")]


def take_turn(page: Any) -> bool:
    """Play the first offered action if this page owes one and has not chosen yet."""
    if page.query_selector("#game-over") or page.query_selector("#my-choice"):
        return False
    buttons = page.locator("button.act")
    if buttons.count() == 0:
        return False
    try:  # the page redraws on every message: a button may go while it is clicked
        buttons.first.click(timeout=2000)
        page.locator("#confirm-ok").click(timeout=2000)
    except playwright_api.Error:
        page.keyboard.press("Escape")
        return False
    page.wait_for_timeout(30)
    return True


def play(pages: list[Any], timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(p.query_selector("#game-over") for p in pages):
            return
        if not any([take_turn(p) for p in pages]):
            pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end in time")


def test_two_people_and_a_bot_finish_a_base_game(server: str, browser: Any) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, "classic", 3, ["human", "human", "bot:medium"])
    assert len(links) == 2
    ann, bob = browser.new_context().new_page(), browser.new_context().new_page()
    ann.goto(server + links[0])
    bob.goto(server + links[1])
    ann.wait_for_selector("#hand")
    assert ann.query_selector("button.act") and "Age I," in ann.inner_text("#head")
    drawn = ann.query_selector("#board .stats svg.icon-coin")  # a symbol, its word for readers
    assert drawn and drawn.get_attribute("aria-label") == "coins"
    assert ann.query_selector("#board li svg.icon")  # the stages' costs drawn as symbols
    play([ann, bob], timeout=150)
    assert ann.query_selector("table.score") and len(ann.query_selector_all(".city")) == 3
    assert "you" in ann.inner_text("#scores")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "classic-final.png"), full_page=True)
    lobby.goto(server + "/")
    lobby.wait_for_selector("#finished li a.replay")
    lobby.click("#finished li a.replay")  # the replay page, as the spectator, then as Bob
    lobby.wait_for_selector("#board .city")
    lobby.select_option("#seat", "1")
    lobby.wait_for_function("shown !== null && shown.seat === 1")  # Bob's view has come
    total = int(lobby.inner_text("#where").split(" of ")[1])
    # back to a position where Bob holds cards: 3 turns before the end, or a few more (the
    # deal varies, and at an Age's end or while Babylon plays its last card he holds none)
    for back in range(1, total):
        lobby.click("#prev")
        lobby.wait_for_function(
            "w => document.getElementById('where').textContent === w",
            arg=f"Step {total - back} of {total}",
        )
        if back >= 3 and lobby.query_selector("#hand"):
            break
    assert not lobby.query_selector("table.score")  # before the end
    assert lobby.query_selector("#hand")  # Bob's hand then
    lobby.screenshot(path=str(SHOTS / "classic-replay.png"), full_page=True)


def test_a_classic_table_mid_game_and_a_reopened_tab(server: str, browser: Any) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, "classic", 3, ["human", "bot:easy", "bot:medium"])
    page = browser.new_context().new_page()
    page.goto(server + links[0])
    page.wait_for_selector("button.act")
    for _ in range(3):
        page.wait_for_selector("button.act:not(.selected)")
        take_turn(page)
        page.wait_for_timeout(300)
    page.wait_for_selector("button.act")
    turn = page.inner_text("#head")
    page.close()  # the tab is closed and opened again: same seat, same turn
    again = browser.new_context().new_page()
    again.goto(server + links[0])
    again.wait_for_selector("button.act")
    assert again.inner_text("#head") == turn
    SHOTS.mkdir(parents=True, exist_ok=True)
    again.screenshot(path=str(SHOTS / "classic-midgame.png"), full_page=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(server + links[0])  # the same seat on a phone: one column
    phone.wait_for_selector("button.act")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    phone.screenshot(path=str(SHOTS / "classic-phone.png"), full_page=True)


@pytest.mark.parametrize(
    ("game", "players", "seats"),
    [
        ("duel", 2, ["human", "bot:medium"]),
        ("architects", 3, ["human", "bot:medium", "bot:easy"]),
    ],
)
def test_a_game_against_bots_is_played_to_the_end(
    server: str, browser: Any, game: str, players: int, seats: list[str]
) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, game, players, seats)
    page = browser.new_context().new_page()
    page.goto(server + links[0])
    page.wait_for_selector("#board .city")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for _ in range(6):
        take_turn(page)
        page.wait_for_timeout(150)
    page.screenshot(path=str(SHOTS / f"{game}-midgame.png"), full_page=True)
    assert "[object" not in page.inner_text("#board")  # every symbol drawn, none as text
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: one column
    page.wait_for_timeout(100)
    page.screenshot(path=str(SHOTS / f"{game}-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    page.set_viewport_size({"width": 1280, "height": 800})
    play([page], timeout=120)
    assert page.query_selector("table.score")
    page.screenshot(path=str(SHOTS / f"{game}-final.png"), full_page=True)


def test_two_player_7_wonders_draws_the_free_city_and_each_city_once(
    server: str, browser: Any
) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, "classic", 2, ["human", "bot:medium"])
    page = browser.new_context().new_page()
    page.goto(server + links[0])
    page.wait_for_selector("#decision-title")
    heads = [h.inner_text() for h in page.query_selector_all("#board .city h4")]
    assert len(heads) == 3, heads  # you, the other player, the Free City
    assert sum("The Free City" in h for h in heads) == 1
    assert sum("on your left" in h for h in heads) == 1
    assert sum("on your right" in h for h in heads) == 1
    assert "with the Free City's card" in page.inner_text("#hand h3")  # seat 0 holds it first
    assert "Choose a card to play" in page.inner_text("#decision-title")
    take_turn(page)
    page.wait_for_selector('#decision-title:has-text("Free City")')  # then its card


def test_duels_track_draws_the_capitals_the_pawn_and_the_coin_tokens(
    server: str, browser: Any
) -> None:
    lobby = browser.new_page()
    links = create_table(lobby, server, "duel", 2, ["human", "bot:medium"])
    page = browser.new_context().new_page()
    page.goto(server + links[0])
    page.wait_for_selector("#military")
    track = page.query_selector("#military")
    assert len(track.query_selector_all(".cell")) == 19
    assert len(track.query_selector_all(".capital")) == 2
    assert [c.inner_text() for c in track.query_selector_all(".token")] == ["5", "2", "2", "5"]
    assert track.query_selector(".pawn") and "3," not in track.inner_text()  # no "you 3, you 6"
    sides = [s.inner_text() for s in track.query_selector_all(".side")]
    assert sides == ["you", "medium bot 2"]


def test_the_cat_holder_sees_the_central_decks_top(server: str, browser: Any) -> None:
    """At the start of the holder's turn the view has the central top: the page shows it
    (the table's seed is random: up to three games, until seat 0 holds the cat)."""
    seen = 0
    for _game in range(3):
        lobby = browser.new_page()
        links = create_table(lobby, server, "architects", 2, ["human", "bot:medium"])
        page = browser.new_context().new_page()
        page.goto(server + links[0])
        page.wait_for_selector("#decision-title")
        end = time.monotonic() + 60
        while time.monotonic() < end and not page.query_selector("#game-over"):
            # read at once: the page may be redrawn between two reads
            cat, title, top, central = page.evaluate(
                """() => {
                  const h4 = document.querySelector("#board .city[data-seat='0'] h4");
                  const title = document.querySelector("#decision-title");
                  const central = document.querySelector("#central");
                  return [!!h4 && h4.innerText.includes("with the cat"),
                          title ? title.innerText : "", !!document.querySelector("#central .chip"),
                          central ? central.innerText : ""];
                }"""
            )
            if cat and title == "Take a card":  # its turn's start
                assert top, central
                seen += 1  # (a seat that saw the top keeps seeing it until it is taken)
            if not take_turn(page):
                page.wait_for_timeout(50)
        if seen:
            return
    raise AssertionError("seat 0 never held the cat at the start of its turn")


def test_a_leaders_and_cities_team_game_through_its_dialogs(server: str, browser: Any) -> None:
    lobby = browser.new_page()
    lobby.goto(server + "/")
    lobby.fill("#players", "4")
    lobby.dispatch_event("#players", "change")
    for box in ("#exp-leaders", "#exp-cities", "#teams"):
        lobby.check(box)
    for i in (1, 2, 3):
        lobby.select_option(f"#seat{i}", "bot:medium")
    lobby.click("#create-button")
    lobby.wait_for_url("**/play/**")  # the creator's own seat
    link = "/play/" + lobby.url.split("/play/", 1)[1]
    page = browser.new_context().new_page()
    page.goto(server + link)
    page.wait_for_selector("#decision.dialog")  # the leader draft comes as a dialog
    assert "Keep a leader" in page.inner_text("#decision-title")  # the game's own words
    assert page.inner_text("#decision-prompt")
    play([page], timeout=150)
    assert page.query_selector("table.score")
    assert "Team scores" in page.inner_text("#teams")  # beside the players' scores
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "classic-leaders-cities-teams-final.png"), full_page=True)


def test_the_page_carries_on_after_a_server_restart(tmp_path: Path, browser: Any) -> None:
    srv = Server(tmp_path / "restart.db", free_port())
    srv.start()
    try:
        lobby = browser.new_page()
        links = create_table(lobby, srv.url, "classic", 3, ["human", "bot:medium", "bot:medium"])
        SHOTS.mkdir(parents=True, exist_ok=True)
        lobby.screenshot(path=str(SHOTS / "lobby-created.png"), full_page=True)
        page = browser.new_context().new_page()
        page.goto(srv.url + links[0])
        page.wait_for_selector("button.act")
        take_turn(page)
        page.wait_for_function("document.querySelector('#head').innerText.includes('turn 2')")
        srv.stop()  # the server goes away mid-game...
        page.wait_for_function("document.querySelector('#status').innerText.includes('Reconn')")
        srv.start()  # ...and comes back: the page reconnects by itself, same seat, same turn
        page.wait_for_function("document.querySelector('#status').innerText === 'Connected'")
        page.wait_for_selector("button.act")
        assert "turn 2" in page.inner_text("#head")
        take_turn(page)
        page.wait_for_function("document.querySelector('#head').innerText.includes('turn 3')")
    finally:
        srv.stop()
