"""The JSON API (described at ``/openapi.json``, browsable at ``/docs``).

A person's seat is proved by its token, sent in the ``X-Seat-Token`` header;
without one, a request sees what a spectator sees. Every refusal is a JSON
body ``{"error": code, "message": sentence}`` with a 4xx status, and changes
nothing.

A game may wait for its people to choose their characters (status
``choosing``, see :mod:`talisman.server.choosing`): each such seat picks with
``POST /api/games/{id}/seats/{seat}/character``, first come, first served;
the last pick starts the game.

A seat's standing answers (``PUT .../seats/{seat}/settings``) are answered for
it by the server; a person may skip to their turn (``POST .../seats/{seat}/skip``);
the game's creator, with the token ``POST /api/games`` returned as ``creator``
in the ``X-Creator-Token`` header, may invite a person's seat anew
(``POST .../seats/{seat}/link``): a new invitation, never the seat's token.
A person may ask what the rule-aware bot would do at their seat's decision, and
why (``GET .../seats/{seat}/hint``): it answers for nobody.
See :mod:`talisman.server.autopilot`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from talisman import tutorial
from talisman.content.ruleset import ruleset_for
from talisman.errors import ConfigError
from talisman.server.catalog import HUMAN, board_data, catalog, character_cards
from talisman.server.errors import ActionError
from talisman.server.hub import Hub, NewGame, NewSeat
from talisman.server.session import GameSession, public_info
from talisman.server.workers import Overrun

T = TypeVar("T")


class Refusal(BaseModel):
    """Every refusal's body."""

    error: str = Field(description="a short machine-readable code, e.g. 'stale' or 'forbidden'")
    message: str = Field(description="a sentence for people")


