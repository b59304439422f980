"""Agents: anything that picks an action for a seat from what that seat may see."""

from .base import AGENT_NAMES, MCTS_STRENGTHS, Agent, make_agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "MCTS_STRENGTHS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "make_agent",
]
