"""Tower of Babel's observation tensor (docs/rl.md), encoded from ``view(seat)`` itself.

Why from the view and not the state: what a seat may know of the offers is subtle (a seat
still to offer learns nothing of the offers made before it, not even their sizes, and sees
each offerer's hand as it was before the offer; rulings T18). The view already says exactly
that and is checked for it, so the tensor inherits it by construction, at the cost of
building the view (tens of microseconds). Per-seat sections list the observer first
(:mod:`ziggurat.core.observation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.observation import Layout, Section, scaled

from .components import ACTION_KINDS, TYPES
from .phases import PHASE_TASKS

if TYPE_CHECKING:
    from .state import TowerState

SCORE_BOUND = 150
NEED_BOUND = 8  # a disc asks for at most this many cards of a type
DISC = 1 + len(TYPES) + 1  # present, need by type, two-type
OFFER = 3 + len(TYPES) + 4  # made, size known, size; cards by type; exchange, accepted, triple, own
LAST = len(TYPES) + 4  # cards by type, exchange, accepted, triple, points


def layout(game: Any) -> Layout:
    n = game.num_players
    wonders, per = len(game.wonder_ids), game.spaces_per_wonder
    return Layout(
        (
            Section(
                "seats",
                (n, 5),
                f"per seat, observer first: points / {SCORE_BOUND}, cards in hand / 20, action "
                "cards / 7, pieces in supply / 30, discs owned / 10",
            ),
            Section("to_move", (n,), "1 at the seat to decide, observer first"),
            Section("active", (n,), "1 at the active player (whose turn it is), observer first"),
            Section("phase", (len(PHASE_TASKS),), "what is being decided, by phase"),
            Section(
                "table",
                (5,),
                "turn / 60; a second turn (double turn); the marker / 7; building cards left in "
                "the pile / 110; action cards left / 30",
            ),
            Section(
                "hand",
                (len(TYPES) + 1 + len(ACTION_KINDS),),
                "the observer's hand: camel, crane, boat, stonemason cards / 10 each; the "
                f"exchange card; action cards by kind ({', '.join(ACTION_KINDS)}) / 2",
            ),
            Section(
                "discards",
                (len(TYPES) + len(ACTION_KINDS),),
                "face-up discards: building cards by type / 30, action cards by kind / 5",
            ),
            Section(
                "wonders",
                (wonders, per * DISC + n + 1),
                f"per wonder: per space ({per}) a disc there, what it asks per type / "
                f"{NEED_BOUND}, two-type; then pieces on it per seat (observer first) / 20; "
                "completed",
            ),
            Section(
                "build",
                (1 + DISC + 4 + wonders + 1,),
                "the build in progress: under way; its disc (present, need per type, two-type); "
                "offers revealed, resolved, built, the observer's own offer made; its wonder "
                "(one-hot); its space / 3",
            ),
            Section(
                "offers",
                (n, OFFER),
                "per seat (observer first) in the build in progress: offer made, its size "
                "known to the observer, size / 10, cards by type / 10 (once revealed, or the "
                "observer's own), exchange card, accepted, triple bonus, this is the observer",
            ),
            Section(
                "last_build",
                (n + 1, LAST),
                "the last finished build: per seat (observer first) the cards offered / 10, "
                "exchange card, accepted, triple bonus, points / 10; a last row: built, and "
                "the disc's receiver / players (0: nobody)",
            ),
        )
    )


def _disc(disc: dict[str, Any] | None) -> list[float]:
    if disc is None:
        return [0.0] * DISC
    need = disc["need"]
    return [
        1.0,
        *(scaled(need.get(t, 0), NEED_BOUND) for t in TYPES),
        1.0 if disc["two_type"] else 0.0,
    ]


def encode(state: TowerState, seat: int, out: Any) -> None:
    game = state.game
    at = game.observation_layout.starts
    n = state.n
    seen = state.view(seat)

    def rel(s: int) -> int:
        return (s - seat) % n

    for p in seen["players"]:
        row = at["seats"] + 5 * rel(p["seat"])
        out[row : row + 5] = [
            scaled(p["score"], SCORE_BOUND),
            scaled(p["cards"], 20),
            scaled(p["action_cards"], 7),
            scaled(p["supply"], 30),
            scaled(len(p["discs"]), 10),
        ]
    if seen["current"] is not None:
        out[at["to_move"] + rel(seen["current"])] = 1.0
    out[at["active"] + rel(seen["active"])] = 1.0
    out[at["phase"] + PHASE_TASKS.index(seen["task"])] = 1.0
    out[at["table"] : at["table"] + 5] = [
        scaled(seen["turn"], 60),
        1.0 if seen["second_turn"] else 0.0,
        scaled(seen["marker"], 7),
        scaled(seen["draw_pile"], 110),
        scaled(seen["action_pile"], 30),
    ]
    hand = seen["hand"]
    out[at["hand"] : at["hand"] + len(TYPES) + 1 + len(ACTION_KINDS)] = [
        *(scaled(hand["cards"][t], 10) for t in TYPES),
        1.0 if hand["exchange"] else 0.0,
        *(scaled(hand["actions"][k], 2) for k in ACTION_KINDS),
    ]
    out[at["discards"] : at["discards"] + len(TYPES) + len(ACTION_KINDS)] = [
        *(scaled(seen["discard"][t], 30) for t in TYPES),
        *(scaled(seen["action_discard"][k], 5) for k in ACTION_KINDS),
    ]
    per = game.spaces_per_wonder
    width = per * DISC + n + 1
    for w, wonder in enumerate(seen["wonders"]):
        values: list[float] = []
        for disc in wonder["spaces"]:
            values += _disc(disc)
        pieces = wonder["pieces"]
        values += [scaled(pieces[(seat + k) % n], 20) for k in range(n)]
        values.append(1.0 if wonder["completed"] else 0.0)
        out[at["wonders"] + w * width : at["wonders"] + (w + 1) * width] = values
    build = seen["build"]
    if build is not None:
        own = next((o for o in build["offers"] if o["seat"] == seat), None)
        values = [
            1.0,
            *_disc(build["disc"]),
            1.0 if build["revealed"] else 0.0,
            1.0 if build["resolved"] else 0.0,
            1.0 if build["built"] else 0.0,
            1.0 if own is not None and own["made"] else 0.0,
        ]
        out[at["build"] : at["build"] + len(values)] = values
        out[at["build"] + len(values) + game.wonder_ids.index(build["wonder"])] = 1.0
        out[at["build"] + len(values) + len(game.wonder_ids)] = scaled(build["slot"], 3)
        for offer in build["offers"]:
            cards = offer.get("cards")
            size = offer["cards_count"]
            out[
                at["offers"] + rel(offer["seat"]) * OFFER : at["offers"]
                + (rel(offer["seat"]) + 1) * OFFER
            ] = [
                1.0 if offer["made"] else 0.0,
                0.0 if size is None else 1.0,
                0.0 if size is None else scaled(size, 10),
                *(scaled(cards[t], 10) if cards else 0.0 for t in TYPES),
                1.0 if offer.get("exchange") else 0.0,
                1.0 if offer.get("accepted") else 0.0,
                1.0 if offer.get("triple") else 0.0,
                1.0 if offer["seat"] == seat else 0.0,
            ]
    last = seen["last_build"]
    if last is not None:
        for offer in last["offers"]:
            row = at["last_build"] + rel(offer["seat"]) * LAST
            out[row : row + LAST] = [
                *(scaled(offer["cards"][t], 10) for t in TYPES),
                1.0 if offer["exchange"] else 0.0,
                1.0 if offer["accepted"] else 0.0,
                1.0 if offer["triple"] else 0.0,
                scaled(offer["points"], 10),
            ]
        row = at["last_build"] + n * LAST
        out[row] = 1.0 if last["built"] else 0.0
        if last["receiver"] is not None:
            out[row + 1] = (rel(last["receiver"]) + 1) / n
