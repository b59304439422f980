"""Tower of Babel's rules: which decisions are legal at each point of a turn, why another
one is not, and what each decision does (the turn flow).

A turn runs through the decision points of the rules reference (§4.5): A (pass or pick a
disc), O (each opponent's face-down offer, clockwise from the active player's left), S (the
active player's acceptance), T (triple bonus), D (double turn). Whether T, D and an S with
nothing to complete come at all is decided by what the whole table can see
(``TowerState.may_hold``), never by the hand itself, so that a pause tells nobody who holds a
card (rulings T17); a player without the card then has "no ..." as his only answer.
``draw three`` and ``trade`` are free actions at any point where their holder decides.

The two hard legality questions are the offer (rules §5: caps by the disc's total, by each
of its types and by the offerer's piece supply) and the acceptance (§6.3-§6.4: which subsets
of the revealed offers the active player can complete exactly, with how many jokers covering
which types, within his piece supply). Everything else follows the phase.

The functions work on the state they are handed, in place; :class:`~.state.TowerState`
calls them as its kernel hooks (``_generate_legal``, ``_why_not``, ``_apply``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import events, scoring
from .actions import (
    ACCEPT,
    BUILD,
    DOUBLE,
    DRAW_THREE,
    GIVE_UP,
    NO_DOUBLE,
    NO_TRIPLE,
    OFFER,
    PASS,
    TRADE,
    TRIPLE,
    TowerAction,
    cards_text,
    cards_words,
)
from .components import CARD_TRADE, DOUBLE_TURN, JOKER, TRIPLE_BONUS, TYPES
from .components import DRAW_THREE as DRAW_THREE_CARD
from .phases import (
    NO_DISC,
    PHASE_ACCEPT,
    PHASE_CHOOSE,
    PHASE_DOUBLE,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_TRIPLE,
)

if TYPE_CHECKING:
    from .actions import TowerActionTable
    from .state import TowerState

_TRIPLE = (TRIPLE_BONUS,)
_DOUBLE = (DOUBLE_TURN,)

# =========================================================================== legality


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
    return _offers(state.game.actions, *_offer_terms(state, seat))


def offer_choices_kept(state: TowerState, seat: int) -> tuple[TowerAction, ...]:
    """:func:`offer_choices`, kept for the hand and caps (bounded): every world a search
    deals draws each face-down offer from them, and the same few hands come back again and
    again, while a game itself rarely asks twice."""
    return _kept_offers(state.game.actions, *_offer_terms(state, seat))


def _offer_terms(state: TowerState, seat: int) -> tuple[Any, ...]:
    """What the legal offers of ``seat`` depend on: the disc's need, the caps, the hand and
    the exchange card."""
    total_cap, per_type, supply = offer_caps(state, seat)
    hand = state.hand
    base = 4 * seat
    return (
        state.need(),
        total_cap,
        tuple(per_type),
        supply,
        (hand[base], hand[base + 1], hand[base + 2], hand[base + 3]),
        state.exchange_in_hand[seat],
    )


def _offers(
    table: TowerActionTable,
    need: tuple[int, int, int, int],
    total_cap: int,
    per_type: tuple[int, ...],
    supply: int,
    hand: tuple[int, int, int, int],
    exchange: int,
) -> list[TowerAction]:
    """The legal offers for these caps and this hand, in id order."""
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
    return out  # in id order already: offer_counts walks the offers in id order


@functools.lru_cache(maxsize=4096)
def _kept_offers(table: TowerActionTable, *terms: Any) -> tuple[TowerAction, ...]:
    return tuple(_offers(table, *terms))


def offer_allowed(state: TowerState, seat: int, action: TowerAction) -> bool:
    """Is the offer ``action`` one of :func:`offer_choices` of ``seat``? The same caps, for
    one offer: a search's rollout builds its offer directly (``heuristics.rollout_action``),
    and listing hundreds of offers only to find it among them would cost more than the rest
    of the rollout's step."""
    total_cap, per_type, supply = offer_caps(state, seat)
    need = state.need()
    cards = action.cards
    hand = state.hand
    base = 4 * seat
    matching = 0
    for t in range(4):
        c = cards[t]
        if c > hand[base + t] or c > per_type[t]:
            return False
        if need[t]:
            matching += c
    return (
        cards[0] + cards[1] + cards[2] + cards[3] <= total_cap
        and matching <= supply
        and (not action.exchange or state.exchange_in_hand[seat] == 1)
    )


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


