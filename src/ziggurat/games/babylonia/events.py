"""What a Babylonia move caused (ziggurat.core.events): the kinds the rules record, and
their words.

The rules append plain tuples while a move is applied (:func:`.rules.place`,
:func:`.rules.score_hex`, :func:`.rules.take_card`, :func:`.rules.finish_turn`); nothing is
worded there. Every fact in them is public at the table: a crop field and a city are face up,
a ziggurat's neighbours count face-down river tokens too but not their kinds, and the card a
ziggurat winner takes is laid out face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.events import Event, Part, one_seat, points_parts, seat, winners_parts

from .pieces import CITY_NAMES, FIELD_CITIES, FIELD_NAMES, format_coord

if TYPE_CHECKING:
    from .game import BabyloniaGame

FIELD_TAKEN = "field_taken"  # (seat, hex bit, field tile, points)
ZIGGURAT_POINTS = "ziggurat_points"  # (seat, points): a token placed next to a ziggurat
CITY_SCORED = "city_scored"  # (hex bit, city tile, winner or -1, points per seat)
ZIGGURAT_SCORED = "ziggurat_scored"  # (hex bit, winner or -1)
CARD_TAKEN = "card_taken"  # (seat, card number, points it paid at once)
EXTRA_TURN = "extra_turn"  # (seat): may now play card 2's extra turn
GAME_OVER = "game_over"  # (turn player, why: "stand" | "cities", winners)


def describe_event(game: BabyloniaGame, event: Event, viewer: int | None) -> dict[str, Any]:
    """The words of ``event`` (the same for every viewer: nothing in one is secret)."""
    kind = event[0]
    board = game.board
    parts: list[Part]
    out: dict[str, Any] = {"type": kind}
    if kind == FIELD_TAKEN:
        _, s, bit, tile, points = event
        where = format_coord(board.coord(bit))
        field = "the cities field" if tile == FIELD_CITIES else f"the {FIELD_NAMES[tile]} field"
        parts = [seat(s), f" takes {field} at {where}: +{points}"]
        out.update(seat=s, hex=list(board.coord(bit)), points=one_seat(game.num_players, s, points))
    elif kind == ZIGGURAT_POINTS:
        _, s, points = event
        zigs = "1 ziggurat" if points == 1 else f"{points} ziggurats"
        parts = [seat(s), f"'s tokens touch {zigs}: +{points}"]
        out.update(seat=s, points=one_seat(game.num_players, s, points))
    elif kind == CITY_SCORED:
        _, bit, tile, winner, points = event
        where = f"city {CITY_NAMES[tile]} at {format_coord(board.coord(bit))}"
        parts = [f"{where} scored: "]
        parts += [seat(winner), " takes it"] if winner >= 0 else ["a tie, nobody takes it"]
        paid = points_parts(points)
        parts += ["; ", *paid] if paid else ["; nobody scores"]
        out.update(hex=list(board.coord(bit)), winner=None if winner < 0 else winner)
        out["points"] = list(points)
    elif kind == ZIGGURAT_SCORED:
        _, bit, winner = event
        where = f"ziggurat at {format_coord(board.coord(bit))} surrounded: "
        if winner >= 0:
            parts = [where, seat(winner), " wins it and chooses a ziggurat card"]
        else:
            parts = [where, "a tie, no card"]
        out.update(hex=list(board.coord(bit)), winner=None if winner < 0 else winner)
    elif kind == CARD_TAKEN:
        _, s, number, points = event
        card = game.card_names[number]
        parts = [seat(s), f" takes ziggurat card {number} ({card})"]
        if points:
            parts.append(f": +{points}")
            out["points"] = one_seat(game.num_players, s, points)
        out.update(seat=s, card=number)
    elif kind == EXTRA_TURN:
        _, s = event
        parts = [seat(s), " may take an extra turn (ziggurat card 2)"]
        out["seat"] = s
    elif kind == GAME_OVER:
        _, s, why, winners = event
        if why == "stand":
            parts = ["the game is over: ", seat(s), " has no token left to place"]
        elif why == "cities":
            parts = ["the game is over: fewer than two cities are left on the board"]
        else:
            raise ValueError(f"unknown end {why!r}")
        parts += ["; ", *winners_parts(winners)]
        out["winners"] = list(winners)
    else:
        raise ValueError(f"unknown event {kind!r}")
    out["parts"] = parts
    return out
