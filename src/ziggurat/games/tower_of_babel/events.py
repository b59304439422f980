"""What a Tower of Babel move caused (ziggurat.core.events): the kinds the rules record, and
their words.

The rules append plain tuples while a move is applied (:mod:`.rules`, :mod:`.scoring`,
``TowerState.draw``); nothing is worded there. Every fact in them is public at the table
when it is recorded, so every viewer reads the same words:

* an offer is face down until the reveal, and no event is recorded for one: the offers
  appear only in ``offers_revealed``, recorded by the last offer of the round, which turns
  them all face up (``reveals_secrets``). So a seat still to offer, and a spectator, read
  nothing of an offer already made (rulings T18);
* an action card is drawn face down: ``action_cards_drawn`` holds who and how many, never
  the kind (not even in the raw tuple, which a saved or determinized state carries);
* the double turn's decision point comes to anyone who may hold the card as far as the table
  can tell (``TowerState.may_hold``, rulings T17), so ``double_turn_possible`` says no more
  than the pause itself;
* the final scoring shows the five-points and disc-bonus cards, as the table does then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.events import Event, Part, points_parts, seat

from .actions import cards_words
from .components import TYPES

if TYPE_CHECKING:
    from .game import TowerOfBabelGame

OFFERS_REVEALED = "offers_revealed"
"""(active, space, disc, ((seat, cards by type, exchange 0/1), ...)): the last offer is in
and all are face up; the offers are those made with a card in them, in seat order (the
seats left out offered nothing)."""
DISC_BUILT = "disc_built"
"""(active, space, disc, accepted seats, receiver, jokers played, piece value placed per
seat): the disc is built and goes to ``receiver`` (an accepted offer's exchange card, or
the active player himself)."""
DISC_UNFULFILLED = "disc_unfulfilled"
"""(active, space, disc, gave up 0/1): nothing is built, the disc stays; ``gave up`` 0 when
no selection of the offers could be completed at all."""
REJECTED_SCORED = "rejected_offers_scored"
"""(points per seat, seats that played the triple bonus): the rejected offers' matching
cards score and go back to hand. Recorded only when some offer scored."""
WONDER_COMPLETED = "wonder_completed"
"""(wonder, row of the scoring table, points per seat): its last disc was built."""
ACTION_CARDS_DRAWN = "action_cards_drawn"
"""(seat, count): action cards drawn face down, for a completed wonder."""
DOUBLE_TURN_POSSIBLE = "double_turn_possible"
"""(seat): the turn is over and ``seat`` may play a double turn (decision point D)."""
PILE_RESHUFFLED = "pile_reshuffled"
"""(cards): the draw pile ran out; the discard pile, that many cards, is the new pile."""
GAME_OVER = "game_over"
"""(why: "type_gone" | "safeguard", types no disc on the board shows any more, final
scoring per seat as (wonders, set bonus, five points, disc bonus), winners)."""

WHY_TYPE_GONE = "type_gone"
WHY_SAFEGUARD = "safeguard"


def describe_event(game: TowerOfBabelGame, event: Event, viewer: int | None) -> dict[str, Any]:
    """The words of ``event`` (the same for every viewer: nothing in one is secret). A
    malformed event raises ValueError, TypeError or LookupError (a saved state holding one
    is refused)."""
    kind = event[0]
    n = game.num_players
    parts: list[Part]
    out: dict[str, Any] = {"type": kind}
    if kind == OFFERS_REVEALED:
        _, active, space, disc, offers = event
        out.update(_build_fields(game, active, space, disc))
        need = game.disc_needs[disc]
        made = {}
        for entry in offers:
            s, cards, exchange = entry
            _check_seat(game, s, but=active)
            _check_counts(cards)
            if not any(cards):
                raise ValueError(f"seat {s}'s offer holds no building card")
            if s in made:
                raise ValueError(f"seat {s}'s offer is listed twice")
            made[s] = (cards, _flag(exchange))
        parts = ["offers revealed: "]
        listed = []
        for i in range(1, n):
            s = (active + i) % n
            cards, exchange = made.pop(s, ((0, 0, 0, 0), False))
            if i > 1:
                parts.append(", ")
            parts.append(seat(s))
            if not any(cards):
                parts.append(" (no offer)")
            else:
                parts.append(f" ({cards_words(cards)}{' + exchange card' if exchange else ''})")
            listed.append(
                {
                    "seat": s,
                    "cards": _counts(cards),
                    "exchange": exchange,
                    "matching": _counts([c if need[t] else 0 for t, c in enumerate(cards)]),
                }
            )
        if made:
            raise ValueError(f"offers of seats {sorted(made)}, who offer nothing this round")
        out["offers"] = listed
    elif kind == DISC_BUILT:
        _, active, space, disc, accepted, receiver, jokers, placed = event
        out.update(_build_fields(game, active, space, disc))
        for s in accepted:
            _check_seat(game, s, but=active)
        _check_seat(game, receiver)
        if receiver != active and receiver not in accepted:
            raise ValueError("the disc goes to the builder or to an accepted offer's author")
        if not isinstance(jokers, int) or jokers < 0:
            raise ValueError(f"jokers {jokers!r}")
        if len(placed) != n or any(not isinstance(v, int) or v < 0 for v in placed):
            raise ValueError(f"placed {placed!r}")
        parts = [seat(active), f" built {game.disc_words(disc)} on {_where(game, space)}"]
        if accepted:
            parts.append(", with the offer" + ("s" if len(accepted) > 1 else "") + " of ")
            parts += _seats(accepted)
        if jokers:
            parts.append(f"{' and' if accepted else ', with'} {_plural(jokers, 'joker')}")
        if receiver != active:
            parts += ["; the disc goes to ", seat(receiver), " (exchange card)"]
        out.update(accepted=list(accepted), receiver=receiver, jokers=jokers, pieces=list(placed))
    elif kind == DISC_UNFULFILLED:
        _, active, space, disc, gave_up = event
        out.update(_build_fields(game, active, space, disc))
        out["gave_up"] = _flag(gave_up)
        parts = [f"{game.disc_words(disc)} not built on {_where(game, space)} (unfulfilled)"]
        if not gave_up:
            parts.append(": no selection of the offers can be completed")
    elif kind == REJECTED_SCORED:
        _, points, triples = event
        _check_points(game, points)
        for s in triples:
            _check_seat(game, s)
        parts = ["rejected offers score: "]
        for i, s in enumerate(_most_first(points)):
            if i:
                parts.append(", ")
            parts += [seat(s), f" +{points[s]}"]
            if s in triples:
                parts.append(" (triple bonus)")
        out.update(points=list(points), triple=sorted(triples))
    elif kind == WONDER_COMPLETED:
        _, wonder, row, points = event
        if not 0 <= wonder < game.num_wonders:
            raise ValueError(f"wonder {wonder!r}")
        first, second = game.data.rows[_index(row, len(game.data.rows))]
        _check_points(game, points)
        name = game.data.wonder_names[wonder]
        parts = [f"{name} completed, scored on row {row + 1} ({first}/{second}): "]
        parts += points_parts(points) or ["nobody had pieces there"]
        out.update(wonder=game.wonder_ids[wonder], row=row, row_points=[first, second])
        out["points"] = list(points)
    elif kind == ACTION_CARDS_DRAWN:
        _, s, count = event
        _check_seat(game, s)
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"count {count!r}")
        words = "an action card" if count == 1 else f"{count} action cards"
        parts = [seat(s), f" draws {words} (face down)"]
        out.update(seat=s, count=count)
    elif kind == DOUBLE_TURN_POSSIBLE:
        _, s = event
        _check_seat(game, s)
        parts = [seat(s), " may take a double turn"]
        out["seat"] = s
    elif kind == PILE_RESHUFFLED:
        _, cards = event
        if not isinstance(cards, int) or cards < 1:
            raise ValueError(f"cards {cards!r}")
        parts = [f"the discard pile ({_plural(cards, 'card')}) is shuffled into a new draw pile"]
        out["cards"] = cards
    elif kind == GAME_OVER:
        _, why, gone, final, winners = event
        if why == WHY_TYPE_GONE:
            if not gone:
                raise ValueError("a type gone from the discs, but which?")
            names = " or ".join(f"{TYPES[_index(t, 4)]}s" for t in gone)
            reason = f"no disc on the board shows {names} any more"
        elif why == WHY_SAFEGUARD:
            if gone:
                raise ValueError("the safeguard ends a game with every type still shown")
            turns = game.data.safeguard_per_player * n
            reason = f"both card piles are empty and no disc was built in the last {turns} turns"
        else:
            raise ValueError(f"unknown end {why!r}")
        if len(final) != n:
            raise ValueError(f"final {final!r}")
        parts_of = []
        for entry in final:
            wonders, bonus, five, discs = entry
            for v in entry:
                if not isinstance(v, int) or v < 0:
                    raise ValueError(f"final {final!r}")
            parts_of.append(
                {"wonders": wonders, "set_bonus": bonus, "five_points": five, "disc_bonus": discs}
            )
        points = [sum(entry) for entry in final]
        if not winners:
            raise ValueError("nobody wins")
        for s in winners:
            _check_seat(game, s)
        parts = [f"game over: final scoring, as {reason}: "]
        parts += points_parts(points) or ["nobody scores"]
        parts.append("; ")
        parts += _seats(winners)
        parts.append(" wins" if len(winners) == 1 else " share the win")
        out.update(why=why, types=[TYPES[t] for t in gone], final=parts_of, points=points)
        out["winners"] = list(winners)
    else:
        raise ValueError(f"unknown event {kind!r}")
    out["parts"] = parts
    return out


# --------------------------------------------------------------------------- helpers


def _build_fields(game: TowerOfBabelGame, active: int, space: int, disc: int) -> dict[str, Any]:
    """Who builds where which disc, as the structured fields of a build's events."""
    _check_seat(game, active)
    w, k = divmod(_index(space, game.num_spaces), game.spaces_per_wonder)
    _index(disc, len(game.disc_needs))
    return {
        "seat": active,
        "space": space,
        "wonder": game.wonder_ids[w],
        "slot": k + 1,
        "disc": {"id": disc, "need": _counts(game.disc_needs[disc]), "text": game.disc_text(disc)},
    }


