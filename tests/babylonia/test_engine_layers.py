"""The engine stands without its front end: playing, viewing and saving a game never imports
the terminal drawing (render) or the bots' helpers (heuristics), and ``str(state)`` is the
kernel's one plain line."""

from __future__ import annotations

import subprocess
import sys

import ziggurat

PLAY = """
import sys
import ziggurat
from ziggurat.core.rng import Rng
game = ziggurat.load_game("babylonia", players=3)
state = game.new_initial_state(seed=5)
for _ in range(60):
    state.apply_action(state.legal_actions()[0])
game.state_from_json(state.to_json()).view(0)
state.determinize(1, Rng(2))
str(state)
print(sorted(m for m in sys.modules if m.startswith("ziggurat.games.babylonia.")))
"""


def test_the_engine_never_imports_the_front_end_or_the_bot_helpers() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PLAY], capture_output=True, text=True, check=True
    ).stdout
    assert "ziggurat.games.babylonia.game" in out
    assert "render" not in out
    assert "heuristics" not in out


def test_str_of_a_state_is_a_short_plain_line() -> None:
    state = ziggurat.load_game("babylonia", players=2, start_player=1).new_initial_state(seed=3)
    assert str(state) == "Babylonia, 2 players: seat 1 to play; scores [0, 0]"
