"""Amyitis's component data file: schema, cross-checks, and the plain values the engine uses.

The schema (pydantic) catches wrong types and unknown fields; :func:`check_consistency`
checks what a schema cannot: every garden square on the edges that name it, every edge's
vertices on the grid, a plant card for every plant city, enough garden tiles for the deal.
:class:`AmyitisData` then turns the file into the tuples and ints the engine reads in its
hot path, so no rule number is written in code. The garden's space adjacency and the
sides of each square are derived here from the edges and their vertices, once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from ziggurat.core.components import (
    Provenance,
    StrictModel,
    fail,
    load_data_file,
    shipped_data_path,
)

RESOURCES = ("barley", "dates", "salt", "palm", "wine")
"""Resources in the order the engine numbers them; wine (the joker) is last."""
BARLEY, DATES, SALT, PALM, WINE = range(5)
BASICS = (BARLEY, DATES, SALT, PALM)

CRAFTS = ("peasant", "priest", "engineer", "merchant")
PEASANT, PRIEST, ENGINEER, MERCHANT = range(4)

COURTS = ("banker", "caravaneer", "palace", "gardener")
BANKER, CARAVANEER, PALACE, GARDENER = range(4)
LEVELLED = (BANKER, CARAVANEER, PALACE)
MAX_LEVEL = 3
GARDENER_QUALITY = 1
"""What each Gardener card adds to the quality of a plant its holder plants (§3.2): how far
up the garden the plant reaches. Printed on the card, the same in every edition."""

TEMPLES = ("ishtar", "marduk", "tammouz")
ISHTAR, MARDUK, TAMMOUZ = range(3)

NEUTRAL = 4
"""The owner number of a grey cube (seats are 0..3), on irrigation spaces and in temples."""
EMPTY = -1
"""The owner number of an empty irrigation space."""

CITY_KINDS = ("babylon", "court", "plant")
CITY_BABYLON, CITY_COURT, CITY_PLANT = range(3)

TILE_BONUS_KINDS = ("vp", "talents", "camels", "resource_choice", "court", "court_choice")

ResourceName = Literal["barley", "dates", "salt", "palm", "wine"]
BasicName = Literal["barley", "dates", "salt", "palm"]
CraftName = Literal["peasant", "priest", "engineer", "merchant"]
LevelledName = Literal["banker", "caravaneer", "palace"]
PlayerCount = Literal["2", "3", "4"]
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
PLAYER_COUNTS = (2, 3, 4)


class Components(StrictModel):
    source: Provenance
    resources: list[ResourceName]
    joker: Literal["wine"]
    camel_tokens: int = Field(ge=0)
    temples: list[Literal["ishtar", "marduk", "tammouz"]]
    temple_length: int = Field(ge=1)
    field_length: int = Field(ge=2)


class Limits(StrictModel):
    source: Provenance
    note: str
    tokens_per_resource: int = Field(ge=0)
    cubes_per_player: int = Field(ge=1)


class Start(StrictModel):
    source: Provenance
    note: str
    talents: int = Field(ge=0)
    camels: int = Field(ge=0)
    resources: dict[ResourceName, int]
    seat_bonus_talents: list[int] = Field(min_length=4, max_length=4)


class BySign(StrictModel):
    none: int = Field(ge=0)
    p3: int = Field(ge=0)
    p4: int = Field(ge=0)


class CraftDeck(StrictModel):
    source: Provenance
    note: str
    cards: dict[CraftName, BySign]


class CourtDeck(StrictModel):
    source: Provenance
    note: str
    copies_per_level: dict[LevelledName, BySign]
    gardeners: int = Field(ge=0)


class Round(StrictModel):
    source: Provenance
    craft_rows: dict[PlayerCount, int]
    cards_per_row: int = Field(ge=1)
    recruit_costs: list[int]
    pass_first_turn_income: int = Field(ge=0)
    pass_later_turn_income: int = Field(ge=0)
    end_threshold_tiles_left: dict[PlayerCount, int]
    temple_ranks_rewarded: dict[PlayerCount, Literal[1, 2]]


class Craftsmen(StrictModel):
    source: Provenance
    engineer_vp: int = Field(ge=0)
    merchant_camels: int = Field(ge=0)
    babylon_vp_per_resource: int = Field(ge=0)
    babylon_max_resources: int = Field(ge=1)


class Income(StrictModel):
    talents: int = Field(ge=0)
    vp: int = Field(ge=0)


class CourtEffects(StrictModel):
    source: Provenance
    banker_income: list[Income] = Field(min_length=3, max_length=3)
    storage_by_caravaneer_level: list[int] = Field(min_length=4, max_length=4)
    note: str


class CourtValues(StrictModel):
    source: Provenance
    caravaneer_bonus: list[int] = Field(min_length=4, max_length=4)
    palace_vp: list[int] = Field(min_length=3, max_length=3)


class TempleRewards(StrictModel):
    source: Provenance
    marduk_vp: list[int] = Field(min_length=2, max_length=2)
    ishtar: str
    tammouz: str


class Rulings(StrictModel):
    source: Provenance
    note: str
    field_tie_rule: Literal["rightmost", "none"]
    temple_tie_rule: Literal["rightmost", "none"]
    procession_by: Literal["last_passer", "right_of_start"]
    irrigation_majority_points: Literal["plant_quality", "floor"]
    quality_needed_by_floor: list[int] = Field(min_length=4, max_length=4)


class Proposals(StrictModel):
    source: Provenance
    caravan_bonus_optional: bool
    caravan_max_distance: int = Field(ge=1)
    babylon_irrigation_vp: int = Field(ge=0)
    tammouz_may_give_wine: bool
    neutral_conducts: bool
    khorsabad_start_face: Literal["random", "first", "second"]
    tiebreak: list[Literal["garden_tiles", "talents"]]


class Fields(StrictModel):
    source: Provenance
    note: str
    rows: list[list[ResourceName]] = Field(min_length=1)


class City(StrictModel):
    name: str
    kind: Literal["babylon", "court", "plant"]
    demand: BasicName | None = None
    offer: list[LevelledName] | None = None


class Track(StrictModel):
    source: Provenance
    note: str
    cities: list[City]


class Face(StrictModel):
    quality: int = Field(ge=1, le=3)
    extra: BasicName | None


class PlantCard(StrictModel):
    id: str
    faces: list[Face] = Field(min_length=2, max_length=2)


class FixedPlant(StrictModel):
    card: str
    city: str


class PlantCards(StrictModel):
    source: Provenance
    note: str
    fixed: FixedPlant
    shuffled_onto: list[str]
    cards: list[PlantCard]


class Square(StrictModel):
    id: str
    floor: int = Field(ge=1, le=4)


class Edge(StrictModel):
    squares: list[str] = Field(min_length=2, max_length=2)
    spaces: Literal[1, 2]
    vertices: list[Pair] = Field(min_length=2, max_length=2)


class Garden(StrictModel):
    source: Provenance
    note: str
    squares: list[Square]
    edges: list[Edge]
    river_vertices: list[Pair]
    empty_squares: dict[PlayerCount, list[str]]
    tiles_dealt_per_floor: dict[PlayerCount, list[int]]


class GardenTile(StrictModel):
    id: str
    floor: int = Field(ge=1, le=4)
    vp: int = Field(default=0, ge=0)
    talents: int = Field(default=0, ge=0)
    camels: int = Field(default=0, ge=0)
    resource_choice: int = Field(default=0, ge=0)
    court: LevelledName | None = None
    court_choice: bool = False


class GardenTiles(StrictModel):
    source: Provenance
    note: str
    tiles: list[GardenTile]


class FinalScoring(StrictModel):
    source: Provenance
    amyitis_bonus: dict[PlayerCount, list[Pair]]
    vp_per_leftover_resource: int = Field(ge=0)


class AmyitisDataFile(StrictModel):
    game: Literal["amyitis"]
    title: str
    note: str
    components: Components
    limits: Limits
    start: Start
    craft_deck: CraftDeck
    court_deck: CourtDeck
    round: Round
    craftsmen: Craftsmen
    court_effects: CourtEffects
    court_values: CourtValues
    temple_rewards: TempleRewards
    rulings: Rulings
    proposals: Proposals
    fields: Fields
    track: Track
    plant_cards: PlantCards
    garden: Garden
    garden_tiles: GardenTiles
    final_scoring: FinalScoring


def check_consistency(data: AmyitisDataFile, source: str) -> None:
    """What the schema cannot say: names that must match, counts that must add up."""
    if tuple(data.components.resources) != RESOURCES:
        raise fail(source, "components.resources", f"must list {', '.join(RESOURCES)} in order")
    if tuple(data.components.temples) != TEMPLES:
        raise fail(source, "components.temples", f"must list {', '.join(TEMPLES)} in order")
    for key in ("craft_rows", "end_threshold_tiles_left", "temple_ranks_rewarded"):
        table = getattr(data.round, key)
        if sorted(table) != ["2", "3", "4"]:
            raise fail(source, f"round.{key}", "needs an entry for 2, 3 and 4 players")
    if len(data.round.recruit_costs) != data.round.cards_per_row:
        raise fail(source, "round.recruit_costs", "needs one cost per card of a row")
    if sorted(data.craft_deck.cards) != sorted(CRAFTS):
        raise fail(source, "craft_deck.cards", f"needs the kinds {', '.join(CRAFTS)}")
    if sorted(data.court_deck.copies_per_level) != sorted(COURTS[:3]):
        raise fail(source, "court_deck.copies_per_level", "needs banker, caravaneer, palace")
    for n in PLAYER_COUNTS:
        deck = sum(_by_sign(c, n) for c in data.craft_deck.cards.values())
        need = data.round.craft_rows[str(n)] * data.round.cards_per_row
        if deck < need:
            reason = f"{deck} cards at {n} players, the rows need {need}"
            raise fail(source, "craft_deck.cards", reason)
    length = data.components.field_length
    for i, row in enumerate(data.fields.rows):
        if len(row) != length or row[-1] != "wine" or "wine" in row[:-1]:
            raise fail(source, f"fields.rows[{i}]", f"needs {length} resources, wine last only")
    _check_track(data, source)
    _check_garden(data, source)
    for n, steps in data.final_scoring.amyitis_bonus.items():
        if [s[0] for s in steps] != sorted(s[0] for s in steps):
            raise fail(source, f"final_scoring.amyitis_bonus.{n}", "thresholds must rise")
    if sorted(data.final_scoring.amyitis_bonus) != ["2", "3", "4"]:
        raise fail(source, "final_scoring.amyitis_bonus", "needs 2, 3 and 4 players")


def _check_track(data: AmyitisDataFile, source: str) -> None:
    cities = data.track.cities
    names = [c.name for c in cities]
    if len(set(names)) != len(names):
        raise fail(source, "track.cities", "city names must differ")
    if [c.kind for c in cities].count("babylon") != 1 or cities[0].kind != "babylon":
        raise fail(source, "track.cities", "Babylon is the one 'babylon' city, at position 0")
    for i, city in enumerate(cities):
        where = f"track.cities[{i}]"
        if city.kind == "court" and (not city.offer or len(set(city.offer)) != len(city.offer)):
            raise fail(source, where, "a court city offers one or more distinct court types")
        if city.kind != "babylon" and city.demand is None:
            raise fail(source, where, "a court or plant city names its demanded resource")
    plants = [c.name for c in cities if c.kind == "plant"]
    cards = data.plant_cards
    ids = [c.id for c in cards.cards]
    if cards.fixed.card not in ids or cards.fixed.city not in plants:
        raise fail(source, "plant_cards.fixed", "names a card of the list and a plant city")
    placed = sorted([cards.fixed.city, *cards.shuffled_onto])
    if placed != sorted(plants) or len(ids) != len(plants):
        raise fail(
            source, "plant_cards", f"one card for each plant city ({', '.join(sorted(plants))})"
        )


def _check_garden(data: AmyitisDataFile, source: str) -> None:
    garden = data.garden
    ids = [s.id for s in garden.squares]
    if len(set(ids)) != len(ids):
        raise fail(source, "garden.squares", "square ids must differ")
    floors = sorted({s.floor for s in garden.squares})
    if floors != [1, 2, 3, 4]:
        raise fail(source, "garden.squares", "needs squares on floors 1 to 4")
    for i, edge in enumerate(garden.edges):
        for name in edge.squares:
            if name not in ids:
                raise fail(source, f"garden.edges[{i}].squares", f"{name} is not a square")
        if edge.vertices[0] == edge.vertices[1]:
            raise fail(source, f"garden.edges[{i}].vertices", "an edge joins two vertices")
    for n, empty in garden.empty_squares.items():
        for name in empty:
            if name not in ids:
                raise fail(source, f"garden.empty_squares.{n}", f"{name} is not a square")
    tiles = data.garden_tiles.tiles
    if len({t.id for t in tiles}) != len(tiles):
        raise fail(source, "garden_tiles.tiles", "tile ids must differ")
    for n in PLAYER_COUNTS:
        dealt = garden.tiles_dealt_per_floor.get(str(n))
        if dealt is None or len(dealt) != 4:
            raise fail(source, "garden.tiles_dealt_per_floor", f"needs 4 floors for {n} players")
        empty = set(garden.empty_squares.get(str(n), []))
        for floor in range(1, 5):
            used = sum(1 for s in garden.squares if s.floor == floor and s.id not in empty)
            if dealt[floor - 1] != used:
                raise fail(
                    source,
                    f"garden.tiles_dealt_per_floor.{n}",
                    f"floor {floor} has {used} squares in use, not {dealt[floor - 1]}",
                )
            have = sum(1 for t in tiles if t.floor == floor)
            if have < used:
                raise fail(source, "garden_tiles.tiles", f"floor {floor} needs {used} tiles")


def _by_sign(counts: BySign, players: int) -> int:
    """Cards in use at ``players``: '4 players' cards only at 4, '3 players' cards at 3+."""
    return counts.none + (counts.p3 if players >= 3 else 0) + (counts.p4 if players >= 4 else 0)


class AmyitisData:
    """The data file as plain values, indexed the way the engine numbers things."""

    def __init__(self, data: AmyitisDataFile) -> None:
        self.file = data
        comp = data.components
        self.camel_tokens = comp.camel_tokens
        self.temple_length = comp.temple_length
        self.field_length = comp.field_length
        self.tokens_per_resource = data.limits.tokens_per_resource
        self.cubes_per_player = data.limits.cubes_per_player
        start = data.start
        self.start_talents = start.talents
        self.start_camels = start.camels
        self.start_resources = tuple(start.resources.get(r, 0) for r in RESOURCES)
        self.seat_bonus_talents = tuple(start.seat_bonus_talents)
        self.craft_counts = {
            n: tuple(_by_sign(data.craft_deck.cards[k], n) for k in CRAFTS) for n in PLAYER_COUNTS
        }
        self.court_copies = {
            n: tuple(_by_sign(data.court_deck.copies_per_level[k], n) for k in COURTS[:3])
            for n in PLAYER_COUNTS
        }
        self.gardeners = data.court_deck.gardeners
        rnd = data.round
        self.craft_rows = {n: rnd.craft_rows[str(n)] for n in PLAYER_COUNTS}
        self.cards_per_row = rnd.cards_per_row
        self.recruit_costs = tuple(rnd.recruit_costs)
        self.pass_first_income = rnd.pass_first_turn_income
        self.pass_later_income = rnd.pass_later_turn_income
        self.end_threshold = {n: rnd.end_threshold_tiles_left[str(n)] for n in PLAYER_COUNTS}
        self.temple_ranks = {n: rnd.temple_ranks_rewarded[str(n)] for n in PLAYER_COUNTS}
        crafts = data.craftsmen
        self.engineer_vp = crafts.engineer_vp
        self.merchant_camels = crafts.merchant_camels
        self.babylon_vp = crafts.babylon_vp_per_resource
        self.babylon_max = crafts.babylon_max_resources
        effects = data.court_effects
        self.banker_income = tuple((i.talents, i.vp) for i in effects.banker_income)
        self.storage = tuple(effects.storage_by_caravaneer_level)
        self.caravaneer_bonus = tuple(data.court_values.caravaneer_bonus)
        self.palace_vp = tuple(data.court_values.palace_vp)
        self.marduk_vp = tuple(data.temple_rewards.marduk_vp)
        rulings = data.rulings
        self.field_tie_rightmost = rulings.field_tie_rule == "rightmost"
        self.temple_tie_rightmost = rulings.temple_tie_rule == "rightmost"
        self.procession_by_last_passer = rulings.procession_by == "last_passer"
        self.majority_by_quality = rulings.irrigation_majority_points == "plant_quality"
        self.quality_needed = tuple(rulings.quality_needed_by_floor)  # by floor - 1
        prop = data.proposals
        self.caravan_bonus_optional = prop.caravan_bonus_optional
        self.caravan_max_distance = prop.caravan_max_distance
        self.babylon_irrigation_vp = prop.babylon_irrigation_vp
        self.tammouz_may_give_wine = prop.tammouz_may_give_wine
        self.neutral_conducts = prop.neutral_conducts
        self.khorsabad_start_face = prop.khorsabad_start_face
        self.tiebreak = tuple(prop.tiebreak)
        self.fields = tuple(tuple(RESOURCES.index(r) for r in row) for row in data.fields.rows)
        self._read_track(data)
        self._read_garden(data)
        final = data.final_scoring
        self.amyitis_bonus = {
            n: tuple((s[0], s[1]) for s in final.amyitis_bonus[str(n)]) for n in PLAYER_COUNTS
        }
        self.vp_per_leftover = final.vp_per_leftover_resource

    def _read_track(self, data: AmyitisDataFile) -> None:
        cities = data.track.cities
        self.city_names = tuple(c.name for c in cities)
        self.city_kind = tuple(CITY_KINDS.index(c.kind) for c in cities)
        self.city_demand = tuple(
            RESOURCES.index(c.demand) if c.demand is not None else -1 for c in cities
        )
        self.city_offer = tuple(tuple(COURTS.index(t) for t in (c.offer or ())) for c in cities)
        self.track_length = len(cities)
        self.plant_cities = tuple(i for i, c in enumerate(cities) if c.kind == "plant")
        cards = data.plant_cards
        self.plant_ids = tuple(c.id for c in cards.cards)
        self.plant_faces = tuple(
            tuple((f.quality, RESOURCES.index(f.extra) if f.extra else -1) for f in c.faces)
            for c in cards.cards
        )
        self.fixed_plant = self.plant_ids.index(cards.fixed.card)
        self.fixed_plant_city = self.city_names.index(cards.fixed.city)
        self.shuffled_plant_cities = tuple(self.city_names.index(c) for c in cards.shuffled_onto)

    def _read_garden(self, data: AmyitisDataFile) -> None:
        garden = data.garden
        self.square_ids = tuple(s.id for s in garden.squares)
        self.square_floor = tuple(s.floor for s in garden.squares)
        index = {name: i for i, name in enumerate(self.square_ids)}
        river = {tuple(v) for v in garden.river_vertices}
        # spaces: (edge, half) in file order; a space's corners are the vertices it touches
        space_ids: list[str] = []
        space_edge: list[int] = []
        corners: list[set[tuple[int, int]]] = []
        edge_spaces: list[tuple[int, ...]] = []
        edge_squares: list[tuple[int, int]] = []
        for e, edge in enumerate(data.garden.edges):
            a, b = sorted(index[s] for s in edge.squares)
            edge_squares.append((a, b))
            name = f"{self.square_ids[a]}-{self.square_ids[b]}"
            low, high = (tuple(v) for v in edge.vertices)
            if edge.spaces == 1:
                halves = [(name, {low, high})]
            else:
                halves = [(f"{name}.1", {low}), (f"{name}.2", {high})]
            first = len(space_ids)
            for text, touched in halves:
                space_ids.append(text)
                space_edge.append(e)
                corners.append(touched)  # type: ignore[arg-type]
            edge_spaces.append(tuple(range(first, len(space_ids))))
        self.space_ids = tuple(space_ids)
        self.space_edge = tuple(space_edge)
        self.edge_squares = tuple(edge_squares)
        self.edge_mask = tuple(sum(1 << s for s in spaces) for spaces in edge_spaces)
        count = len(space_ids)
        adjacent = [0] * count
        for s in range(count):
            for t in range(count):
                if s != t and (corners[s] & corners[t] or space_edge[s] == space_edge[t]):
                    adjacent[s] |= 1 << t
        self.space_adjacent = tuple(adjacent)
        self.river_mask = sum(1 << s for s in range(count) if corners[s] & river)
        self.square_edges = tuple(
            tuple(e for e, pair in enumerate(edge_squares) if sq in pair)
            for sq in range(len(self.square_ids))
        )
        self.square_spaces = tuple(
            sum(self.edge_mask[e] for e in edges) for edges in self.square_edges
        )
        self.empty_squares = {
            n: frozenset(index[s] for s in garden.empty_squares.get(str(n), []))
            for n in PLAYER_COUNTS
        }
        tiles = data.garden_tiles.tiles
        self.tile_ids = tuple(t.id for t in tiles)
        self.tile_floor = tuple(t.floor for t in tiles)
        self.tile_vp = tuple(t.vp for t in tiles)
        self.tile_talents = tuple(t.talents for t in tiles)
        self.tile_camels = tuple(t.camels for t in tiles)
        self.tile_resource_choice = tuple(t.resource_choice for t in tiles)
        self.tile_court = tuple(COURTS.index(t.court) if t.court else -1 for t in tiles)
        self.tile_court_choice = tuple(t.court_choice for t in tiles)


def default_data_path() -> Path:
    return shipped_data_path("ziggurat.games.amyitis", "amyitis.json")


def load_data(path: Path | None = None) -> tuple[AmyitisData, str]:
    """Load and check an Amyitis data file; returns the data and its version hash."""
    file, version = load_data_file(path or default_data_path(), AmyitisDataFile, check_consistency)
    return AmyitisData(file), version
