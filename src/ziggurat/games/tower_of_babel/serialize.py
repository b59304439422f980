"""The saved form of a state: the whole state, generator and pile order included.

The kernel writes and checks the preamble (format, game, options, data version:
:class:`~ziggurat.core.kernel.StatePreamble`); :func:`state_fields` writes the rest and
:func:`read_state` reads it back. Card counts are lists in the type order camel, crane,
boat, stonemason; action cards in the order of :data:`~.components.ACTION_KINDS`. Reading
is strict: the shape is checked by a schema, then the contents against the game (every
card, disc and piece accounted for exactly once, a turn the flow can reach). A corrupt file
raises :class:`~ziggurat.core.errors.CorruptState` naming what is wrong and builds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ziggurat.core.components import describe_validation_error
from ziggurat.core.errors import CorruptState
from ziggurat.core.kernel import StatePreamble
from ziggurat.core.rng import Rng

from .phases import (
    NO_DISC,
    PHASE_ACCEPT,
    PHASE_CHOOSE,
    PHASE_DOUBLE,
    PHASE_NAMES,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_TRIPLE,
)
from .state import TowerState

if TYPE_CHECKING:
    from .game import TowerOfBabelGame


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class RevealJson(_Model):
    seat: int
    cards: list[int]
    exchange: int


class WonderScoredJson(_Model):
    wonder: int
    row: int
    points: list[int]


class BuildJson(_Model):
    space: int
    disc: int
    offered: list[int]
    offers: list[list[int]]
    offer_exchange: list[int]
    revealed: bool
    reveal: list[RevealJson]
    accepted: list[int]
    built: bool
    triples: list[int]
    triple_next: int
    wonder_scored: WonderScoredJson | None


class StateJson(StatePreamble):
    game: Literal["tower_of_babel"]
    rng: int
    phase: Literal["choose", "offer", "accept", "triple", "double", "over"]
    current_player: int
    active: int
    second_turn: bool
    turn_number: int
    turns_without_build: int
    marker: int
    spaces: list[int | None]
    disc_owner: list[int | None]
    pieces: list[list[int]]
    completed: list[int]
    supply: list[int]
    scores: list[int]
    hands: list[list[int]]
    exchange_in_hand: list[bool]
    action_cards: list[list[int]]
    pile: list[int]
    discard: list[int]
    action_pile: list[int]
    action_discard: list[int]
    build: BuildJson | None
    last_build: dict[str, Any] | None
    final: list[dict[str, Any]] | None


def _seats(mask: int, n: int) -> list[int]:
    return [s for s in range(n) if mask >> s & 1]


def _mask(seats: list[int]) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


def state_fields(state: TowerState) -> dict[str, Any]:
    """Everything ``to_json`` writes after the kernel's preamble."""
    n = state.n
    w = state.game.num_wonders
    build = None
    if state.disc != NO_DISC:
        build = {
            "space": state.space,
            "disc": state.disc,
            "offered": _seats(state.offered, n),
            "offers": [state.offer_cards[4 * s : 4 * s + 4] for s in range(n)],
            "offer_exchange": state.offer_exchange[:],
            "revealed": state.revealed,
            "reveal": [
                {"seat": s, "cards": list(cards), "exchange": ex} for s, cards, ex in state.reveal
            ],
            "accepted": _seats(state.accepted, n),
            "built": state.built,
            "triples": _seats(state.triple_mask, n),
            "triple_next": state.triple_next,
            "wonder_scored": None
            if state.last_wonder is None
            else {
                "wonder": state.last_wonder[0],
                "row": state.last_wonder[1],
                "points": list(state.last_wonder[2]),
            },
        }
    last = state.last_build
    return {
        "rng": state.rng.state,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current,
        "active": state.active,
        "second_turn": state.second_turn,
        "turn_number": state.turn_number,
        "turns_without_build": state.turns_without_build,
        "marker": state.marker,
        "spaces": [None if d == NO_DISC else d for d in state.space_disc],
        "disc_owner": [None if o < 0 else o for o in state.disc_owner],
        "pieces": [state.pieces[i * n : i * n + n] for i in range(w)],
        "completed": [i for i in range(w) if state.done_mask >> i & 1],
        "supply": state.supply[:],
        "scores": state.score[:],
        "hands": [state.hand[4 * s : 4 * s + 4] for s in range(n)],
        "exchange_in_hand": [bool(x) for x in state.exchange_in_hand],
        "action_cards": [state.actions_held[7 * s : 7 * s + 7] for s in range(n)],
        "pile": state.pile[:],
        "discard": state.discard[:],
        "action_pile": state.action_pile[:],
        "action_discard": state.action_discard[:],
        "build": build,
        "last_build": None if last is None else _last_build_json(last),
        "final": state.final_parts,
    }


