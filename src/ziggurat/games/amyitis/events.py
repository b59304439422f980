"""What an Amyitis move caused (ziggurat.core.events): the kinds the rules record, and their
words.

The rules (:mod:`.rules`, :mod:`.scoring`) append plain tuples where something happens - a
card recruited, a caravan move, a resource taken from a field, a garden tile planted, a
temple's rewards, a new round, the end - and nothing is worded there; the single-option
decisions the engine takes by itself (``automatic_steps``) record theirs the same way, so
the events of one ``apply_action`` are everything its chosen action and the steps after it
caused, in order. Every fact in them is public at the table: Amyitis hides only the order of
the undealt craft cards, and no event names a card before it is dealt. So every viewer reads
the same words.

Numbers in a tuple are the engine's (a seat, a square, a tile, a resource, a city, a temple,
a court as :mod:`.components` numbers them); :func:`describe_event` names them by the data
file's names and checks each against its table, so that a saved event that is not one of
this game is refused (a ``ValueError``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ziggurat.core.events import Event, Part, seat

from .actions import ISHTAR_ITEMS, field_text
from .components import COURTS, CRAFTS, GARDENER, NEUTRAL, PALACE, RESOURCES, TEMPLES
from .scoring import POINT_SOURCES

if TYPE_CHECKING:
    from .game import AmyitisGame

# ---------------------------------------------------------------- the kinds and their layouts

RECRUITED = "recruited"  # (seat, row, craft, talents paid, camels taken: a merchant's)
PASSED = "passed"  # (seat, talents taken, how many seats passed before)
PASS_INCOME = "pass_income"  # (seat, talents): a seat that passed, as its turn comes round
FIELD_CUBE = "field_cube"  # (seat, field row, resource, 1 taken | 0 none left in the stock)
FIELD_COMPLETED = "field_completed"  # (row, majority or -1, 1 Gardener given, cubes home per seat)
CUBE_PUSHED_OUT = "cube_pushed_out"  # (temple, owner: a seat or NEUTRAL): it goes home
IRRIGATION_POINTS = "irrigation_points"  # (seat, space, points, point source)
CARAVAN_MOVED = "caravan_moved"  # (seat, from city, to city, camels paid)
SOLD = "sold"  # (seat, resources sold, points)
COURT_CARD = "court_card"  # (seat, court, level taken or 0 a Gardener or -1 none left, points)
TILE_TAKEN = "tile_taken"  # (seat, square, tile, resources paid, camels taken)
IRRIGATION_MAJORITY = "irrigation_majority"  # (square, leader or -1, points)
PLANT_TURNED = "plant_turned"  # (city, plant card, face now up)
GREY_CUBES = "grey_cubes"  # (square planted, irrigation spaces filled)
PROCESSION = "procession"  # (seat, temple, 1 its cube entered | 0 none in supply)
ISHTAR_REWARD = "ishtar_reward"  # (1st or -1, item, 2nd or -1, item): 0 camel, 1 talent, -1 none
MARDUK_REWARD = "marduk_reward"  # (1st or -1, 2nd or -1, points per seat)
TAMMOUZ_REWARD = "tammouz_reward"  # (1st or -1, 2nd or -1, 1 the 1st has a cube for the field)
NO_EXCHANGE = "no_exchange"  # (seat): Tammouz's 2nd has nothing to exchange
NEW_ROUND = "new_round"  # (round, start seat)
BANKERS_PAID = "bankers_paid"  # (talents per seat, points per seat)
FINAL_SCORED = "final_scored"  # (seat, garden tiles, Amyitis points, resources left, their points)
GAME_OVER = "game_over"  # (tiles left, threshold, winners, "points" | a tiebreak | "shared")

KINDS = (
    RECRUITED,
    PASSED,
    PASS_INCOME,
    FIELD_CUBE,
    FIELD_COMPLETED,
    CUBE_PUSHED_OUT,
    IRRIGATION_POINTS,
    CARAVAN_MOVED,
    SOLD,
    COURT_CARD,
    TILE_TAKEN,
    IRRIGATION_MAJORITY,
    PLANT_TURNED,
    GREY_CUBES,
    PROCESSION,
    ISHTAR_REWARD,
    MARDUK_REWARD,
    TAMMOUZ_REWARD,
    NO_EXCHANGE,
    NEW_ROUND,
    BANKERS_PAID,
    FINAL_SCORED,
    GAME_OVER,
)
"""Every kind this game records (docs/events-amyitis.md)."""

_SOURCE_WORDS = {"engineers": "an engineer's irrigation", "babylon": "the irrigation after Babylon"}
_TIEBREAK_WORDS = {"garden_tiles": "more garden tiles", "talents": "more talents"}


# ---------------------------------------------------------------- words


def _plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else word + 's'}"


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _index(table: Sequence[Any], i: Any, what: str) -> int:
    """``i`` if it numbers an entry of ``table`` (an int in range), else a ValueError: a
    saved event must not slip a negative or foreign number past the names."""
    if type(i) is not int or not 0 <= i < len(table):
        raise ValueError(f"{what} {i!r} is not one of the {len(table)} in play")
    return i


def _flag(value: Any, what: str) -> bool:
    if value not in (0, 1) or type(value) is not int:
        raise ValueError(f"{what} is 0 or 1, not {value!r}")
    return bool(value)


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{what} is a count, not {value!r}")
    return value


class _Words:
    """The names an event's numbers stand for, each checked (see :func:`_index`)."""

    def __init__(self, game: AmyitisGame) -> None:
        self.game = game
        self.data = game.data
        self.seats = range(game.num_players)

    def seat(self, s: Any) -> int:
        return _index(self.seats, s, "seat")

    def seat_or_none(self, s: Any) -> int:
        """A seat, or -1 for nobody."""
        return -1 if s == -1 and type(s) is int else self.seat(s)

    def per_seat(self, values: Any, what: str) -> list[int]:
        if not isinstance(values, tuple) or len(values) != len(self.seats):
            raise ValueError(f"{what} has one number per seat, not {values!r}")
        return [_count(v, what) for v in values]

    def one(self, s: int, points: int) -> list[int]:
        """``points`` to seat ``s`` as the per-seat list of ``points``."""
        return [points if i == s else 0 for i in self.seats]

    def city(self, c: Any) -> str:
        return _title(self.data.city_names[_index(self.data.city_names, c, "city")])

    def square(self, q: Any) -> str:
        return str(self.data.square_ids[_index(self.data.square_ids, q, "square")])

    def space(self, s: Any) -> str:
        return str(self.data.space_ids[_index(self.data.space_ids, s, "space")])

    def tile(self, t: Any) -> int:
        return _index(self.data.tile_ids, t, "tile")

    def resource(self, r: Any) -> str:
        return RESOURCES[_index(RESOURCES, r, "resource")]

    def resources(self, tokens: Any) -> list[str]:
        if not isinstance(tokens, tuple):
            raise ValueError(f"resources are a list, not {tokens!r}")
        return [self.resource(r) for r in tokens]

    def temple(self, t: Any) -> str:
        return _title(TEMPLES[_index(TEMPLES, t, "temple")])

    def row(self, r: Any) -> str:
        return field_text(_index(self.data.fields, r, "field row"))


