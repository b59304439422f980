"""Every game ships a players' rules summary (its package's ``rules.md``), which the browser's
rules panel, ``GET /api/games/{name}/rules`` and ``ziggurat rules`` show; the same text
everywhere, read through the kernel's ``rules_summary``."""

from __future__ import annotations

import re

import pytest

from ziggurat.core.registry import game_class, game_names


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_summary_with_the_sections_a_player_looks_for(name: str) -> None:
    text = game_class(name).rules_summary()
    headings = [h.lower() for h in re.findall(r"^## (.+)$", text, re.MULTILINE)]
    assert len(headings) >= 5, headings
    assert not re.search(r"^# ", text, re.MULTILINE)  # the panel shows the title itself
    assert any("end" in h or "final" in h for h in headings), headings  # how it ends
    assert any("scor" in h for h in headings), headings  # how it is scored
    assert "<" not in re.sub(r"`[^`]*`", "", text)  # no raw HTML, which the panel escapes


def test_a_game_without_a_summary_has_an_empty_one() -> None:
    base = game_class("babylonia")

    class Bare(base):  # type: ignore[misc,valid-type]
        RULES_FILE = "no-such-file.md"

    Bare.__module__ = base.__module__  # looked for in the game's package, which has no such file

    assert Bare.rules_summary() == ""
