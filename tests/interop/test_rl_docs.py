"""docs/rl.md prints each game's observation layout as the code declares it, so the table a
researcher reads cannot drift from the tensor they get."""

from __future__ import annotations

from pathlib import Path

import ziggurat
from ziggurat.core.registry import game_class, game_names

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_documented_layout_is_the_declared_one() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in game_names():
        cls = game_class(name)
        counts = cls.player_counts
        shown = ziggurat.load_game(name, players=counts[0]).observation_layout
        assert shown.markdown() in text, name
        sizes = {p: ziggurat.load_game(name, players=p).observation_layout.size for p in counts}
        cells = [f"{sizes[p]:,}" if p in sizes else "" for p in (2, 3, 4, 5)]
        assert f"| {cls.title.split(':')[0]} | " + " | ".join(cells) + " |" in text, name