def accept_refusal(state: TowerState, seats: tuple[int, ...]) -> str | None:
    """Why the active player cannot complete the build with exactly the revealed offers of
    ``seats`` (None: he can, in some way, as :func:`accept_choices` lists it), worded for him:
    the view shows it to him only, as it names what his hand lacks."""
    need = state.need()
    active = state.active
    offers = state.offer_cards
    types = [t for t in range(4) if need[t]]
    exchanges = [s for s in seats if state.offer_exchange[s]]
    if len(exchanges) > 1:
        return "At most one accepted offer may hold an exchange card."
    remaining = list(need)
    for s in seats:
        for t in types:
            remaining[t] -= offers[4 * s + t]
    for t in types:
        if remaining[t] < 0:
            held = need[t] - remaining[t]
            return (
                f"These offers hold {_type_words(t, held)}, more than the {need[t]} the disc needs."
            )
    missing = sum(remaining[t] for t in types)
    placed = missing + sum(sum(offers[4 * s : 4 * s + 4]) for s in exchanges)
    supply = state.supply[active]
    if placed > supply:
        return f"You would place {placed} pieces but have only {supply} in your supply."
    hand = state.hand[4 * active : 4 * active + 4]
    short = [t for t in types if remaining[t] > hand[t]]
    if not short:
        return None
    lacking = sum(remaining[t] - hand[t] for t in short)
    units = state.game.data.joker_units
    jokers = state.actions_held[7 * active + JOKER]
    for j in range(1, jokers + 1):
        covered = j * units
        if covered > missing:
            break
        if covered >= lacking and _splits(covered, types, remaining, hand):
            return None
    t = short[0]
    words = f"You would have to add {_type_words(t, remaining[t])} but hold {hand[t]}"
    if jokers:
        joker_words = "your joker" if jokers == 1 else f"your {jokers} jokers"
        words += f", and {joker_words} (each exactly {units} cards) cannot make up the rest"
    return words + "."


def accept_outcome(state: TowerState, action: TowerAction) -> tuple[list[int], list[int], int]:
    """What the legal acceptance ``action`` would do: (the cards the active player adds from
    his hand, by type; the piece value each seat places; who takes the disc), as
    :func:`_build` does it, for the active player's view before he decides."""
    need = state.need()
    active = state.active
    offers = state.offer_cards
    placed = [0] * state.n
    taken = [0, 0, 0, 0]
    receiver = active
    exchange_cards = 0
    for s in action.seats:
        cards = offers[4 * s : 4 * s + 4]
        for t in range(4):
            taken[t] += cards[t]
        if state.offer_exchange[s]:
            receiver = s
            exchange_cards = sum(cards)
        else:
            placed[s] = sum(cards)
    add = [need[t] - taken[t] - action.jokers[t] if need[t] else 0 for t in range(4)]
    placed[active] = sum(need[t] - taken[t] for t in range(4) if need[t]) + exchange_cards
    return add, placed, receiver


def _type_words(t: int, count: int) -> str:
    counts = [0, 0, 0, 0]
    counts[t] = count
    return cards_words(counts)


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


# =========================================================================== the turn flow


def apply(state: TowerState, action: TowerAction) -> None:
    """Play ``action``, known to be legal, in place."""
    kind = action.kind
    if kind == DRAW_THREE:
        _play_card(state, state.current, DRAW_THREE_CARD)
        for _ in range(state.game.data.draw_three_count):
            state.draw(state.current)
    elif kind == TRADE:
        seat = state.current
        _play_card(state, seat, CARD_TRADE)
        cards = action.cards
        base = 4 * seat
        for t in range(4):
            state.hand[base + t] -= cards[t]
            state.discard[t] += cards[t]
        for _ in range(sum(cards)):
            state.draw(seat)
    elif kind == PASS:
        for _ in range(state.game.data.pass_extra_draw):
            state.draw(state.active)
        _after_turn(state)
    elif kind == BUILD:
        state.last_wonder = None
        state.space = action.space
        state.disc = state.space_disc[action.space]
        state.offered = 0
        state.revealed = False
        state.current = (state.active + 1) % state.n
        state.phase = PHASE_OFFER
    elif kind == OFFER:
        _offer(state, state.current, action)
    elif kind == ACCEPT:
        _build(state, action)
    elif kind == GIVE_UP:
        _unfulfilled(state, 1)
    elif kind in (TRIPLE, NO_TRIPLE):
        if kind == TRIPLE:
            _play_card(state, state.current, TRIPLE_BONUS)
            state.triple_mask |= 1 << state.current
        _next_triple(state)
    elif kind == DOUBLE:
        _play_card(state, state.active, DOUBLE_TURN)
        state.second_turn = True
        state.turn_number += 1
        _start_turn(state)
    elif kind == NO_DOUBLE:
        _end_turn(state)


