"""The order the suite runs in, so that both of CI's workers finish together.

The property harness (tests/test_registry_properties.py) is some two dozen cases of ten to
eighty seconds each (by the machine's speed that day), about a third of the suite's work.
Collected where they fall, one of them is often the last test left, and the other worker sits
idle while it ends. pytest-xdist's ``worksteal`` scheduler hands each of the n workers a
contiguous 1/n of the collection and later lets an idle worker take the tail of another's
queue. So the harness cases, the costliest first, are dealt in turn to the front of each
worker's share: every worker starts on long cases and ends on the short tests, which can be
stolen one batch at a time.

The order within the rest of the suite is kept, so module-scoped fixtures (a server, a browser)
still start once a worker. Without xdist the hook only moves the harness to the front.
"""

from __future__ import annotations

from typing import Any

import pytest

HARNESS = "test_registry_properties.py"


def _harness_cost(item: pytest.Item) -> tuple[int, int]:
    """A rank, not a time: the more seats, the longer each random game; then more games."""
    params: dict[str, Any] = getattr(getattr(item, "callspec", None), "params", {})
    return params.get("options", {}).get("players", 0), params.get("games", 0)


def _share_sizes(total: int, workers: int) -> list[int]:
    """The sizes of the contiguous shares worksteal's first schedule hands out, in order."""
    sizes = []
    for i in range(workers):
        size = total // (workers - i)
        sizes.append(size)
        total -= size
    return sizes


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    harness = [item for item in items if item.path.name == HARNESS]
    if not harness:
        return
    rest = [item for item in items if item.path.name != HARNESS]
    harness.sort(key=_harness_cost, reverse=True)
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    shares: list[list[pytest.Item]] = [harness[i::workers] for i in range(workers)]
    # Each share is topped up to its size from the rest, in order; the sizes add up to the
    # whole collection, so the last share takes whatever is left.
    start = 0
    for share, size in zip(shares, _share_sizes(len(items), workers), strict=True):
        take = max(0, size - len(share))
        share.extend(rest[start : start + take])
        start += take
    items[:] = [item for share in shares for item in share]
