"""An unhandled error (a bug) is answered like every other response: a one-line JSON 500 in
the visitor's language with the security headers (CSP, nosniff, no Referer, no frames),
and the error still reaches the server, which logs it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from tests.web.test_guard import HEADERS
from wonders.web import guard


def assert_headed(r: object) -> None:
    headers = r.headers  # type: ignore[attr-defined]
    for name, value in HEADERS.items():
        assert headers[name] == value, name
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def test_a_failing_route_answers_500_with_the_security_headers(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.web.service  # type: ignore[attr-defined]

    def broken(*_args: object) -> object:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "lobby", broken)
    quiet = TestClient(client.app, raise_server_exceptions=False)
    r = quiet.get("/api/tables")
    assert r.status_code == 500
    assert_headed(r)
    assert set(r.json()) == {"error"} and r.json()["error"] and "\n" not in r.text
    assert "a bug" not in r.text  # nothing of the error is shown to the visitor
    assert quiet.get("/api/health").status_code == 200  # the server goes on


def test_the_error_still_reaches_the_server(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.web.service  # type: ignore[attr-defined]

    def broken(*_args: object) -> object:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "lobby", broken)
    with pytest.raises(RuntimeError, match="a bug"):  # the server logs it
        client.get("/api/tables")


def failing_app() -> Starlette:
    async def boom(_request: Request) -> Response:
        raise ValueError("boom")

    async def late(_request: Request) -> Response:
        async def body() -> AsyncIterator[bytes]:
            yield b"begun"
            raise ValueError("after the start")

        return StreamingResponse(body())

    app = Starlette(routes=[Route("/boom", boom), Route("/late", late)])
    guard.install(app, guard.OFF, ())
    return app


def test_a_bare_app_behind_the_guard_gets_the_headers_on_its_500() -> None:
    with TestClient(failing_app(), raise_server_exceptions=False) as client:
        r = client.get("/boom")
        assert r.status_code == 500 and "error" in r.json()
        assert_headed(r)


def test_an_error_after_the_answer_began_is_not_answered_twice() -> None:
    with TestClient(failing_app(), raise_server_exceptions=False) as client:
        r = client.get("/late")
        assert r.status_code == 200 and r.content.startswith(b"begun")
        assert_headed(r)