def _play_card(state: TowerState, seat: int, kind: int) -> None:
    """``seat`` plays an action card of ``kind`` face up: the discard is public, and
    ``may_hold`` reads it."""
    state.actions_held[7 * seat + kind] -= 1
    state.action_discard[kind] += 1


def _offer(state: TowerState, seat: int, action: TowerAction) -> None:
    """``seat``'s offer goes face down on the table; the next seat offers, and after the last
    one all are revealed (simultaneous at the table, collected one seat at a time)."""
    base = 4 * seat
    cards = action.cards
    for t in range(4):
        if cards[t]:
            state.hand[base + t] -= cards[t]
            state.offer_cards[base + t] = cards[t]
    if action.exchange:
        state.exchange_in_hand[seat] = 0
        state.offer_exchange[seat] = 1
    state.offered |= 1 << seat
    nxt = (seat + 1) % state.n
    if nxt != state.active:
        state.current = nxt
        return
    _reveal(state)


def _reveal(state: TowerState) -> None:
    """All offers face up; cards of types the disc does not ask for go back at once."""
    state.revealed = True
    need = state.need()
    hand = state.hand
    offers = state.offer_cards
    state.reveal = tuple(
        (s, tuple(offers[4 * s : 4 * s + 4]), state.offer_exchange[s])
        for s in range(state.n)
        if state.offered >> s & 1 and (any(offers[4 * s : 4 * s + 4]) or state.offer_exchange[s])
    )
    state.events += ((events.OFFERS_REVEALED, state.active, state.space, state.disc, state.reveal),)
    for seat in range(state.n):
        if seat == state.active:
            continue
        base = 4 * seat
        for t in range(4):
            if offers[base + t] and not need[t]:
                hand[base + t] += offers[base + t]
                offers[base + t] = 0
    state.current = state.active
    state.phase = PHASE_ACCEPT
    if not accept_choices(state) and not state.may_hold(
        state.active, (DRAW_THREE_CARD, CARD_TRADE)
    ):
        _unfulfilled(state, 0)


def _build(state: TowerState, action: TowerAction) -> None:
    """Accept ``action.seats``' offers, complete from hand (and jokers), place the pieces,
    hand out the disc, score a completed wonder (rules §6.4-§6.6, §7)."""
    game = state.game
    n = state.n
    active = state.active
    need = state.need()
    wonder = state.wonder_of(state.space)
    pieces = state.pieces
    taken = [0, 0, 0, 0]  # the accepted offers' cards, by type
    receiver = active
    exchange_cards = 0
    placed = [0] * n  # piece value each seat places, for the event
    for seat in action.seats:
        matching = _lift_offer(state, seat, taken, 0)
        if state.offer_exchange[seat]:
            receiver = seat
            exchange_cards = matching
        else:
            pieces[wonder * n + seat] += matching
            state.supply[seat] -= matching
            placed[seat] = matching
    jokers = action.jokers
    own = 0
    hand = state.hand
    discard = state.discard
    for t in range(4):
        discard[t] += taken[t]
        r = need[t] - taken[t]
        if r:
            from_hand = r - jokers[t]
            hand[4 * active + t] -= from_hand
            discard[t] += from_hand
            own += r
    for _ in range(action.joker_count):
        _play_card(state, active, JOKER)
    own += exchange_cards
    pieces[wonder * n + active] += own
    state.supply[active] -= own
    placed[active] = own
    state.events += (
        (
            events.DISC_BUILT,
            active,
            state.space,
            state.disc,
            action.seats,
            receiver,
            action.joker_count,
            tuple(placed),
        ),
    )
    state.disc_owner[state.disc] = receiver
    state.space_disc[state.space] = NO_DISC
    state.accepted = action.mask
    state.built = True
    per = game.spaces_per_wonder
    if all(d == NO_DISC for d in state.space_disc[wonder * per : wonder * per + per]):
        scoring.complete_wonder(state, wonder)
    _enter_triple(state)


