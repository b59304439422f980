"""Tower of Babel's component data file: schema, cross-checks, and the plain values the engine
uses.

The schema (pydantic) catches wrong types and unknown fields; :func:`check_consistency`
checks what a schema cannot: 24 discs on 24 spaces, card and piece counts large enough to
play, one scoring row per wonder that can be completed, a bonus for every disc count.
:class:`TowerData` then turns the file into the tuples and ints the engine reads in its hot
path, so no rule number is written in code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ziggurat.core.components import (
    Provenance,
    StrictModel,
    fail,
    load_data_file,
    shipped_data_path,
)

TYPES = ("camel", "crane", "boat", "stonemason")
"""The four building types, in the order the engine numbers them (0..3)."""

TypeName = Literal["camel", "crane", "boat", "stonemason"]
ActionKindName = Literal[
    "card_trade", "joker", "disc_bonus", "draw_three", "triple_bonus", "double_turn", "five_points"
]
ACTION_KINDS: tuple[str, ...] = (
    "card_trade",
    "joker",
    "disc_bonus",
    "draw_three",
    "triple_bonus",
    "double_turn",
    "five_points",
)
CARD_TRADE, JOKER, DISC_BONUS, DRAW_THREE, TRIPLE_BONUS, DOUBLE_TURN, FIVE_POINTS = range(7)


class Wonder(StrictModel):
    id: str
    name: str


class Wonders(StrictModel):
    source: Provenance
    spaces_per_wonder: int
    wonders: list[Wonder]


class BuildingCards(StrictModel):
    source: Provenance
    types: list[TypeName]
    per_type: int
    starting_hand: int
    exchange_cards_per_player: Literal[1]


class Discs(StrictModel):
    source: Provenance
    single_values: list[int]
    variant_removes_single_value: int


class TwoTypeDisc(StrictModel):
    source: Provenance
    need: dict[TypeName, int]


class TwoTypeDiscs(StrictModel):
    note: str
    discs: list[TwoTypeDisc]


class Pieces(StrictModel):
    source: Provenance
    value_one: int
    value_three: int
    score_counter_value_one: int


class ActionCardText(StrictModel):
    """A card's name and what it does; ``{name}`` in the text is the data file's ``turn``
    number of that name (so no number is written twice)."""

    name: str
    text: str


class ActionCards(StrictModel):
    source: Provenance
    counts: dict[ActionKindName, int]
    per_completion: int
    cards: dict[ActionKindName, ActionCardText]


class Turn(StrictModel):
    source: Provenance
    pass_extra_draw: int
    end_of_turn_draw: int
    rejected_vp_per_card: int
    card_trade_max: int
    draw_three_count: int
    joker_units: int
    triple_bonus_vp_per_card: int
    five_points_vp: int
    disc_bonus_vp_per_disc: int
    participation_points: int


class Row(StrictModel):
    source: Provenance
    first: int
    second: int


class WonderRows(StrictModel):
    note: str
    rows: list[Row]
    final_row: Row


class BonusEntry(StrictModel):
    source: Provenance
    points: int


class DiscSetBonus(StrictModel):
    note: str
    points: list[BonusEntry]


class Safeguard(StrictModel):
    source: Provenance
    note: str
    turns_without_build_per_player: int


class TowerDataFile(StrictModel):
    game: Literal["tower_of_babel"]
    title: str
    note: str
    wonders: Wonders
    building_cards: BuildingCards
    discs: Discs
    two_type_discs: TwoTypeDiscs
    pieces: Pieces
    action_cards: ActionCards
    turn: Turn
    wonder_rows: WonderRows
    disc_set_bonus: DiscSetBonus
    safeguard: Safeguard


def check_consistency(data: TowerDataFile, source: str) -> None:
    """Raise :class:`DataFileError` for the first fact the schema alone cannot check."""
    wonders = data.wonders
    ids = [w.id for w in wonders.wonders]
    if len(set(ids)) != len(ids) or not ids:
        raise fail(source, "wonders.wonders", "wonder ids must be distinct and not empty")
    for i, wonder_id in enumerate(ids):
        if not wonder_id.isidentifier() or wonder_id.lower() != wonder_id:
            raise fail(source, f"wonders.wonders[{i}].id", "a lower-case word, like 'giza'")
    if wonders.spaces_per_wonder < 1:
        raise fail(source, "wonders.spaces_per_wonder", "at least 1")
    spaces = len(ids) * wonders.spaces_per_wonder
    cards = data.building_cards
    if tuple(cards.types) != TYPES:
        raise fail(source, "building_cards.types", f"exactly {', '.join(TYPES)}, in this order")
    if cards.per_type < 1 or cards.starting_hand < 0:
        raise fail(source, "building_cards", "per_type >= 1 and starting_hand >= 0")
    if cards.starting_hand * 5 > cards.per_type * len(TYPES):
        raise fail(source, "building_cards.starting_hand", "more cards than the deck holds")
    discs = data.discs
    if len(discs.single_values) * len(TYPES) != spaces:
        raise fail(
            source,
            "discs.single_values",
            f"{len(discs.single_values)} discs per type make "
            f"{len(discs.single_values) * len(TYPES)}, but the wonders have {spaces} spaces",
        )
    if any(v < 1 for v in discs.single_values):
        raise fail(source, "discs.single_values", "every disc needs at least 1 card")
    if discs.variant_removes_single_value not in discs.single_values:
        raise fail(
            source, "discs.variant_removes_single_value", "must be one of discs.single_values"
        )
    two = data.two_type_discs.discs
    if len(two) != len(TYPES):
        raise fail(source, "two_type_discs.discs", f"{len(TYPES)} discs, one replacing each type's")
    for i, disc in enumerate(two):
        if len(disc.need) != 2 or any(v < 1 for v in disc.need.values()):
            raise fail(source, f"two_type_discs.discs[{i}].need", "two types, each needing >= 1")
    pieces = data.pieces
    if min(pieces.value_one, pieces.value_three, pieces.score_counter_value_one) < 0:
        raise fail(source, "pieces", "counts must be >= 0")
    if pieces.score_counter_value_one > pieces.value_one:
        raise fail(source, "pieces.score_counter_value_one", "more than the value-1 pieces")
    biggest = max([*discs.single_values, *(sum(d.need.values()) for d in two)])
    if pieces.value_one - pieces.score_counter_value_one + 3 * pieces.value_three < biggest:
        raise fail(source, "pieces", "too few pieces to build the largest disc")
    if (
        any(v < 0 for v in data.action_cards.counts.values())
        or data.action_cards.per_completion < 0
    ):
        raise fail(source, "action_cards", "counts must be >= 0")
    turn = data.turn
    for name, value in turn.model_dump().items():
        if name != "source" and value < 0:
            raise fail(source, f"turn.{name}", "must be >= 0")
    if turn.joker_units < 1 or turn.card_trade_max < 1:
        raise fail(source, "turn", "joker_units and card_trade_max must be >= 1")
    rows = data.wonder_rows.rows
    if len(rows) < len(ids) - 1:
        raise fail(
            source,
            "wonder_rows.rows",
            f"{len(rows)} rows, but up to {len(ids) - 1} wonders can be completed",
        )
    for i, row in enumerate([*rows, data.wonder_rows.final_row]):
        if not row.first >= row.second >= 0:
            raise fail(source, f"wonder_rows.rows[{i}]", "first >= second >= 0")
    bonus = data.disc_set_bonus.points
    most = discs.single_values.__len__() + 1  # a type's discs plus a two-type disc
    if len(bonus) < most + 1:
        raise fail(
            source, "disc_set_bonus.points", f"one entry for each count 0..{most} ({most + 1})"
        )
    if data.safeguard.turns_without_build_per_player < 1:
        raise fail(source, "safeguard.turns_without_build_per_player", "at least 1")
    cards = data.action_cards.cards
    for kind in ACTION_KINDS:
        if kind not in cards:
            raise fail(source, f"action_cards.cards.{kind}", "every action card needs its text")
        if not cards[kind].name.strip():
            raise fail(source, f"action_cards.cards.{kind}.name", "must not be empty")
        try:
            card_text(cards[kind].text, turn)
        except (AttributeError, KeyError, IndexError, ValueError) as exc:
            raise fail(
                source,
                f"action_cards.cards.{kind}.text",
                f"{{...}} may name only a number of 'turn' ({exc})",
            ) from None


def card_text(text: str, turn: Turn) -> str:
    """An action card's text with the ``turn`` numbers it names filled in."""
    numbers = {k: v for k, v in turn.model_dump().items() if k != "source"}
    return text.format_map(numbers)


