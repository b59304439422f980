"""Observations as tensors: a fixed-shape numeric encoding of what one seat may see.

Why a layout of named sections: reinforcement-learning libraries want one flat vector (or a
stack of planes) of fixed size per game and player count, and a researcher wants to know
which numbers mean what. Each game declares its :class:`Layout` (sections with a shape, a
value range and a sentence saying what they hold) and writes an encoder that fills the
sections from the state, reading only what ``view(seat)`` shows; the conformance suite
checks that two worlds the seat cannot tell apart give the same tensor and that every value
stays inside its section's range. ``docs/rl.md`` prints each layout from these declarations.

Conventions every game follows, so that one policy can play any seat:

* per-seat sections list the observing seat first, then the others in turn order after it
  (``relative_seats``);
* counts and points are scaled into [0, 1] by a bound the game states in the section's text;
  flags and one-hot choices are 0 or 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import prod

import numpy as np

DTYPE = np.float32
"""The tensors' element type, the one PyTorch, JAX and OpenSpiel's networks expect."""


@dataclass(frozen=True, slots=True)
class Section:
    """One named part of an observation: ``shape`` values between ``low`` and ``high``."""

    name: str
    shape: tuple[int, ...]
    doc: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return prod(self.shape)


class Layout:
    """The sections of one game's observation, in order, laid end to end in a flat vector."""

    __slots__ = ("_offsets", "sections", "size", "starts")

    def __init__(self, sections: Iterable[Section]) -> None:
        self.sections: tuple[Section, ...] = tuple(sections)
        offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for section in self.sections:
            if section.name in offsets:
                raise ValueError(f"observation layout names section {section.name!r} twice")
            if section.size <= 0 or section.low > section.high:
                raise ValueError(f"observation section {section.name!r} has no values to hold")
            offsets[section.name] = (at, at + section.size)
            at += section.size
        self._offsets = offsets
        self.size: int = at
        # where each section starts, for encoders to add their indices to (a dict built once)
        self.starts: dict[str, int] = {name: span[0] for name, span in offsets.items()}

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def span(self, name: str) -> tuple[int, int]:
        """Where section ``name`` starts and stops in the flat vector."""
        try:
            return self._offsets[name]
        except KeyError:
            raise KeyError(
                f"no observation section {name!r}; the sections are: {', '.join(self._offsets)}"
            ) from None

    def offset(self, name: str) -> int:
        return self.span(name)[0]

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every element (a Box space's ``low`` and ``high``)."""
        low = np.empty(self.size, dtype=DTYPE)
        high = np.empty(self.size, dtype=DTYPE)
        for section in self.sections:
            start, stop = self._offsets[section.name]
            low[start:stop] = section.low
            high[start:stop] = section.high
        return low, high

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """``tensor`` cut into its sections, each in its own shape: for reading and tests."""
        return {
            s.name: tensor[slice(*self._offsets[s.name])].reshape(s.shape) for s in self.sections
        }

    def markdown(self) -> str:
        """The layout as a Markdown table (section, shape, where, range, what it holds)."""
        rows = [
            "| section | shape | elements | range | what it holds |",
            "| --- | --- | --- | --- | --- |",
        ]
        for s in self.sections:
            start, stop = self._offsets[s.name]
            shape = " × ".join(map(str, s.shape))
            rows.append(
                f"| `{s.name}` | {shape} | {start}–{stop - 1} | {_number(s.low)}–"
                f"{_number(s.high)} | {s.doc} |"
            )
        rows.append(f"| **total** | | {self.size} | | |")
        return "\n".join(rows)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def relative_seats(seat: int, players: int) -> list[int]:
    """The seats in the order per-seat sections list them for ``seat``: itself first, then
    the others in turn order after it."""
    return [(seat + k) % players for k in range(players)]


def scaled(value: float, bound: float) -> float:
    """``value`` scaled into [0, 1] by ``bound``, clipped there (a bound is a design limit,
    not a rule: a score past it still encodes as 1)."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= bound else value / bound