REFUSALS = {
    400: "a request that can never succeed as it is (a bad configuration, seat, option or step)",
    403: "a seat's (or the creator's) token is missing or wrong, or the seat is a bot's",
    404: "no such game",
    409: "refused in the game's present state (out of turn, stale, taken, not started, not finished, ...)",
    410: "the game is broken (its rules engine failed) and no longer served",
    413: "the request's body is too large",
    422: "a malformed request: a field missing, of the wrong type or out of range",
    429: "too many requests from this client, or too many wrong tokens for a seat or from this client: "
    "wait (see Retry-After)",
    503: "the move could not be stored, or the work took too long; nothing changed",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI description of the refusals a route may answer with (besides 422 and 429)."""
    return {code: {"model": Refusal, "description": REFUSALS[code]} for code in codes}


router = APIRouter(prefix="/api", responses=refusals(422, 429))

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat's token")]
MAX_SEAT = 5  # a game has at most 6 seats
SeatPath = Annotated[int, Path(ge=0, le=MAX_SEAT, description="a seat of the game (0 to 5)")]
CreatorHeader = Annotated[str | None, Header(alias="X-Creator-Token", description="the game creator's token")]


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
    standing: list[str] = Field(
        default_factory=list,
        max_length=10,
        description="a person's seat only: its standing answers from the start (names from /api/catalog's "
        "'standing'; the lobby gives each person a new player's, 'new_player' there)",
    )


class GameSpec(Strict):
    seats: list[SeatSpec] = Field(min_length=1, max_length=6)
    modules: list[str] = Field(default_factory=lambda: ["core"])
    options: dict[str, Any] = Field(default_factory=dict)
    title: str = Field("", max_length=200)
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**63,
        description="fix the game's dice and decks (default: a random seed); a chosen seed is public: "
        "every player sees it, in the game's facts",
    )
    bot_speed: str = Field(
        "normal",
        pattern="^(instant|fast|normal)$",
        description="the pause before each bot move: instant (none), fast (0.2 s) or normal (0.6 s)",
    )
    tutorial: bool = Field(
        False,
        description="a guided first game (talisman/tutorial.py): the first seat's person plays the tutorial's "
        "character against a rule-aware bot, from the tutorial's seed, and their states carry its tips; "
        "the other seats, the modules, options and seed asked for are not used",
    )


class ActionSpec(Strict):
    seat: int = Field(ge=0, le=MAX_SEAT, description="the seat that acts (0 to 5)")
    option: str = Field(min_length=1, max_length=200, description="the id of one of the pending decision's options")
    step: int = Field(description="the step of the state this answers (its 'step' field); a stale step is refused")


class ClaimSpec(Strict):
    invite: str = Field(min_length=1, max_length=100, description="the seat's invitation secret, from its link")
    name: str = Field("", max_length=60, description="the name to show for the seat (empty: keep the creator's)")


class SettingsSpec(Strict):
    standing: list[Annotated[str, Field(max_length=40)]] = Field(
        max_length=20, description="the seat's standing answers, by name (see the state's settings.choices)"
    )


class SeatSettings(BaseModel):
    standing: list[str] = Field(description="the seat's standing answers, by name")
    choices: dict[str, str] = Field(description="every standing answer a seat may choose: its name and what it says")
    skipping: bool = Field(description="whether the seat skips to its turn")


class SkipSpec(Strict):
    on: bool = Field(True, description="true: skip to my turn; false: stop skipping")


class PickSpec(Strict):
    character: str = Field(min_length=1, max_length=60, description="the key of a character nobody has yet")


class SeatLink(BaseModel):
    seat: int
    token: str = Field(description="the seat's token: send it as X-Seat-Token")
    link: str = Field(description="the seat's page with its token (for this player only)")


class Invitation(BaseModel):
    seat: int
    invite: str = Field(description="the secret that claims the seat, once")
    link: str = Field(description="the seat's invitation link: opening it claims the seat")


class Created(BaseModel):
    game: dict[str, Any]
    seats: list[Invitation] = Field(description="one invitation per person's seat: give each to its player")
    creator: str = Field(
        description="the creator's token (send it as X-Creator-Token): with it, a person's seat can be invited anew"
    )


class State(BaseModel):
    game: dict[str, Any]
    step: int
    view: dict[str, Any] = Field(description="what this seat may see (Game.view)")
    events_from: int
    events: list[dict[str, Any]]
    settings: dict[str, Any] | None = Field(
        None, description="a seat's own: its standing answers (and the choices), whether it skips to its turn"
    )
    tutorial: dict[str, Any] | None = Field(
        None,
        description="a tutorial's person only: the tips this moment calls for, most pressing first ('tips'), "
        "the keys of all of them ('all') and the last one ('done'); see talisman/tutorial.py",
    )


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def offload(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """Ruleset building and other engine work in the hub's worker threads, off the event loop."""
    try:
        return await hub_of(request).engine(fn, *args)
    except Overrun as e:
        raise ActionError("overrun", f"the server could not answer within {e.seconds:g} s", 503) from None


def _characters_of(modules: tuple[str, ...], options: dict[str, Any]) -> list[dict[str, Any]]:
    return character_cards(ruleset_for(modules), options)


def seat_link(request: Request, game_id: str, seat: int, token: str) -> SeatLink:
    base = str(request.base_url).rstrip("/")
    return SeatLink(seat=seat, token=token, link=f"{base}/game/{game_id}?seat={seat}&token={token}")


def invitation(request: Request, game_id: str, seat: int, invite: str) -> Invitation:
    base = str(request.base_url).rstrip("/")
    return Invitation(seat=seat, invite=invite, link=f"{base}/game/{game_id}?seat={seat}&invite={invite}")


@router.get("/catalog", summary="what a new game may be made of", responses=refusals(400))
async def get_catalog(
    request: Request, modules: str = Query("core", max_length=1000, description="comma-separated module names")
) -> dict[str, Any]:
    try:
        return await offload(request, catalog, tuple(m for m in modules.split(",") if m))
    except ConfigError as e:
        raise ActionError("bad-config", str(e), 400) from None


@router.post("/games", status_code=201, summary="create a game", response_model=Created, responses=refusals(400, 413))
async def create_game(spec: GameSpec, request: Request) -> Created:
    if spec.tutorial:
        first = spec.seats[0]
        if first.controller != HUMAN:
            raise ActionError("bad-config", "a tutorial is for a person: its first seat is 'human'", 400)
        person = NewSeat(HUMAN, tutorial.CHARACTERS[0], first.name, False, tuple(first.standing))
        new = NewGame(
            seats=(person, NewSeat(tutorial.BOT, tutorial.CHARACTERS[1])),
            title=spec.title or "Tutorial: a guided first game",
            seed=tutorial.SEED,
            bot_speed=spec.bot_speed,
            tutorial=True,
        )
        session, invites, creator = await hub_of(request).create(new)
        return Created(
            game=session.info(),
            seats=[invitation(request, session.id, s, i) for s, i in invites.items()],
            creator=creator,
        )
    new = NewGame(
        seats=tuple(NewSeat(s.controller, s.character, s.name, s.choose, tuple(s.standing)) for s in spec.seats),
        modules=tuple(spec.modules),
        options=spec.options,
        title=spec.title,
        seed=spec.seed,
        bot_speed=spec.bot_speed,
    )
    session, invites, creator = await hub_of(request).create(new)
    return Created(
        game=session.info(),
        seats=[invitation(request, session.id, s, i) for s, i in invites.items()],
        creator=creator,
    )


@router.get("/games", summary="games, most recently active first")
async def list_games(
    request: Request,
    status: str | None = Query(
        None,
        pattern="^(choosing|open|running|finished|broken)$",
        description="choosing: waiting for people to pick their characters; open: for a person to open their seat; "
        "broken: its rules engine failed (never served; listed only when asked for)",
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


@router.get("/games/{game_id}", summary="a game's public facts", responses=refusals(404, 410))
async def get_game(game_id: str, request: Request) -> dict[str, Any]:
    session = await hub_of(request).session(game_id)
    async with session.lock:
        return session.info()


@router.get(
    "/games/{game_id}/board", summary="the board of a game: regions, spaces, links", responses=refusals(404, 410)
)
async def get_board(game_id: str, request: Request) -> dict[str, Any]:
    session = await hub_of(request).session(game_id)
    return await offload(request, board_data, tuple(session.config["modules"]))


@router.get(
    "/games/{game_id}/characters",
    summary="the characters of a game, and the seat that has each",
    responses=refusals(404, 410),
)
async def get_characters(game_id: str, request: Request) -> list[dict[str, Any]]:
    """Every playable character of the game's modules (attributes, alignment, starting space,
    abilities), with ``seat``: the seat that has it, or null while it is free (while the game
    waits for choices, a character to be dealt at random is free until play starts)."""
    session = await hub_of(request).session(game_id)
    async with session.lock:
        held = session.holders()
    cards = await offload(
        request, _characters_of, tuple(session.config["modules"]), dict(session.config.get("options") or {})
    )
    return [{**c, "seat": held.get(c["key"])} for c in cards]


@router.post(
    "/games/{game_id}/seats/{seat}/character",
    summary="pick your character while the game waits for choices",
    responses=refusals(400, 403, 404, 409, 410, 413, 503),
)
async def pick_character(
    game_id: str, seat: SeatPath, spec: PickSpec, request: Request, x_seat_token: TokenHeader = None
) -> dict[str, Any]:
    """First come, first served: a seat marked ``choose`` picks a free character once. A character
    already taken, a second pick, a seat that does not choose, or a game no longer waiting is refused
    (409) and changes nothing. The last pick starts the game (from its seed, as any game); returns the
    game's public facts."""
    session = await hub_of(request).session(game_id)
    await session.choose(seat, x_seat_token, spec.character)
    async with session.lock:
        return session.info()


async def _state(session: GameSession, seat: int | None, events_from: int) -> State:
    """The game as ``seat`` sees it now, from ``events_from`` on (the WebSocket's message without its type)."""
    msg = await session.state(seat, events_from)
    return State(**{k: v for k, v in msg.items() if k != "type"})


@router.get(
    "/games/{game_id}/state",
    summary="the game as one seat (or a spectator) sees it",
    response_model=State,
    responses=refusals(400, 403, 404, 409, 410),
)
async def get_state(
    game_id: str,
    request: Request,
    x_seat_token: TokenHeader = None,
    seat: int | None = Query(None, ge=0, le=MAX_SEAT, description="your seat (with its token); none: spectator"),
    events_from: int = Query(0, ge=0, description="send the log from this event on"),
) -> State:
    """Refused with ``not-started`` (409) while the game waits for its people to choose characters."""
    session = await hub_of(request).session(game_id)
    if seat is not None:
        await session.authenticate(seat, x_seat_token)
    return await _state(session, seat, events_from)


@router.post(
    "/games/{game_id}/actions",
    summary="answer the pending decision",
    response_model=State,
    responses=refusals(400, 403, 404, 409, 410, 413, 503),
)
async def post_action(
    game_id: str,
    action: ActionSpec,
    request: Request,
    x_seat_token: TokenHeader = None,
    events_from: int = Query(0, ge=0),
) -> State:
    session = await hub_of(request).session(game_id)
    await session.act(action.seat, x_seat_token, action.option, action.step)
    return await _state(session, action.seat, events_from)


@router.post(
    "/games/{game_id}/seats/{seat}/claim",
    summary="take a person's seat with its invitation secret",
    response_model=SeatLink,
    responses=refusals(400, 403, 404, 409, 410, 413, 503),
)
async def claim_seat(game_id: str, seat: SeatPath, spec: ClaimSpec, request: Request) -> SeatLink:
    """The first to come with the seat's invitation (its link, from the game's creator) gets the
    seat and its token; the invitation then no longer works (409 ``taken``)."""
    session = await hub_of(request).session(game_id)
    token = await session.claim(seat, spec.invite, spec.name)
    return seat_link(request, game_id, seat, token)


@router.put(
    "/games/{game_id}/seats/{seat}/settings",
    summary="set your seat's standing answers",
    response_model=SeatSettings,
    responses=refusals(400, 403, 404, 410, 413, 503),
)
async def put_settings(
    game_id: str, seat: SeatPath, spec: SettingsSpec, request: Request, x_seat_token: TokenHeader = None
) -> dict[str, Any]:
    """Stored with the seat; from now on the server answers the decisions they cover, at once, with
    the option that declines (recorded as moves like any other). Returns the seat's settings."""
    session = await hub_of(request).session(game_id)
    return await session.set_standing(seat, x_seat_token, spec.standing)


class SeatHint(BaseModel):
    step: int = Field(description="the step of the state the hint answers (a hint for an older step is stale)")
    option: str = Field(description="the id of the option the rule-aware bot would take")
    label: str = Field(description="that option's label")
    reason: str = Field(description="why, in a sentence for a person")


@router.get(
    "/games/{game_id}/seats/{seat}/hint",
    summary="what the rule-aware bot would do at your decision, and why",
    response_model=SeatHint,
    responses=refusals(400, 403, 404, 409, 410, 503),
)
async def get_hint(game_id: str, seat: SeatPath, request: Request, x_seat_token: TokenHeader = None) -> dict[str, Any]:
    """For a seat's person only (its token): the option the rule-aware bot would take at the seat's
    pending decision and its reason in a sentence (talisman/bots/hint.py). It answers for nobody and
    changes nothing. Refused (409 ``out-of-turn``) when the seat has no decision to make now."""
    session = await hub_of(request).session(game_id)
    return await session.hint(seat, x_seat_token)


@router.post(
    "/games/{game_id}/seats/{seat}/skip",
    summary="skip to your turn",
    response_model=SeatSettings,
    responses=refusals(400, 403, 404, 410, 413),
)
async def post_skip(
    game_id: str, seat: SeatPath, spec: SkipSpec, request: Request, x_seat_token: TokenHeader = None
) -> dict[str, Any]:
    """Bots play without pauses, and your questions in other players' turns pass at once, until you
    must choose in your own turn. Returns the seat's settings."""
    session = await hub_of(request).session(game_id)
    return await session.skip(seat, x_seat_token, spec.on)


@router.post(
    "/games/{game_id}/seats/{seat}/link",
    summary="invite a person's seat anew",
    response_model=Invitation,
    responses=refusals(400, 403, 404, 409, 410, 413, 503),
)
async def post_link(
    game_id: str, seat: SeatPath, request: Request, x_creator_token: CreatorHeader = None
) -> Invitation:
    """For the game's creator only (``X-Creator-Token``): a new invitation for a person's seat, when its
    player lost their link or never came. The seat is free again until the new invitation is claimed;
    its earlier invitation and token stop working. Like the first, the new invitation gives whoever
    claims it a token nobody else knows."""
    session = await hub_of(request).session(game_id)
    invite = await session.reinvite(seat, x_creator_token)
    return invitation(request, game_id, seat, invite)


@router.get(
    "/games/{game_id}/replay",
    summary="where each turn of a finished game begins",
    responses=refusals(404, 409, 410),
)
async def replay_turns(game_id: str, request: Request) -> dict[str, Any]:
    return await hub_of(request).replay_turns(game_id)


@router.get(
    "/games/{game_id}/replay/{step}",
    summary="a finished game after a number of actions (seat: as it saw it)",
    responses=refusals(400, 404, 409, 410, 503),
)
async def replay_step(
    game_id: str,
    step: int,
    request: Request,
    seat: int | None = Query(None, ge=0, le=MAX_SEAT, description="as this seat saw it; none: a spectator"),
) -> dict[str, Any]:
    return await hub_of(request).replay_step(game_id, step, seat)


@router.get(
    "/games/{game_id}/save",
    summary="a finished game as a save file (for talisman replay)",
    responses=refusals(404, 409, 410),
)
async def get_save(game_id: str, request: Request) -> dict[str, Any]:
    return await hub_of(request).save_of(game_id)
