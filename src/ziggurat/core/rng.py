"""The state's own random number generator.

Each game state carries one of these so that a game record ``{game, options, seed, actions}``
replays exactly, and so that ``to_json`` can store the generator with the rest of the state.
It is SplitMix64: a single 64-bit integer of state, which makes cloning a state one integer
copy and serializing it one JSON number. Quality is ample for shuffles and draws in games.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_UNIT = 1.0 / (1 << 53)
_TWO64 = 1 << 64


class Rng:
    """A small seeded generator with just the calls games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.state = seed & _MASK64

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError(f"randrange needs n > 0, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (:meth:`next64` written out: searches
        draw millions)."""
        self.state = z = (self.state + _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place: each swap draws as :meth:`randrange` does, written
        out here (every determinized world of a search shuffles its piles)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                state = z = (state + _GOLDEN) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: list[Any]) -> Any:
        return items[self.randrange(len(items))]

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other
