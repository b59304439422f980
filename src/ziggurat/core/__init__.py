"""The game-agnostic kernel: the game interface, errors, RNG, hex geometry, data, records."""

from .action import Action
from .api import TERMINAL, Game, State
from .errors import (
    CorruptState,
    DataFileError,
    IllegalAction,
    InvalidOptions,
    RecordError,
    ZigguratError,
)
from .registry import game_names, load_game
from .rng import Rng

__all__ = [
    "TERMINAL",
    "Action",
    "CorruptState",
    "DataFileError",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "RecordError",
    "Rng",
    "State",
    "ZigguratError",
    "game_names",
    "load_game",
]
