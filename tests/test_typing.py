"""The engine and the content layer type-check (mypy), as a library's public API should."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_content_type_check():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(
        [
            "--ignore-missing-imports",
            "--no-incremental",
            "--no-error-summary",
            str(ROOT / "talisman" / "engine"),
            str(ROOT / "talisman" / "content"),
        ]
    )
    assert status == 0, out + err
