"""The first lobby page on a fresh clone, once the packages are installed: how long the README's play
command (``scripts/serve.sh``) takes to answer.

    python benchmarks/first_page.py [--runs 3]

Each run clones this checkout's last commit into a temporary folder (no ``build/``: the engine was never
compiled there), links this checkout's ``.venv`` into it (the install done: the figure is what comes after
it), starts ``scripts/serve.sh`` on a free port with a database of its own and times the first answer of
``/`` (the lobby page), then stops the server and the compiled build it started in the background.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def stop_build(clone: Path) -> None:
    """Stop the build serve.sh started in the background (its own session: the pid is its group's)."""
    pid_file = clone / "build" / "compile.pid"
    end = time.monotonic() + 10
    while not pid_file.exists() and time.monotonic() < end:
        time.sleep(0.1)
    if pid_file.exists():
        try:
            os.killpg(int(pid_file.read_text()), signal.SIGTERM)
        except ProcessLookupError:
            pass


def one_run(tmp: Path) -> tuple[float, str]:
    """Seconds from the start of serve.sh to the lobby's first answer, and what serve.sh said."""
    clone = tmp / "clone"
    subprocess.run(["git", "clone", "--quiet", "--local", str(ROOT), str(clone)], check=True)
    (clone / ".venv").symlink_to(ROOT / ".venv")
    port = free_port()
    log = tmp / "serve.log"
    start = time.perf_counter()
    with log.open("wb") as out:
        server = subprocess.Popen(
            [str(clone / "scripts" / "serve.sh"), "--port", str(port), "--db", f"sqlite:///{tmp / 'games.db'}"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TALISMAN_COMPILE")},
        )
    try:
        while True:
            if server.poll() is not None:
                raise SystemExit(f"serve.sh exited: {log.read_text()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    if page.status == 200 and b"<html" in page.read().lower():
                        return time.perf_counter() - start, log.read_text()
            except OSError:
                time.sleep(0.05)
    finally:
        server.terminate()
        server.wait(30)
        stop_build(clone)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    times = []
    for r in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            seconds, said = one_run(Path(tmp))
        times.append(seconds)
        print(f"run {r + 1}: first lobby page after {seconds:.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
        if r == 0:
            print("  serve.sh said: " + "\n  ".join(line for line in said.splitlines() if line.strip()), flush=True)
    print(f"first lobby page, fresh clone: median {statistics.median(times):.1f} s ({min(times):.1f}-{max(times):.1f})")


if __name__ == "__main__":
    main()
