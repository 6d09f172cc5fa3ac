"""What one client may ask of the server: body sizes, request rates, wrong tokens, live games.

A *client* is an address (the connection's, or the one a trusted proxy forwards:
uvicorn's ``--forwarded-allow-ips``). The counting is the ``limits`` library's
moving windows, in this process's memory: behind several server processes each
counts for itself.

- A request's body has at most :attr:`Limits.max_body` bytes (413).
- Requests, WebSocket connections included, at most :attr:`Limits.requests`
  per client (429, with ``Retry-After``); game creations at most
  :attr:`Limits.creations`; messages on one WebSocket at most
  :attr:`Limits.messages` (refused with an error, the connection stays).
- Wrong tokens (a seat's token or invitation, a creator's token) are counted per
  game and seat, and per client across every seat and game (a flood from one
  address): past :attr:`Limits.wrong_tokens` on a seat, or
  :attr:`Limits.token_floods` from a client, a wrong one is refused with 429
  (``locked-out``) instead of 403 until the window has passed. A right token is
  never refused: behind one address (a NAT, a proxy) one player's guesses
  cannot shut the others out. (Tokens are 144 random bits: the count slows a
  guesser and tells it so; guessing was never the way in.)
- A client has at most :attr:`Limits.live_games` games not finished
  (choosing, open or running) at once (429).

``Limits.off()`` lifts the rates and caps (body size aside), for load tests on
loopback where every client has the same address.

>>> limits = Limits(requests="2/minute")
>>> limiter = ClientLimiter(limits)
>>> [limiter.request("a") for _ in range(3)], limiter.request("b")
([None, None, 60], None)
"""

from __future__ import annotations

import hashlib
import json
import time
from contextvars import ContextVar
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from talisman.server.errors import ActionError

current_client: ContextVar[str] = ContextVar("current_client", default="local")


@dataclass(frozen=True)
class Limits:
    max_body: int = 64 * 1024  # bytes in one request's body
    requests: str | None = "600/minute"  # HTTP requests and WebSocket connections per client
    creations: str | None = "20/hour"  # games made per client
    messages: str | None = "3000/minute"  # messages per WebSocket connection
    wrong_tokens: str | None = "10/10 minutes"  # wrong tokens for one seat of a game, before its lockout
    token_floods: str | None = "100/10 minutes"  # wrong tokens from one client, every seat and game
    live_games: int | None = 20  # games not finished per client

    @classmethod
    def off(cls) -> Limits:
        return cls(requests=None, creations=None, messages=None, wrong_tokens=None, token_floods=None, live_games=None)


def client_key(address: str) -> str:
    """How the store names a client: a hash, not its address."""
    return hashlib.sha256(f"talisman-client:{address}".encode()).hexdigest()[:32]


class ClientLimiter:
    """The moving windows of every client of this process."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._windows = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, RateLimitItem | None] = {
            name: parse(getattr(limits, name)) if getattr(limits, name) else None
            for name in ("requests", "creations", "messages", "wrong_tokens", "token_floods")
        }

    def _hit(self, name: str, *who: str) -> int | None:
        """Count one; ``None`` if within the limit, else the seconds until it may try again."""
        item = self._items[name]
        if item is None or self._windows.hit(item, name, *who):
            return None
        return self._retry_after(item, name, *who)

    def _retry_after(self, item: RateLimitItem, *who: str) -> int:
        reset = self._windows.get_window_stats(item, *who).reset_time
        return max(1, int(reset - time.time()) + 1)

    def request(self, client: str) -> int | None:
        return self._hit("requests", client)

    def message(self, connection: str) -> int | None:
        return self._hit("messages", connection)

    def check_creation(self, client: str) -> None:
        wait = self._hit("creations", client)
        if wait is not None:
            raise ActionError("too-many", f"too many games made from your address: wait {wait} s", 429, wait)

    def wrong_token(self, client: str, game_id: str, seat: int | str) -> None:
        """Count a wrong token (or invitation) sent from ``client`` for ``seat`` of a game (``"creator"``
        for the creator's token); raise the lockout (429) if the seat, or the client, has sent too many
        lately, else nothing (the caller refuses it, 403). Never asked of a right token."""
        for name, who, whose in (
            ("wrong_tokens", (game_id, str(seat)), f"for seat {seat} of this game"),
            ("token_floods", (client,), "from your address"),
        ):
            wait = self._hit(name, *who)
            if wait is not None:
                raise ActionError("locked-out", f"too many wrong tokens {whose} lately: wait {wait} s", 429, wait)


class LimitsMiddleware:
    """Body sizes and request rates, before the application sees a request; sets
    :data:`current_client` for the rest."""

    def __init__(self, app: ASGIApp, limiter: ClientLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        current_client.set(address)
        if not scope["path"].startswith(("/static/", "/docs-static/")):
            wait = self.limiter.request(address)
            if wait is not None:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": "too many requests"})
                    return
                message = f"too many requests from your address: wait {wait} s"
                await _refuse(send, 429, "too-many", message, {"retry-after": str(wait)})
                return
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            body = await _read_body(receive, self.limiter.limits.max_body)
            if body is None:
                limit = self.limiter.limits.max_body
                await _refuse(send, 413, "too-large", f"a request's body has at most {limit} bytes")
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send)


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or ``None`` as soon as it is longer than ``limit``."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, then: Receive) -> Receive:
    """The body read already, then whatever the connection says next (its end)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return await then()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


async def _refuse(send: Send, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
    body = json.dumps({"error": code, "message": message}).encode()
    raw: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    raw += [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
