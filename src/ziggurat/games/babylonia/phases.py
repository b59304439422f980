"""The steps of a Babylonia turn, defined once: the state, the rules, the views, the saved
form and the terminal all name a phase by these constants.

A turn places tokens (``place``), then scores what became surrounded, the player on turn
choosing the order when several hexes qualify (``score``); the winner of a ziggurat takes a
card there and then (``card``); the owner of card 2 may take another turn at the end of one
of his (``extra``). ``over`` is the end of the game.
"""

from __future__ import annotations

PHASE_PLACE, PHASE_SCORE, PHASE_CARD, PHASE_EXTRA, PHASE_OVER = range(5)
PHASE_NAMES = ("place", "score", "card", "extra", "over")
"""By phase: its name in views and saved states."""

PHASE_TASKS = (
    "places tokens",
    "chooses what to score next",
    "won a ziggurat and takes a card",
    "may use card 2 for an extra turn",
    "the game is over",
)
"""By phase: what the seat to decide does, for a status line ("Ann places tokens")."""
