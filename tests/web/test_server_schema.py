"""The API against its own OpenAPI document, fuzzed by schemathesis (a bounded run):
no 5xx, no traceback, every answer's status, headers and body as documented."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.python.asgi import shutdown_lifespans
from schemathesis.specs.openapi.checks import positive_data_acceptance

from talisman.server.app import create_app

EXAMPLES = int(
    os.environ.get("TALISMAN_SCHEMA_EXAMPLES", "20")
)  # per operation: well under a minute (more: a long run)

pytestmark = pytest.mark.timeout(300 + 6 * EXAMPLES)  # a long run gets the time for its requests


def test_the_api_answers_as_its_document_says(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    calls: list[int] = []
    started = time.monotonic()
    try:
        for found in schema.get_all_operations():
            operation = found.ok()

            @given(case=operation.as_strategy())
            @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
            def answers_as_documented(case: schemathesis.Case) -> None:
                # Every other check; a request valid by the schema can still name a module, character
                # or game that does not exist, and is then rightly refused (400, 404).
                response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
                assert "Traceback" not in response.text
                calls.append(response.status_code)

            answers_as_documented()
    finally:
        shutdown_lifespans()
    print(f"schemathesis: {len(calls)} requests in {time.monotonic() - started:.1f} s, statuses {sorted(set(calls))}")
    assert len(calls) >= 100
