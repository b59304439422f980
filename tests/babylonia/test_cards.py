"""The table of the nine ziggurat card powers (cards.py): it agrees with the data file, and
every place it names exists and really handles that card."""

from __future__ import annotations

import importlib
import inspect

import pytest

from ziggurat.games.babylonia import cards
from ziggurat.games.babylonia.components import load_data

# The constant each card is named by in the code, from the module that defines them.
CONSTANTS = {
    value: name
    for name, value in vars(cards).items()
    if name.startswith("CARD_") and isinstance(value, int) and value > 0
}


def test_the_table_has_the_cards_of_the_data_file() -> None:
    data, _ = load_data()
    printed = {card.number: card.name for card in data.ziggurat_cards.cards}
    assert sorted(cards.CARD_POWERS) == sorted(printed) == list(range(1, 10))
    for number, card in cards.CARD_POWERS.items():
        assert card.number == number
        assert card.name == printed[number]
        assert card.power and card.short and card.acts_in
    assert sorted(CONSTANTS) == list(range(1, 10))


@pytest.mark.parametrize("number", range(1, 10))
def test_every_place_exists_and_names_the_card(number: int) -> None:
    constant = CONSTANTS[number]
    for place in cards.CARD_POWERS[number].acts_in:
        module_name, _, function_name = place.partition(".")
        module = importlib.import_module(f"ziggurat.games.babylonia.{module_name}")
        target = module
        for part in function_name.split("."):
            target = getattr(target, part)
        assert inspect.isfunction(target), place
        assert constant in inspect.getsource(target), f"{place} does not use {constant}"
