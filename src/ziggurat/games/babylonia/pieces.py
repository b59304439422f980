"""Names and codes for Babylonia's tokens and location tiles (the cards: :mod:`.cards`).

Tokens are ints 0..3 so that a stand or bag is a list of four counts; city tiles are a bitmask
of their noble symbols, which makes "does this noble's kind appear on the city" one ``&``.
"""

from __future__ import annotations

MERCHANT, SERVANT, PRIEST, FARMER = 0, 1, 2, 3
NOBLES = (MERCHANT, SERVANT, PRIEST)
TOKEN_NAMES = ("merchant", "servant", "priest", "farmer")
TOKEN_LETTERS = ("M", "S", "P", "F")
TOKEN_BY_NAME = {name: kind for kind, name in enumerate(TOKEN_NAMES)}
TOKEN_BY_LETTER = {letter: kind for kind, letter in enumerate(TOKEN_LETTERS)}

# City tiles: bit k set when noble kind k is printed on the city (M=1, S=2, P=4).
CITY_CODES = {"M": 1, "S": 2, "P": 4, "MS": 3, "MP": 5, "SP": 6, "MSP": 7}
CITY_NAMES = {v: k for k, v in CITY_CODES.items()}
# Crop fields: 15, 16, 17 for the printed values 5, 6, 7; 20 for the field with the city symbol.
FIELD_CODES = {"5": 15, "6": 16, "7": 17, "cities": 20}
FIELD_NAMES = {v: k for k, v in FIELD_CODES.items()}
FIELD_CITIES = 20


def is_city(tile: int) -> bool:
    return 1 <= tile <= 7


def tile_name(tile: int) -> str:
    """``"MS"`` for a city, ``"field 5"`` / ``"field cities"`` for a crop field."""
    if is_city(tile):
        return CITY_NAMES[tile]
    return f"field {FIELD_NAMES[tile]}"


def format_coord(coord: tuple[int, int]) -> str:
    return f"{coord[0]},{coord[1]}"


def count_text(counts: list[int] | tuple[int, ...]) -> str:
    """``"2 merchants, 1 farmer"`` for a stand or bag given as four counts."""
    parts = []
    for kind, n in enumerate(counts):
        if n:
            parts.append(f"{n} {TOKEN_NAMES[kind]}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "nothing"
