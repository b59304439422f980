"""``load_game``: the one entry point from a game's name to its rules engine.

Games are named here as import paths and imported only when asked for, so the kernel never
imports a game package (DESIGN.md layering) and starting a game loads only that game.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .api import Game
from .errors import InvalidOptions
from .heuristics import DEFAULT, Heuristics
from .options import shown

if TYPE_CHECKING:
    from .kernel import BaseGame

GAMES: dict[str, str] = {
    "babylonia": "ziggurat.games.babylonia.game:BabyloniaGame",
    "tower_of_babel": "ziggurat.games.tower_of_babel.game:TowerOfBabelGame",
    "ishtar": "ziggurat.games.ishtar.game:IshtarGame",
    "amyitis": "ziggurat.games.amyitis.game:AmyitisGame",
}
"""Every game by name, in the order the product presents them."""


def heuristics_for(name: str) -> Heuristics:
    """The game's advice to the bots: ``HEURISTICS`` of the ``heuristics`` module beside its
    game class, or the defaults of :class:`~ziggurat.core.heuristics.Heuristics` when the
    game has none."""
    package = GAMES[name].partition(":")[0].rpartition(".")[0] if name in GAMES else None
    if package is None:
        raise InvalidOptions(f"unknown game {shown(name)}; the games are: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"{package}.heuristics")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.heuristics":
            raise
        return DEFAULT
    found: Heuristics = module.HEURISTICS
    return found


def game_names() -> list[str]:
    """The games in the order the product presents them (Knizia's two first, as in the
    README): lists, menus and the lobby's first choice follow it."""
    return list(GAMES)


def game_class(name: str) -> type[BaseGame]:
    """The class of the game ``name``: its declarations (title, player counts, options)
    without building a game."""
    try:
        target = GAMES[name]
    except (KeyError, TypeError):
        raise InvalidOptions(
            f"unknown game {shown(name)}; the games are: {', '.join(game_names())}"
        ) from None
    module_name, _, class_name = target.partition(":")
    cls: type[BaseGame] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load_game(name: str, *, data: str | Path | None = None, **options: Any) -> Game:
    """Build the game ``name`` with validated ``options``.

    ``data`` names an owner's corrected component data file to use instead of the one shipped
    with the game; an invalid file raises :class:`~ziggurat.core.errors.DataFileError`.
    """
    cls = game_class(name)
    return cls(data=Path(data) if data is not None else None, **options)
