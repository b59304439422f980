"""docs/rl.md prints each game's observation layout as the code declares it, so the table a
researcher reads cannot drift from the tensor they get."""

from __future__ import annotations

from pathlib import Path

import ziggurat

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_documented_layout_is_the_declared_one() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name, title in (("babylonia", "Babylonia"), ("amyitis", "Amyitis")):
        assert ziggurat.load_game(name, players=2).observation_layout.markdown() in text
        sizes = [ziggurat.load_game(name, players=p).observation_layout.size for p in (2, 3, 4)]
        assert f"| {title} | " + " | ".join(f"{s:,}" for s in sizes) + " | |" in text