def _where(game: TowerOfBabelGame, space: int) -> str:
    """``"Pyramids of Giza, space 2"``: as the build's own log line names the space."""
    w, k = divmod(space, game.spaces_per_wonder)
    return f"{game.data.wonder_names[w]}, space {k + 1}"


def _index(value: Any, size: int) -> int:
    """``value`` if it is an index into a sequence of ``size`` (not a negative one)."""
    if not isinstance(value, int) or not 0 <= value < size:
        raise ValueError(f"{value!r} is not in 0..{size - 1}")
    return value


def _check_seat(game: TowerOfBabelGame, s: Any, but: int | None = None) -> None:
    _index(s, game.num_players)
    if s == but:
        raise ValueError(f"seat {s} is the active player")


def _check_counts(cards: Any) -> None:
    if len(cards) != 4 or any(not isinstance(c, int) or c < 0 for c in cards):
        raise ValueError(f"cards {cards!r}")


def _check_points(game: TowerOfBabelGame, points: Any) -> None:
    if len(points) != game.num_players or any(not isinstance(p, int) or p < 0 for p in points):
        raise ValueError(f"points {points!r}")


def _flag(value: Any) -> bool:
    if value not in (0, 1):
        raise ValueError(f"{value!r} is not 0 or 1")
    return bool(value)


def _counts(cards: Any) -> dict[str, int]:
    return {TYPES[t]: c for t, c in enumerate(cards) if c}


def _most_first(points: Any) -> list[int]:
    """The seats that gained, most first (ties in seat order)."""
    return sorted((s for s in range(len(points)) if points[s]), key=lambda s: -points[s])


def _seats(seats: Any) -> list[Part]:
    """``seat 1``, ``seat 1 and seat 3``, ``seat 1, seat 2 and seat 3``."""
    out: list[Part] = []
    for i, s in enumerate(seats):
        if i:
            out.append(" and " if i == len(seats) - 1 else ", ")
        out.append(seat(s))
    return out


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
