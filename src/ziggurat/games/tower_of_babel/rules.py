"""Which decisions are legal at each point of a turn, and why another one is not.

The two hard ones are the offer (rules §5: caps by the disc's total, by each of its types and
by the offerer's piece supply) and the acceptance (§6.3-§6.4: which subsets of the revealed
offers the active player can complete exactly, with how many jokers covering which types,
within his piece supply). Everything else follows the phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    ACCEPT,
    BUILD,
    DOUBLE,
    DRAW_THREE,
    GIVE_UP,
    OFFER,
    TRADE,
    TRIPLE,
    TowerAction,
    cards_text,
)
from .components import CARD_TRADE, DOUBLE_TURN, JOKER, TRIPLE_BONUS, TYPES
from .components import DRAW_THREE as DRAW_THREE_CARD

if TYPE_CHECKING:
    from .state import TowerState

# Phases, repeated here to avoid importing the state module (it imports this one).
PHASE_CHOOSE, PHASE_OFFER, PHASE_ACCEPT, PHASE_TRIPLE, PHASE_DOUBLE, PHASE_OVER = range(6)


def legal_actions(state: TowerState) -> list[TowerAction]:
    """Every legal action, in id order."""
    phase = state.phase
    if phase == PHASE_OVER:
        return []
    table = state.game.actions
    seat = state.current
    if phase == PHASE_CHOOSE:
        out = [table.pass_]
        out += [table.build[s] for s, disc in enumerate(state.space_disc) if disc >= 0]
    elif phase == PHASE_OFFER:
        out = offer_choices(state, seat)
    elif phase == PHASE_ACCEPT:
        choices = accept_choices(state)
        out = [table.accept[key] for key in choices]
        out.sort(key=_by_id)
        if not any(a.joker_count == 0 for a in out):
            out.append(table.give_up)
    elif phase == PHASE_TRIPLE:
        # the point comes also to a player without the card (rulings T17): he says no
        held = state.actions_held[7 * seat + TRIPLE_BONUS]
        out = [table.triple, table.no_triple] if held else [table.no_triple]
    else:
        held = state.actions_held[7 * seat + DOUBLE_TURN]
        out = [table.double, table.no_double] if held else [table.no_double]
    out += free_actions(state, seat)
    return out


def _by_id(action: TowerAction) -> int:
    return action.id


def free_actions(state: TowerState, seat: int) -> list[TowerAction]:
    """``draw three`` and the card trades the seat's hand allows, if it holds those cards."""
    table = state.game.actions
    out = []
    if state.actions_held[7 * seat + DRAW_THREE_CARD]:
        out.append(table.draw_three)
    if state.actions_held[7 * seat + CARD_TRADE]:
        hand = state.hand[4 * seat : 4 * seat + 4]
        for counts in table.trade_counts:
            if (
                counts[0] <= hand[0]
                and counts[1] <= hand[1]
                and counts[2] <= hand[2]
                and counts[3] <= hand[3]
            ):
                out.append(table.trade[counts])
    return out


def offer_caps(state: TowerState, seat: int) -> tuple[int, list[int], int]:
    """(cards in all, cards by type, matching cards) an offer of ``seat`` may hold."""
    need = state.need()
    per_type = [need[t] if need[t] else 99 for t in range(4)]
    return sum(need), per_type, state.supply[seat]


def offer_choices(state: TowerState, seat: int) -> list[TowerAction]:
    """Every legal offer of ``seat`` (rules §5), in id order."""
    table = state.game.actions
    need = state.need()
    total_cap, per_type, supply = offer_caps(state, seat)
    hand = state.hand[4 * seat : 4 * seat + 4]
    exchange = state.exchange_in_hand[seat]
    out = []
    for counts in table.offer_counts:
        size = counts[0] + counts[1] + counts[2] + counts[3]
        if size > total_cap:
            break  # offer_counts lists the smaller offers first
        matching = 0
        ok = True
        for t in range(4):
            c = counts[t]
            if c > hand[t] or c > per_type[t]:
                ok = False
                break
            if need[t]:
                matching += c
        if not ok or matching > supply:
            continue
        out.append(table.offer[counts, False])
        if exchange and size:
            out.append(table.offer[counts, True])
    out.sort(key=_by_id)
    return out


