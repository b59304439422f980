"""The seven action cards and when each may be played (rules §4.5, §8, §9.2).

card_trade and draw_three are free actions at the decision points A, O, S, T and D of their
holder, and nowhere else; the joker is part of an acceptance (decision S); triple_bonus is
decision T, double_turn decision D; disc_bonus and five_points are never played and count
at the final scoring.
"""

from __future__ import annotations

from unittest import mock

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.games.tower_of_babel import scoring
from ziggurat.games.tower_of_babel.components import (
    ACTION_KINDS,
    CARD_TRADE,
    DOUBLE_TURN,
    DRAW_THREE,
    FIVE_POINTS,
    JOKER,
    TRIPLE_BONUS,
)
from ziggurat.games.tower_of_babel.events import WHY_SAFEGUARD
from ziggurat.games.tower_of_babel.state import TowerState

from .helpers import (
    BOAT,
    CAMEL,
    CRANE,
    WONDERS,
    disc_id,
    give_actions,
    hand,
    legal,
    new_game,
    own_disc,
    place_disc,
    play,
    put_pieces,
    round_trip,
    scene,
    set_hands,
    stack_pile,
    take_disc,
)

FREE = {"draw three"}


def phase(state) -> str:
    return state.view(None)["phase"]


def table(holder: int, *cards: str):
    """4 players, seat 0 to build the "5 boat" disc on giza 1 with 5 boats in hand; seat 1
    can offer 2 boats, seat 3 1 boat; every seat holds a camel; ``holder`` holds
    ``cards``."""
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat 1 camel", 1: "2 boat 1 camel", 2: "1 camel", 3: "1 boat 1 camel"},
    )
    give_actions(state, holder, *cards)
    return state


def refusal(state, text: str) -> str:
    reason = state.why_illegal(state.game.parse_action(state, text))
    assert reason is not None, f"{text} is legal"
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction):
        state.apply_action(state.game.parse_action(state, text))
    assert state.to_json() == before
    return reason


# =========================================================================== draw three, trade


def test_draw_three_at_point_a() -> None:
    state = table(0, "draw_three")
    builds = {f"build {w} {k}" for w in WONDERS for k in (1, 2, 3)}
    assert legal(state) == {"pass", "draw three"} | builds
    stack_pile(state, "stonemason stonemason stonemason")
    pile = len(state.pile)
    play(state, "draw three")
    assert phase(state) == "choose" and state.current_player == 0  # same point goes on
    assert hand(state, 0) == (1, 0, 5, 3)
    assert len(state.pile) == pile - 3
    assert state.actions_held[DRAW_THREE] == 0 and state.action_discard[DRAW_THREE] == 1
    assert "draw three" not in legal(state)
    assert state.view(None)["action_discard"]["draw_three"] == 1  # a played card is public


def test_draw_three_at_point_o_only_for_the_offerer() -> None:
    state = table(1, "draw_three")
    assert "draw three" not in legal(state)  # seat 0 decides at A
    assert "seat 0 holds no draw_three card" in refusal(state, "draw three")
    play(state, "build giza 1")
    assert state.current_player == 1 and "draw three" in legal(state)
    offers = legal(state) - FREE
    play(state, "draw three")
    assert phase(state) == "offer" and state.current_player == 1
    assert sum(hand(state, 1)) == 6
    assert legal(state) - FREE >= offers  # recomputed with the new hand
    play(state, "offer nothing")
    assert "draw three" not in legal(state)  # seat 2 decides now


def test_draw_three_and_trade_at_point_s() -> None:
    state = table(0, "draw_three", "card_trade")
    play(state, "build giza 1", "offer 2 boat", "offer nothing", "offer 1 boat")
    assert phase(state) == "accept"
    assert legal(state) == {
        "accept none",
        "accept 1",
        "accept 3",
        "accept 1 3",
        "draw three",
        "trade 1 camel",
        "trade 1 boat",
        "trade 2 boat",
        "trade 3 boat",
        "trade 4 boat",
        "trade 5 boat",
        "trade 1 camel 1 boat",
        "trade 1 camel 2 boat",
        "trade 1 camel 3 boat",
        "trade 1 camel 4 boat",
    }
    stack_pile(state, "crane crane crane crane")
    play(state, "trade 1 camel 3 boat")  # trading away boats changes the choices
    assert hand(state, 0) == (0, 4, 2, 0)
    assert state.discard == [1, 0, 3, 0]  # face up
    assert legal(state) == {"accept 1 3", "draw three"}
    play(state, "accept 1 3")
    assert state.disc_owner[disc_id(5, BOAT)] == 0


