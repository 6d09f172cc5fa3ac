"""The share of the cards that need Python (benchmarks/content_share.py): at most a quarter, the manual
and the README quote the figure the measure gives, and every hook or trait kept for one card says why."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@cache
def measured() -> str:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "content_share.py"), "--list"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout


def test_at_most_a_quarter_of_the_cards_need_python_and_the_manual_says_how_many() -> None:
    out = measured()
    figures = re.search(r"cards needing Python: (\d+) of (\d+) \(([\d.]+)%\)", out)
    hooks_figures = re.search(r"used by one card only: (\d+) of (\d+)", out)
    assert figures and hooks_figures, out
    need, cards, share = figures.groups()
    single, hooks = hooks_figures.groups()
    assert int(need) <= int(cards) // 4
    manual = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert f"of the {cards} cards of the modules, {need} ({share}%" in manual
    assert f"{single} of the {hooks} hooks and Spell effects serve one" in manual
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{need} of the {cards} cards ({share}%)" in " ".join(readme.split())


def test_every_hook_kept_for_one_card_says_why_no_verb_or_trait_says_it() -> None:
    out = measured()
    unexplained = re.search(r"single-card hooks without a reason: (\d+)(.*)", out)
    assert unexplained, out
    assert unexplained.group(1) == "0", f"a hook serves one card without a 'One card:' line: {unexplained.group(2)}"


def test_every_trait_kept_for_one_card_says_why_no_verb_or_condition_says_it() -> None:
    out = measured()
    unexplained = re.search(r"single-card traits without a reason: (\d+)(.*)", out)
    assert unexplained, out
    assert unexplained.group(1) == "0", (
        f"a trait serves one card without 'One card:' in its meaning: {unexplained.group(2)}"
    )
