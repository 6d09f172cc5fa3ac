"""The JSON API (described at ``/openapi.json``, browsable at ``/docs``).

A person's seat is proved by its token, sent in the ``X-Seat-Token`` header;
without one, a request sees what a spectator sees. Every refusal is a JSON
body ``{"error": code, "message": sentence}`` with a 4xx status, and changes
nothing.

A game may wait for its people to choose their characters (status
``choosing``, see :mod:`talisman.server.choosing`): each such seat picks with
``POST /api/games/{id}/seats/{seat}/character``, first come, first served;
the last pick starts the game.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from talisman.content.ruleset import ruleset_for
from talisman.errors import ConfigError
from talisman.server.catalog import board_data, catalog, character_cards
from talisman.server.errors import ActionError
from talisman.server.hub import Hub, NewGame, NewSeat
from talisman.server.session import public_info

router = APIRouter(prefix="/api")

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat's token")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(Strict):
    controller: str = Field(description="'human' for a person, or the name of a bot (see /api/catalog)")
    character: str | None = Field(None, description="a character key; null deals one at random (unless choose)")
    name: str = Field("", max_length=60, description="the name shown for the seat")
    choose: bool = Field(
        False,
        description="a person's seat without a character only: its player picks one when "
        "they open their link; the game waits (status 'choosing') until every "
        "such seat has picked",
    )


class GameSpec(Strict):
    seats: list[SeatSpec] = Field(min_length=1, max_length=6)
    modules: list[str] = Field(default_factory=lambda: ["core"])
    options: dict[str, Any] = Field(default_factory=dict)
    title: str = Field("", max_length=200)
    seed: int | None = Field(None, description="fix the game's dice and decks (default: a random seed)")


class ActionSpec(Strict):
    seat: int = Field(description="the seat that acts")
    option: str = Field(min_length=1, max_length=200, description="the id of one of the pending decision's options")
    step: int = Field(description="the step of the state this answers (its 'step' field); a stale step is refused")


class ClaimSpec(Strict):
    name: str = Field("", max_length=60)


class PickSpec(Strict):
    character: str = Field(min_length=1, max_length=60, description="the key of a character nobody has yet")


class SeatLink(BaseModel):
    seat: int
    token: str
    link: str


class Created(BaseModel):
    game: dict[str, Any]
    seats: list[SeatLink] = Field(description="one link per person's seat: give each to its player")


class State(BaseModel):
    game: dict[str, Any]
    step: int
    view: dict[str, Any] = Field(description="what this seat may see (Game.view)")
    events_from: int
    events: list[dict[str, Any]]


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def seat_link(request: Request, game_id: str, seat: int, token: str) -> SeatLink:
    base = str(request.base_url).rstrip("/")
    return SeatLink(seat=seat, token=token, link=f"{base}/game/{game_id}?seat={seat}&token={token}")


@router.get("/catalog", summary="what a new game may be made of")
async def get_catalog(modules: str = Query("core", description="comma-separated module names")) -> dict[str, Any]:
    try:
        return catalog(tuple(m for m in modules.split(",") if m))
    except ConfigError as e:
        raise ActionError("bad-config", str(e), 400) from None


@router.post("/games", status_code=201, summary="create a game", response_model=Created)
async def create_game(spec: GameSpec, request: Request) -> Created:
    new = NewGame(
        seats=tuple(NewSeat(s.controller, s.character, s.name, s.choose) for s in spec.seats),
        modules=tuple(spec.modules),
        options=spec.options,
        title=spec.title,
        seed=spec.seed,
    )
    session, tokens = await hub_of(request).create(new)
    return Created(game=session.info(), seats=[seat_link(request, session.id, s, t) for s, t in tokens.items()])


@router.get("/games", summary="games, most recently active first")
async def list_games(
    request: Request,
    status: str | None = Query(
        None,
        pattern="^(choosing|open|running|finished)$",
        description="choosing: waiting for people to pick their characters; open: for a person to open their seat",
    ),
    limit: int = Query(100, ge=1, le=500),
) -> list[dict[str, Any]]:
    hub = hub_of(request)
    records = await hub.run_db(hub.store.list_games, status, limit)
    out = []
    for r in records:
        live = hub.sessions.get(r.id)
        out.append(live.info() if live is not None else public_info(r))
    return out


@router.get("/games/{game_id}", summary="a game's public facts")
async def get_game(game_id: str, request: Request) -> dict[str, Any]:
    session = await hub_of(request).session(game_id)
    async with session.lock:
        return session.info()


@router.get("/games/{game_id}/board", summary="the board of a game: regions, spaces, links")
async def get_board(game_id: str, request: Request) -> dict[str, Any]:
    session = await hub_of(request).session(game_id)
    return board_data(tuple(session.config["modules"]))


@router.get("/games/{game_id}/characters", summary="the characters of a game, and the seat that has each")
async def get_characters(game_id: str, request: Request) -> list[dict[str, Any]]:
    """Every playable character of the game's modules (attributes, alignment, starting space,
    abilities), with ``seat``: the seat that has it, or null while it is free (while the game
    waits for choices, a character to be dealt at random is free until play starts)."""
    session = await hub_of(request).session(game_id)
    async with session.lock:
        held = session.holders()
    return [{**c, "seat": held.get(c["key"])} for c in character_cards(ruleset_for(tuple(session.config["modules"])))]


@router.post("/games/{game_id}/seats/{seat}/character", summary="pick your character while the game waits for choices")
async def pick_character(
    game_id: str, seat: int, spec: PickSpec, request: Request, x_seat_token: TokenHeader = None
) -> dict[str, Any]:
    """First come, first served: a seat marked ``choose`` picks a free character once. A character
    already taken, a second pick, a seat that does not choose, or a game no longer waiting is refused
    (409) and changes nothing. The last pick starts the game (from its seed, as any game); returns the
    game's public facts."""
    session = await hub_of(request).session(game_id)
    await session.choose(seat, x_seat_token, spec.character)
    async with session.lock:
        return session.info()