def test_free_cards_keep_a_hopeless_decision_s_open() -> None:
    # Without a way to complete, S is skipped - unless the active player holds an action
    # card that, for all the table knows, is draw_three or card_trade (T17): then he may
    # draw first, and give up if it does not help.
    state = table(0, "draw_three")
    set_hands(state, {1: "1 boat"})
    stack_pile(state, "boat boat boat boat")
    play(state, "build giza 1", "offer 1 boat", "offer nothing", "offer nothing")
    assert phase(state) == "accept"
    assert legal(state) == {"give up", "draw three"}
    play(state, "draw three")  # three boats: with seat 1's boat, 4 of 5
    assert legal(state) == {"give up"}
    play(state, "give up")
    assert state.scores() == [0, 1, 0, 0]
    # the same without the card: no decision at all
    other = table(2)
    set_hands(other, {1: "1 boat"})
    play(other, "build giza 1", "offer 1 boat", "offer nothing", "offer nothing")
    assert phase(other) == "choose" and other.current_player == 1


def test_draw_three_at_points_t_and_d() -> None:
    state = table(3, "triple_bonus", "draw_three")
    give_actions(state, 0, "double_turn", "draw_three")
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer 1 boat")
    play(state, "accept none")
    assert phase(state) == "triple" and state.current_player == 3
    assert legal(state) == {"triple bonus", "no triple bonus", "draw three"}
    play(state, "draw three", "no triple bonus")
    assert phase(state) == "double" and state.current_player == 0
    assert legal(state) == {"double turn", "no double turn", "draw three"}
    play(state, "draw three")
    assert legal(state) == {"double turn", "no double turn"}


def test_several_free_cards_one_at_a_time() -> None:
    state = table(0, "draw_three", "draw_three", "card_trade", "card_trade")
    play(state, "draw three")
    assert "draw three" in legal(state)
    play(state, "draw three", "trade 1 camel")
    assert "draw three" not in legal(state)
    assert any(t.startswith("trade ") for t in legal(state))
    play(state, "trade 1 boat")
    assert not any(t.startswith("trade ") for t in legal(state))
    assert state.action_discard[DRAW_THREE] == 2 and state.action_discard[CARD_TRADE] == 2
    assert sum(hand(state, 0)) == 6 + 6


def test_card_trade_choices_come_from_the_hand_and_stop_at_five() -> None:
    state = table(0, "card_trade")
    set_hands(state, {0: "7 boat"})
    trades = {t for t in legal(state) if t.startswith("trade ")}
    assert trades == {f"trade {k} boat" for k in range(1, 6)}
    assert "holds no card_trade" in refusal(table(1, "card_trade"), "trade 1 camel")
    assert "does not hold those cards; the hand is 1 camel 5 boat" in refusal(
        table(0, "card_trade"), "trade 1 crane"
    )
    with pytest.raises(ziggurat.IllegalAction, match="a card trade discards 1 to 5"):
        state.game.parse_action(state, "trade 6 boat")


def test_trade_with_empty_piles_draws_the_discards_back() -> None:
    state = new_game(3).new_initial_state(0)
    set_hands(state, {0: "25 crane 8 boat", 1: "25 camel 8 boat", 2: "9 boat 25 stonemason"})
    give_actions(state, 0, "card_trade", "draw_three")
    play(state, "trade 2 crane")  # discarded face up, reshuffled, drawn again
    assert hand(state, 0) == (0, 25, 8, 0)
    assert state.pile == [] and state.discard == [0, 0, 0, 0]
    play(state, "draw three")  # nothing left to draw anywhere
    assert hand(state, 0) == (0, 25, 8, 0)
    round_trip(state)


# =========================================================================== joker


def test_the_joker_is_never_played_outside_an_acceptance() -> None:
    state = table(0, "joker", "joker")
    give_actions(state, 1, "disc_bonus", "five_points")
    for step in ("build giza 1", "offer 2 boat", "offer nothing", "offer 1 boat"):
        assert not any("joker" in t or "bonus" in t or "five" in t for t in legal(state))
        play(state, step)
    # a joker is never forced, but may stand in for cards he holds (§6.4 condition 1)
    assert {"accept none", "accept none + joker 2 boat", "accept 1 + joker 2 boat"} <= legal(state)