def describe_event(game: AmyitisGame, event: Event, viewer: int | None) -> dict[str, Any]:
    """The words of ``event`` and its structured fields (the same for every viewer: nothing
    in one is secret)."""
    del viewer
    w = _Words(game)
    data = game.data
    kind = event[0]
    out: dict[str, Any] = {"type": kind}
    parts: list[Part]
    if kind == RECRUITED:
        _, s, row, craft, cost, camels = event
        name = CRAFTS[_index(CRAFTS, craft, "craft")]
        _index(range(game.craft_rows), row, "craft row")
        cost, camels = _count(cost, "cost"), _count(camels, "camels")
        paid = f"pays {_plural(cost, 'talent')} for" if cost else "takes"
        parts = [seat(w.seat(s)), f" {paid} row {row + 1}'s {name}"]
        if not cost:
            parts.append(" for free")
        if name == "merchant":
            got = f"takes {_plural(camels, 'camel')}" if camels else "takes no camel: none is left"
            parts += [" and ", got]
        out.update(seat=s, row=row + 1, craft=name, talents=cost, camels=camels)
    elif kind == PASSED:
        _, s, talents, before = event
        talents, before = _count(talents, "talents"), _count(before, "passes")
        order = ("first", "second", "third", "fourth")[_index(range(4), before, "pass order")]
        parts = [seat(w.seat(s)), f" is the {order} to pass"]
        if talents:
            parts.append(f" and takes {_plural(talents, 'talent')}")
        out.update(seat=s, talents=talents, order=before + 1)
    elif kind == PASS_INCOME:
        _, s, talents = event
        talents = _count(talents, "talents")
        parts = [
            seat(w.seat(s)),
            f" has passed and takes {_plural(talents, 'talent')} as the turn comes round",
        ]
        out.update(seat=s, talents=talents)
    elif kind == FIELD_CUBE:
        _, s, row, r, got = event
        name, where = w.resource(r), w.row(row)
        if _flag(got, "taken"):
            parts = [seat(w.seat(s)), f" takes {name} from field row {where}"]
        else:
            parts = [
                seat(w.seat(s)),
                f" gets no {name} from field row {where}: none is left in the stock",
            ]
        out.update(seat=s, field=where, resource=name, taken=bool(got))
    elif kind == FIELD_COMPLETED:
        _, row, winner, given, home = event
        where, winner, cubes = w.row(row), w.seat_or_none(winner), w.per_seat(home, "cubes home")
        parts = [f"field row {where} is complete: "]
        if winner < 0:
            parts.append("most cubes are tied, no Gardener")
        elif _flag(given, "given"):
            parts += [seat(winner), " (most cubes) takes a Gardener"]
        else:
            parts += [seat(winner), " has most cubes but no Gardener is left"]
        parts.append("; the cubes go home: ")
        for i, s in enumerate(s for s in w.seats if cubes[s]):
            parts += [", " if i else "", f"{cubes[s]} to ", seat(s)]
        out.update(field=where, winner=None if winner < 0 else winner, gardener=bool(given))
        out["cubes_home"] = cubes
    elif kind == CUBE_PUSHED_OUT:
        _, temple, owner = event
        name = w.temple(temple)
        if owner == NEUTRAL and type(owner) is int:
            parts = [f"a grey cube is pushed out of the temple of {name}"]
            out["owner"] = "neutral"
        else:
            parts = [
                seat(w.seat(owner)),
                f"'s cube is pushed out of the temple of {name} and goes home",
            ]
            out["owner"] = owner
        out["temple"] = name.lower()
    elif kind == IRRIGATION_POINTS:
        _, s, space, points, source = event
        where, points = w.space(space), _count(points, "points")
        how = _SOURCE_WORDS[POINT_SOURCES[_index(POINT_SOURCES, source, "point source")]]
        parts = [seat(w.seat(s)), f" scores {points} VP for {how} on {where}"]
        out.update(seat=s, space=where, source=POINT_SOURCES[source], points=w.one(s, points))
    elif kind == CARAVAN_MOVED:
        _, s, start, to, camels = event
        start_name, to_name, camels = w.city(start), w.city(to), _count(camels, "camels")
        steps = (to - start) % data.track_length
        parts = [
            f"the caravan moves {_plural(steps, 'step')} from {start_name} to {to_name}: ",
            seat(w.seat(s)),
            f" pays {_plural(camels, 'camel')}",
        ]
        out.update(seat=s, city=to_name.lower(), camels=camels)
        out["from"] = start_name.lower()
    elif kind == SOLD:
        _, s, count, points = event
        count, points = _count(count, "resources"), _count(points, "points")
        parts = [
            f"Babylon pays {points} VP to ",
            seat(w.seat(s)),
            f" for {_plural(count, 'resource')}",
        ]
        out.update(seat=s, points=w.one(s, points))
    elif kind == COURT_CARD:
        _, s, court, level, points = event
        name = COURTS[_index(COURTS, court, "court")]
        w.seat(s)
        points = _count(points, "points")
        if level == -1 and type(level) is int:
            parts = [f"no {name} card is left for ", seat(s), ": the tile's court card is lost"]
        elif court == GARDENER:
            _index((0,), level, "a Gardener's level")
            parts = [seat(s), " takes a Gardener (each adds to a plant's quality)"]
        else:
            _index(range(1, 4), level - 1 if type(level) is int else level, "level")
            parts = [seat(s), f" takes the {name} of level {level}"]
            if court == PALACE:
                parts.append(f": +{points} VP")
        if points and court != PALACE:
            raise ValueError(f"a {name} card pays no points at once")
        out.update(seat=s, court=name, level=level)
        if points:
            out["points"] = w.one(s, points)
    elif kind == TILE_TAKEN:
        _, s, square, tile, paid, camels = event
        where, t, tokens = w.square(square), w.tile(tile), w.resources(paid)
        camels = _count(camels, "camels")
        bonus = []
        if data.tile_vp[t]:
            bonus.append(f"{data.tile_vp[t]} VP")
        if data.tile_talents[t]:
            bonus.append(_plural(data.tile_talents[t], "talent"))
        if data.tile_camels[t]:
            got = _plural(camels, "camel") if camels else "no camel"
            short = " (the stock ran short)" if camels < data.tile_camels[t] else ""
            bonus.append(got + short)
        if data.tile_resource_choice[t]:
            bonus.append(_plural(data.tile_resource_choice[t], "resource") + " of choice")
        if data.tile_court[t] >= 0:
            bonus.append(f"the next {COURTS[data.tile_court[t]]}")
        if data.tile_court_choice[t]:
            bonus.append("a court card of choice")
        parts = [
            seat(w.seat(s)),
            f" takes garden tile {data.tile_ids[t]} from {where} (paid {' and '.join(tokens)}): "
            f"{_and(bonus) or 'no bonus'}",
        ]
        out.update(seat=s, square=where, tile=data.tile_ids[t], paid=tokens, camels=camels)
        if data.tile_vp[t]:
            out["points"] = w.one(s, data.tile_vp[t])
    elif kind == IRRIGATION_MAJORITY:
        _, square, leader, points = event
        where, leader, points = w.square(square), w.seat_or_none(leader), _count(points, "points")
        if leader < 0:
            parts = [f"the irrigation around {where}: no majority, no points"]
        else:
            parts = [
                f"the irrigation around {where}: ",
                seat(leader),
                f" has most cubes, +{points}",
            ]
            out["points"] = w.one(leader, points)
        out.update(square=where, leader=None if leader < 0 else leader)
    elif kind == PLANT_TURNED:
        _, city, card, face = event
        name = w.city(city)
        c = _index(data.plant_ids, card, "plant card")
        quality, extra = data.plant_faces[c][_index((0, 1), face, "face")]
        up = f"quality {quality}" + (f" + {RESOURCES[extra]}" if extra >= 0 else "")
        parts = [f"{name}'s plant card {data.plant_ids[c]} turns over: now {up}"]
        out.update(city=name.lower(), card=data.plant_ids[c], face=face)
    elif kind == GREY_CUBES:
        _, square, spaces = event
        where = w.square(square)
        if not isinstance(spaces, tuple) or not spaces:
            raise ValueError(f"grey cubes fill some spaces, not {spaces!r}")
        ids = [w.space(sp) for sp in spaces]
        parts = [
            f"{_plural(len(ids), 'grey cube')} on the sides of {where} towards planted squares "
            f"({', '.join(ids)})"
        ]
        out.update(square=where, spaces=ids)
    elif kind == PROCESSION:
        _, s, temple, placed = event
        name = w.temple(temple)
        others = [_title(t) for i, t in enumerate(TEMPLES) if i != temple]
        if _flag(placed, "placed"):
            parts = ["the procession: ", seat(w.seat(s)), f"'s cube enters the temple of {name}"]
        else:
            parts = [
                "the procession: ",
                seat(w.seat(s)),
                f" has no cube left for the temple of {name}",
            ]
        parts.append(f"; a grey cube enters {' and '.join(others)}")
        out.update(seat=s, temple=name.lower(), placed=bool(placed))
    elif kind == ISHTAR_REWARD:
        _, first, first_item, second, second_item = event
        first, second = w.seat_or_none(first), w.seat_or_none(second)
        if first < 0:
            parts = ["Ishtar: nobody is 1st (no player's cube there, or a tie), no reward"]
        else:
            parts = ["Ishtar: ", seat(first), f" (1st) takes {_item(first_item)}"]
            if second >= 0:
                parts += [", ", seat(second), f" (2nd) takes {_item(second_item)}"]
        out.update(first=None if first < 0 else first, second=None if second < 0 else second)
    elif kind == MARDUK_REWARD:
        _, first, second, points = event
        first, second = w.seat_or_none(first), w.seat_or_none(second)
        gained = w.per_seat(points, "points")
        ranked = [(s, place) for s, place in ((first, "1st"), (second, "2nd")) if s >= 0]
        if not ranked:
            parts = ["Marduk: nobody is 1st (no player's cube there, or a tie), no points"]
        else:
            parts = ["Marduk: "]
            for i, (s, place) in enumerate(ranked):
                parts += [", " if i else "", seat(s), f" ({place}) +{gained[s]}"]
        out.update(first=None if first < 0 else first, second=None if second < 0 else second)
        out["points"] = gained
    elif kind == TAMMOUZ_REWARD:
        _, first, second, cube = event
        first, second = w.seat_or_none(first), w.seat_or_none(second)
        has_cube = _flag(cube, "cube")
        if first < 0:
            parts = ["Tammouz: nobody is 1st (no player's cube there, or a tie)"]
        elif has_cube:
            parts = ["Tammouz: ", seat(first), " (1st) may put a cube on a field row"]
        else:
            parts = ["Tammouz: ", seat(first), " (1st) has no cube left for a field row"]
        if second >= 0:
            parts += [", ", seat(second), " (2nd) may exchange a resource"]
        out.update(first=None if first < 0 else first, second=None if second < 0 else second)
    elif kind == NO_EXCHANGE:
        _, s = event
        parts = [seat(w.seat(s)), " (Tammouz's 2nd) has nothing to exchange"]
        out["seat"] = s
    elif kind == NEW_ROUND:
        _, number, start = event
        if type(number) is not int or number < 1:
            raise ValueError(f"a round number, not {number!r}")
        parts = [f"round {number} begins: ", seat(w.seat(start)), " starts"]
        out.update(round=number, start=start)
    elif kind == BANKERS_PAID:
        _, talents, points = event
        paid, gained = w.per_seat(talents, "talents"), w.per_seat(points, "points")
        parts = ["the Bankers pay "]
        for i, s in enumerate(s for s in w.seats if paid[s] or gained[s]):
            parts.append(f"{', ' if i else ''}{_plural(paid[s], 'talent')}")
            if gained[s]:
                parts.append(f" and +{gained[s]} VP")
            parts += [" to ", seat(s)]
        out.update(talents=paid, points=gained)
    elif kind == FINAL_SCORED:
        _, s, tiles, bonus, left, leftover = event
        tiles, bonus = _count(tiles, "tiles"), _count(bonus, "points")
        left, leftover = _count(left, "resources"), _count(leftover, "points")
        parts = [
            "final scoring: ",
            seat(w.seat(s)),
            f" holds {_plural(tiles, 'garden tile')}, Amyitis +{bonus}; "
            f"{_plural(left, 'resource')} left, +{leftover}",
        ]
        out.update(seat=s, tiles=tiles, amyitis=bonus, resources_left=left, leftover=leftover)
        out["points"] = w.one(s, bonus + leftover)
    elif kind == GAME_OVER:
        _, left, threshold, winners, decided = event
        left, threshold = _count(left, "tiles left"), _count(threshold, "threshold")
        if not isinstance(winners, tuple) or not winners:
            raise ValueError(f"winners are a list of seats, not {winners!r}")
        won = [w.seat(s) for s in winners]
        are = "is" if left == 1 else "are"
        parts = [
            f"the game is over: only {_plural(left, 'garden tile')} {are} left (the end comes "
            f"at {threshold} or fewer); "
        ]
        for i, s in enumerate(won):
            parts += [" and " if i else "", seat(s)]
        if decided == "shared":
            parts.append(" share the win" if len(won) > 1 else " wins")
        elif decided == "points":
            parts.append(" wins")
        elif decided in _TIEBREAK_WORDS:
            parts.append(f" wins the tie on points by {_TIEBREAK_WORDS[decided]}")
        else:
            raise ValueError(f"unknown decision {decided!r}")
        out.update(tiles_left=left, threshold=threshold, winners=won, decided_by=decided)
    else:
        raise ValueError(f"unknown event {kind!r}")
    out["parts"] = parts
    return out


def _item(item: Any) -> str:
    """Ishtar's camel or talent, or nothing (-1: no camel left in the stock)."""
    if item == -1 and type(item) is int:
        return "nothing (no camel is left)"
    return "the " + ISHTAR_ITEMS[_index(ISHTAR_ITEMS, item, "item")]
