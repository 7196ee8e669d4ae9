"""The web table in every language at once (issue 37): each visitor's language comes from the
picker's cookie, else Accept-Language, else English, per request and per WebSocket
connection (never for the whole process). Two seats of one table read it in Polish and in
Ukrainian at the same time; errors come in the visitor's language; card names and texts in
the page's language.

The expected sentences are read from the compiled catalogues (``wonders.mo``, made by the
build); without them, or where an entry is not translated yet, a test is skipped and says so.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create
from wonders.core.i18n import LOCALE_DIR, pseudo, use_language
from wonders.web import texts as texts_module
from wonders.web.language import COOKIE, safe_next, visitor_language


@cache
def _catalogue(lang: str) -> gettext.GNUTranslations | None:
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / "wonders.mo"
    if not mo.exists():
        return None
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def translated(lang: str, msgid: str, context: str | None = None) -> str:
    """``msgid``'s translation in ``lang``'s compiled catalogue (``context``: a printed name
    of that game); skips the test when the catalogue is not compiled or a sentence is not
    translated yet."""
    cat = _catalogue(lang)
    if cat is None:
        pytest.skip(f"the {lang} catalogue is not compiled (make build compiles wonders.mo)")
    if context:  # a printed name: some are the same in every language (Circus Maximus)
        return cat.pgettext(context, msgid)
    said = cat.gettext(msgid)
    if said == msgid:
        pytest.skip(f"{msgid!r} is not translated into {lang} yet")
    return said


def named(client: TestClient, game: str, names: list[str]) -> list[str]:
    """A table of people with these names: each seat's token."""
    body = {"game": game, "options": {}, "seats": [{"name": n} for n in names]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return [s["token"] for s in r.json()["seats"]]


def next_state(ws: Any, done: Any = lambda m: True) -> Any:
    """The next state message on ``ws`` that ``done`` accepts (acks skipped)."""
    for _ in range(20):
        msg = ws.receive_json()
        if msg.get("type") == "state" and done(msg):
            return msg
    raise AssertionError("no such state message came")


# ---- choosing the language ----


def test_the_cookie_then_accept_language_then_english() -> None:
    assert visitor_language(f"{COOKIE}=pl", "uk") == "pl"
    assert visitor_language(f"other=1; {COOKIE}=ru_RU", None) == "ru"
    assert visitor_language(None, "de-DE,uk;q=0.8,ru;q=0.9") == "ru"  # by weight
    assert visitor_language(f"{COOKIE}=xx", "uk") == "uk"  # an unknown cookie is ignored
    assert visitor_language(f"{COOKIE}=xx", None) == "en"
    assert visitor_language('wonders_lang="; broken', "fr") == "en"
    assert visitor_language(f"{COOKIE}=pseudo", None) == "pseudo"  # the developers' language
    assert safe_next("/play/abc?x=1") == "/play/abc?x=1"
    for elsewhere in ("//evil.example/", "https://evil.example/", "/\\evil", "", None):
        assert safe_next(elsewhere) == "/"


def test_the_picker_keeps_the_choice_and_the_page_comes_back_in_it(client: TestClient) -> None:
    client.cookies.clear()
    r = client.get("/language/pl?next=/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert f"{COOKIE}=pl" in r.headers["set-cookie"] and "Max-Age" in r.headers["set-cookie"]
    page = client.get("/")  # the client keeps the cookie, as a browser does
    assert page.status_code == 200 and '<html lang="pl">' in page.text
    assert '<option value="pl" lang="pl" selected>Polski</option>' in page.text
    for name in ("English", "Русский", "Polski", "Українська"):  # each by its own name
        assert f">{name}</option>" in page.text
    assert translated("pl", "Leaders") in page.text
    # the picker's form (without script) and its way back to a table's page
    r = client.get("/language?code=uk&next=/watch/abc", follow_redirects=False)
    assert r.headers["location"] == "/watch/abc" and f"{COOKIE}=uk" in r.headers["set-cookie"]
    r = client.get("/language/klingon?next=//evil.example", follow_redirects=False)
    assert r.headers["location"] == "/" and "set-cookie" not in r.headers  # nothing changes
    client.cookies.clear()


def test_accept_language_without_a_cookie_and_an_unknown_cookie(client: TestClient) -> None:
    client.cookies.clear()
    page = client.get("/", headers={"accept-language": "uk-UA,uk;q=0.9,en;q=0.5"})
    assert '<html lang="uk">' in page.text
    assert translated("uk", "Leaders") in page.text
    page = client.get("/", headers={"cookie": f"{COOKIE}=xx-unknown"})
    assert page.status_code == 200 and '<html lang="en">' in page.text and "Leaders" in page.text
    page = client.get("/", headers={"cookie": f"{COOKIE}=ru", "accept-language": "pl"})
    assert '<html lang="ru">' in page.text  # the cookie first


def test_a_table_page_comes_in_the_visitors_language(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "greedy"])
    token = made["seats"][0]["token"]
    page = client.get(f"/play/{token}", headers={"cookie": f"{COOKIE}=ru"})
    assert '<html lang="ru">' in page.text
    assert re.search(r'<input type="hidden" name="next" value="/play/[^"]+">', page.text)
    assert f">{translated('ru', 'Log')}</h3>" in page.text


# ---- one table, several languages at once ----


def test_two_seats_of_one_table_read_it_in_polish_and_ukrainian_at_once(
    client: TestClient,
) -> None:
    ann, bob = named(client, "duel", ["Ann", "Bob"])
    table = client.get(f"/api/play/{ann}").json()["table"]
    pl_headers = {"cookie": f"{COOKIE}=pl"}
    uk_headers = {"accept-language": "uk-UA,uk;q=0.9"}
    with (
        client.websocket_connect(f"/ws/play/{ann}", headers=pl_headers) as pl,
        client.websocket_connect(f"/ws/play/{bob}", headers=uk_headers) as uk,
        client.websocket_connect(f"/ws/watch/{table}") as en,
    ):
        first = {"pl": next_state(pl), "uk": next_state(uk), "en": next_state(en)}
        offer = first["pl"]["view"]["offer"]
        for lang in ("pl", "uk"):
            names = ", ".join(translated(lang, w, "duel") for w in offer)
            line = translated(lang, "Wonders on offer: {names}").format(names=names)
            assert first[lang]["log"][0] == line
        assert first["en"]["log"][0] == "Wonders on offer: " + ", ".join(offer)
        assert first["pl"]["decision"]["title"] == translated("pl", "Choose a wonder")
        assert first["uk"]["decision"]["title"] == ""  # Ann chooses first
        # each name of a card or wonder as that language prints it, in its own labels
        assert translated("pl", offer[0], "duel") in first["pl"]["labels"][0]

        action = first["pl"]["legal"][0]
        wonder = action["wonder"]
        pl.send_json({"type": "act", "action": action, "id": "pick-1"})
        moved = {
            "pl": next_state(pl, lambda m: m["version"] > first["pl"]["version"]),
            "uk": next_state(uk, lambda m: m["version"] > first["uk"]["version"]),
            "en": next_state(en, lambda m: m["version"] > first["en"]["version"]),
        }
    took = {
        "pl": translated("pl", "You took {wonder}").format(wonder=translated("pl", wonder, "duel")),
        "uk": translated("uk", "{who} took {wonder}").format(
            who="Ann", wonder=translated("uk", wonder, "duel")
        ),
        "en": f"Ann took {wonder}",
    }
    for lang, line in took.items():
        assert moved[lang]["log"][-1] == line, (lang, moved[lang]["log"][-2:])
    assert moved["uk"]["decision"]["title"] == translated("uk", "Choose a wonder")
    assert moved["pl"]["decision"]["title"] == ""
    assert moved["en"]["board"]["head"].startswith("Before Age I")  # the board's words
    assert moved["pl"]["board"]["head"].startswith(translated("pl", "Before Age I"))  # the reader's


def test_the_lobby_is_pushed_to_each_visitor_in_their_language(client: TestClient) -> None:
    with (
        client.websocket_connect("/ws/lobby", headers={"cookie": f"{COOKIE}=pseudo"}) as other,
        client.websocket_connect("/ws/lobby") as en,
    ):
        other.receive_json(), en.receive_json()
        create(client, "classic", {"players": 3}, ["open", "open", "greedy"])
        lists = {"pseudo": other.receive_json(), "en": en.receive_json()}
    entry = {k: v["open"][0] for k, v in lists.items()}
    assert entry["en"]["about"] == "3 players" and entry["pseudo"]["about"] == pseudo("3 players")
    assert entry["en"]["seats"][2]["name"] == "greedy bot 3"
    assert entry["pseudo"]["options"] == entry["en"]["options"] == {"players": 3}  # identifiers
    assert entry["pseudo"]["seats"][2]["name"] == pseudo("greedy bot 3")


def test_a_seat_without_a_chosen_name_is_called_in_each_readers_language(
    client: TestClient,
) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "human", "random"])
    token = made["seats"][0]["token"]
    seats = client.get(f"/api/play/{token}", headers={"cookie": f"{COOKIE}=uk"}).json()["seats"]
    assert seats[1]["name"] == translated("uk", "Player {n}").format(n=2)
    seats = client.get(f"/api/play/{token}").json()["seats"]
    assert [s["name"] for s in seats] == ["Player 1", "Player 2", "random bot 3"]


