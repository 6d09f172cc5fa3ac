"""The web application: JSON API, WebSocket and the browser UI's files.

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite://", bot_delay=0)) as client:
...     client.get("/api/catalog").json()["controllers"][:2]
['human', 'gentle']
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Unpack

import swagger_ui
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.routing import Match

from talisman.content.ruleset import freeze_rulesets
from talisman.server import api, ws
from talisman.server.errors import ActionError
from talisman.server.hub import SNAPSHOT_EVERY, Hub, Timing
from talisman.server.limits import ClientLimiter, Limits, LimitsMiddleware
from talisman.server.store import Store

HTTP_CODES = {404: "not-found", 405: "method-not-allowed"}
HTTP_PHRASES = {404: "Not Found", 405: "Method Not Allowed"}
HTTP_MESSAGES = {
    404: "there is no such page or resource",
    405: "this method is not allowed here (see the Allow header)",
}

WEB = Path(__file__).resolve().parent.parent / "web"
SWAGGER_UI = Path(swagger_ui.__file__).resolve().parent / "static"

DESCRIPTION = """The Talisman web game: a lobby of games, seats for people and bots, and the live game.

Create a game with `POST /api/games`; each person's seat gets an invitation link, which the creator gives to
its player: opening it claims the seat (`POST /api/games/{id}/seats/{seat}/claim` with its secret) and makes
the seat's token, known to that player only. A seat made with
`"choose": true` lets its player pick a character (`POST /api/games/{id}/seats/{seat}/character`, among
`GET /api/games/{id}/characters`): the game waits, with the status `choosing`, until every such seat has
picked, first come first served, and only then begins. A client proves its seat
with the `X-Seat-Token` header, and answers the pending decision with `POST /api/games/{id}/actions`, or
over the WebSocket `/ws/games/{id}` (its protocol is described in `talisman/server/ws.py`). The server holds
the game: every answer is checked against the pending decision, and each client only ever receives what its
seat may see.

A seat may set standing answers (`PUT /api/games/{id}/seats/{seat}/settings`), which the server then gives
for it, and skip to its turn (`POST /api/games/{id}/seats/{seat}/skip`); a question in another player's turn
passes after a while, and a person away for long is played by a bot until they come back. The creator's
token (`creator`, sent as `X-Creator-Token`) invites a person's seat anew (`POST /api/games/{id}/seats/{seat}/link`).
"""


def create_app(
    db_url: str,
    bot_delay: float | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    *,
    limits: Limits | None = None,
    **timing: Unpack[Timing],
) -> FastAPI:
    """The application over the database at ``db_url`` (any SQLAlchemy URL), with what one
    client may ask (:class:`Limits`), and the time budgets of engine work and the autopilot's waits
    (``timing``: :class:`~talisman.server.hub.Timing`). ``bot_delay`` overrides every game's bot speed."""
    limiter = ClientLimiter(limits if limits is not None else Limits())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            Store(db_url),
            bot_delay=bot_delay,
            snapshot_every=snapshot_every,
            limiter=limiter,
            **timing,
        )
        app.state.hub = hub
        freeze_rulesets()  # the server owns its process
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="Talisman", version="0.1.0", description=DESCRIPTION, lifespan=lifespan, docs_url=None)
    app.add_middleware(LimitsMiddleware, limiter=limiter)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.mount("/docs-static", StaticFiles(directory=SWAGGER_UI), name="docs-static")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """The API browser, with Swagger UI's files served from here (no CDN)."""
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title="Talisman - API",
            swagger_js_url="/docs-static/swagger-ui-bundle.js",
            swagger_css_url="/docs-static/swagger-ui.css",
            swagger_favicon_url="/docs-static/favicon-32x32.png",
        )

    @app.exception_handler(ActionError)
    async def refused(_request: Request, e: ActionError) -> JSONResponse:
        headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
        return JSONResponse({"error": e.code, "message": e.message}, status_code=e.status, headers=headers)

    @app.exception_handler(HTTPException)
    async def built_in(request: Request, e: HTTPException) -> JSONResponse:
        """Starlette's own refusals (no such path, a method not allowed, ...) in the app's shape;
        a 405 names in ``Allow`` every method of the path (Starlette names one route's only)."""
        code = HTTP_CODES.get(e.status_code, f"http-{e.status_code}")
        message = e.detail if isinstance(e.detail, str) and e.detail != HTTP_PHRASES.get(e.status_code) else ""
        headers = dict(e.headers or {})
        if e.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request))
        return JSONResponse(
            {"error": code, "message": message or HTTP_MESSAGES.get(e.status_code, "refused")},
            status_code=e.status_code,
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, e: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in e.errors())
        return JSONResponse({"error": "malformed", "message": f"malformed request: {problems}"}, status_code=422)

    index = WEB / "index.html"

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(index)

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(index)

    return app


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of the app answers at the request's path."""
    return [
        method
        for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
        if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in app.router.routes)
    ]
