"""Reading and writing simulation records: JSON lines, or Parquet when the
file name ends in ``.parquet``.

One record per game (see :func:`talisman.sim.runner.play_game`): its seed,
bots and characters per seat, the winners, how the game ended, its length
in turns, rounds and actions, each death with its turn and cause, the
seconds it took, and how often each feature its modules declare was chosen
(``features``) and offered (``features_offered``), by ``module/name``.

Records kept for the long run are packed in an archive (``.tar.xz``): its
members are named ``ARCHIVE:MEMBER``, and a member's name may be a pattern
(``benchmarks/records.tar.xz:h2h-search-*.jsonl``: every member it matches,
in name order).
"""

from __future__ import annotations

import fnmatch
import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from talisman.errors import ConfigError

REQUIRED = ("index", "players", "bots", "characters", "winners", "ending", "finished", "turns", "deaths")
ARCHIVE = ".tar.xz"  # an archive of records; ARCHIVE:MEMBER names one of them

if TYPE_CHECKING:
    import tarfile


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


def in_archive(path: str | Path) -> tuple[Path, str] | None:
    """The archive and the member that ``path`` names, if it names one.

    >>> in_archive("benchmarks/records.tar.xz:levels/gentle.jsonl"), in_archive("games.jsonl")
    ((PosixPath('benchmarks/records.tar.xz'), 'levels/gentle.jsonl'), None)
    """
    archive, colon, member = str(path).partition(ARCHIVE + ":")
    return (Path(archive + ARCHIVE), member) if colon else None


def members(archive: str | Path, pattern: str = "*") -> list[str]:
    """The names of an archive's members that ``pattern`` matches (fnmatch), in name order."""
    if not Path(archive).is_file():
        raise ConfigError(f"no such archive: {archive}")
    with _open(archive, "r:xz") as tar:
        return sorted(m.name for m in tar.getmembers() if m.isfile() and fnmatch.fnmatchcase(m.name, pattern))


def expand(paths: Iterable[str | Path]) -> list[str]:
    """The paths, each archive member's pattern replaced by the members it matches (ConfigError if none)."""
    out: list[str] = []
    for p in paths:
        named = in_archive(p)
        if named is None:
            out.append(str(p))
            continue
        found = members(*named)
        if not found:
            raise ConfigError(f"no member of {named[0]} is named {named[1]!r}")
        out += [f"{named[0]}:{m}" for m in found]
    return out


def pack(archive: str | Path, folder: str | Path) -> list[str]:
    """Write every file under ``folder`` into the archive (made if missing), by its path under
    ``folder``; a member of the same name is replaced. Returns the names written. The archive
    depends on its members alone (names in order, no dates or owners), so packing the same
    records twice gives the same bytes."""
    archive, folder = Path(archive), Path(folder)
    kept: dict[str, bytes] = {}
    if archive.exists():
        with _open(archive, "r:xz") as tar:
            for m in tar.getmembers():
                f = tar.extractfile(m) if m.isfile() else None
                if f is not None:
                    kept[m.name] = f.read()
    added = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    kept |= added
    with _open(archive, "w:xz") as tar:
        for name, data in sorted(kept.items()):
            info = tar.tarinfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return sorted(added)


def _open(archive: str | Path, mode: Literal["r:xz", "w:xz"]) -> tarfile.TarFile:
    import tarfile  # (only a reader of the archive pays for it: most runs never open one)

    return tarfile.open(archive, mode)


def read_text(path: str | Path) -> str:
    """The text of a file, or of an archive's member (``ARCHIVE:MEMBER``)."""
    named = in_archive(path)
    if named is None:
        if not Path(path).is_file():
            raise ConfigError(f"no such file: {path}")
        return Path(path).read_text(encoding="utf-8")
    archive, member = named
    if not archive.is_file():
        raise ConfigError(f"no such archive: {archive}")
    with _open(archive, "r:xz") as tar:
        try:
            f = tar.extractfile(member)
        except KeyError:
            f = None
        if f is None:
            raise ConfigError(f"no member {member!r} in {archive}")
        return f.read().decode("utf-8")


def read(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of one file, or of an archive's member; raises ConfigError if it is missing or
    not a simulation file."""
    if is_parquet(path) and in_archive(path) is None:
        yield from _checked(path, _parquet_rows(Path(path)))
        return
    rows = []
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise ConfigError(f"{path}:{n}: not a JSON record ({e.msg})") from e
    yield from _checked(path, rows)


def _parquet_rows(path: Path) -> list[Any]:
    if not path.is_file():
        raise ConfigError(f"no such file: {path}")
    import pyarrow.parquet as pq

    try:
        rows: list[Any] = pq.read_table(path).to_pylist()
    except Exception as e:  # pyarrow raises several error types for a bad file
        raise ConfigError(f"{path} is not a Parquet file of game records: {e}") from e
    return rows


def _checked(path: str | Path, rows: list[Any]) -> Iterator[dict[str, Any]]:
    for n, r in enumerate(rows, 1):
        missing = [k for k in REQUIRED if not isinstance(r, dict) or k not in r]
        if missing:
            raise ConfigError(f"{path}: record {n} is not a game record (missing {', '.join(missing)})")
        yield r


def read_all(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """The records of several files (chunks of one experiment), in order; an archive's member
    pattern reads every member it matches (:func:`expand`)."""
    out: list[dict[str, Any]] = []
    for p in expand(paths):
        out.extend(read(p))
    return out
