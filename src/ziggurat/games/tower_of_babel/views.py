"""What one seat may see (``view``) and a full state consistent with it (``determinize``).

Secret at the table (rules §11): each hand (building cards, action cards, whether the
exchange card is still in it while offers are face down), each pending offer until the
reveal (seen by its author), the order of the building-card pile and of the action-card
pile (seen by nobody; the generator's state too). Public: the board, pieces, scores, the
marker, owned discs, every pile's size, the face-up discard piles and how many cards each
player holds.

Offers are simultaneous at the table, but the engine collects them one seat at a time. So
until the reveal a seat that has still to offer, and a spectator, learn nothing of the
offers already made: not how many cards they hold, and each offerer's hand count is the
one from before his offer (``sees_offer_sizes``; rulings T18). The active player and the
seats that have made their own offer see each face-down stack's size, as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.rng import Rng

from .actions import ACCEPT
from .components import ACTION_KINDS, TYPES
from .phases import NO_DISC, PHASE_ACCEPT, PHASE_OFFER, PHASE_OVER, PHASE_TASKS, PHASE_TRIPLE
from .rules import accept_outcome, accept_refusal, offer_caps, offer_choices_kept

if TYPE_CHECKING:
    from .state import TowerState

MAX_DEALS = 100_000


def counts_dict(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {TYPES[t]: counts[t] for t in range(4)}


def disc_json(state: TowerState, disc: int) -> dict[str, Any]:
    game = state.game
    return {
        "id": disc,
        "need": {TYPES[t]: c for t, c in enumerate(game.disc_needs[disc]) if c},
        "text": game.disc_text(disc),
        "two_type": disc >= game.first_two_type,
    }


def _cards_in_hand(state: TowerState, seat: int) -> int:
    return sum(state.hand[4 * seat : 4 * seat + 4]) + state.exchange_in_hand[seat]


def _offer_size(state: TowerState, seat: int) -> int:
    return sum(state.offer_cards[4 * seat : 4 * seat + 4]) + state.offer_exchange[seat]


def sees_offer_sizes(state: TowerState, seat: int | None) -> bool:
    """May ``seat`` (None: a spectator) see how many cards the offers already made hold?

    Always once they are revealed. Before that only the active player and a seat that has
    made its own offer may: a seat still to offer must decide as if all offers were made at
    once, and a spectator's page could be read by such a seat.
    """
    if state.phase != PHASE_OFFER:
        return True
    return seat is not None and (seat == state.active or bool(state.offered >> seat & 1))


def view(state: TowerState, seat: int | None) -> dict[str, Any]:
    """Everything public plus ``seat``'s own secrets, as JSON-ready data (the kernel has
    checked the seat)."""
    sizes_seen = sees_offer_sizes(state, seat)
    game = state.game
    n = state.n
    per = game.spaces_per_wonder
    wonders = []
    for w, wonder_id in enumerate(game.wonder_ids):
        spaces = []
        for k in range(per):
            disc = state.space_disc[w * per + k]
            spaces.append(None if disc == NO_DISC else disc_json(state, disc))
        wonders.append(
            {
                "id": wonder_id,
                "name": game.data.wonder_names[w],
                "spaces": spaces,
                "pieces": state.pieces[w * n : w * n + n],
                "completed": bool(state.done_mask >> w & 1),
            }
        )
    players = []
    for s in range(n):
        players.append(
            {
                # to a seat still to offer, a hand as it was before its owner's offer
                "cards": _cards_in_hand(state, s) + (0 if sizes_seen else _offer_size(state, s)),
                "action_cards": sum(state.actions_held[7 * s : 7 * s + 7]),
                "supply": state.supply[s],
                "discs": [disc_json(state, d) for d, o in enumerate(state.disc_owner) if o == s],
            }
        )
    data = game.data
    out: dict[str, Any] = {
        "players": players,
        "task": PHASE_TASKS[state.phase],
        "active": state.active,
        "second_turn": state.second_turn,
        "turn": state.turn_number,
        "turn_order": [(state.active + i) % n for i in range(n)],
        "wonders": wonders,
        "marker": state.marker,
        "rows": [list(r) for r in data.rows],
        "final_row": list(data.final_row),
        "participation_points": data.participation,
        "set_bonus": list(data.bonus),
        "draw_pile": len(state.pile),
        "discard": counts_dict(state.discard),
        "action_pile": len(state.action_pile),
        "action_discard": {k: state.action_discard[i] for i, k in enumerate(ACTION_KINDS)},
        "action_cards_in_game": game.action_cards,
        "action_cards_info": {k: dict(v) for k, v in game.action_cards_info.items()},
        "rules": dict(game.rules_view),
        "build": _build_view(state, seat, sizes_seen),
        "last_build": _last_build_view(state),
        "final": state.final_parts,
    }
    if seat is not None:
        out["hand"] = {
            "cards": counts_dict(state.hand[4 * seat : 4 * seat + 4]),
            "exchange": bool(state.exchange_in_hand[seat]),
            "actions": {k: state.actions_held[7 * seat + i] for i, k in enumerate(ACTION_KINDS)},
        }
    return out


def _build_view(state: TowerState, seat: int | None, sizes_seen: bool) -> dict[str, Any] | None:
    """The build in progress; ``None`` between builds and once the game is over (the build
    that ended it is in ``last_build``). A face-down offer's ``cards_count`` is ``None`` to a
    viewer who may not see its size (``sees_offer_sizes``)."""
    if state.disc == NO_DISC or state.phase == PHASE_OVER:
        return None
    need = state.need()
    game = state.game
    w, k = divmod(state.space, game.spaces_per_wonder)
    data = game.data
    offers = []
    revealed = {s: (cards, ex) for s, cards, ex in state.reveal}
    for i in range(1, state.n):
        s = (state.active + i) % state.n
        entry: dict[str, Any] = {"seat": s, "made": bool(state.offered >> s & 1)}
        if state.revealed:
            cards, ex = revealed.get(s, ((0, 0, 0, 0), 0))
            entry["cards"] = counts_dict(cards)
            entry["exchange"] = bool(ex)
            # accepted cards are used up by the build; what matched is what was revealed
            entry["matching"] = counts_dict([cards[t] if need[t] else 0 for t in range(4)])
            entry["accepted"] = bool(state.accepted >> s & 1)
            entry["triple"] = bool(state.triple_mask >> s & 1)
            entry["cards_count"] = sum(cards) + ex
            # what the offer scores if it is not accepted, and with the triple bonus
            matching = sum(cards[t] for t in range(4) if need[t])
            entry["points_if_rejected"] = matching * data.rejected_vp
            entry["points_with_triple"] = matching * data.triple_vp
        else:
            entry["cards_count"] = _offer_size(state, s) if entry["made"] and sizes_seen else None
            if s == seat and entry["made"]:
                entry["cards"] = counts_dict(state.offer_cards[4 * s : 4 * s + 4])
                entry["exchange"] = bool(state.offer_exchange[s])
        offers.append(entry)
    out: dict[str, Any] = {
        "space": state.space,
        "wonder": game.wonder_ids[w],
        "slot": k + 1,
        "disc": disc_json(state, state.disc),
        "revealed": state.revealed,
        "resolved": state.phase == PHASE_TRIPLE,
        "built": state.built,
        "offers": offers,
    }
    if state.phase == PHASE_OFFER and seat is not None and seat != state.active:
        out["offer_caps"] = _offer_caps_view(state, seat)
    if state.phase == PHASE_ACCEPT and seat == state.active:
        out.update(_accept_view(state))
    return out


def _offer_caps_view(state: TowerState, seat: int) -> dict[str, Any]:
    """What an offer of ``seat`` may hold (rules §5, :func:`.rules.offer_caps`), with the
    words a front end shows beside its controls and when an offer breaks one of them."""
    total, per_type, supply = offer_caps(state, seat)
    need = state.need()
    types = [t for t in range(4) if need[t]]
    caps = {TYPES[t]: per_type[t] for t in types}
    limits = " and ".join(_count_words(TYPES[t], per_type[t]) for t in types)
    bluff = "cards of other types are a bluff: they come back at the reveal"
    return {
        "cards": total,
        "per_type": caps,
        "matching": supply,
        "hint": (
            f"at most {_count_words('card', total)} in all and {limits} (the disc's "
            f"numbers); no more matching cards than the {supply} pieces in your supply; {bluff}"
        ),
        "bluff": bluff,
        "refusals": {
            "exchange_alone": (
                "The exchange card can only be offered together with at least one building card."
            ),
            "cards": f"An offer for this disc holds at most {_count_words('card', total)} in all.",
            "per_type": {
                TYPES[t]: f"At most {_count_words(TYPES[t], per_type[t])} in this offer (the "
                "disc's number)."
                for t in types
            },
            "matching": f"No more matching cards than the {supply} pieces in your supply.",
            "other": "This is not one of the offers you may make now.",
        },
    }


def _accept_view(state: TowerState) -> dict[str, Any]:
    """For the active player deciding on the offers: what each legal acceptance does (the
    cards he adds, the pieces each seat places, who takes the disc) and, for every other
    selection of the offers he could tick, why it cannot be completed."""
    n = state.n
    legal = [a for a in state.legal_actions() if a.kind == ACCEPT]
    outcomes = []
    for action in legal:
        add, placed, receiver = accept_outcome(state, action)
        outcomes.append(
            {
                "text": action.text,
                "seats": list(action.seats),
                "add": {TYPES[t]: c for t, c in enumerate(add) if c},
                "pieces": placed,
                "receiver": receiver,
            }
        )
    possible = {a.seats for a in legal}
    offered = [s for s in range(n) if s != state.active and any(state.offer_of(s))]
    refusals = []
    for pick in range(1 << len(offered)):
        seats = tuple(s for i, s in enumerate(offered) if pick >> i & 1)
        if seats in possible:
            continue
        reason = accept_refusal(state, seats)
        refusals.append(
            {"seats": list(seats), "reason": reason or "This selection cannot be completed."}
        )
    return {"accept_outcomes": outcomes, "accept_refusals": refusals}


def _count_words(word: str, count: int) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _last_build_view(state: TowerState) -> dict[str, Any] | None:
    last = state.last_build
    if last is None:
        return None
    game = state.game
    w, k = divmod(last["space"], game.spaces_per_wonder)
    wonder = last["wonder"]
    return {
        "active": last["active"],
        "wonder": game.wonder_ids[w],
        "slot": k + 1,
        "disc": disc_json(state, last["disc"]),
        "built": last["built"],
        "receiver": None if last["receiver"] < 0 else last["receiver"],
        "offers": [
            {
                "seat": s,
                "cards": counts_dict(cards),
                "exchange": bool(ex),
                "accepted": bool(last["accepted"] >> s & 1),
                "triple": bool(last["triples"] >> s & 1),
                "points": last["rejected_points"][s],
            }
            for s, cards, ex in last["offers"]
        ],
        "wonder_scored": None
        if wonder is None
        else {"wonder": game.wonder_ids[wonder[0]], "row": wonder[1], "points": list(wonder[2])},
    }


# ----------------------------------------------------------------------- determinize


def determinize(state: TowerState, seat: int, rng: Any) -> TowerState:
    """A full state that ``seat`` cannot tell from this one, hidden parts drawn from ``rng``.

    Every other seat's building cards (hand and any face-down offer) are dealt afresh from
    the cards ``seat`` has not seen (the pile and those hands), keeping each count; a
    face-down offer is rebuilt with the size ``seat`` sees, a legal content and the exchange
    card in it or not. To a seat still to offer the sizes are unknown: each offer already
    made is then drawn at random from the legal offers of its author's dealt hand. Action
    cards in other hands are dealt from the unseen action cards, keeping each count (no
    decision point shows who holds which, rulings T17). Both piles are reshuffled and the
    generator reseeded, so future draws are unknown too.
    """
    other = state.clone()
    other._legal = None
    n = state.n
    others = [s for s in range(n) if s != seat]
    hidden_offer = [
        s for s in others if state.offered >> s & 1 and not state.revealed and state.disc != NO_DISC
    ]
    # --- building cards
    pool = state.pile[:]
    for s in others:
        for t in range(4):
            pool.extend([t] * state.hand[4 * s + t])
            if s in hidden_offer:
                pool.extend([t] * state.offer_cards[4 * s + t])
    pool.sort()  # a canonical order first: the deal must not depend on the hidden order
    sizes_seen = sees_offer_sizes(state, seat)
    for _ in range(MAX_DEALS):
        rng.shuffle(pool)
        if _deal_building(state, other, others, hidden_offer, pool, rng, sizes_seen):
            break
    else:  # unreachable: the real deal itself is one of the deals tried for
        raise AssertionError("no deal of the unseen cards fits the face-down offers")
    # --- action cards
    action_pool = state.action_pile[:]
    for s in others:
        for k in range(7):
            action_pool.extend([k] * state.actions_held[7 * s + k])
            other.actions_held[7 * s + k] = 0
    action_pool.sort()
    rng.shuffle(action_pool)
    for s in others:
        for _ in range(sum(state.actions_held[7 * s : 7 * s + 7])):
            other.actions_held[7 * s + action_pool.pop()] += 1
    other.action_pile = action_pool
    other.rng = Rng(rng.randrange(1 << 64))
    return other


def _deal_building(
    state: TowerState,
    other: TowerState,
    others: list[int],
    hidden_offer: list[int],
    pool: list[int],
    rng: Any,
    sizes_seen: bool,
) -> bool:
    """Deal ``pool`` (shuffled) to the other seats' hands and face-down offers; the rest is
    the new pile. False if a face-down offer could not be given a legal content."""
    at = 0
    for s in others:
        base = 4 * s
        building = sum(state.hand[base : base + 4])
        in_offer = 0
        if s in hidden_offer and not sizes_seen:
            building += sum(state.offer_cards[base : base + 4])
            _offer_at_random(other, s, pool[at : at + building], rng)
            at += building
            continue
        if s in hidden_offer:
            in_offer = sum(state.offer_cards[base : base + 4])
            size = in_offer + state.offer_exchange[s]
            # where the exchange card is, is secret: any split that keeps the sizes and the
            # offer legal will do. Rules §5: the exchange card needs a building card beside
            # it, and the building cards may not exceed the disc's total - so an offer one
            # card larger than that total must hold the exchange card.
            if size < 2:
                exchange = False
            elif size > sum(state.need()):
                exchange = True
            else:
                exchange = rng.randrange(2) == 1
            in_offer = size - exchange
            building = building + sum(state.offer_cards[base : base + 4]) - in_offer
            other.offer_exchange[s] = int(exchange)
            other.exchange_in_hand[s] = int(not exchange)
        cards = pool[at : at + building + in_offer]
        at += building + in_offer
        hand = [0, 0, 0, 0]
        offer = [0, 0, 0, 0]
        if in_offer:
            _total, per_type, supply = offer_caps(state, s)
            need = state.need()
            matching = 0
            for card in cards:
                if (
                    sum(offer) < in_offer
                    and offer[card] < per_type[card]
                    and (not need[card] or matching < supply)
                ):
                    offer[card] += 1
                    matching += 1 if need[card] else 0
                else:
                    hand[card] += 1
            if sum(offer) < in_offer:
                return False
        else:
            for card in cards:
                hand[card] += 1
        other.hand[base : base + 4] = hand
        other.offer_cards[base : base + 4] = (
            offer if s in hidden_offer else state.offer_cards[base : base + 4]
        )
    other.pile = pool[at:]
    return True


def _offer_at_random(other: TowerState, seat: int, cards: list[int], rng: Any) -> None:
    """Give ``seat`` the hand ``cards`` and his exchange card, as before his offer, then
    make one of its legal offers at random: a seat still to offer knows no more of it."""
    base = 4 * seat
    hand = [0, 0, 0, 0]
    for card in cards:
        hand[card] += 1
    other.hand[base : base + 4] = hand
    other.offer_cards[base : base + 4] = [0, 0, 0, 0]
    other.exchange_in_hand[seat] = 1
    other.offer_exchange[seat] = 0
    choices = offer_choices_kept(other, seat)
    offer = choices[rng.randrange(len(choices))]
    for t in range(4):
        other.hand[base + t] -= offer.cards[t]
        other.offer_cards[base + t] = offer.cards[t]
    if offer.exchange:
        other.exchange_in_hand[seat] = 0
        other.offer_exchange[seat] = 1
