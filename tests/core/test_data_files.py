"""load_game(name, data=PATH): an owner's corrected data file, refused with field and reason."""

import json
from pathlib import Path

import pytest

import ziggurat
from ziggurat.games.babylonia.components import default_data_path


def shipped() -> dict:
    return json.loads(default_data_path().read_text())


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "babylonia.json"
    path.write_text(json.dumps(data))
    return path


def test_every_section_says_where_its_values_come_from() -> None:
    data = shipped()
    for section in ("board", "player_counts", "location_tiles", "tokens", "ziggurat_cards"):
        assert data[section]["source"] in ("printed", "substitute")


def test_a_corrected_copy_loads_and_changes_the_game(tmp_path: Path) -> None:
    data = shipped()
    data["ziggurat_cards"]["card_1_points"] = 12
    game = ziggurat.load_game("babylonia", players=2, data=write(tmp_path, data))
    assert game.data.ziggurat_cards.card_1_points == 12
    assert game.data_version != ziggurat.load_game("babylonia", players=2).data_version


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["board"]["hexes"][0].update(terrain="lava"),
            r"field board\.hexes\[0\]\.terrain",
        ),
        (
            lambda d: d["board"].update(source="guess"),
            r"field board\.source: Input should be 'printed' or 'substitute'",
        ),
        (
            lambda d: d["tokens"]["per_player"].update(farmer="12"),
            r"field tokens\.per_player\.farmer",
        ),
        (
            lambda d: d["board"]["hexes"][1].update(row=1),
            r"field board\.hexes\[1\]: \(1,10\) is not a hex",
        ),
        (lambda d: d["board"]["hexes"].append(dict(d["board"]["hexes"][0])), "listed twice"),
        (
            lambda d: d["location_tiles"]["pools"][0]["cities"].update(M=3),
            r"field location_tiles\.pools\[0\]: 19 tiles for 2 players, but 18 slots",
        ),
        (lambda d: d.update(extra=1), r"field extra: Extra inputs are not permitted"),
        (lambda d: d["ziggurat_cards"]["cards"].pop(), "cards must be numbered 1 to 9"),
    ],
)
def test_invalid_files_are_refused_naming_the_field(tmp_path: Path, mutate, message: str) -> None:
    data = shipped()
    mutate(data)
    with pytest.raises(ziggurat.DataFileError, match=message):
        ziggurat.load_game("babylonia", players=2, data=write(tmp_path, data))


def test_unreadable_and_non_json_files(tmp_path: Path) -> None:
    with pytest.raises(ziggurat.DataFileError, match="cannot read data file"):
        ziggurat.load_game("babylonia", data=tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ziggurat.DataFileError, match="not valid JSON"):
        ziggurat.load_game("babylonia", data=bad)
