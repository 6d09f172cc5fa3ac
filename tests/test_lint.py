"""The code is formatted and linted with ruff (settings in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> str:
    exe = Path(sys.executable).with_name("ruff")
    found = str(exe) if exe.exists() else shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (it comes with the test dependencies)")
    return found


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]], ids=["lint", "format"])
def test_ruff(args: list[str]) -> None:
    out = subprocess.run([_ruff(), *args], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
