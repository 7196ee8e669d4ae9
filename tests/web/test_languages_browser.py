"""The pages in other languages, in Chromium (issue 37).

- The pseudo-language (``wonders.core.i18n.PSEUDO``: every translated letter an accented
  look-alike): the lobby, a table of each game through its game, the replay and the manage
  page show no word of two or more plain ASCII letters: any such word is text that escaped
  gettext. The players' names are chosen non-ASCII; URLs, the brand "wonders", the Ages'
  Roman numerals and the picker's languages (each by its own name) are the words allowed.
- The picker: choosing a language brings the same page back in it, the game where it was.
- Screenshots of a table of each game in Russian, Polish and Ukrainian at 1366x768 and
  390x844 under ``build/screenshots/``, checked for text that overflows its box.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import CHROMIUM, SHOTS, chromium, serve, take_turn
from wonders.core.i18n import LANGUAGE_NAMES
from wonders.web.language import COOKIE

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)

# the brand, the Ages' numerals, the picker's languages, and "SS": the pseudo-language's "ß"
# (its "B") in capitals, where a sentence opens with it
ALLOWED = {"wonders", "II", "III", "SS", *(w for n in LANGUAGE_NAMES.values() for w in n.split())}
URL = re.compile(r"https?://\S+")
# elements whose text is wider than their box (their own scroll width beyond their width)
OVERFLOWING = """() => [...document.querySelectorAll('main *, header *')].filter((e) => {
  const s = getComputedStyle(e);
  if (s.display === 'inline' || s.display === 'none' || e.clientWidth === 0) return false;
  if (['auto', 'scroll', 'hidden'].includes(s.overflowX)) return false;
  return e.scrollWidth > e.clientWidth + 1;
}).map((e) => e.tagName + '.' + e.className + '#' + e.id + ': ' + e.innerText.slice(0, 60))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "languages")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def api(server: str, path: str, body: Any, lang: str = "en") -> Any:
    req = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"cookie": f"{COOKIE}={lang}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def in_language(browser: Any, server: str, lang: str, **options: Any) -> Any:
    """A new page whose visitor chose ``lang`` (the picker's cookie)."""
    context = browser.new_context(**options)
    context.add_cookies([{"name": COOKIE, "value": lang, "url": server}])
    return context.new_page()


def english_words(page: Any) -> list[str]:
    """The words of two or more plain ASCII letters in the page's visible text, but for the
    allowed ones."""
    text = URL.sub(" ", page.evaluate("document.body.innerText"))
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ALLOWED]


def no_english(page: Any, where: str) -> None:
    page.wait_for_timeout(150)  # the last message drawn
    found = english_words(page)
    assert not found, (where, sorted(set(found)))


def table(server: str, game: str, options: Any, names: list[str], lang: str) -> Any:
    """A table of one person (the first name) and bots called by the other names."""
    seats = [{"name": names[0]}] + [{"kind": "bot", "bot": "greedy", "name": n} for n in names[1:]]
    return api(server, "/api/tables", {"game": game, "options": options, "seats": seats}, lang)


# ---- the pseudo-language: whatever escaped gettext shows ----

PSEUDO_NAMES = ["Ááñá", "Ɓöƀ", "Çý", "Đéé"]


