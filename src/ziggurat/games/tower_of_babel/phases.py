"""The points of a Tower of Babel turn (rules §4.5) and the mark of an empty space, defined
once for every module of the game.

A turn runs A (``choose``: pass or pick a disc), O (``offer``: each opponent's face-down
offer), S (``accept``: the active player's acceptance), T (``triple``: the triple bonus of a
rejected offerer), D (``double``: the double turn); ``over`` is the end of the game. The
names are what views and saved states write; the tasks are what the front ends show.
"""

from __future__ import annotations

PHASE_CHOOSE, PHASE_OFFER, PHASE_ACCEPT, PHASE_TRIPLE, PHASE_DOUBLE, PHASE_OVER = range(6)
PHASE_NAMES = ("choose", "offer", "accept", "triple", "double", "over")
PHASE_TASKS = (
    "passes or picks a disc to build",
    "makes a face-down offer",
    "chooses the offers to accept",
    "may play the triple bonus on the rejected offer",
    "may play the double turn",
    "the game is over",
)
"""What the player to move decides at each point, after his name (the view's ``task``)."""

NO_DISC = -1
"""A space without a disc (``space_disc``), or no disc being built (``disc``)."""