def test_two_jokers_in_one_build() -> None:
    state = scene(disc=disc_id(4, BOAT), hands={1: "2 boat"}, actions={0: ["joker", "joker"]})
    play(state, "build giza 1", "offer 2 boat", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1 + joker 2 boat", "accept none + 2 jokers 4 boat", "give up"}
    both = state.clone()
    play(both, "accept none + 2 jokers 4 boat")
    assert both.pieces[:4] == [4, 0, 0, 0]  # 2 value per joker, though no card was added
    assert both.actions_held[JOKER] == 0 and both.action_discard[JOKER] == 2
    assert both.scores() == [0, 2, 0, 0]  # seat 1's offer was not chosen
    play(state, "accept 1 + joker 2 boat")
    assert state.pieces[:4] == [2, 2, 0, 0]
    assert state.actions_held[JOKER] == 1


def test_two_jokers_split_over_a_two_type_disc() -> None:
    state = scene(
        disc=24,  # 2 camel + 3 stonemason
        hands={1: "1 stonemason"},
        actions={0: ["joker", "joker"]},
        two_type_discs=True,
    )
    play(state, "build giza 1", "offer 1 stonemason", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1 + 2 jokers 2 camel 2 stonemason", "give up"}
    play(state, "accept 1 + 2 jokers 2 camel 2 stonemason")
    assert state.pieces[:4] == [4, 1, 0, 0]
    assert state.disc_owner[24] == 0


def test_a_joker_must_fit_the_piece_supply() -> None:
    state = scene(disc=disc_id(3, CRANE), hands={1: "1 crane"}, actions={0: ["joker"]})
    put_pieces(state, 1, {0: 28})  # supply 1: the joker's 2 value do not fit
    play(state, "build giza 1", "offer 1 crane", "offer nothing", "offer nothing")
    # nothing is completable; he holds an action card, so point S comes all the same (T17)
    assert phase(state) == "accept" and legal(state) == {"give up"}
    play(state, "give up", "no double turn")
    assert phase(state) == "choose" and state.scores() == [0, 1, 0, 0]


# =========================================================================== final-scoring cards


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ([], 0),
        (["five_points"], 5),
        (["five_points", "five_points"], 10),
        (["disc_bonus"], 3),
        (["disc_bonus", "disc_bonus"], 6),
        (["disc_bonus", "disc_bonus", "five_points", "five_points"], 16),
    ],
)
def test_disc_bonus_and_five_points_count_every_copy(cards: list[str], expected: int) -> None:
    state = new_game(4, two_type_discs=True).new_initial_state(0)
    for disc in (disc_id(3, CAMEL), disc_id(3, CRANE), 24):  # a two-type disc is one disc
        own_disc(state, disc, 2)
    give_actions(state, 2, *cards)
    scoring.final_scoring(state, WHY_SAFEGUARD)
    parts = state.final_parts[2]
    assert parts["five_points"] + parts["disc_bonus"] == expected
    assert parts["set_bonus"] == 5  # camel 2 with the two-type disc
    assert state.scores()[2] == 5 + expected


def test_completing_a_wonder_draws_an_action_card_for_the_active_player() -> None:
    # ... even when the disc goes to the exchange-card offerer (§7)
    state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "1 camel", 1: "2 camel"})
    take_disc(state, 0, 3)
    take_disc(state, 1, 3)
    top = state.action_pile[-1]
    play(state, "build giza 3", "offer 2 camel + exchange", "offer nothing", "offer nothing")
    play(state, "accept 1")
    assert state.disc_owner[disc_id(3, CAMEL)] == 1
    assert state.actions_held[top] == 1 and sum(state.actions_held) == 1
    assert state.scores() == [8, 0, 0, 0]  # red placed all 3 value


def test_without_action_cards_nothing_is_drawn() -> None:
    state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "3 camel"}, action_cards=False)
    take_disc(state, 0, 3)
    take_disc(state, 1, 3)
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.scores() == [8, 0, 0, 0]
    assert state.actions_held == [0] * 28 and state.action_pile == []


# =========================================================================== triple bonus


def test_triple_bonus_clockwise_from_the_left_and_only_for_matching_offers() -> None:
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 1: "1 boat", 2: "2 crane", 3: "2 boat"},
        actions={1: ["triple_bonus"], 3: ["triple_bonus"]},
    )
    play(state, "build giza 1", "offer 1 boat", "offer 2 crane", "offer 2 boat", "accept none")
    assert phase(state) == "triple" and state.current_player == 1
    play(state, "triple bonus")
    assert phase(state) == "triple" and state.current_player == 3  # seat 2: nothing matched
    play(state, "no triple bonus")
    assert state.scores() == [0, 3, 0, 2]
    assert state.actions_held[7 * 3 + TRIPLE_BONUS] == 1


