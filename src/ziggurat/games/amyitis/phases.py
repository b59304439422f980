"""The decision points of Amyitis's state machine (rules reference §6.0), defined once.

A phase is what the player to move decides now; every other module imports these numbers,
names and task lines from here. ``PHASE_NAMES`` is what views and saved states show;
``PHASE_TASKS`` completes "seat N must now ..." in a refusal and in the view's ``task``.
"""

from __future__ import annotations

(
    PHASE_ACTION,
    PHASE_FIELD,
    PHASE_TEMPLE,
    PHASE_IRRIGATE,
    PHASE_SELL,
    PHASE_COURT,
    PHASE_PLANT,
    PHASE_TAKE,
    PHASE_CHOOSE,
    PHASE_PROCESSION,
    PHASE_ISHTAR,
    PHASE_TAMMOUZ_FIELD,
    PHASE_EXCHANGE,
    PHASE_STORAGE,
    PHASE_OVER,
) = range(15)

PHASE_NAMES = (
    "action",
    "peasant",
    "priest",
    "irrigate",
    "babylon",
    "court city",
    "plant city",
    "tile resource",
    "tile court card",
    "procession",
    "ishtar",
    "tammouz field",
    "tammouz exchange",
    "storage",
    "over",
)

PHASE_TASKS = (
    "pass, recruit a craftsman or move the caravan",
    "choose a field row for the peasant",
    "choose a temple for the priest",
    "choose an irrigation space",
    "sell one or two resources at Babylon",
    "take a court card at this city",
    "plant a garden square",
    "take a resource of choice from the garden tile",
    "take a court card of choice from the garden tile",
    "choose the temple of the procession",
    "choose Ishtar's camel or talent",
    "place Tammouz's field cube or decline",
    "exchange a resource at Tammouz or decline",
    "discard resources down to the storage limit",
    "nothing: the game is over",
)