# ---- errors and texts ----


def test_errors_a_visitor_causes_come_in_their_language(client: TestClient) -> None:
    pl = {"cookie": f"{COOKIE}=pl"}
    r = client.get("/api/play/no-such-token", headers=pl)
    assert r.status_code == 403 and r.json()["error"] == translated("pl", "unknown seat token")
    r = client.get("/api/play/no-such-token", headers={"accept-language": "uk"})
    assert r.json()["error"] == translated("uk", "unknown seat token")
    assert client.get("/api/play/no-such-token").json()["error"] == "unknown seat token"
    r = client.post("/api/tables", content=b"[1", headers=pl)
    assert r.status_code == 400
    assert r.json()["error"] == translated("pl", "the message is not valid JSON")
    with client.websocket_connect("/ws/play/no-such-token", headers=pl) as ws:
        assert ws.receive_json()["error"] == translated("pl", "unknown seat token")
    r = client.get("/nothing/here", headers=pl)  # even a path that does not exist
    assert r.status_code == 404 and r.json()["error"]


def test_card_names_and_texts_come_in_the_pages_language(client: TestClient) -> None:
    name = "The Great Library"
    uk = client.get("/api/texts/duel?lang=uk").json()
    assert uk[name]["name"] == translated("uk", name, "duel")  # keyed by the identifier
    assert uk[name]["text"]
    pl = client.get("/api/texts/duel", headers={"cookie": f"{COOKIE}=pl"}).json()
    assert pl[name]["name"] == translated("pl", name, "duel")
    en = client.get("/api/texts/duel").json()
    assert en[name]["name"] == name and en[name]["text"] != uk[name]["text"]
    classic = client.get("/api/texts/classic?lang=ru").json()
    assert classic["Lumber Yard"]["name"] == translated("ru", "Lumber Yard", "classic")
    assert texts_module.texts("duel", "uk") is not texts_module.texts("duel", "pl")