def _last_build_json(last: dict[str, Any]) -> dict[str, Any]:
    out = dict(last)
    out["offers"] = [[s, list(cards), ex] for s, cards, ex in last["offers"]]
    out["rejected_points"] = list(last["rejected_points"])
    wonder = last["wonder"]
    out["wonder"] = None if wonder is None else [wonder[0], wonder[1], list(wonder[2])]
    return out


def _last_build_from_json(data: dict[str, Any], n: int) -> dict[str, Any]:
    keys = {"active", "space", "disc", "built", "receiver", "offers", "accepted", "triples"}
    keys |= {"rejected_points", "wonder"}
    if set(data) != keys:
        raise CorruptState(f"last_build must have exactly the fields {sorted(keys)}")
    try:
        offers = tuple(
            (int(s), tuple(int(c) for c in cards), int(ex)) for s, cards, ex in data["offers"]
        )
        wonder = data["wonder"]
        out = dict(data)
        out["offers"] = offers
        out["rejected_points"] = tuple(int(p) for p in data["rejected_points"])
        out["wonder"] = (
            None
            if wonder is None
            else (int(wonder[0]), int(wonder[1]), tuple(int(p) for p in wonder[2]))
        )
    except (TypeError, ValueError) as exc:
        raise CorruptState(f"last_build is malformed: {exc}") from None
    if len(out["rejected_points"]) != n:
        raise CorruptState(f"last_build.rejected_points needs {n} entries")
    return out


def read_state(game: TowerOfBabelGame, data: dict[str, Any]) -> TowerState:
    """The state ``data`` holds, its preamble checked by the kernel already."""
    source = "Tower of Babel state"
    try:
        parsed = StateJson.model_validate(data)
    except ValidationError as err:
        raise CorruptState(describe_validation_error(source, err)) from None
    n = game.num_players
    w = game.num_wonders
    data_ = game.data

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise CorruptState(f"{source}: {message}")

    def seat_ok(s: int) -> bool:
        return 0 <= s < n

    need(seat_ok(parsed.current_player) and seat_ok(parsed.active), "seat numbers out of range")
    need(len(parsed.spaces) == game.num_spaces, f"spaces needs {game.num_spaces} entries")
    need(len(parsed.disc_owner) == len(game.disc_needs), "disc_owner needs one entry per disc")
    need(
        len(parsed.pieces) == w and all(len(p) == n for p in parsed.pieces),
        "pieces: wonders x seats",
    )
    for name, rows, width in (("hands", parsed.hands, 4), ("action_cards", parsed.action_cards, 7)):
        need(len(rows) == n and all(len(r) == width for r in rows), f"{name}: {n} rows of {width}")
    for name, row, size in (
        ("supply", parsed.supply, n),
        ("scores", parsed.scores, n),
        ("exchange_in_hand", parsed.exchange_in_hand, n),
        ("discard", parsed.discard, 4),
        ("action_discard", parsed.action_discard, 7),
    ):
        need(len(row) == size, f"{name} needs {size} entries")
    need(all(0 <= t < 4 for t in parsed.pile), "pile holds card types 0..3")
    need(all(0 <= k < 7 for k in parsed.action_pile), "action_pile holds action kinds 0..6")
    need(0 <= parsed.marker <= len(data_.rows), f"marker must be 0..{len(data_.rows)}")
    need(all(0 <= i < w for i in parsed.completed), "completed names wonders 0..7")
    # every disc in play is on one space or owned, never both
    in_play = set(game.discs_in_play())
    on_board = [d for d in parsed.spaces if d is not None]
    owned = [d for d, o in enumerate(parsed.disc_owner) if o is not None]
    need(all(o is None or seat_ok(o) for o in parsed.disc_owner), "a disc owner is not a seat")
    need(
        sorted(on_board + owned) == sorted(in_play),
        "the discs on the board and the owned discs must be exactly the discs in play, once each",
    )

    state = TowerState(game)
    state.rng = Rng(0)
    state.rng.state = parsed.rng
    state.phase = PHASE_NAMES.index(parsed.phase)
    state.current = parsed.current_player
    state.active = parsed.active
    state.second_turn = parsed.second_turn
    state.turn_number = parsed.turn_number
    state.turns_without_build = parsed.turns_without_build
    state.marker = parsed.marker
    state.space_disc = [NO_DISC if d is None else d for d in parsed.spaces]
    state.disc_owner = [-1 if o is None else o for o in parsed.disc_owner]
    state.pieces = [v for row in parsed.pieces for v in row]
    state.done_mask = _mask(parsed.completed)
    state.supply = parsed.supply[:]
    state.score = parsed.scores[:]
    state.hand = [c for row in parsed.hands for c in row]
    state.exchange_in_hand = [int(x) for x in parsed.exchange_in_hand]
    state.actions_held = [c for row in parsed.action_cards for c in row]
    state.pile = parsed.pile[:]
    state.discard = parsed.discard[:]
    state.action_pile = parsed.action_pile[:]
    state.action_discard = parsed.action_discard[:]
    build = parsed.build
    if build is not None:
        need(0 <= build.space < game.num_spaces, "build.space out of range")
        need(
            build.disc == state.space_disc[build.space] or build.built,
            "build.disc is not on its space",
        )
        need(len(build.offers) == n and all(len(o) == 4 for o in build.offers), "build.offers")
        need(len(build.offer_exchange) == n, "build.offer_exchange needs one entry per seat")
        state.space = build.space
        state.disc = build.disc
        state.offered = _mask(build.offered)
        state.offer_cards = [c for row in build.offers for c in row]
        state.offer_exchange = build.offer_exchange[:]
        state.revealed = build.revealed
        state.reveal = tuple((r.seat, tuple(r.cards), r.exchange) for r in build.reveal)
        state.accepted = _mask(build.accepted)
        state.built = build.built
        state.triple_mask = _mask(build.triples)
        state.triple_next = build.triple_next
        ws = build.wonder_scored
        state.last_wonder = None if ws is None else (ws.wonder, ws.row, tuple(ws.points))
    if parsed.last_build is not None:
        state.last_build = _last_build_from_json(parsed.last_build, n)
    state.final_parts = parsed.final
    need(
        (state.phase == PHASE_OVER) == (parsed.final is not None), "final scores exactly when over"
    )
    _check_conservation(game, state, need)
    _check_turn(state, need)
    return state


