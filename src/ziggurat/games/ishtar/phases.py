"""The steps of an Ishtar turn (rules reference §11), defined once for the whole package.

A state's ``phase`` is one of these ints; ``PHASE_NAMES`` gives the word a saved state and a
view use for each, ``PHASE_TASKS`` what the player to move does in it (the view's ``task``,
which the front ends show after the player's name). The rules, the state, the views, the
saved form and the bot helpers all import them from here, so the numbering cannot drift
apart.
"""

from __future__ import annotations

(
    PHASE_CHOOSE,  # step 1: move the watering can and take a tile (or the forced discard)
    PHASE_PLACE,  # step 2: place the tile taken
    PHASE_ACTION,  # step 4: the placed tile's icon (assistant, skill or nothing)
    PHASE_BLOOM,  # the bloom skill's blooming tokens
    PHASE_RESERVE,  # the nursery skill's reservation
    PHASE_TREES,  # step 5: buy tree cards, or end the turn
    PHASE_PLANT,  # step 5: plant the tree of the card just bought
    PHASE_OVER,  # the game is over
) = range(8)

PHASE_NAMES = ("choose", "place", "action", "bloom", "reserve", "trees", "plant", "over")

PHASE_TASKS = (
    "chooses a tile",
    "places the tile",
    "may use the tile's icon",
    "lays blooming tokens",
    "reserves a tree card (Nursery)",
    "may buy tree cards, or end the turn",
    "plants a tree on a free grass space",
    "nothing: the game is over",
)
