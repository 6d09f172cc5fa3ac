"""``talisman serve``: the web game on uvicorn.

Several processes may serve one address: each is started with ``--reuse-port``
on the same host and port and the same PostgreSQL database, and the kernel
spreads the connections among them (``SO_REUSEPORT``); they keep their games in
step through the database (:mod:`talisman.server.cluster`).
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

from talisman.engine.standing import BESIDE_THE_DIE_SECONDS
from talisman.server.autopilot import ANSWER_WAIT, AWAY_AFTER


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)"
    )
    parser.add_argument("--port", type=port_number, default=8000, help="port, 1 to 65535 (default: 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="SQLAlchemy database URL, e.g. sqlite:///games.db or postgresql://user@host/db "
        "(default: $TALISMAN_DB, else talisman.db in your data folder, "
        "~/.local/share/talisman on Linux)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=None,
        metavar="SECONDS",
        help="pause before each bot move in every game, whatever its bot speed "
        "(default: each game's bot speed, chosen in the lobby: instant 0, fast 0.2, normal 0.6)",
    )
    parser.add_argument(
        "--answer-wait",
        type=float,
        default=ANSWER_WAIT,
        metavar="SECONDS",
        help=f"how long a person's question in another player's turn waits before it passes (default: {ANSWER_WAIT:g})",
    )
    parser.add_argument(
        "--away-after",
        type=float,
        default=AWAY_AFTER,
        metavar="SECONDS",
        help="how long a person may be disconnected before a bot plays their seat until they come back "
        f"(default: {AWAY_AFTER:g})",
    )
    parser.add_argument(
        "--beside-wait",
        type=float,
        default=BESIDE_THE_DIE_SECONDS,
        metavar="SECONDS",
        help="how long a Fate reroll offered beside the die (a new player's standing answer) waits before "
        f"the roll is kept (default: {BESIDE_THE_DIE_SECONDS:g})",
    )
    parser.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="DIR",
        help="home-brew modules to offer besides the user's (a module folder, or a folder of them)",
    )
    parser.add_argument(
        "--reuse-port",
        action="store_true",
        help="share the port with other talisman serve processes on the same PostgreSQL database "
        "(SO_REUSEPORT: the kernel spreads the connections among them)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="ADDRESSES",
        help="the addresses of the reverse proxies whose X-Forwarded-For header names a client's address, "
        "comma-separated (as uvicorn's option of that name; '*' trusts any). Default: none, each client is "
        "the address it connects from (else a client could choose its address, and dodge its limits)",
    )
    parser.add_argument(
        "--no-client-limits",
        action="store_true",
        help="lift the per-client rates and caps (talisman/server/limits.py), for load tests "
        "on loopback where every client has the same address",
    )


def port_number(text: str) -> int:
    """A port given on the command line (argparse's ``type``)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {port}")
    return port


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from talisman.server.app import create_app
    from talisman.server.limits import Limits
    from talisman.server.store import default_db_url, normalise_url

    if args.bot_delay is not None and not 0 <= args.bot_delay <= 60:
        print("talisman: error: --bot-delay must be between 0 and 60 seconds", file=sys.stderr)
        return 2
    if not (0 < args.answer_wait <= 3600 and 0 < args.away_after <= 86400 and 0 < args.beside_wait <= 3600):
        print(
            "talisman: error: --answer-wait, --beside-wait and --away-after must be positive "
            "(at most an hour, an hour, a day)",
            file=sys.stderr,
        )
        return 2
    from talisman.content import homebrew

    homebrew.load(args.content)  # the lobby offers them, and games stored with them play on
    url = normalise_url(args.db or default_db_url())
    if args.reuse_port and not url.startswith("postgresql"):
        print(
            "talisman: error: --reuse-port needs a PostgreSQL database (--db postgresql://...): "
            "server processes keep their games in step through it",
            file=sys.stderr,
        )
        return 2
    unusable = check_database(url)
    if unusable is not None:
        print(f"talisman: error: cannot use the database {_safe(url)}: {unusable}", file=sys.stderr)
        return 2
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        sock = listening_socket(args.host, args.port, shared=args.reuse_port)
    except OSError as e:  # the port is taken, or the address is not this machine's
        print(f"talisman: error: cannot listen on {host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    app = create_app(
        url,
        bot_delay=args.bot_delay,
        limits=Limits.off() if args.no_client_limits else None,
        answer_wait=args.answer_wait,
        away_after=args.away_after,
        beside_wait=args.beside_wait,
    )
    print(f"Talisman is served at http://{host}:{args.port}/  (database: {_safe(url)}; Ctrl+C stops it)", flush=True)
    server = uvicorn.Server(uvicorn_config(app, args))
    server.run(sockets=[sock])
    return 0


def uvicorn_config(app: Any, args: argparse.Namespace) -> Any:
    """uvicorn's configuration for ``talisman serve``: the X-Forwarded-For header is read only
    from the proxies ``--forwarded-allow-ips`` names (none by default: uvicorn's own default
    trusts 127.0.0.1, where any local client could choose the address its limits count)."""
    import uvicorn

    proxies = [a.strip() for a in args.forwarded_allow_ips.split(",") if a.strip()]
    # No per-message compression: a state is a few kilobytes, and deflating every one
    # costs more server time than it saves on any network a game is played over.
    return uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=64 * 1024,  # a client's message is small (talisman/server/ws.py refuses more than 16 KiB)
    )


def check_database(url: str) -> str | None:
    """Why the database at ``url`` cannot hold the games (None if it can): an address SQLAlchemy
    cannot read, a database it has no dialect for or whose driver is not installed, a server it
    cannot reach, a file it cannot write. Opens it as the server will (its tables are made)."""
    from sqlalchemy.exc import NoSuchModuleError, SQLAlchemyError

    from talisman.server.store import Store

    try:
        Store(url).close()
    except NoSuchModuleError:
        return "SQLAlchemy knows no such database (talisman serve uses SQLite, the default, or PostgreSQL)"
    except ImportError as e:
        return (
            f"its driver is not installed ({e}); talisman serve uses SQLite (the default) or PostgreSQL, "
            "whose driver it installs"
        )
    except (SQLAlchemyError, OSError, ValueError) as e:
        return str(e).splitlines()[0]
    return None


def listening_socket(host: str, port: int, *, shared: bool = False) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (taken before the server says it is served);
    ``shared``: other processes may bind it too (``SO_REUSEPORT``)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as uvicorn does: a restart need not wait)
        if shared:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def _safe(url: str) -> str:
    """The URL without its password (as given, if SQLAlchemy cannot read it: then it holds none that it knows)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)
