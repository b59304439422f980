"""A trained policy file as an agent (``policy:PATH``): it plays the legal action its network
rates highest for what its seat sees, plays in ``ziggurat arena``, and a file that is not a
policy for the game is refused with what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.policy import PolicyAgent, save_policy
from ziggurat.cli import main


def _biased_policy(path: Path, game: ziggurat.Game, favourite: list[int]) -> None:
    """One layer with no weights: the logits are the bias, highest at ``favourite``'s
    actions in that order."""
    size, actions = game.observation_layout.size, game.num_distinct_actions
    bias = np.zeros(actions, dtype=np.float32)
    for rank, number in enumerate(favourite):
        bias[number] = len(favourite) - rank
    save_policy(path, game, [(np.zeros((size, actions), dtype=np.float32), bias)])


def test_the_highest_rated_legal_action_is_played(tmp_path: Path) -> None:
    game = ziggurat.load_game("amyitis", players=2)
    state = game.new_initial_state(3)
    legal = [a.id for a in state.legal_actions()]
    illegal = next(n for n in range(game.num_distinct_actions) if n not in legal)
    path = tmp_path / "p.npz"
    _biased_policy(path, game, [illegal, legal[-1], legal[0]])  # the illegal one is skipped
    agent = make_agent(f"policy:{path}")
    assert isinstance(agent, PolicyAgent)
    assert agent.select_action(state, state.current_player).id == legal[-1]


def test_a_two_layer_network_reads_the_observation(tmp_path: Path) -> None:
    game = ziggurat.load_game("babylonia", players=2)
    rng = np.random.default_rng(0)
    size, actions = game.observation_layout.size, game.num_distinct_actions
    layers = [
        (rng.normal(size=(size, 16)).astype(np.float32), rng.normal(size=16).astype(np.float32)),
        (rng.normal(size=(16, actions)).astype(np.float32), np.zeros(actions, np.float32)),
    ]
    path = tmp_path / "two.npz"
    save_policy(path, game, layers)
    state = game.new_initial_state(1)
    seat = state.current_player
    hidden = np.maximum(state.observation_tensor(seat) @ layers[0][0] + layers[0][1], 0)
    logits = hidden @ layers[1][0]
    legal = state.legal_actions()
    expected = max(legal, key=lambda a: logits[a.id])
    assert PolicyAgent(path).select_action(state, seat) == expected


def test_a_policy_plays_in_the_arena(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = ziggurat.load_game("babylonia", players=2)
    path = tmp_path / "p.npz"
    _biased_policy(path, game, list(range(game.num_distinct_actions)))
    out = tmp_path / "t.json"
    code = main(["arena", "babylonia", "--players", "2", "--agents", f"policy:{path},random",
                 "--games", "2", "--seed", "1", "--out", str(out), "--no-plots"])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    data = json.loads(out.read_text())
    assert [r["seats"] for r in data["results"]] == [
        [f"policy:{path}", "random"],
        ["random", f"policy:{path}"],
    ]


def test_a_policy_for_another_game_or_player_count_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    _biased_policy(path, ziggurat.load_game("babylonia", players=2), [0])
    agent = PolicyAgent(path)
    other = ziggurat.load_game("babylonia", players=3).new_initial_state(1)
    with pytest.raises(ziggurat.InvalidOptions, match="trained for babylonia at 2 players"):
        agent.select_action(other, other.current_player)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a zip", "is not a NumPy .npz file"),
        (None, "No such file"),
    ],
)
def test_a_file_that_is_no_policy_is_refused(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "p.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ziggurat.InvalidOptions, match=message):
        make_agent(f"policy:{path}")


def test_a_policy_with_wrong_shapes_or_pickled_objects_is_refused(tmp_path: Path) -> None:
    game = ziggurat.load_game("babylonia", players=2)
    size = game.observation_layout.size
    wrong = tmp_path / "wrong.npz"
    save_policy(wrong, game, [(np.zeros((size, 5), np.float32), np.zeros(5, np.float32))])
    with pytest.raises(ziggurat.InvalidOptions, match="the last layer gives 5 values"):
        PolicyAgent(wrong)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array([{"format": 1}], dtype=object))
    with pytest.raises(ziggurat.InvalidOptions, match="Object arrays cannot be loaded"):
        PolicyAgent(pickled)