@router.get("/games/{game_id}/state", summary="the game as one seat (or a spectator) sees it", response_model=State)
async def get_state(
    game_id: str,
    request: Request,
    x_seat_token: TokenHeader = None,
    seat: int | None = Query(None, description="your seat (with its token); none: spectator"),
    events_from: int = Query(0, ge=0, description="send the log from this event on"),
) -> State:
    """Refused with ``not-started`` (409) while the game waits for its people to choose characters."""
    session = await hub_of(request).session(game_id)
    if seat is not None:
        await session.authenticate(seat, x_seat_token)
    msg = await session.state(seat, events_from)
    return State(**{k: v for k, v in msg.items() if k != "type"})


@router.post("/games/{game_id}/actions", summary="answer the pending decision", response_model=State)
async def post_action(
    game_id: str,
    action: ActionSpec,
    request: Request,
    x_seat_token: TokenHeader = None,
    events_from: int = Query(0, ge=0),
) -> State:
    session = await hub_of(request).session(game_id)
    await session.act(action.seat, x_seat_token, action.option, action.step)
    msg = await session.state(action.seat, events_from)
    return State(**{k: v for k, v in msg.items() if k != "type"})


@router.post(
    "/games/{game_id}/seats/{seat}/claim", summary="take a person's seat nobody has joined yet", response_model=SeatLink
)
async def claim_seat(game_id: str, seat: int, spec: ClaimSpec, request: Request) -> SeatLink:
    session = await hub_of(request).session(game_id)
    token = await session.claim(seat, spec.name)
    return seat_link(request, game_id, seat, token)


@router.get("/games/{game_id}/replay", summary="where each turn of a finished game begins")
async def replay_turns(game_id: str, request: Request) -> dict[str, Any]:
    return await hub_of(request).replay_turns(game_id)


@router.get("/games/{game_id}/replay/{step}", summary="a finished game after a number of actions (seat: as it saw it)")
async def replay_step(game_id: str, step: int, request: Request, seat: int | None = None) -> dict[str, Any]:
    return await hub_of(request).replay_step(game_id, step, seat)


@router.get("/games/{game_id}/save", summary="a finished game as a save file (for talisman replay)")
async def get_save(game_id: str, request: Request) -> dict[str, Any]:
    return await hub_of(request).save_of(game_id)
