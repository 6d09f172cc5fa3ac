"""The whole package type-checks under ``mypy --strict``, as a library's public API should.

The settings live in pyproject.toml (``[tool.mypy]``): ``ignore_missing_imports`` only for a
third-party package that ships no types, none of strict's checks relaxed, and nothing ignored.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT_FLAGS = {
    "disallow_any_generics",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "disallow_untyped_calls",
    "disallow_untyped_decorators",
    "warn_return_any",
}


def mypy_settings() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_settings_are_strict():
    settings = mypy_settings()
    assert settings["strict"] is True
    assert settings["files"] == ["talisman"]
    for override in settings.get("overrides", []):
        ours = [m for m in override["module"] if m == "talisman" or m.startswith("talisman.")]
        assert not override.get("ignore_errors"), override
        if override.get("ignore_missing_imports"):
            assert not ours, override
        assert not STRICT_FLAGS.intersection(k for k, v in override.items() if v is False), override


def test_package_type_checks_strictly():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary", str(ROOT / "talisman")]
    )
    assert status == 0, out + err
