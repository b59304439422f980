"""Train a small masked policy on one game through the Gymnasium interface (docs/rl.md).

    pip install -e '.[rl,example]'
    python examples/train_masked_policy.py --game babylonia --minutes 4

An actor-critic trained on whole episodes (REINFORCE with a learned baseline): a multilayer
perceptron reads the learner's observation tensor and gives a logit per action number;
illegal actions are masked out before sampling (their logits set to minus infinity), so the
policy never wastes an episode on an illegal move. The reward is the game's result, +1 for a
win and -1 for a loss at two players (ziggurat.interop.rewards). The learner's seat is drawn
each episode, so it learns to play first and second.

Every ``--eval-every`` updates the greedy policy (the legal action with the highest logit)
plays seeded games against each opponent of ``--eval-against``; the learning curve (those
win rates against episodes trained) goes to ``--curve`` (JSON) and ``--plot`` (PNG). The
policy is saved as a ziggurat policy file, so that ``ziggurat arena GAME --agents
policy:FILE,greedy`` plays it without PyTorch.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from ziggurat.agents.policy import save_policy
from ziggurat.interop.gymnasium import ZigguratEnv, make


class ActorCritic(nn.Module):
    """Two hidden layers shared by the policy's logits and the value estimate."""

    def __init__(self, inputs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, observation: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.body(observation)
        return self.policy(features), self.value(features).squeeze(-1)


def masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, float("-inf"))


def play_episode(
    env: ZigguratEnv, net: ActorCritic, seed: int, greedy: bool
) -> tuple[list[np.ndarray], list[np.ndarray], list[int], float]:
    """One game: the learner's observations, masks and actions, and its final reward."""
    observation, _ = env.reset(seed=seed)
    observations, masks, actions = [], [], []
    done, reward = False, 0.0
    while not done:
        mask = env.action_masks()
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(observation))
        logits = masked(logits, torch.from_numpy(mask))
        if greedy:
            action = int(torch.argmax(logits))
        else:
            action = int(torch.distributions.Categorical(logits=logits).sample())
        observations.append(observation)
        masks.append(mask)
        actions.append(action)
        observation, reward, done, _, _ = env.step(action)
    return observations, masks, actions, float(reward)


def win_rate(game: str, players: int, opponent: str, net: ActorCritic, games: int) -> float:
    """The share of ``games`` seeded games the greedy policy wins (ties count half)."""
    env = make(game, opponents=[opponent] * (players - 1), seat="random", players=players)
    points = 0.0
    for seed in range(games):
        env_seed = 1_000_000 + seed
        play_episode(env, net, env_seed, greedy=True)
        winners = env.state.winners()
        if env.seat in winners:
            points += 1.0 / len(winners)
    return points / games


def export(net: ActorCritic, game: ZigguratEnv, path: Path) -> None:
    """The policy's layers (not the value head) as a ziggurat policy file."""
    linears = [m for m in net.body if isinstance(m, nn.Linear)] + [net.policy]
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linears]
    save_policy(path, game.game, layers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="babylonia")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="the agent trained against")
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--batch", type=int, default=32, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=25, help="updates between evaluations")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--eval-against", default="random,greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("policy.npz"))
    parser.add_argument("--curve", type=Path, default=Path("learning-curve.json"))
    parser.add_argument("--plot", type=Path, default=Path("learning-curve.png"))
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    env = make(
        args.game, opponents=[args.opponent] * (args.players - 1), seat="random",
        players=args.players,
    )  # fmt: skip
    net = ActorCritic(env.observation_space.shape[0], int(env.action_space.n), args.hidden)
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    against = args.eval_against.split(",")
    curve: list[dict[str, float]] = []

    def evaluate(episodes: int, elapsed: float) -> None:
        point = {"episodes": episodes, "seconds": round(elapsed, 1)}
        for opponent in against:
            point[opponent] = win_rate(args.game, args.players, opponent, net, args.eval_games)
        curve.append(point)
        print(json.dumps(point), flush=True)

    start = time.perf_counter()
    episodes = updates = 0
    evaluate(0, 0.0)
    while time.perf_counter() - start < args.minutes * 60:
        batch_obs, batch_masks, batch_actions, batch_returns = [], [], [], []
        for _ in range(args.batch):
            observations, masks, actions, reward = play_episode(
                env, net, args.seed * 10_000_000 + episodes, greedy=False
            )
            episodes += 1
            batch_obs += observations
            batch_masks += masks
            batch_actions += actions
            batch_returns += [reward] * len(actions)
        observation = torch.from_numpy(np.stack(batch_obs))
        mask = torch.from_numpy(np.stack(batch_masks))
        action = torch.tensor(batch_actions)
        returns = torch.tensor(batch_returns, dtype=torch.float32)
        logits, value = net(observation)
        distribution = torch.distributions.Categorical(logits=masked(logits, mask))
        advantage = returns - value.detach()
        loss = (
            -(distribution.log_prob(action) * advantage).mean()
            + 0.5 * ((value - returns) ** 2).mean()
            - args.entropy * distribution.entropy().mean()
        )
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        optimiser.step()
        updates += 1
        if updates % args.eval_every == 0:
            evaluate(episodes, time.perf_counter() - start)
    if not curve or curve[-1]["episodes"] != episodes:
        evaluate(episodes, time.perf_counter() - start)

    export(net, env, args.out)
    args.curve.write_text(json.dumps({"settings": vars(args) | {
        "out": str(args.out), "curve": str(args.curve), "plot": str(args.plot)
    }, "curve": curve}, indent=1) + "\n")  # fmt: skip
    plot(curve, against, args)
    print(f"saved {args.out}, {args.curve} and {args.plot} after {episodes} episodes")


def plot(curve: list[dict[str, float]], against: list[str], args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4))
    for opponent in against:
        axes.plot(
            [p["episodes"] for p in curve], [p[opponent] for p in curve], marker="o",
            markersize=3, label=f"against {opponent}",
        )  # fmt: skip
    axes.axhline(1 / args.players, color="grey", linestyle=":", label="an even share")
    axes.set_xlabel(f"episodes trained (against {args.opponent})")
    axes.set_ylabel(f"win rate over {args.eval_games} games")
    axes.set_ylim(0, 1)
    axes.set_title(f"A masked policy learning {args.game} ({args.players} players)")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(args.plot, dpi=120)


if __name__ == "__main__":
    main()
