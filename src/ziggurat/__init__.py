"""ziggurat: board games of ancient Babylon, with exact rules engines and AI opponents."""

from .core import (
    TERMINAL,
    Action,
    CorruptState,
    DataFileError,
    IllegalAction,
    InvalidOptions,
    RecordError,
    ZigguratError,
    game_names,
    load_game,
)

__all__ = [
    "TERMINAL",
    "Action",
    "CorruptState",
    "DataFileError",
    "IllegalAction",
    "InvalidOptions",
    "RecordError",
    "ZigguratError",
    "game_names",
    "load_game",
]
__version__ = "0.1.0"
