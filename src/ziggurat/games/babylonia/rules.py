"""The turn flow of Babylonia: which actions are legal, why another is not, and what each
one does, from placing tokens through scoring, cards and the refill to the game's end.

A turn is a sequence of atomic actions (see :mod:`.actions`), one phase after another (see
:mod:`.phases`): tokens are placed (where each may go is :mod:`.placement`), then every city
and ziggurat that became surrounded is scored (what it pays is :mod:`.scoring`), in the
order the player on turn chooses where several qualify; the winner of a ziggurat takes a
card at once. Then the stand is refilled from the bag and the next turn starts, unless a
stand is empty or fewer than two cities are left (rules §9).

Steps that admit exactly one choice are taken automatically: the end of placement once no
stand of this size could place another token (a public fact, so the timing reveals nothing
about the stand), scoring when only one hex qualifies, refilling, and passing the turn.

These functions work on a :class:`~.state.BabyloniaState` handed to them; the state binds
them as its kernel hooks (``_generate_legal``, ``_is_legal``, ``_why_not``, ``_apply``), so
this module never imports the state and a hook costs no call beyond the function itself.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from ziggurat.core.api import TERMINAL
from ziggurat.core.hexgrid import bit_list

from . import events, placement, scoring
from .actions import CARD, END, EXTRA, NO_EXTRA, PLACE, SCORE
from .cards import CARD_AVAILABLE, CARD_EXTRA_TURN, CARD_STAND_SEVEN, CARD_TEN_POINTS
from .phases import PHASE_CARD, PHASE_EXTRA, PHASE_OVER, PHASE_PLACE, PHASE_SCORE
from .pieces import FARMER, FIELD_CITIES, format_coord

if TYPE_CHECKING:
    from ziggurat.core.rng import Rng

    from .actions import BabyloniaAction
    from .state import BabyloniaState

    Runs = list[tuple[list[BabyloniaAction], list[int]]]

# ----------------------------------------------------------------------- derived facts


def stand_capacity(state: BabyloniaState, seat: int) -> int:
    """How many tokens ``seat``'s stand holds: more with card 3."""
    tokens = state.game.data.tokens
    if state.card_owner[CARD_STAND_SEVEN] == seat:
        return tokens.stand_capacity_with_card_3
    return tokens.stand_capacity


# ----------------------------------------------------------------------- legal actions


def generate_legal(state: BabyloniaState) -> list[BabyloniaAction]:
    """Every legal action of the player to move, in a stable order (placements by token
    kind, then by hex; ``end`` last)."""
    table = state.game.actions
    phase = state.phase
    if phase == PHASE_PLACE:
        runs, end = placement_runs(state)
        actions = [row[b] for row, bits in runs for b in bits]
        if end:
            actions.append(table.end)
        return actions
    if phase == PHASE_SCORE:
        return [table.score[b] for b in bit_list(scoring.requiring_scoring(state))]
    if phase == PHASE_CARD:
        return [table.card[c] for c in range(1, 10) if state.card_owner[c] == CARD_AVAILABLE]
    if phase == PHASE_EXTRA:
        return [table.extra, table.no_extra]
    return []


def placement_runs(state: BabyloniaState) -> tuple[Runs, bool]:
    """The legal placements as :func:`placement.placement_runs`, and whether ``end``
    follows them: the legal actions of the placement phase."""
    runs = placement.placement_runs(state)
    return runs, placement.end_allowed(state, any(bits for _, bits in runs))


def legal_sample(state: BabyloniaState, rng: Rng, k: int) -> list[BabyloniaAction]:
    """All legal actions if there are at most ``k``, else ``k`` of them drawn uniformly
    with replacement: ``legal[rng.randrange(len(legal))]`` over ``legal_actions()``, the
    same draws in the same order. Search rollouts call this on every step; when placing,
    the legal list runs to hundreds of actions, so the draws index the placement runs
    instead of building it."""
    if state._legal is not None or state.phase != PHASE_PLACE:
        legal = state.legal_actions()
        if len(legal) <= k:
            return legal
        return [legal[rng.randrange(len(legal))] for _ in range(k)]
    runs, end = placement_runs(state)
    starts = []  # where each run begins in the legal list
    placements = 0
    for _, bits in runs:
        starts.append(placements)
        placements += len(bits)
    total = placements + end
    if total <= k:
        return state.legal_actions()
    sample = []
    for _ in range(k):
        i = rng.randrange(total)
        if i < placements:
            r = bisect_right(starts, i) - 1  # the last run starting at or before i
            row, bits = runs[r]
            sample.append(row[bits[i - starts[r]]])
        else:  # the end of placement, listed last
            sample.append(state.game.actions.end)
    return sample


