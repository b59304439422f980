"""Babylonia's nine ziggurat cards: what each one does, and where the engine does it.

A card's name and printed text are component data (``ziggurat_cards`` in
``data/babylonia.json``, shown in every view); its power is code, and that code sits where
the rule it changes is decided: the placement rules, the scoring, the turn flow. This table
lists every power once, in a sentence for players, with the ``module.function`` places (in
this package) that carry it out; each of those places names the card by the constant below,
and a test checks that every place exists and does, and that the numbers and names agree
with the data file. To find what card 5 does, read its row; to change it, follow its places.
"""

from __future__ import annotations

from dataclasses import dataclass

# The cards by number, as the rules name them wherever a power acts.
CARD_TEN_POINTS = 1
CARD_EXTRA_TURN = 2
CARD_STAND_SEVEN = 3
CARD_THREE_NOBLES = 4
CARD_FARMERS_AND_NOBLE = 5
CARD_NOBLES_ON_FIELDS = 6
CARD_CITY_BONUS = 7
CARD_CENTER_LINKS = 8
CARD_RIVER_LINKS = 9

# A state's card_owner values besides a seat number.
CARD_AVAILABLE = -1
CARD_NOT_IN_PLAY = -2


@dataclass(frozen=True, slots=True)
class CardPower:
    """One card: its ``number`` and printed ``name``, its ``power`` in a sentence for
    players, ``short``: the few words the terminal's card list has room for, and
    ``acts_in``: where the engine applies it, as ``module.function`` of this package."""

    number: int
    name: str
    power: str
    short: str
    acts_in: tuple[str, ...]


CARD_POWERS: dict[int, CardPower] = {
    card.number: card
    for card in (
        CardPower(
            CARD_TEN_POINTS,
            "Ten points",
            "Score 10 points the moment you take it; the card is then spent.",
            "10 points at once",
            ("rules.take_card",),
        ),
        CardPower(
            CARD_EXTRA_TURN,
            "Extra turn",
            "Once in the game, right after one of your turns (your stand already refilled), "
            "take another whole turn, or keep the card for a later turn.",
            "one extra turn, once",
            ("rules.finish_turn", "rules.apply"),
        ),
        CardPower(
            CARD_STAND_SEVEN,
            "Seven-token stand",
            "Your stand holds 7 tokens instead of 5 from your next refill on.",
            "stand holds 7 tokens",
            ("rules.stand_capacity",),
        ),
        CardPower(
            CARD_THREE_NOBLES,
            "Three nobles",
            "A turn may instead be exactly three face-up nobles: a merchant, a servant and a "
            "priest.",
            "may play 3 nobles M+S+P",
            ("placement.allowed_where", "placement.turn_complete"),
        ),
        CardPower(
            CARD_FARMERS_AND_NOBLE,
            "Farmers and a noble",
            "A turn of three or more farmers on land may add one face-up noble, placed at any "
            "point of the turn.",
            "3+ farmers and 1 noble",
            ("placement.allowed_where", "placement.turn_complete"),
        ),
        CardPower(
            CARD_NOBLES_ON_FIELDS,
            "Nobles on fields",
            "Your nobles may take crop fields, without one of your tokens next to the field.",
            "nobles may take fields",
            ("placement.field_targets",),
        ),
        CardPower(
            CARD_CITY_BONUS,
            "City bonus",
            "Whenever a city is scored and pays city counts, you score 1 more point per two "
            "cities in front of you.",
            "+1 per 2 own cities",
            ("scoring.city_breakdown",),
        ),
        CardPower(
            CARD_CENTER_LINKS,
            "Central land links",
            "When a city is scored, the free land hexes of the center landmass link your "
            "tokens to it as if they were yours.",
            "free center land links",
            ("scoring.network",),
        ),
        CardPower(
            CARD_RIVER_LINKS,
            "River links",
            "When a city is scored, the free river hexes link your tokens to it as if they "
            "were yours.",
            "free river hexes link",
            ("scoring.network",),
        ),
    )
}
"""Every ziggurat card by number (1 to 9)."""
