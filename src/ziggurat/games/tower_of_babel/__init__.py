"""Tower of Babel (Reiner Knizia, 2005): wonders, secret offers, and the races for majorities."""

from .game import TowerOfBabelGame

__all__ = ["TowerOfBabelGame"]