class TowerData:
    """The data file as the engine reads it: plain tuples and ints, indexed by type number."""

    __slots__ = (
        "action_counts",
        "action_per_completion",
        "action_texts",
        "bonus",
        "card_trade_max",
        "cards_per_type",
        "disc_bonus_vp",
        "draw_three_count",
        "end_of_turn_draw",
        "file",
        "final_row",
        "five_points_vp",
        "joker_units",
        "participation",
        "pass_extra_draw",
        "piece_supply",
        "rejected_vp",
        "rows",
        "safeguard_per_player",
        "single_values",
        "spaces_per_wonder",
        "starting_hand",
        "triple_vp",
        "two_type_needs",
        "variant_removes",
        "wonder_ids",
        "wonder_names",
    )

    def __init__(self, file: TowerDataFile) -> None:
        self.file = file
        self.wonder_ids: tuple[str, ...] = tuple(w.id for w in file.wonders.wonders)
        self.wonder_names: tuple[str, ...] = tuple(w.name for w in file.wonders.wonders)
        self.spaces_per_wonder = file.wonders.spaces_per_wonder
        self.cards_per_type = file.building_cards.per_type
        self.starting_hand = file.building_cards.starting_hand
        self.single_values: tuple[int, ...] = tuple(file.discs.single_values)
        self.variant_removes = file.discs.variant_removes_single_value
        self.two_type_needs: tuple[tuple[int, ...], ...] = tuple(
            tuple(d.need.get(t, 0) for t in TYPES) for d in file.two_type_discs.discs
        )
        p = file.pieces
        self.piece_supply = p.value_one - p.score_counter_value_one + 3 * p.value_three
        self.action_counts: tuple[int, ...] = tuple(
            file.action_cards.counts.get(k, 0) for k in ACTION_KINDS
        )
        self.action_per_completion = file.action_cards.per_completion
        cards = file.action_cards.cards
        self.action_texts: tuple[tuple[str, str], ...] = tuple(
            (cards[k].name, card_text(cards[k].text, file.turn)) for k in ACTION_KINDS
        )
        """Each action card's (name, text), by kind number, the numbers filled in."""
        t = file.turn
        self.pass_extra_draw = t.pass_extra_draw
        self.end_of_turn_draw = t.end_of_turn_draw
        self.rejected_vp = t.rejected_vp_per_card
        self.card_trade_max = t.card_trade_max
        self.draw_three_count = t.draw_three_count
        self.joker_units = t.joker_units
        self.triple_vp = t.triple_bonus_vp_per_card
        self.five_points_vp = t.five_points_vp
        self.disc_bonus_vp = t.disc_bonus_vp_per_disc
        self.participation = t.participation_points
        self.rows: tuple[tuple[int, int], ...] = tuple(
            (r.first, r.second) for r in file.wonder_rows.rows
        )
        final = file.wonder_rows.final_row
        self.final_row = (final.first, final.second)
        self.bonus: tuple[int, ...] = tuple(b.points for b in file.disc_set_bonus.points)
        self.safeguard_per_player = file.safeguard.turns_without_build_per_player

    def set_bonus(self, discs: int) -> int:
        """Points for owning ``discs`` discs of one type (the table's last entry beyond it)."""
        bonus = self.bonus
        return bonus[discs] if discs < len(bonus) else bonus[-1]


def default_data_path() -> Path:
    return shipped_data_path("ziggurat.games.tower_of_babel", "tower_of_babel.json")


def load_data(path: Path | None = None) -> tuple[TowerData, str]:
    """Load and check a Tower of Babel data file; returns the data and its version hash."""
    file, version = load_data_file(path or default_data_path(), TowerDataFile, check_consistency)
    return TowerData(file), version
