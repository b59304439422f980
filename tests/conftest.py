"""The order the suite runs in: the property tests first.

The property tests are the longest of the suite (up to a minute each: thousands of random
games per player count). ``pytest -n 2 --dist worksteal`` hands each worker a share of the
tests in this order and lets an idle worker take what the other has not started; with the
longest first, the last tests are short ones and the two workers finish together instead of
one waiting on the other's minute-long test. Tests do not depend on their order.
"""

from __future__ import annotations

import pytest

LONGEST_FIRST = ("tests/test_registry_properties.py",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))
