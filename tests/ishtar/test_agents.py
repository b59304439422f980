"""The bots on Ishtar: the placements the search samples, and the judgement the heuristics
are meant to carry (asserted only where it cannot flake). What every game's bots must do
(legal choices, budgets, no peeking) is in tests/agents/test_every_game.py."""

from __future__ import annotations

import ziggurat
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.core.rng import Rng
from ziggurat.games.ishtar import rules
from ziggurat.games.ishtar.phases import PHASE_ACTION, PHASE_PLACE
from ziggurat.games.ishtar.state import IshtarState
from ziggurat.testing import random_position

from .helpers import ALICE, act, example_state, hand_tile


def _position(seed: int, steps: int, players: int = 2) -> IshtarState:
    return random_position(ziggurat.load_game("ishtar", players=players), seed, steps)  # type: ignore[return-value]


def test_sampled_placements_are_legal_ones() -> None:
    rng = Rng(5)
    for seed in range(3):
        state = _position(seed, 40)
        while state.phase != PHASE_PLACE and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():
            continue
        legal = set(rules.placements(state, state.tile))
        sample = rules.sample_placements(state, state.tile, rng, 12)
        assert sample and set(sample) <= legal


def test_greedy_claims_a_free_flowerbed_with_its_assistant() -> None:
    state = example_state()
    hand_tile(state, "IS1")
    act(state, "place 1,0 r0")
    assert state.phase == PHASE_ACTION
    action = GreedyAgent(seed=1).select_action(state, ALICE)
    assert str(action) == "assistant"  # 3 flowers are hers at once
