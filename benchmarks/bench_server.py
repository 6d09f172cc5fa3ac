"""Load benchmark of the web game: many concurrent games over WebSockets on loopback.

    python benchmarks/bench_server.py [--games 60] [--people 3] [--bots 1] [--seconds 20] [--think 0] [--db URL]
    python benchmarks/bench_server.py --url http://127.0.0.1:8000   # a server already running (on loopback)
    python benchmarks/bench_server.py --processes 1,2,4 [--think 1 --games 200]   # several processes, PostgreSQL

It starts ``talisman serve`` in its own process (SQLite in a temporary folder
unless ``--db`` names another database, bots without a pause), creates
``--games`` games of ``--people`` people's seats and ``--bots`` server-side
heuristic bots, and connects one WebSocket per person's seat. Each of those
clients answers its seat's decisions with a random bot's choice, as fast as
the server lets it (the server's capacity), or after ``--think`` seconds
like a person (the latency people would see at that load); a game that ends
is replaced by a new one until the time is up. It prints the games held at once, the actions per second (all moves
the server checked, recorded and broadcast, the bots' included) and the
latency of a person's move: from sending it to receiving the new state.
Only loopback addresses are used; the run stops by itself.

With ``--processes``, it starts a PostgreSQL server of its own (Debian's
``postgresql``, see :mod:`talisman.server.scratch_pg`) and, for each number of
processes in the list, one after the other on a fresh database, that many
``talisman serve --reuse-port`` processes on one port: the kernel spreads the
connections among them, so the seats of one game are mostly on different
processes. It prints one line per number of processes, side by side, with the
errors the servers logged (none expected).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import builds  # noqa: E402  (benchmarks/builds.py: the build measured is the one on PYTHONPATH)

builds.use()

import psycopg  # noqa: E402
import websockets  # noqa: E402

from talisman.bots.random_bot import RandomBot  # noqa: E402
from talisman.engine.decision import Decision, Option  # noqa: E402
from talisman.server.scratch_pg import create_database, scratch_postgres  # noqa: E402


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    steps: dict[str, int] = field(default_factory=dict)  # game id -> last step seen
    measure_from: float = 0.0  # latencies count after the warm-up (games being created, clients joining)
    steps_before: int = 0  # moves made during the warm-up
    games_started: int = 0
    games_finished: int = 0
    errors: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def decision_of(view: dict) -> Decision:
    d = view["decision"]
    return Decision(
        d["player"], d["kind"], d["prompt"], tuple(Option(o["id"], o["label"], o["group"]) for o in d["options"])
    )


async def play_seat(
    ws_url: str, game_id: str, seat: int, token: str, rng: random.Random, stats: Stats, deadline: float, think: float
) -> None:
    agent = RandomBot(rng)
    async with websockets.connect(f"{ws_url}/ws/games/{game_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "join", "seat": seat, "token": token}))
        sent: tuple[int, float] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                sent = None
                continue
            if msg["type"] != "state":
                continue
            stats.steps[game_id] = max(stats.steps.get(game_id, 0), msg["step"])
            if sent is not None and msg["step"] > sent[0]:
                if sent[1] >= stats.measure_from:
                    stats.latencies.append(time.perf_counter() - sent[1])
                sent = None
            view = msg["view"]
            if view["result"] is not None or time.perf_counter() > deadline:
                return
            d = view["decision"]
            if sent is None and d["player"] == seat and "options" in d:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                option = agent.choose(view, decision_of(view))
                sent = (msg["step"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "option": option, "step": msg["step"]}))


async def table(
    base: str, people: int, bots: int, rng: random.Random, stats: Stats, deadline: float, think: float
) -> None:
    """One table: play games, one after another, until the time is up."""
    ws_url = "ws" + base[len("http") :]
    while time.perf_counter() < deadline:
        seats = [{"controller": "human"}] * people + [{"controller": "heuristic"}] * bots
        created = await asyncio.to_thread(post, base + "/api/games", {"seats": seats, "seed": rng.randrange(1 << 30)})
        stats.games_started += 1
        game_id = created["game"]["id"]
        tokens = [  # each person opens their seat's invitation: its token
            (
                await asyncio.to_thread(
                    post, f"{base}/api/games/{game_id}/seats/{s['seat']}/claim", {"invite": s["invite"]}
                )
            )
            for s in created["seats"]
        ]
        await asyncio.gather(
            *(
                play_seat(ws_url, game_id, t["seat"], t["token"], random.Random(rng.random()), stats, deadline, think)
                for t in tokens
            )
        )
        if time.perf_counter() < deadline:
            stats.games_finished += 1


def start_server(db: str, port: int, log: Path, *extra: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "talisman.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--no-client-limits",
            *extra,
        ],
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        cwd=log.parent,  # not the checkout: `-m` puts the working folder first on the path
        env=builds.child_env(),  # the build this benchmark imported
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
            if not extra or "Talisman is served" in log.read_text():
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            raise SystemExit(f"the server did not start:\n{log.read_text()}") from None
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not answer within 30 s")


def start_servers(db: str, port: int, folder: Path, processes: int) -> list[subprocess.Popen]:
    """``processes`` servers on one port (``--reuse-port``), each with its log in ``folder``."""
    procs = [start_server(db, port, folder / f"server-{processes}-{i}.log", "--reuse-port") for i in range(processes)]
    time.sleep(1.0)  # each has bound the port; let the last ones finish starting up
    return procs


def stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats(measure_from=time.perf_counter() + args.warmup)
    rng = random.Random(args.seed)
    deadline = time.perf_counter() + args.warmup + args.seconds

    async def end_of_warmup() -> None:
        await asyncio.sleep(args.warmup)
        stats.steps_before = sum(stats.steps.values())

    await asyncio.gather(
        end_of_warmup(),
        *(
            table(base, args.people, args.bots, random.Random(rng.random()), stats, deadline, args.think)
            for _ in range(args.games)
        ),
    )
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games held at once (default 60)")
    parser.add_argument("--people", type=int, default=3, help="people's seats per game, one WebSocket each (default 3)")
    parser.add_argument("--bots", type=int, default=1, help="server-side heuristic bots per game (default 1)")
    parser.add_argument("--seconds", type=float, default=20, help="how long to measure (default 20)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before measuring (default 5)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="a person's mean time to choose, in seconds (default 0: as fast as the server allows)",
    )
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--url", help="benchmark this running server instead (127.0.0.1 or localhost only)")
    parser.add_argument(
        "--processes",
        help="comma-separated numbers of server processes, e.g. 1,2,4: each measured in turn on one port, "
        "on a PostgreSQL server the benchmark starts",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run that only shows it works")
    args = parser.parse_args()
    if args.quick:
        # (4 s: on a crowded machine the first game's first moves took longer than 1 s, and no move was made)
        args.games, args.people, args.bots, args.seconds, args.warmup = 1, 1, 1, 4.0, 0.0
    print(builds.which(), flush=True)
    if not 1 <= args.people + args.bots <= 6 or args.people < 1:
        raise SystemExit("a game has 1 to 6 seats, at least one of them a person's")
    if args.url and urllib.parse.urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("this benchmark only sends traffic to loopback addresses")

    folder = Path(tempfile.mkdtemp(prefix="talisman-bench-"))
    if args.processes:
        counts = [int(n) for n in args.processes.split(",")]
        if args.url or args.db or not all(1 <= n <= 16 for n in counts):
            raise SystemExit("--processes takes numbers from 1 to 16, and starts its own servers and database")
        compare(args, counts, folder)
        return
    db = args.db or f"sqlite:///{folder / 'bench.db'}"
    proc = None
    if args.url:
        base = args.url.rstrip("/")
        db = "(the running server's)"
    else:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(db, port, folder / "server.log")
    try:
        stats = asyncio.run(run(args, base))
        elapsed = args.seconds
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    lat = sorted(stats.latencies)
    if not lat:
        raise SystemExit("no move was made: see " + str(folder / "server.log"))
    steps = sum(stats.steps.values())
    pct = percentiles(lat)

    print(
        f"server: talisman serve on 127.0.0.1, database {db.split(':')[0]}, {os.cpu_count()} cores shared with "
        f"the clients"
    )
    print(
        f"games held at once:  {args.games} ({args.people} people on WebSockets + {args.bots} server bot each; "
        f"{args.games * args.people} connections; people think {args.think:g} s)"
    )
    print(f"games started:       {stats.games_started} ({stats.games_finished} played to the end)")
    print(
        f"actions per second:  {(steps - stats.steps_before) / elapsed:,.0f} (all moves; people's moves "
        f"{len(lat) / elapsed:,.0f}; measured for {elapsed:g} s after a {args.warmup:g} s warm-up)"
    )
    print(
        f"move latency (ms):   median {statistics.median(lat) * 1000:.1f}, p90 {pct(90):.1f}, "
        f"p99 {pct(99):.1f}, max {lat[-1] * 1000:.1f}  over {len(lat):,} moves"
    )
    print(f"refused messages:    {stats.errors}")


def percentiles(lat: list[float]) -> Callable[[float], float]:
    """The percentile function of sorted latencies, in milliseconds."""

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p / 100 * len(lat)))] * 1000

    return pct


def compare(args: argparse.Namespace, counts: list[int], folder: Path) -> None:
    """The same load on 1, 2, ... server processes sharing one PostgreSQL database and one port."""
    rows = []
    with scratch_postgres(max_connections=200) as server_url:
        with psycopg.connect(server_url) as conn:
            version = conn.execute("SHOW server_version").fetchone()[0].split()[0]
        for n in counts:
            db = create_database(server_url, f"bench{n}")
            port = free_port()
            procs = start_servers(db, port, folder, n)
            try:
                stats = asyncio.run(run(args, f"http://127.0.0.1:{port}"))
            finally:
                stop(procs)
            logs = [(folder / f"server-{n}-{i}.log").read_text() for i in range(n)]
            faults = sum(log.count("Traceback") + log.count("ERROR") for log in logs)
            lat = sorted(stats.latencies)
            if not lat:
                raise SystemExit(f"no move was made with {n} processes: see the logs in {folder}")
            steps = sum(stats.steps.values()) - stats.steps_before
            pct = percentiles(lat)
            rows.append(
                f"| {n} | {args.games} | {stats.games_started} | {steps / args.seconds:,.0f} | "
                f"{statistics.median(lat) * 1000:.1f} / {pct(90):.1f} / {pct(99):.1f} | {stats.errors} | {faults} |"
            )
            print(rows[-1], flush=True)
    print(
        f"\nPostgreSQL {version} (fsync off), {os.cpu_count()} cores shared by the servers, the database "
        f"and the clients; {args.games} games held at once, {args.people} people on WebSockets + {args.bots} "
        f"server bot each, people think {args.think:g} s; {args.seconds:g} s measured after {args.warmup:g} s"
    )
    print(
        "| processes | games held | games started | actions/s | move latency ms: median / p90 / p99 | refused "
        "| server errors |"
    )
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
