"""A trained policy as an agent: ``policy:PATH`` in ``ziggurat arena`` and wherever agent specs
are taken (not on the server, whose bots are the named strengths only).

Why a file of plain arrays: a policy trained with any library (the worked example uses
PyTorch, docs/rl.md) should play in tournaments without that library installed, and a
file of numbers runs no code when loaded (``np.load`` refuses pickled objects). The file
is a NumPy ``.npz`` holding

* ``meta``: JSON text: ``{"format": 1, "game": NAME, "options": {...},
  "observation_size": N, "actions": M, "layers": K}``;
* ``w0``, ``b0`` … ``w{K-1}``, ``b{K-1}``: a multilayer perceptron's weights (each ``w`` of
  shape inputs × outputs) with ReLU between layers, read by ``observation @ w + b``, whose
  last layer gives one logit per action number.

The agent plays the legal action with the highest logit for what its seat sees
(``state.observation_tensor(seat)``), so it sees nothing hidden and plays reproducibly.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions

MAX_POLICY_BYTES = 256 * 1024 * 1024
"""The largest policy file read (a small network is well under a megabyte)."""

POLICY_FORMAT = 1


class Policy:
    """The layers of a policy network and what it was trained for."""

    __slots__ = ("layers", "meta")

    def __init__(self, meta: dict[str, Any], layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.meta = meta
        self.layers = layers

    def logits(self, observation: np.ndarray) -> np.ndarray:
        hidden = observation
        last = len(self.layers) - 1
        for index, (weights, bias) in enumerate(self.layers):
            hidden = hidden @ weights + bias
            if index < last:
                hidden = np.maximum(hidden, 0.0)
        return hidden


def save_policy(
    path: str | Path,
    game: Any,
    layers: list[tuple[np.ndarray, np.ndarray]],
) -> None:
    """Write ``layers`` (weights inputs × outputs, biases) as a policy for ``game``."""
    meta = {
        "format": POLICY_FORMAT,
        "game": game.name,
        "options": dict(game.options),
        "observation_size": game.observation_layout.size,
        "actions": game.num_distinct_actions,
        "layers": len(layers),
    }
    arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta))}
    for index, (weights, bias) in enumerate(layers):
        arrays[f"w{index}"] = np.asarray(weights, dtype=np.float32)
        arrays[f"b{index}"] = np.asarray(bias, dtype=np.float32)
    with open(path, "wb") as out:
        np.savez(out, **arrays)


def load_policy(path: str | Path) -> Policy:
    """The policy in ``path``; :class:`InvalidOptions` naming what is wrong with the file."""
    file = Path(path)
    try:
        stat = file.stat()
    except OSError as missing:
        raise InvalidOptions(f"policy file {str(path)!r}: {missing.strerror}") from None
    if stat.st_size > MAX_POLICY_BYTES:
        raise InvalidOptions(
            f"policy file {str(path)!r} is {stat.st_size} bytes; the limit is {MAX_POLICY_BYTES}"
        )
    return _load(str(file.resolve()), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _load(path: str, mtime_ns: int, size: int) -> Policy:
    """Each file read once while it is unchanged (an arena makes an agent per game)."""
    where = f"policy file {path!r}"
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError) as bad:
        raise InvalidOptions(f"{where} is not a NumPy .npz file of plain arrays: {bad}") from None
    try:
        meta = json.loads(str(arrays["meta"]))
        count = int(meta["layers"])
        layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(count)]
        if meta.get("format") != POLICY_FORMAT:
            raise ValueError(f"format {meta.get('format')!r}, not {POLICY_FORMAT}")
        inputs = int(meta["observation_size"])
        for index, (weights, bias) in enumerate(layers):
            if weights.ndim != 2 or weights.shape[0] != inputs or bias.shape != weights.shape[1:]:
                raise ValueError(
                    f"layer {index} has weights {weights.shape} and bias {bias.shape} after "
                    f"{inputs} inputs"
                )
            inputs = weights.shape[1]
        if inputs != int(meta["actions"]):
            raise ValueError(f"the last layer gives {inputs} values, not {meta['actions']}")
    except (KeyError, TypeError, ValueError) as bad:
        raise InvalidOptions(f"{where} is not a ziggurat policy: {bad}") from None
    return Policy(meta, [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers])


class PolicyAgent:
    """Plays the legal action its policy network rates highest for what its seat sees."""

    def __init__(self, path: str | Path, seed: int = 0) -> None:
        self.policy = load_policy(path)
        self.name = f"policy:{os.fspath(path)}"

    def select_action(self, state: State, seat: int) -> Action:
        meta = self.policy.meta
        game = state.game
        trained = (meta["game"], meta["options"].get("players"), meta["observation_size"])
        here = (game.name, game.num_players, game.observation_layout.size)
        if trained != here:
            raise InvalidOptions(
                f"{self.name} was trained for {meta['game']} at {trained[1]} players "
                f"(observations of {trained[2]} values), not {game.name} at {here[1]} "
                f"players ({here[2]} values)"
            )
        logits = self.policy.logits(state.observation_tensor(seat))
        legal = state.legal_actions()
        best = max(range(len(legal)), key=lambda i: logits[legal[i].id])
        return legal[best]
