"""The web application: JSON API, WebSocket and the browser UI's files.

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite://", bot_delay=0)) as client:
...     client.get("/api/catalog").json()["controllers"][:2]
['human', 'random']
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import swagger_ui
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from talisman.server import api, ws
from talisman.server.errors import ActionError
from talisman.server.hub import SNAPSHOT_EVERY, Hub
from talisman.server.store import Store

WEB = Path(__file__).resolve().parent.parent / "web"
SWAGGER_UI = Path(swagger_ui.__file__).resolve().parent / "static"

DESCRIPTION = """The Talisman web game: a lobby of games, seats for people and bots, and the live game.

Create a game with `POST /api/games`; each person's seat gets a token and a link. A seat made with
`"choose": true` lets its player pick a character (`POST /api/games/{id}/seats/{seat}/character`, among
`GET /api/games/{id}/characters`): the game waits, with the status `choosing`, until every such seat has
picked, first come first served, and only then begins. A client proves its seat
with the `X-Seat-Token` header, and answers the pending decision with `POST /api/games/{id}/actions`, or
over the WebSocket `/ws/games/{id}` (its protocol is described in `talisman/server/ws.py`). The server holds
the game: every answer is checked against the pending decision, and each client only ever receives what its
seat may see.
"""


def create_app(db_url: str, bot_delay: float = 0.5, snapshot_every: int = SNAPSHOT_EVERY) -> FastAPI:
    """The application over the database at ``db_url`` (any SQLAlchemy URL)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(db_url), bot_delay=bot_delay, snapshot_every=snapshot_every)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="Talisman", version="0.1.0", description=DESCRIPTION, lifespan=lifespan, docs_url=None)
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
        return JSONResponse({"error": e.code, "message": e.message}, status_code=e.status)

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
