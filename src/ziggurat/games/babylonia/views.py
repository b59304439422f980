"""What one seat may see (``view``) and a full state consistent with it (``determinize``).

Secret at the table: each stand (seen by its owner), the kind of each face-down river token
(seen by its owner), the order of every bag (seen by nobody; here it is the generator's state).
Everything else is public: the board, scores, cities won, cards, and how many tokens each
stand and bag holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.hexgrid import iter_bits
from ziggurat.core.rng import Rng

from .cards import CARD_AVAILABLE, CARD_NOT_IN_PLAY
from .phases import PHASE_PLACE, PHASE_SCORE, PHASE_TASKS
from .pieces import CITY_NAMES, FIELD_CITIES, FIELD_NAMES, TOKEN_NAMES
from .placement import can_place, first_round_limit, turn_complete
from .rules import field_points

if TYPE_CHECKING:
    from .state import BabyloniaState


def hex_contents(state: BabyloniaState, seat: int | None) -> list[dict[str, Any]]:
    """Every hex in play with what lies on it, as ``seat`` sees it.

    Made for every seat after every move the server stores: every hex is written as empty
    in one pass over the board's cells (a tuple made once per board), then only the hexes
    something lies on are filled in, found from the masks of what is on the board (most
    hexes are empty for most of the game: 47 µs a board, against 59 µs testing each one)."""
    board = state.board
    out = [
        {"hex": [row, col], "terrain": terrain, "landmass": landmass, "content": "empty"}
        for _, (row, col), terrain, landmass in board.cells
    ]
    at = board.cell_index
    placed = state.placed_mask
    for owner in range(state.n):
        for kind in range(4):
            up, hidden = state.kind_up[4 * owner + kind], state.hid[4 * owner + kind]
            for face_down, mask in ((False, up), (True, hidden)):
                for b in iter_bits(mask):
                    entry = out[at[b]]
                    entry["content"] = "token"
                    entry["player"] = owner
                    entry["kind"] = TOKEN_NAMES[kind] if not face_down or owner == seat else None
                    entry["face_down"] = face_down
                    entry["placed_this_turn"] = bool(placed >> b & 1)
    unscored = state.zig_unscored
    for b in board.ziggurat_bits:
        entry = out[at[b]]
        if entry["content"] == "empty":
            entry["content"] = "ziggurat"
            entry["scored"] = not unscored >> b & 1
    tile_at = state.tile_at
    for b in iter_bits(state.cities):
        entry = out[at[b]]
        if entry["content"] == "empty":
            entry["content"] = "city"
            entry["tile"] = CITY_NAMES[tile_at[b]]
    for b in iter_bits(state.fields & ~state.cities):
        entry = out[at[b]]
        if entry["content"] == "empty":
            entry["content"] = "field"
            entry["tile"] = FIELD_NAMES[tile_at[b]]
            points = entry["points"] = field_points(state, tile_at[b])
            entry["pays"] = (
                f"{points} now: 1 point per city won so far"
                if tile_at[b] == FIELD_CITIES
                else f"{points} points"
            )
    return out


def view(state: BabyloniaState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of everything public plus ``seat``'s own secrets (None: spectator);
    the kernel has checked the seat."""
    cards_data = {c.number: c for c in state.game.data.ziggurat_cards.cards}
    players = []
    for s in range(state.n):
        entry: dict[str, Any] = {
            "cities": state.cities_won[s],
            "stand_size": sum(state.stand_counts(s)),
            "stand_capacity": state.stand_capacity(s),
            "bag_size": sum(state.bag_counts(s)),
            "tokens_on_board": state.tok[s].bit_count(),
            "cards": [c for c in range(1, 10) if state.card_owner[c] == s],
        }
        if s == seat:
            entry["stand"] = dict(zip(TOKEN_NAMES, state.stand_counts(s), strict=True))
        players.append(entry)
    cards = []
    for number in range(1, 10):
        owner = state.card_owner[number]
        if owner == CARD_NOT_IN_PLAY:
            continue
        card = cards_data[number]
        cards.append(
            {
                "number": number,
                "name": card.name,
                "effect": card.effect,
                "owner": None if owner == CARD_AVAILABLE else owner,
                "spent": bool(state.card_spent >> number & 1),
            }
        )
    result: dict[str, Any] = {
        "players": players,
        "options": dict(state.game.options),
        "task": PHASE_TASKS[state.phase],
        "turn_player": state.turn_player,
        "turn_number": state.turn_number,
        "first_round_tokens": first_round_limit(state) or None,
        "placed_this_turn": state.placed,
        "board": hex_contents(state, seat),
        "cards": cards,
        "cities_on_board": state.cities.bit_count(),
        "to_score": [list(c) for c in state.board.coords_of(state.requiring_scoring())]
        if state.phase == PHASE_SCORE
        else [],
    }
    return result


def determinize(state: BabyloniaState, seat: int, rng: Any) -> BabyloniaState:
    """A full state that ``seat`` cannot tell from this one, hidden parts drawn from ``rng``.

    For every other seat, the tokens it has not shown (stand, bag and face-down river tokens)
    are dealt afresh from what its supply minus its face-up tokens leaves, keeping each of
    those three counts. The generator is reseeded, so future draws are unknown too.

    One public fact constrains a deal: a turn in progress that the rules do not yet allow to
    end (a card-5 noble and two farmers, which need a third farmer) shows that the player on
    turn can still place. Deals for that player are drawn again until they agree, which
    samples exactly the deals consistent with what the table has seen. The kernel has
    checked the seat.
    """
    other = state.clone()
    other._legal = None
    supply = state.game.supply()
    mover = state.turn_player
    must_continue = (
        mover != seat
        and state.phase == PHASE_PLACE
        and state.placed > 0
        and not turn_complete(state)
        and can_place(state)
    )
    for s in range(state.n):
        if s == seat:
            continue
        for _ in range(MAX_DEALS):
            _deal_unseen(state, other, s, supply, rng)
            if not (must_continue and s == mover) or can_place(other):
                break
        else:  # unreachable: the real deal itself satisfies the constraint
            raise AssertionError("no deal consistent with the turn in progress was found")
    other.rng = Rng(rng.randrange(1 << 64))
    return other


MAX_DEALS = 100_000


def _deal_unseen(
    state: BabyloniaState, other: BabyloniaState, s: int, supply: list[int], rng: Any
) -> None:
    """Deal seat ``s``'s unshown tokens at random onto its river hexes, stand and bag."""
    base = 4 * s
    unseen: list[int] = []
    for k in range(4):
        unseen += [k] * (supply[k] - state.kind_up[base + k].bit_count())
    for i in range(len(unseen) - 1, 0, -1):
        j = rng.randrange(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    river = 0
    for k in range(4):
        river |= state.hid[base + k]
        other.hid[base + k] = 0
    pos = 0
    for b in iter_bits(river):
        other.hid[base + unseen[pos]] |= 1 << b
        pos += 1
    stand_size = sum(state.stand_counts(s))
    stand = [0, 0, 0, 0]
    for k in unseen[pos : pos + stand_size]:
        stand[k] += 1
    bag = [0, 0, 0, 0]
    for k in unseen[pos + stand_size :]:
        bag[k] += 1
    other.stand[base : base + 4] = stand
    other.bag[base : base + 4] = bag