def _lift_offer(state: TowerState, seat: int, into: list[int], at: int) -> int:
    """Take ``seat``'s offered cards off the table, adding them to ``into[at + type]``;
    returns how many there were."""
    offers = state.offer_cards
    base = 4 * seat
    count = 0
    for t in range(4):
        c = offers[base + t]
        if c:
            count += c
            into[at + t] += c
            offers[base + t] = 0
    return count


def _unfulfilled(state: TowerState, gave_up: int) -> None:
    """Nothing is built; the disc stays; every offer is rejected (rules §6.7). ``gave_up``:
    the active player chose so (1), or nothing could be completed (0)."""
    state.events += ((events.DISC_UNFULFILLED, state.active, state.space, state.disc, gave_up),)
    state.accepted = 0
    state.built = False
    state.phase = PHASE_ACCEPT
    _enter_triple(state)


def _enter_triple(state: TowerState) -> None:
    state.triple_mask = 0
    state.triple_next = 1
    _next_triple(state)


def _next_triple(state: TowerState) -> None:
    """Decision point T for the next rejected offerer who may hold a triple bonus
    (``may_hold``), clockwise from the active player's left; then the rejected offers
    score."""
    n = state.n
    offers = state.offer_cards
    while state.triple_next < n:
        seat = (state.active + state.triple_next) % n
        state.triple_next += 1
        if (
            not state.accepted >> seat & 1
            and any(offers[4 * seat : 4 * seat + 4])
            and state.may_hold(seat, _TRIPLE)
        ):
            state.phase = PHASE_TRIPLE
            state.current = seat
            return
    _settle_offers(state)


def _settle_offers(state: TowerState) -> None:
    """Rejected offers score and go back to hand; every exchange card goes home; then the
    end of the game is checked (rules §6.6 steps 3-5)."""
    data = state.game.data
    hand = state.hand
    gained = [0] * state.n
    scored = False
    for seat in range(state.n):
        matching = _lift_offer(state, seat, hand, 4 * seat)
        if matching:
            per_card = data.triple_vp if state.triple_mask >> seat & 1 else data.rejected_vp
            gained[seat] = matching * per_card
            state.score[seat] += gained[seat]
            scored = scored or per_card > 0
        if state.offer_exchange[seat]:
            state.offer_exchange[seat] = 0
            state.exchange_in_hand[seat] = 1
    state.last_build = {
        "active": state.active,
        "space": state.space,
        "disc": state.disc,
        "built": state.built,
        "receiver": state.disc_owner[state.disc] if state.built else -1,
        "offers": state.reveal,
        "accepted": state.accepted,
        "triples": state.triple_mask,
        "rejected_points": tuple(gained),
        "wonder": state.last_wonder,
    }
    if scored:
        triples = tuple(s for s in range(state.n) if state.triple_mask >> s & 1)
        state.events += ((events.REJECTED_SCORED, tuple(gained), triples),)
    state.reveal = ()
    if state.built and scoring.type_exhausted(state):
        scoring.final_scoring(state, events.WHY_TYPE_GONE)
        return
    _after_turn(state)


def _after_turn(state: TowerState) -> None:
    """The turn is resolved: count it for the safeguard, then decision point D."""
    if state.built:
        state.turns_without_build = 0
    else:
        state.turns_without_build += 1
    state.space = NO_DISC
    state.disc = NO_DISC
    state.offered = 0
    state.revealed = False
    state.accepted = 0
    state.built = False
    state.triple_mask = 0
    state.triple_next = 0
    if not state.second_turn and state.may_hold(state.active, _DOUBLE):
        state.phase = PHASE_DOUBLE
        state.current = state.active
        state.events += ((events.DOUBLE_TURN_POSSIBLE, state.active),)
        return
    _end_turn(state)


def _end_turn(state: TowerState) -> None:
    """Everyone draws (from the active player clockwise), the column moves on, and the
    safeguard may end a game nobody builds in (rules §4.1, §4.3, §9.1)."""
    n = state.n
    active = state.active
    for _ in range(state.game.data.end_of_turn_draw):
        for i in range(n):
            state.draw((active + i) % n)
    if (
        not state.pile
        and not any(state.discard)
        and state.turns_without_build >= state.game.data.safeguard_per_player * n
    ):
        scoring.final_scoring(state, events.WHY_SAFEGUARD)
        return
    state.active = (active + 1) % n
    state.second_turn = False
    state.turn_number += 1
    _start_turn(state)


def _start_turn(state: TowerState) -> None:
    state.phase = PHASE_CHOOSE
    state.current = state.active