def is_legal(state: BabyloniaState, action: BabyloniaAction) -> bool:
    """Is ``action`` (of this game, the game not over) legal now? Answered from the rules,
    without the legal list: a placement checks only its own hex."""
    phase = state.phase
    kind = action.kind
    if phase == PHASE_PLACE:
        if kind == PLACE:
            return placement.may_place(state, action.token, action.bit)
        return kind == END and placement.end_allowed(state)
    if phase == PHASE_SCORE:
        return kind == SCORE and bool(scoring.requiring_scoring(state) >> action.bit & 1)
    if phase == PHASE_CARD:
        return kind == CARD and state.card_owner[action.card] == CARD_AVAILABLE
    return phase == PHASE_EXTRA and kind in (EXTRA, NO_EXTRA)


def why_not(state: BabyloniaState, action: BabyloniaAction) -> str:
    """Why ``action``, known not to be legal now, is not (the kernel puts the action's
    notation before it): what is wrong, and what is allowed instead."""
    phase = state.phase
    kind = action.kind
    if phase == PHASE_PLACE:
        if kind == PLACE:
            return placement.why_not_place(state, action.token, action.bit)
        if kind == END:
            return placement.why_not_end(state)
    elif phase == PHASE_SCORE and kind == SCORE:
        choices = ", ".join(
            format_coord(c) for c in state.board.coords_of(scoring.requiring_scoring(state))
        )
        return f"that hex does not need scoring now; choose one of {choices}"
    elif phase == PHASE_CARD and kind == CARD:
        owner = state.card_owner[action.card]
        available = ", ".join(str(c) for c in range(1, 10) if state.card_owner[c] == CARD_AVAILABLE)
        held = "is not in play" if owner < 0 else f"belongs to seat {owner}"
        return f"card {action.card} {held}; available: {available}"
    return phase_help(state)


def phase_help(state: BabyloniaState) -> str:
    """What the player to move decides now, and how such an action is written."""
    who = f"seat {state.current}"
    if state.phase == PHASE_PLACE:
        return f"{who} is placing tokens: place a token (like M7,3) or end"
    if state.phase == PHASE_SCORE:
        hexes = ", ".join(
            f"score {format_coord(c)}"
            for c in state.board.coords_of(scoring.requiring_scoring(state))
        )
        return f"{who} chooses which hex to score next: {hexes}"
    if state.phase == PHASE_CARD:
        return f"{who} won a ziggurat and takes a card: card N"
    return f"{who} decides whether to use card 2 now: extra or no-extra"


# ----------------------------------------------------------------------- applying


def apply(state: BabyloniaState, action: BabyloniaAction) -> None:
    """Play ``action``, known to be legal, and every automatic step that follows it."""
    kind = action.kind
    if kind == PLACE:
        place(state, action.token, action.bit)
        if not placement.could_continue(state):
            end_placement(state)
    elif kind == END:
        end_placement(state)
    elif kind == SCORE:
        if not score_hex(state, action.bit):
            continue_scoring(state)
    elif kind == CARD:
        take_card(state, state.current, action.card)
        state.current = state.turn_player
        continue_scoring(state)
    elif kind == EXTRA:  # card 2 is spent on this turn
        state.card_spent |= 1 << CARD_EXTRA_TURN
        start_turn(state, state.turn_player)
    else:  # NO_EXTRA
        start_turn(state, (state.turn_player + 1) % state.n)


def place(state: BabyloniaState, token: int, b: int) -> None:
    """The player on turn puts ``token`` from the stand on hex ``b``: face down in the
    river, else face up (a crop field pays its points, a ziggurat next to it a point)."""
    p = state.turn_player
    bit = 1 << b
    i = 4 * p + token
    state.stand[i] -= 1
    if bit & state.free_river:
        state.free_river ^= bit
        state.river_list.remove(b)
        state.hid[i] |= bit
        state.placed_river += 1
    else:
        if bit & state.fields:
            state.fields ^= bit
            tile = state.tile_at[b]
            points = field_points(state, tile)
            state.score[p] += points
            state.events += ((events.FIELD_TAKEN, p, b, tile, points),)
        else:
            state.free_land ^= bit
            state.land_list.remove(b)
        state.up[p] |= bit
        state.kind_up[i] |= bit
        if token == FARMER:
            state.placed_farmers += 1
        else:
            state.placed_nobles += 1
            state.noble_kinds |= 1 << token
    own = state.tok[p] | bit
    state.tok[p] = own
    state.placed += 1
    state.placed_mask |= bit
    if bit & state.board.zig_touch_mask:
        points = sum(1 for m in state.board.zig_neighbours if own & m)
        state.score[p] += points
        state.events += ((events.ZIGGURAT_POINTS, p, points),)


