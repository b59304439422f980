"""Which tokens may go where during the placement step, and when placement may end.

A turn is one of these sets of placements (rules §4.2):

* **A** two tokens of any kinds, each on land or face down in the river;
* **B** three or more farmers, all on land;
* **C** (card 4) exactly three face-up nobles, one of each kind;
* **B+** (card 5) three or more farmers on land plus exactly one face-up noble.

Tokens are placed one at a time, so a placement is legal when the tokens placed so far plus
this one can still be completed into one of those sets, and the hex itself may take the token
(rules §4.1). This is the set reading the rules reference recommends (§12 #13): the card-5
noble may come at any point of the turn, not only after three farmers as on BGA. Where the
set would still need one more farmer, a placement is allowed only if the stand holds it, so a
turn can never get stuck half-built. The first-round limit (start player 1 token, second
player exactly 2) is a rules option, on by default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.hexgrid import iter_bits

from .cards import CARD_FARMERS_AND_NOBLE, CARD_NOBLES_ON_FIELDS, CARD_THREE_NOBLES
from .pieces import FARMER, TOKEN_NAMES, count_text, format_coord, tile_name

if TYPE_CHECKING:
    from .actions import BabyloniaAction
    from .state import BabyloniaState


def first_round_limit(state: BabyloniaState) -> int:
    """Tokens allowed this turn under the first-round rule, or 0 when it does not apply."""
    if state.game.first_round_limit and state.turn_number < 2:
        return state.turn_number + 1
    return 0


def allowed_where(
    state: BabyloniaState, token: int, farmers: int | None = None
) -> tuple[bool, bool]:
    """May ``token`` be placed next (face up on land or a field, face down in the river)?

    ``farmers`` is how many farmers the stand holds (default: what it really holds); the
    answer depends on it only where a card-5 turn would still need another farmer.
    """
    k = state.placed
    limit = first_round_limit(state)
    if limit:
        ok = k < limit
        return ok, ok
    if k < 2:
        return True, True
    p = state.turn_player
    owner = state.card_owner
    if token == FARMER:
        if state.placed_farmers == k:  # B: farmers only, all on land so far
            return True, False
        if (
            owner[CARD_FARMERS_AND_NOBLE] == p
            and state.placed_river == 0
            and state.placed_nobles == 1
        ):
            # B+ with its noble already down: after this farmer, is a third farmer still needed?
            if farmers is None:
                farmers = state.stand[4 * p + FARMER]
            return state.placed_farmers >= 2 or farmers >= 2, False
        return False, False
    if (
        owner[CARD_THREE_NOBLES] == p
        and k == 2
        and state.placed_nobles == 2
        and state.noble_kinds.bit_count() == 2
        and not state.noble_kinds >> token & 1
    ):
        return True, False
    if (
        owner[CARD_FARMERS_AND_NOBLE] == p
        and state.placed_nobles == 0
        and state.placed_farmers == k
    ):
        if farmers is None:
            farmers = state.stand[4 * p + FARMER]
        return k >= 3 or farmers >= 1, False
    return False, False


def field_targets(state: BabyloniaState, token: int) -> int:
    """Mask of the crop fields ``token`` could take, placement count aside (§4.1)."""
    fields = state.fields
    if not fields:
        return 0
    p = state.turn_player
    if token == FARMER:
        adjacent = state.tok[p] if state.game.face_down_field_access else state.up[p]
        return fields & state.board.layout.dilate(adjacent) if adjacent else 0
    if state.card_owner[CARD_NOBLES_ON_FIELDS] == p:
        return fields
    return 0


def targets(state: BabyloniaState, token: int) -> int:
    """Mask of the hexes where ``token`` may be placed next (stand contents aside)."""
    up_ok, river_ok = allowed_where(state, token)
    mask = 0
    if up_ok:
        mask = state.free_land | field_targets(state, token)
    if river_ok:
        mask |= state.free_river
    return mask


def could_continue(state: BabyloniaState) -> bool:
    """Could *some* stand of this size place another token now?

    Judged from public facts only (the tokens placed this turn, the stand's size, cards,
    board), so that ending placement automatically when this is false never tells the table
    what the stand holds. When it is true the player ends placement with an explicit ``end``.
    """
    base = 4 * state.turn_player
    size = state.stand[base] + state.stand[base + 1] + state.stand[base + 2] + state.stand[base + 3]
    if not size:
        return False
    for t in range(4):
        up_ok, river_ok = allowed_where(state, t, size if t == FARMER else size - 1)
        if (up_ok and (state.free_land or field_targets(state, t))) or (
            river_ok and state.free_river
        ):
            return True
    return False


def can_place(state: BabyloniaState) -> bool:
    stand = state.stand
    base = 4 * state.turn_player
    return any(stand[base + t] and targets(state, t) for t in range(4))


def placement_runs(state: BabyloniaState) -> list[tuple[list[BabyloniaAction], list[int]]]:
    """The legal placements as runs of (a token kind's row of actions by hex, the hexes it
    may take), in their stable order: by token kind (M, S, P, F), then free land, crop
    fields and river hexes, each by hex.

    Runs rather than one list, so that a rollout drawing a few placements at random need
    not build the hundreds there are. The hex lists are the state's own: read, don't change.
    """
    stand = state.stand
    base = 4 * state.turn_player
    rows = state.game.actions.place
    runs: list[tuple[list[BabyloniaAction], list[int]]] = []
    for t in range(4):
        if stand[base + t]:
            up_ok, river_ok = allowed_where(state, t)
            row: list[BabyloniaAction] = rows[t]  # type: ignore[assignment]
            if up_ok:
                runs.append((row, state.land_list))
                fields = field_targets(state, t)
                if fields:
                    runs.append((row, list(iter_bits(fields))))
            if river_ok:
                runs.append((row, state.river_list))
    return runs


def turn_complete(state: BabyloniaState) -> bool:
    """Do this turn's tokens form a whole turn (A, B, C, B+, or the first-round count)?"""
    k = state.placed
    limit = first_round_limit(state)
    if limit:
        return k >= limit
    if k == 2 or (k >= 3 and state.placed_farmers == k):
        return True
    p = state.turn_player
    if state.card_owner[CARD_THREE_NOBLES] == p and k == 3 and state.placed_nobles == 3:
        return True
    return (
        state.card_owner[CARD_FARMERS_AND_NOBLE] == p
        and k >= 4
        and state.placed_nobles == 1
        and state.placed_river == 0
    )