def accept_choices(state: TowerState) -> list[tuple[int, tuple[int, int, int, int]]]:
    """Every (mask of accepted seats, joker units by type) the active player can complete
    exactly (rules §6.3-§6.4), in no particular order."""
    need = state.need()
    n = state.n
    active = state.active
    offers = state.offer_cards
    eligible = []  # (seat, matching by type, exchange)
    for seat in range(n):
        if seat != active:
            cards = offers[4 * seat : 4 * seat + 4]
            if any(cards):
                eligible.append((seat, cards, state.offer_exchange[seat]))
    hand = state.hand[4 * active : 4 * active + 4]
    supply = state.supply[active]
    jokers_held = state.actions_held[7 * active + JOKER]
    units = state.game.data.joker_units
    types = [t for t in range(4) if need[t]]
    out = []
    for pick in range(1 << len(eligible)):
        remaining = list(need)
        exchanges = 0
        exchange_cards = 0
        mask = 0
        ok = True
        for i, (seat, cards, exchange) in enumerate(eligible):
            if pick >> i & 1:
                mask |= 1 << seat
                for t in types:
                    remaining[t] -= cards[t]
                if exchange:
                    exchanges += 1
                    exchange_cards = sum(cards)
        if exchanges > 1 or any(remaining[t] < 0 for t in types):
            ok = False
        if not ok:
            continue
        missing = sum(remaining)
        if missing + exchange_cards > supply:
            continue
        short = sum(max(0, remaining[t] - hand[t]) for t in types)
        for j in range(jokers_held + 1):
            covered = j * units
            if covered > missing:
                break
            if covered < short:
                continue
            for split in _splits(covered, types, remaining, hand):
                out.append((mask, split))
    return out


def _splits(
    units: int, types: list[int], remaining: list[int], hand: list[int]
) -> list[tuple[int, int, int, int]]:
    """Ways to spread ``units`` joker units over the disc's types: each type gets at least
    what the hand cannot cover and at most what it still misses."""
    if units == 0:
        return [(0, 0, 0, 0)]
    lows = [max(0, remaining[t] - hand[t]) for t in types]
    highs = [remaining[t] for t in types]
    out = []
    if len(types) == 1:
        if lows[0] <= units <= highs[0]:
            split = [0, 0, 0, 0]
            split[types[0]] = units
            out.append((split[0], split[1], split[2], split[3]))
        return out
    a, b = types
    for ua in range(lows[0], highs[0] + 1):
        ub = units - ua
        if lows[1] <= ub <= highs[1]:
            split = [0, 0, 0, 0]
            split[a] = ua
            split[b] = ub
            out.append((split[0], split[1], split[2], split[3]))
    return out


def why_not(state: TowerState, action: TowerAction) -> str:
    """A sentence saying why ``action`` is not legal now (it is known not to be)."""
    phase = state.phase
    kind = action.kind
    seat = state.current
    who = f"seat {seat}"
    if kind == DRAW_THREE:
        return f"{who} holds no draw_three card"
    if kind == TRADE:
        if not state.actions_held[7 * seat + CARD_TRADE]:
            return f"{who} holds no card_trade card"
        return f"{who} does not hold those cards; the hand is {_hand_words(state, seat)}"
    if phase == PHASE_CHOOSE:
        if kind == BUILD:
            return "that space has no disc left; pick a disc still on the board, or pass"
        return f"{who} starts a turn: pass, or build <wonder> <space> on a disc still there"
    if phase == PHASE_OFFER:
        if kind == OFFER:
            total, per_type, supply = offer_caps(state, seat)
            limits = ", ".join(
                f"{per_type[t]} {name}" for t, name in enumerate(TYPES) if state.need()[t]
            )
            return (
                f"{who} may offer cards from the hand ({_hand_words(state, seat)}): at most "
                f"{total} in all, at most {limits}, at most {supply} matching (piece supply), "
                "and the exchange card only beside a building card"
            )
        return f"{who} makes a face-down offer now: offer <cards> [+ exchange] or offer nothing"
    if phase == PHASE_ACCEPT:
        if kind == ACCEPT:
            return (
                "that acceptance cannot be completed exactly: take whole offers with at most one "
                "exchange card, not more of a type than the disc asks, and add exactly the rest "
                "from the hand (jokers cover 2 cards each) within the piece supply"
            )
        if kind == GIVE_UP:
            return "the disc can be completed with building cards alone, so it must be built"
        return f"{who} accepts offers now: accept <seats> (or none), or give up where allowed"
    if phase == PHASE_TRIPLE:
        if kind == TRIPLE:
            return f"{who} holds no triple_bonus card; the answer here is no triple bonus"
        return f"{who} decides on the triple bonus: triple bonus or no triple bonus"
    if kind == DOUBLE:
        return f"{who} holds no double_turn card; the answer here is no double turn"
    return f"{who} decides on the double turn: double turn or no double turn"


def _hand_words(state: TowerState, seat: int) -> str:
    return cards_text(state.hand[4 * seat : 4 * seat + 4])