def test_no_triple_bonus_for_an_accepted_offer() -> None:
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 1: "1 boat", 3: "2 boat"},
        actions={1: ["triple_bonus"], 3: ["triple_bonus"]},
    )
    play(state, "build giza 1", "offer 1 boat", "offer nothing", "offer 2 boat", "accept 1")
    assert phase(state) == "triple" and state.current_player == 3
    play(state, "triple bonus")
    assert state.scores() == [0, 0, 0, 6]
    assert state.actions_held[7 * 1 + TRIPLE_BONUS] == 1  # never asked


def test_one_triple_bonus_per_offer() -> None:
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 2: "2 boat"},
        actions={2: ["triple_bonus", "triple_bonus"]},
    )
    play(state, "build giza 1", "offer nothing", "offer 2 boat", "offer nothing", "accept none")
    play(state, "triple bonus")
    assert state.scores() == [0, 0, 6, 0]
    assert state.actions_held[7 * 2 + TRIPLE_BONUS] == 1
    assert phase(state) == "choose"


def test_no_triple_bonus_for_the_offer_nobody_made() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat"}, actions={1: ["triple_bonus"]})
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert phase(state) == "choose" and state.current_player == 1


def test_triple_bonus_on_the_game_ending_build() -> None:
    state = scene(
        disc=disc_id(3, BOAT),
        hands={0: "3 boat", 1: "1 boat"},
        actions={1: ["triple_bonus"], 0: ["double_turn"]},
    )
    for disc in range(12, 18):
        if disc != disc_id(3, BOAT):
            own_disc(state, disc, 3)
    play(state, "build giza 1", "offer 1 boat", "offer nothing", "offer nothing", "accept none")
    assert phase(state) == "triple" and not state.is_terminal()
    play(state, "triple bonus")
    assert state.is_terminal()  # no double turn after the end
    assert state.legal_actions() == [] and state.current_player == ziggurat.TERMINAL
    assert state.final_parts is not None
    assert state.scores()[1] == 3


# =========================================================================== double turn


@pytest.mark.parametrize("first", ["pass", "build", "unfulfilled"])
def test_double_turn_after_any_first_turn(first: str) -> None:
    state = table(0, "double_turn", "double_turn")
    if first == "pass":
        play(state, "pass")
    elif first == "build":
        play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing")
        play(state, "accept none")
    else:
        place_disc(state, 3, disc_id(6, CRANE))
        play(state, "build rhodes 1", "offer nothing", "offer nothing", "offer nothing")
        assert phase(state) == "accept" and legal(state) == {"give up"}  # T17
        play(state, "give up")
    assert phase(state) == "double" and state.current_player == 0
    play(state, "double turn")
    assert phase(state) == "choose" and state.current_player == 0
    assert state.actions_held[DOUBLE_TURN] == 1 and state.action_discard[DOUBLE_TURN] == 1
    sizes = [sum(hand(state, s)) for s in range(4)]
    play(state, "pass")  # the second turn: no decision D, even with a second card
    assert phase(state) == "choose" and state.current_player == 1
    # the passer's own card, then one end-of-turn card each (once for both turns)
    assert [sum(hand(state, s)) for s in range(4)] == [sizes[0] + 2] + [
        size + 1 for size in sizes[1:]
    ]
    assert state.actions_held[DOUBLE_TURN] == 1


def test_declining_the_double_turn_keeps_the_card() -> None:
    state = table(0, "double_turn")
    play(state, "pass", "no double turn")
    assert state.current_player == 1 and state.actions_held[DOUBLE_TURN] == 1
    assert [sum(hand(state, s)) for s in range(4)] == [6 + 2, 3 + 1, 1 + 1, 2 + 1]


def test_only_the_active_player_has_decision_d() -> None:
    state = table(1, "double_turn")
    play(state, "pass")
    assert phase(state) == "choose" and state.current_player == 1
    play(state, "pass")
    assert phase(state) == "double" and state.current_player == 1


def test_five_points_drawn_for_the_ending_wonder_counts() -> None:
    state = scene(disc=disc_id(3, BOAT), space=2, hands={0: "3 boat"})
    take_disc(state, 0, 1)
    take_disc(state, 1, 2)
    for disc in range(12, 18):
        if state.disc_owner[disc] < 0 and disc != disc_id(3, BOAT):
            own_disc(state, disc, 3)
    state.action_pile.remove(FIVE_POINTS)
    state.action_pile.append(FIVE_POINTS)
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.is_terminal()
    assert state.final_parts[0]["five_points"] == 5