def test_in_the_pseudo_language_no_page_shows_a_plain_english_word(
    server: str, browser: Any
) -> None:
    # the lobby with a table waiting (an invited and an open seat), one playing, one finished
    waiting = {"kind": "human", "access": "open"}
    api(
        server,
        "/api/tables",
        {
            "game": "classic",
            "options": {"players": 3, "sides": "B", "expansions": ["leaders", "cities"]},
            "seats": [{"name": "Ññ"}, {"kind": "human", "access": "invited"}, waiting],
        },
    )
    api(
        server,
        "/api/tables",
        {
            "game": "architects",
            "options": {"players": 2},
            "creator_seat": None,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    lobby = in_language(browser, server, "pseudo")
    lobby.goto(server + "/")
    lobby.wait_for_selector("#open li")
    lobby.wait_for_selector("#finished li", timeout=60000)
    lobby.select_option("#game", "classic")
    lobby.check("#exp-leaders")
    no_english(lobby, "the lobby")
    SHOTS.mkdir(parents=True, exist_ok=True)
    lobby.screenshot(path=str(SHOTS / "pseudo-lobby.png"), full_page=True)

    # a 7 Wonders table with Leaders and Cities through a few turns, from the lobby's form
    lobby.fill("#my-name", PSEUDO_NAMES[0])
    lobby.check("#exp-cities")
    lobby.select_option("#seat1", "bot:medium")
    lobby.select_option("#seat2", "bot:easy")
    lobby.click("#create-button")
    lobby.wait_for_url("**/play/**")
    lobby.wait_for_selector("#decision-title")
    no_english(lobby, "a 7 Wonders table, its first decision")
    for turn in range(6):
        if take_turn(lobby):
            lobby.wait_for_timeout(300)
            no_english(lobby, f"a 7 Wonders table, decision {turn + 2}")
    lobby.screenshot(path=str(SHOTS / "pseudo-classic.png"), full_page=True)

    # Duel and Architects to the end (the scores, who won), then a replay and manage page
    for game, options, n in (("duel", {}, 2), ("architects", {"players": 3}, 3)):
        made = table(server, game, options, PSEUDO_NAMES[:n], "pseudo")
        page = in_language(browser, server, "pseudo")
        page.goto(server + made["creator"]["link"])
        page.wait_for_selector("#decision-title")
        no_english(page, f"{game}: the first decision")
        end = time.monotonic() + 150
        moves = 0
        while not page.query_selector("#game-over") and time.monotonic() < end:
            if take_turn(page):
                moves += 1
                if moves % 5 == 0:
                    no_english(page, f"{game}: decision {moves}")
            else:
                page.wait_for_timeout(50)
        assert page.query_selector("#game-over"), f"the {game} game did not end"
        no_english(page, f"{game}: the final scores")
        page.screenshot(path=str(SHOTS / f"pseudo-{game}-final.png"), full_page=True)
        page.goto(server + f"/replay/{made['table']}")
        page.wait_for_selector("#board .city")
        no_english(page, f"{game}: the replay's end")
        page.click("#first")
        page.wait_for_function("document.getElementById('where').dataset.step === '0'")
        no_english(page, f"{game}: the replay's start")
        page.goto(server + made["manage"])
        page.wait_for_selector("#manage-seats")
        no_english(page, f"{game}: the manage page")


# ---- the picker ----


def test_the_picker_brings_the_same_table_back_in_the_language_chosen(
    server: str, browser: Any
) -> None:
    made = table(server, "duel", {}, ["Ann", "Bob"], "en")
    page = in_language(browser, server, "en")
    page.goto(server + made["creator"]["link"])
    page.wait_for_selector("#decision-title")
    assert page.inner_text("#decision-title") == "Choose a wonder"
    take_turn(page)
    page.wait_for_selector("#log li:nth-child(2)")
    page.wait_for_timeout(300)
    before = page.inner_text("#log li:nth-child(2)")  # "You took ..."
    page.select_option("#language", "uk")
    page.wait_for_function("document.documentElement.lang === 'uk'")
    assert page.url == server + made["creator"]["link"]  # the same seat's page
    page.wait_for_selector("#log li:nth-child(2)")
    assert page.inner_text("#log li:nth-child(2)") != before  # the same line, in Ukrainian
    assert f"{COOKIE}=uk" in page.evaluate("document.cookie")
    assert page.inner_text("#language option:checked") == "Українська"


# ---- screenshots in Russian, Polish and Ukrainian ----

NAMES = {
    "ru": ["Анастасия", "Бронислав", "Владимир"],
    "pl": ["Małgorzata", "Przemysław", "Grzegorz"],
    "uk": ["Олександра", "Богдан", "Ярослав"],
}
GAMES = [
    ("classic", {"players": 3, "expansions": ["leaders", "cities"]}, 3),
    ("duel", {}, 2),
    ("architects", {"players": 3}, 3),
]


@pytest.mark.parametrize("lang", ["ru", "pl", "uk"])
def test_screenshots_of_each_game_in_the_rulebooks_languages(
    server: str, browser: Any, lang: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    lobby = in_language(browser, server, lang, viewport={"width": 1366, "height": 768})
    lobby.goto(server + "/")
    lobby.wait_for_selector("#seat-list .seat")
    lobby.screenshot(path=str(SHOTS / f"{lang}-lobby-1366.png"), full_page=True)
    assert lobby.evaluate(OVERFLOWING) == []
    for game, options, n in GAMES:
        made = table(server, game, options, NAMES[lang][:n], lang)
        page = in_language(browser, server, lang, viewport={"width": 1366, "height": 768})
        page.goto(server + made["creator"]["link"])
        page.wait_for_selector("#decision-title")
        for _ in range(4):
            take_turn(page)
            page.wait_for_timeout(200)
        page.wait_for_selector("#decision-title")
        assert page.evaluate("document.documentElement.lang") == lang
        page.screenshot(path=str(SHOTS / f"{lang}-{game}-1366.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
        assert page.evaluate(OVERFLOWING) == [], (lang, game, "1366x768")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"{lang}-{game}-390.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, (lang, game)
        assert page.evaluate(OVERFLOWING) == [], (lang, game, "390x844")
    phone = in_language(browser, server, lang, viewport={"width": 390, "height": 844})
    phone.goto(server + "/")
    phone.wait_for_selector("#seat-list .seat")
    phone.screenshot(path=str(SHOTS / f"{lang}-lobby-390.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate(OVERFLOWING) == []
