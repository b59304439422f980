"""Agents: anything that picks an action for a seat from what that seat may see."""

from .base import AGENT_NAMES, Agent, make_agent
from .greedy import GreedyAgent
from .random_agent import RandomAgent

__all__ = ["AGENT_NAMES", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
