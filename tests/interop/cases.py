"""Every game at every player count, from the registry: the cases each interface runs."""

from __future__ import annotations

from ziggurat.core.registry import game_class, game_names

CASES: list[tuple[str, int]] = [
    (name, players) for name in game_names() for players in game_class(name).player_counts
]
IDS = [f"{name}-{players}p" for name, players in CASES]
SMALLEST: list[tuple[str, int]] = [
    (name, min(game_class(name).player_counts)) for name in game_names()
]
