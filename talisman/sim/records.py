"""Reading and writing simulation records: JSON lines, or Parquet when the
file name ends in ``.parquet``.

One record per game (see :func:`talisman.sim.runner.play_game`): its seed,
bots and characters per seat, the winners, how the game ended, its length
in turns, rounds and actions, each death with its turn and cause, the
seconds it took, and how often each feature its modules declare was chosen
(``features``) and offered (``features_offered``), by ``module/name``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from talisman.errors import ConfigError

REQUIRED = ("index", "players", "bots", "characters", "winners", "ending", "finished", "turns", "deaths")


def is_parquet(path: str | Path) -> bool:
    return str(path).endswith(".parquet")


def write(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Write records as they come (JSON lines) or all at once (Parquet); returns how many."""
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True)
    if is_parquet(path):
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = list(records)
        pq.write_table(pa.Table.from_pylist(rows), path)
        return len(rows)
    n = 0
    with path.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
            f.flush()
            n += 1
    return n


def read(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of one file; raises ConfigError if it is missing or not a simulation file."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"no such file: {path}")
    if is_parquet(path):
        import pyarrow.parquet as pq

        try:
            rows = pq.read_table(path).to_pylist()
        except Exception as e:  # pyarrow raises several error types for a bad file
            raise ConfigError(f"{path} is not a Parquet file of game records: {e}") from e
    else:
        rows = []
        with path.open(encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise ConfigError(f"{path}:{n}: not a JSON record ({e.msg})") from e
    for n, r in enumerate(rows, 1):
        missing = [k for k in REQUIRED if not isinstance(r, dict) or k not in r]
        if missing:
            raise ConfigError(f"{path}: record {n} is not a game record (missing {', '.join(missing)})")
        yield r


def read_all(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """The records of several files (chunks of one experiment), in order."""
    out: list[dict[str, Any]] = []
    for p in paths:
        out.extend(read(p))
    return out