def end_allowed(state: BabyloniaState, placeable: bool | None = None) -> bool:
    """May placement end now? ``placeable`` is :func:`can_place`, when the caller knows it.

    A whole turn may end; so may a turn whose stand ran empty; and, should a player ever be
    unable to place anything (impossible on the printed board), that player may end too.
    """
    if state.placed:
        if turn_complete(state):
            return True
        base = 4 * state.turn_player
        if not any(state.stand[base : base + 4]):
            return True
    if placeable is None:
        placeable = can_place(state)
    return not placeable


def why_not_end(state: BabyloniaState) -> str:
    limit = first_round_limit(state)
    if limit:
        return f"this first-round turn places exactly {limit} token{'s' if limit > 1 else ''}"
    if state.placed < 2:
        return "a turn places at least two tokens (unless the stand runs empty)"
    return (
        "the tokens placed so far are not a whole turn: the card 5 turn needs at least three "
        "farmers besides its noble"
    )


def may_place(state: BabyloniaState, token: int, b: int) -> bool:
    """May ``token`` go on hex ``b`` now: does the stand hold one, and is ``b`` among its
    :func:`targets`? Checks only that hex, so the crop fields a farmer could reach (the
    costly part of the targets) are worked out only for a field; a search validates every
    placement it plays."""
    if not state.stand[4 * state.turn_player + token]:
        return False
    up_ok, river_ok = allowed_where(state, token)
    bit = 1 << b
    if up_ok:
        if bit & state.free_land:
            return True
        if bit & state.fields and bit & field_targets(state, token):
            return True
    return bool(river_ok and bit & state.free_river)


def why_not_place(state: BabyloniaState, token: int, b: int) -> str:
    """Why ``token`` may not go on hex ``b`` now (:func:`may_place` said no): the hex, the
    stand, or the tokens placed this turn, and what would be allowed."""
    name = TOKEN_NAMES[token]
    seat = state.turn_player
    if not state.stand[4 * seat + token]:
        return f"no {name} on your stand (your stand: {count_text(state.stand_counts(seat))})"
    bit = 1 << b
    where = format_coord(state.board.coord(b))
    if not bit & (state.free_land | state.free_river | state.fields):
        if bit & state.board.ziggurat_mask:
            return f"hex {where} holds a ziggurat"
        if bit & state.cities:
            return f"hex {where} holds a city ({tile_name(state.tile_at[b])})"
        owner = next(s for s in range(state.n) if state.tok[s] & bit)
        return f"hex {where} already holds a token of seat {owner}"
    up_ok, river_ok = allowed_where(state, token)
    if bit & state.free_river and not river_ok:
        if up_ok:
            return (
                "only the two-token turn may use the river; from the third token on, tokens go "
                "on land"
            )
        return _why_no_more(state, token)
    if not up_ok:
        return _why_no_more(state, token)
    if bit & state.fields:
        tile = tile_name(state.tile_at[b])
        if token != FARMER:
            return f"a noble may take a crop field ({tile}) only with ziggurat card 6"
        kind = "token" if state.game.face_down_field_access else "face-up token"
        return f"a farmer takes the crop field ({tile}) only next to a {kind} of yours"
    return "not allowed here"


def _why_no_more(state: BabyloniaState, token: int) -> str:
    limit = first_round_limit(state)
    if limit:
        return f"this first-round turn places exactly {limit} token{'s' if limit > 1 else ''}"
    name = TOKEN_NAMES[token]
    return (
        f"no {name} may follow the tokens placed this turn: a turn is two tokens, or three or "
        "more farmers on land (card 4: three different face-up nobles; card 5: farmers plus "
        "one face-up noble)"
    )