def field_points(state: BabyloniaState, tile: int) -> int:
    """What the crop field ``tile`` pays the token placed on it: its printed value, or for
    the field with the city symbol one point per city won so far by anyone (rules §5.2)."""
    return sum(state.cities_won) if tile == FIELD_CITIES else tile - 10


def end_placement(state: BabyloniaState) -> None:
    state.phase = PHASE_SCORE
    continue_scoring(state)


def continue_scoring(state: BabyloniaState) -> None:
    """Score what must be scored; stop where the player on turn (or a card winner) chooses."""
    while True:
        pending = scoring.requiring_scoring(state)
        if not pending:
            finish_turn(state)
            return
        if pending & (pending - 1):  # two or more: the player on turn picks the order
            state.phase = PHASE_SCORE
            state.current = state.turn_player
            return
        if score_hex(state, pending.bit_length() - 1):
            return  # a ziggurat winner is choosing a card


def score_hex(state: BabyloniaState, b: int) -> bool:
    """Score one surrounded hex; True when a ziggurat winner must now choose a card."""
    if state.cities >> b & 1:
        tile = state.tile_at[b]
        paid = scoring.score_city(state, b)
        state.events += ((events.CITY_SCORED, b, tile, paid.winner, paid.totals),)
        return False
    winner = scoring.score_ziggurat(state, b)
    state.events += ((events.ZIGGURAT_SCORED, b, winner),)
    if winner < 0:
        return False
    state.phase = PHASE_CARD
    state.current = winner
    return True


def take_card(state: BabyloniaState, seat: int, number: int) -> None:
    """``seat`` takes ziggurat card ``number``; card 1 pays its points at once, spent."""
    state.card_owner[number] = seat
    points = 0
    if number == CARD_TEN_POINTS:
        points = state.game.data.ziggurat_cards.card_1_points
        state.score[seat] += points
        state.card_spent |= 1 << CARD_TEN_POINTS
    state.events += ((events.CARD_TAKEN, seat, number, points),)


def finish_turn(state: BabyloniaState) -> None:
    """Refill the stand, then end the game, offer card 2's extra turn, or pass the turn."""
    p = state.turn_player
    refill(state, p)
    i = 4 * p
    stand = state.stand
    empty = stand[i] + stand[i + 1] + stand[i + 2] + stand[i + 3] == 0
    if empty or state.cities.bit_count() < 2:
        state.phase = PHASE_OVER
        state.current = TERMINAL
        why = "stand" if empty else "cities"
        state.events += ((events.GAME_OVER, p, why, tuple(state.winners())),)
        return
    if state.card_owner[CARD_EXTRA_TURN] == p and not state.card_spent >> CARD_EXTRA_TURN & 1:
        state.phase = PHASE_EXTRA
        state.current = p
        state.events += ((events.EXTRA_TURN, p),)
        return
    start_turn(state, (p + 1) % state.n)


def refill(state: BabyloniaState, p: int) -> None:
    """Draw tokens at random from seat ``p``'s bag until its stand is full or the bag empty."""
    i = 4 * p
    stand, bag = state.stand, state.bag
    need = stand_capacity(state, p) - (stand[i] + stand[i + 1] + stand[i + 2] + stand[i + 3])
    left = bag[i] + bag[i + 1] + bag[i + 2] + bag[i + 3]
    rng = state.rng
    while need > 0 and left > 0:
        r = rng.randrange(left)
        k = i
        while r >= bag[k]:
            r -= bag[k]
            k += 1
        bag[k] -= 1
        stand[k] += 1
        need -= 1
        left -= 1


def start_turn(state: BabyloniaState, seat: int) -> None:
    state.phase = PHASE_PLACE
    state.turn_player = state.current = seat
    state.turn_number += 1
    state.placed = state.placed_farmers = state.placed_nobles = state.placed_river = 0
    state.noble_kinds = 0
    state.placed_mask = 0