def test_the_language_is_never_the_whole_processs() -> None:
    """A message made for one reader's language leaves the context as it was."""
    from wonders.core.i18n import language

    with use_language("pl"):
        assert language() == "pl"
    assert language() == "en"


@pytest.fixture
def pseudo_client(client: TestClient) -> Iterator[TestClient]:
    client.cookies.set(COOKIE, "pseudo")
    yield client
    client.cookies.clear()


def test_in_the_pseudo_language_the_pages_strings_and_boards_hold_no_english(
    pseudo_client: TestClient,
) -> None:
    """Every phrase the page's scripts show, and every board's words, are gettext's."""
    from wonders.web.strings import strings

    with use_language("pseudo"):
        shown = strings()
    english = [w for w in shown.values() if re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", w))]
    assert not english
    tables = [("classic", {"players": 3}, 3), ("duel", {}, 2), ("architects", {"players": 3}, 3)]
    for game, options, n in tables:
        made = create(pseudo_client, game, options, ["human"] + ["greedy"] * (n - 1))
        s = pseudo_client.get(f"/api/play/{made['seats'][0]['token']}").json()
        said = [*_texts(s["board"]), *s["log"], s["decision"]["title"], s["decision"]["prompt"]]
        said += [seat["name"] for seat in s["seats"]]
        words = re.sub(r"\{\w+\}", "", " ".join(said))  # the places the page fills
        english = re.findall(r"[A-Za-z]{2,}", words)
        assert not [w for w in english if w not in ("II", "III")], (game, english)


def _texts(words: Any) -> Iterator[str]:
    """Every text of a board's words (not its keys, nor the identifiers it hands the page)."""
    if isinstance(words, dict):
        for key, value in words.items():
            if key != "central":  # (an identifier; "names" has identifiers as keys only)
                yield from _texts(value)
    elif isinstance(words, str):
        yield words
