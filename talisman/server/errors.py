"""The one way the server refuses a request."""

from __future__ import annotations


class ActionError(Exception):
    """A refused request: a short machine-readable ``code``, a sentence for
    people, and the HTTP status that goes with it."""

    def __init__(self, code: str, message: str, status: int = 409, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after  # seconds, for a refusal of too many requests (429)

    def to_dict(self) -> dict[str, str]:
        return {"type": "error", "error": self.code, "message": self.message}