def _check_turn(state: TowerState, need: Any) -> None:
    """The phase, the current player and the build agree as the turn flow leaves them
    (rules §4.5): a state no game can reach would make the engine misbehave later."""
    phase = state.phase
    if phase == PHASE_OVER:
        return
    n = state.n
    name = PHASE_NAMES[phase]
    building = state.disc != NO_DISC
    current, active = state.current, state.active
    need(
        building == (phase in (PHASE_OFFER, PHASE_ACCEPT, PHASE_TRIPLE)),
        f"phase {name} {'needs' if not building else 'cannot have'} a build",
    )
    need(
        (current == active) == (phase in (PHASE_CHOOSE, PHASE_ACCEPT, PHASE_DOUBLE)),
        f"current_player {current} does not fit phase {name} (active player {active})",
    )
    if not building:
        need(
            not any(state.offer_cards) and not any(state.offer_exchange),
            "offers are lying out, but no disc is being built",
        )
        if phase == PHASE_DOUBLE:
            need(
                not state.second_turn,
                "phase double needs an active player in his first turn",
            )
        return
    need(state.revealed == (phase != PHASE_OFFER), f"build.revealed does not fit phase {name}")
    need(not state.built or phase == PHASE_TRIPLE, f"build.built does not fit phase {name}")
    if phase == PHASE_OFFER:
        made = 0
        seat = (active + 1) % n
        while seat != current:
            made |= 1 << seat
            seat = (seat + 1) % n
        need(
            state.offered == made,
            "build.offered must name the seats from the active player's left up to the "
            "current player",
        )
    for seat in range(n):
        if not state.offered >> seat & 1:
            need(
                not any(state.offer_cards[4 * seat : 4 * seat + 4])
                and not state.offer_exchange[seat],
                f"seat {seat} has made no offer, but build.offers holds one",
            )
    if phase == PHASE_TRIPLE:
        need(
            not state.accepted >> current & 1
            and any(state.offer_cards[4 * current : 4 * current + 4]),
            "phase triple needs a current player with a rejected offer",
        )


def _check_conservation(game: TowerOfBabelGame, state: TowerState, need: Any) -> None:
    """Every building card, action card and piece is somewhere, exactly once."""
    data = game.data
    n = state.n
    for t in range(4):
        total = state.pile.count(t) + state.discard[t]
        total += sum(state.hand[4 * s + t] + state.offer_cards[4 * s + t] for s in range(n))
        need(
            total == data.cards_per_type,
            f"building cards of type {t}: {total}, not {data.cards_per_type}",
        )
        need(all(state.hand[4 * s + t] >= 0 for s in range(n)), "a hand count is negative")
    for k in range(7):
        expected = data.action_counts[k] if game.action_cards else 0
        total = state.action_pile.count(k) + state.action_discard[k]
        total += sum(state.actions_held[7 * s + k] for s in range(n))
        need(total == expected, f"action cards of kind {k}: {total}, not {expected}")
    for s in range(n):
        on_wonders = sum(
            state.pieces[i * n + s] for i in range(game.num_wonders) if not state.done_mask >> i & 1
        )
        need(
            state.supply[s] == data.piece_supply - on_wonders >= 0,
            f"seat {s}'s piece supply {state.supply[s]} does not match its pieces on wonders",
        )
        need(
            state.exchange_in_hand[s] + state.offer_exchange[s] == 1,
            f"seat {s}'s exchange card must be in its hand or in its offer",
        )