# =========================================================================== pauses show nothing


OTHERS_OF_2 = (0, 1, 3, None)


def views_of(state, seats=OTHERS_OF_2) -> list[dict]:
    return [state.view(s) for s in seats]


def rejected_offer_of_seat_2(card: str):
    """Seat 2 offers a boat, seat 0 completes the disc alone: seat 2's offer is rejected
    while it holds ``card``."""
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 2: "1 boat"}, actions={2: [card]})
    play(state, "build giza 1", "offer nothing", "offer 1 boat", "offer nothing", "accept none")
    return state


@pytest.mark.parametrize("card", ["five_points", "joker", "disc_bonus", "double_turn"])
def test_point_t_comes_to_a_rejected_offerer_with_any_action_card(card: str) -> None:
    holder, other = rejected_offer_of_seat_2("triple_bonus"), rejected_offer_of_seat_2(card)
    for state in (holder, other):
        assert phase(state) == "triple" and state.current_player == 2
    assert legal(holder) == {"triple bonus", "no triple bonus"}
    assert legal(other) == {"no triple bonus"}
    assert "holds no triple_bonus card" in refusal(other, "triple bonus")
    # the whole table sees the same pause, and the same words for the answer
    assert views_of(holder) == views_of(other)
    game = holder.game
    answer = game.parse_action(None, "no triple bonus")
    assert game.describe_action(answer, 2, 0)["words"] == "plays no triple bonus"
    play(holder, "no triple bonus")
    play(other, "no triple bonus")
    assert views_of(holder) == views_of(other)
    assert holder.scores() == other.scores() == [0, 0, 1, 0]


def test_no_point_t_without_an_action_card() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 2: "1 boat"})
    play(state, "build giza 1", "offer nothing", "offer 1 boat", "offer nothing", "accept none")
    assert phase(state) == "choose" and state.scores() == [0, 0, 1, 0]


def test_no_point_t_once_every_triple_bonus_is_played() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 2: "1 boat"}, actions={2: ["joker"]})
    triple = ACTION_KINDS.index("triple_bonus")
    while triple in state.action_pile:  # both copies played earlier, face up
        state.action_pile.remove(triple)
        state.action_discard[triple] += 1
    play(state, "build giza 1", "offer nothing", "offer 1 boat", "offer nothing", "accept none")
    assert phase(state) == "choose" and state.scores() == [0, 0, 1, 0]


def passed_with(card: str):
    state = table(0, card)
    play(state, "pass")
    return state


@pytest.mark.parametrize("card", ["five_points", "triple_bonus", "joker"])
def test_point_d_comes_to_an_active_player_with_any_action_card(card: str) -> None:
    holder, other = passed_with("double_turn"), passed_with(card)
    for state in (holder, other):
        assert phase(state) == "double" and state.current_player == 0
    assert legal(holder) == {"double turn", "no double turn"}
    assert legal(other) == {"no double turn"}
    assert "holds no double_turn card" in refusal(other, "double turn")
    others = (1, 2, 3, None)
    assert views_of(holder, others) == views_of(other, others)
    game = holder.game
    answer = game.parse_action(None, "no double turn")
    assert game.describe_action(answer, 0, 1)["words"] == "plays no double turn"
    play(holder, "no double turn")
    play(other, "no double turn")
    assert views_of(holder, others) == views_of(other, others)


def test_no_point_d_without_an_action_card() -> None:
    state = table(1, "double_turn")
    play(state, "pass")
    assert phase(state) == "choose" and state.current_player == 1


@pytest.mark.parametrize("agent", ["greedy", "mcts:iterations=40"])
def test_a_bot_thinks_over_a_pause_without_the_card(agent: str) -> None:
    """A bot at point T with "no triple bonus" as its only answer does not answer at once:
    its timing would tell the table that it lacks the card."""
    state = rejected_offer_of_seat_2("five_points")
    assert legal(state) == {"no triple bonus"}
    bot = make_agent(agent, seed=1)
    real = TowerState.determinize
    worlds = []

    def counted(self, seat, rng):
        worlds.append(seat)
        return real(self, seat, rng)

    with mock.patch.object(TowerState, "determinize", counted):
        assert str(bot.select_action(state, 2)) == "no triple bonus"
    assert worlds and set(worlds) == {2}  # it looked ahead from its own seat
    if isinstance(bot, MCTSAgent):
        assert bot.last_iterations == 40
