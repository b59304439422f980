"""Setup (rules §3, §10), the options, and the component data file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import ziggurat
from ziggurat.core.rng import Rng
from ziggurat.games.tower_of_babel.components import default_data_path

from .helpers import new_game

OPTION_SETS = [{}, {"two_type_discs": True}, {"action_cards": False}]
OPTION_IDS = ["base", "two-type-discs", "no-action-cards"]

SINGLE = [3, 4, 4, 5, 5, 6]
TWO_TYPE_NEEDS = [(2, 0, 0, 3), (0, 3, 0, 2), (0, 2, 3, 0), (3, 0, 2, 0)]


def expected_discs(two_type: bool) -> Counter:
    discs = Counter()
    for t in range(4):
        values = list(SINGLE)
        if two_type:
            values.remove(5)  # one value-5 disc of each type goes back to the box
        for value in values:
            need = [0, 0, 0, 0]
            need[t] = value
            discs[tuple(need)] += 1
    if two_type:
        discs.update(TWO_TYPE_NEEDS)
    return discs


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(players: int, options: dict) -> None:
    game = new_game(players, **options)
    action_cards = options.get("action_cards", True)
    two_type = options.get("two_type_discs", False)
    for seed in (0, 1, 2):
        state = game.new_initial_state(seed)
        # 24 discs, one on each of the 24 spaces, the right multiset
        assert len(state.space_disc) == 24 and min(state.space_disc) >= 0
        assert len(set(state.space_disc)) == 24
        needs = Counter(game.disc_needs[d] for d in state.space_disc)
        assert needs == expected_discs(two_type)
        assert sum(sum(game.disc_needs[d]) for d in state.space_disc) == 108
        assert state.disc_owner == [-1] * len(game.disc_needs)
        # four cards per hand, the rest in the pile; nothing discarded yet
        for seat in range(players):
            assert sum(state.hand_of(seat)) == 4
        assert len(state.pile) == 100 - 4 * players
        assert state.discard == [0, 0, 0, 0]
        for t in range(4):
            assert state.pile.count(t) + sum(state.hand[4 * s + t] for s in range(players)) == 25
        # action cards: 15 face down, or none
        assert len(state.action_pile) == (15 if action_cards else 0)
        if action_cards:
            assert Counter(state.action_pile) == Counter({0: 2, 1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2})
        assert state.actions_held == [0] * (7 * players)
        assert state.action_discard == [0] * 7
        # seat 0 starts, nothing scored, 29 piece value each, exchange cards in hand
        assert state.current_player == 0 and state.active == 0
        assert state.scores() == [0] * players
        assert state.supply == [29] * players
        assert state.exchange_in_hand == [1] * players
        assert state.marker == 0 and state.done_mask == 0
        assert state.pieces == [0] * (8 * players)
        view = state.view(None)
        assert view["phase"] == "choose" and view["turn_order"] == list(range(players))
        assert view["draw_pile"] == 100 - 4 * players
        assert view["action_pile"] == (15 if action_cards else 0)
        assert view["action_cards_in_game"] is action_cards
        assert [p["cards"] for p in view["players"]] == [5] * players  # 4 cards + exchange
        # start of the game: pass or any of the 24 discs, nothing else
        texts = [str(a) for a in state.legal_actions()]
        assert texts[0] == "pass" and len(texts) == 25
        assert all(t.startswith("build ") for t in texts[1:])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hands_are_dealt_one_card_at_a_time_from_seat_0(players: int) -> None:
    # Redo the setup's shuffles with the same generator: discs, action cards, building
    # cards; the pile's last card is drawn first.
    game = new_game(players)
    for seed in (0, 7, 123):
        rng = Rng(seed)
        discs = game.discs_in_play()
        rng.shuffle(discs)
        actions = [k for k, c in enumerate(game.data.action_counts) for _ in range(c)]
        rng.shuffle(actions)
        cards = [t for t in range(4) for _ in range(25)]
        rng.shuffle(cards)
        state = game.new_initial_state(seed)
        assert state.space_disc == discs
        assert state.action_pile == actions
        hands = [[0, 0, 0, 0] for _ in range(players)]
        for i in range(4 * players):
            hands[i % players][cards[-1 - i]] += 1
        assert [state.hand_of(s) for s in range(players)] == hands
        assert state.pile == cards[: 100 - 4 * players]


def test_the_deal_depends_on_the_seed() -> None:
    game = new_game(4)
    deals = {json.dumps(game.new_initial_state(s).to_json()["pile"]) for s in range(8)}
    assert len(deals) == 8
    assert game.new_initial_state(5).to_json() == game.new_initial_state(5).to_json()


def test_defaults() -> None:
    game = ziggurat.load_game("tower_of_babel")
    assert game.options == {"players": 4, "two_type_discs": False, "action_cards": True}
    assert game.num_players == 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 2}, r"players=2: Tower of Babel is for 3, 4 or 5"),
        ({"players": 6}, r"players=6: Tower of Babel is for 3, 4 or 5"),
        ({"players": "4"}, r"players='4': Tower of Babel is for 3, 4 or 5"),
        ({"players": 4.0}, r"players=4.0"),
        ({"players": True}, r"players=True"),
        ({"two_type_discs": "yes"}, r"two_type_discs='yes': must be true or false"),
        ({"two_type_discs": 1}, r"two_type_discs=1: must be true or false"),
        ({"action_cards": None}, r"action_cards=None: must be true or false"),
        ({"expansion": True}, r"unknown Tower of Babel option 'expansion'; the options are"),
        ({"hidden_discs": True}, r"unknown Tower of Babel option 'hidden_discs'"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=message):
        ziggurat.load_game("tower_of_babel", **options)


@pytest.mark.parametrize("seed", ["1", 1.5, True, None])
def test_bad_seeds_are_refused(seed) -> None:
    with pytest.raises(ziggurat.InvalidOptions, match="seed must be an integer"):
        new_game(4).new_initial_state(seed)


# =========================================================================== the data file


def shipped() -> dict:
    return json.loads(default_data_path().read_text())


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "tower_of_babel.json"
    path.write_text(json.dumps(data))
    return path


def test_every_value_says_where_it_comes_from() -> None:
    data = shipped()
    for section in ("wonders", "building_cards", "discs", "pieces", "action_cards", "turn"):
        assert data[section]["source"] in ("printed", "substitute")
    for part in ("two_type_discs", "wonder_rows", "disc_set_bonus"):
        entries = data[part].get("discs") or data[part].get("rows") or data[part]["points"]
        assert all(e["source"] in ("printed", "substitute") for e in entries)
    assert data["wonder_rows"]["final_row"]["source"] == "substitute"  # §13 Q1
    assert [r["source"] for r in data["wonder_rows"]["rows"][:2]] == ["printed"] * 2
    assert data["two_type_discs"]["discs"][0]["source"] == "printed"  # camel 2 + stonemason 3


def test_a_corrected_copy_loads_and_changes_the_game(tmp_path: Path) -> None:
    data = shipped()
    data["wonder_rows"]["final_row"].update(first=8, second=4)
    game = ziggurat.load_game("tower_of_babel", players=3, data=write(tmp_path, data))
    assert game.data.final_row == (8, 4)
    assert game.data_version != ziggurat.load_game("tower_of_babel", players=3).data_version
    # a state of one data version is not read by a game of another
    state = game.new_initial_state(0)
    with pytest.raises(ziggurat.CorruptState, match="component data version"):
        ziggurat.load_game("tower_of_babel", players=3).state_from_json(state.to_json())


def _del(section: str, key: str):
    return lambda d: d[section].pop(key)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (_del("turn", "joker_units"), r"field turn\.joker_units: Field required"),
        (
            lambda d: d["wonders"].update(source="guess"),
            r"field wonders\.source: Input should be 'printed' or 'substitute'",
        ),
        (lambda d: d["pieces"].update(value_one="15"), r"field pieces\.value_one"),
        (lambda d: d.update(extra=1), r"field extra: Extra inputs are not permitted"),
        (lambda d: d.update(game="babylonia"), r"field game"),
        (
            lambda d: d["discs"].update(single_values=[3, 4, 4, 5, 5]),
            r"field discs\.single_values: 5 discs per type make 20, but the wonders have 24",
        ),
        (
            lambda d: d["discs"].update(variant_removes_single_value=7),
            r"field discs\.variant_removes_single_value: must be one of",
        ),
        (
            lambda d: d["building_cards"].update(types=["crane", "camel", "boat", "stonemason"]),
            r"field building_cards\.types: exactly camel, crane, boat, stonemason",
        ),
        (
            lambda d: d["building_cards"].update(types=["camel", "crane", "boat", "sculptor"]),
            r"field building_cards\.types\[3\]",
        ),
        (
            lambda d: d["wonder_rows"]["rows"].pop(),
            r"field wonder_rows\.rows: 6 rows, but up to 7 wonders can be completed",
        ),
        (
            lambda d: d["wonder_rows"]["rows"][2].update(first=1),
            r"field wonder_rows\.rows\[2\]: first >= second >= 0",
        ),
        (
            lambda d: d["disc_set_bonus"]["points"].pop(),
            r"field disc_set_bonus\.points: one entry for each count 0\.\.7",
        ),
        (
            lambda d: d["two_type_discs"]["discs"][1].update(need={"crane": 3}),
            r"field two_type_discs\.discs\[1\]\.need: two types",
        ),
        (
            lambda d: d["two_type_discs"]["discs"].pop(),
            r"field two_type_discs\.discs: 4 discs",
        ),
        (lambda d: d["turn"].update(card_trade_max=-1), r"field turn\.card_trade_max"),
        (
            lambda d: d["pieces"].update(value_one=2, value_three=1),
            r"field pieces: too few pieces to build the largest disc",
        ),
        (
            lambda d: d["wonders"]["wonders"][1].update(id="giza"),
            r"field wonders\.wonders: wonder ids must be distinct",
        ),
        (
            lambda d: d["wonders"]["wonders"][0].update(id="Giza Pyramids"),
            r"field wonders\.wonders\[0\]\.id: a lower-case word",
        ),
        (
            lambda d: d["action_cards"]["counts"].update(wishes=1),
            r"field action_cards\.counts\.wishes",
        ),
        (
            lambda d: d["safeguard"].update(turns_without_build_per_player=0),
            r"field safeguard\.turns_without_build_per_player: at least 1",
        ),
    ],
)
def test_a_broken_copy_is_refused_with_the_field(tmp_path: Path, mutate, message: str) -> None:
    data = shipped()
    mutate(data)
    with pytest.raises(ziggurat.DataFileError, match=message):
        ziggurat.load_game("tower_of_babel", players=4, data=write(tmp_path, data))


def test_unreadable_data_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(ziggurat.DataFileError, match="not valid JSON"):
        ziggurat.load_game("tower_of_babel", data=path)
    with pytest.raises(ziggurat.DataFileError, match="cannot read data file"):
        ziggurat.load_game("tower_of_babel", data=tmp_path / "missing.json")
    with pytest.raises(ziggurat.DataFileError, match="field"):
        ziggurat.load_game("tower_of_babel", data=write(tmp_path, [1, 2, 3]))
