"""Refusals the API sends: an HTTP status and ``{"error": code, "message": reason, ...}``."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request; nothing was changed."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


def no_such_table(table_id: str) -> ApiError:
    return ApiError(404, "no_such_table", f"there is no table {table_id!r}")
