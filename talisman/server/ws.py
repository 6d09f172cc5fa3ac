"""The live connection of a browser tab: ``/ws/games/{game_id}``.

The protocol is JSON text messages. The client first says who it is::

    {"type": "join", "seat": 1, "token": "..."}      # a person's seat
    {"type": "join", "seat": null}                    # a spectator

(with ``"events_from": k`` a reconnecting client asks only for the log from
event ``k`` on) and receives ``{"type": "state", "game": {...}, "step": n, "view": {...},
"events_from": k, "events": [...]}``: its seat's view, and the log events it
has not seen yet (``events_from`` is the index of the first one). Another
``state`` follows every change; ``{"type": "game", "game": {...}}`` follows
a change of who is connected. A game still waiting for its people to choose
their characters (status ``choosing``) has no state yet: the client gets a
``game`` message on joining and after each pick (picks go through
``POST /api/games/{id}/seats/{seat}/character``), and its first ``state``,
with the whole log, when the last pick starts the game. To act::

    {"type": "act", "option": "move:tavern", "step": n}

where ``step`` is the step of the state the choice answers. A refused
message (malformed, from a wrong seat, stale, not a legal option, bad token)
is answered with ``{"type": "error", "error": code, "message": sentence}``
and changes nothing; the connection stays open, except after a failed join.
``{"type": "ping"}`` is answered with ``{"type": "pong"}``. A binary frame,
a message of more than 16 KiB, JSON nested too deep to parse or with a
number of thousands of digits is refused the same way. Every reply (states,
pongs, refusals) waits in the client's queue: a client that lets more than
:data:`~talisman.server.session.MAX_QUEUE` pile up, reading too slowly or
not at all, is disconnected. A connection sends at most so many messages a
second (:class:`~talisman.server.limits.Limits`); past that each is refused with
``too-many`` until the window has passed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from talisman.server.errors import ActionError
from talisman.server.session import Client, GameSession

router = APIRouter()

JOIN_TIMEOUT = 30.0
POLICY_VIOLATION = 1008
MAX_MESSAGE = 16 * 1024  # characters in one client message


def parse(text: str | None) -> dict[str, Any]:
    """A client message as a dict with a known ``type``; raises ActionError otherwise.

    >>> parse('{"type": "ping"}')
    {'type': 'ping'}
    >>> parse("[" * 10_000)
    Traceback (most recent call last):
      ...
    talisman.server.errors.ActionError: a message must be a JSON object
    """
    if text is None:
        raise ActionError("malformed", "a message is JSON text, not a binary frame", 400)
    if len(text) > MAX_MESSAGE:
        raise ActionError("malformed", f"a message has at most {MAX_MESSAGE} characters", 400)
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or a number of thousands of digits
        raise ActionError("malformed", "a message must be a JSON object", 400) from None
    if not isinstance(msg, dict) or msg.get("type") not in ("join", "act", "ping"):
        raise ActionError("malformed", "a message is a JSON object whose type is join, act or ping", 400)
    return msg


async def _receive(websocket: WebSocket) -> str | None:
    """The next message's text (``None`` for a binary frame); raises WebSocketDisconnect."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    hub = websocket.app.state.hub
    try:
        session = await hub.session(game_id)
        client = await _join(websocket, session)
    except ActionError as e:
        await websocket.send_json(e.to_dict())
        await websocket.close(POLICY_VIOLATION)
        return
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await websocket.close(POLICY_VIOLATION)
        return
    await session.attach(client)
    writer = asyncio.create_task(_write(websocket, client))
    try:
        while not client.dropped:
            text = await _receive(websocket)
            try:
                wait = hub.limiter.message(str(id(client)))
                if wait is not None:
                    raise ActionError("too-many", f"too many messages on this connection: wait {wait} s", 429, wait)
                msg = parse(text)
                if msg["type"] == "ping":
                    session.send(client, {"type": "pong"})
                elif msg["type"] == "join":
                    raise ActionError("malformed", "this connection has already joined", 400)
                elif client.seat is None:
                    raise ActionError("forbidden", "a spectator cannot act", 403)
                else:
                    await session.act(client.seat, client.token, msg.get("option"), msg.get("step"))
            except ActionError as e:
                session.send(client, e.to_dict())
    except WebSocketDisconnect:
        pass
    finally:
        session.detach(client)
    if client.dropped:  # too slow: the writer may be stuck on a full socket
        writer.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(POLICY_VIOLATION)
    else:
        writer.cancel()


async def _join(websocket: WebSocket, session: GameSession) -> Client:
    msg = parse(await asyncio.wait_for(_receive(websocket), JOIN_TIMEOUT))
    if msg["type"] != "join":
        raise ActionError("malformed", "the first message must be a join", 400)
    seat, events_from = msg.get("seat"), msg.get("events_from", 0)
    if isinstance(events_from, bool) or not isinstance(events_from, int):
        raise ActionError("malformed", "events_from is the number of log events the client already has", 400)
    if seat is None:
        return Client(None, events_sent=events_from)
    await session.authenticate(seat, msg.get("token"))
    return Client(seat, token=msg["token"], events_sent=events_from)


async def _write(websocket: WebSocket, client: Client) -> None:
    """Send a client's queued messages in order; ``None`` ends the connection."""
    try:
        while (msg := await client.queue.get()) is not None:
            await websocket.send_text(json.dumps(msg, separators=(",", ":")))
        await websocket.close()
    except Exception:  # the socket went away: the reader notices and detaches
        pass
