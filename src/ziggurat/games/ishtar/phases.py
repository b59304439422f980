"""The steps of an Ishtar turn (rules reference §11), defined once for the whole package.

A state's ``phase`` is one of these ints; ``PHASE_NAMES`` gives the word a saved state and a
view use for each. The rules, the state, the views, the saved form and the bot helpers all
import them from here, so the numbering cannot drift apart.
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
