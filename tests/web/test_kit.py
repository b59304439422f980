"""The kit the games' drawing modules share (web/kit.js), run in Chromium as the server
serves it: legal actions grouped by type, buttons that send one legal action, and the hex
geometry of the two hex maps."""

from __future__ import annotations

from typing import Any

from .conftest import needs_chromium

pytestmark = needs_chromium


def kit_page(server: Any, new_page: Any) -> Any:
    """A page of the server's origin with the kit loaded as ``window.kit``."""
    page = new_page()
    page.goto(server.url + "/healthz")  # a page of the server's origin, with no script of its own
    page.evaluate("async () => { window.kit = await import('/static/kit.js'); }")
    return page


def test_sort_actions_groups_the_legal_actions_as_the_spec_says(server, new_page):
    page = kit_page(server, new_page)
    out = page.evaluate(
        """() => {
          const legal = [
            {type: "pass", text: "pass"},
            {type: "build", text: "build a 1", space: 0},
            {type: "build", text: "build a 2", space: 1},
            {type: "offer", text: "offer 1 boat"},
            {type: "give-up", text: "give up"},
            {type: "place", text: "M1,2", token: "merchant", hex: [1, 2]},
            {type: "place", text: "M3,4", token: "merchant", hex: [3, 4]},
            {type: "place", text: "F1,2", token: "farmer", hex: [1, 2]},
            {type: "plant", text: "plant G10 pay salt", square: "G10"},
            {type: "plant", text: "plant G10 pay wine", square: "G10"},
            {type: "mystery", text: "???"},
          ];
          const m = kit.sortActions(legal, {
            pass: "one", build: {key: "space"}, offer: "list", "give-up": "one",
            "no-double": "one", place: {key: ["token", (a) => kit.hexKey(a.hex)]},
            plant: {key: "square", list: true},
          });
          return {
            pass: m.pass.text,
            build: [...m.build.entries()].map(([k, a]) => [k, a.text]),
            offer: m.offer.map((a) => a.text),
            giveUp: m.giveUp.text,
            noDouble: m.noDouble,
            place: [...m.place.entries()].map(([k, v]) => [k, [...v.keys()]]),
            plant: m.plant.get("G10").map((a) => a.text),
            other: m.other.map((a) => a.text),
            all: m.all.length,
          };
        }"""
    )
    assert out == {
        "pass": "pass",
        "build": [[0, "build a 1"], [1, "build a 2"]],
        "offer": ["offer 1 boat"],
        "giveUp": "give up",
        "noDouble": None,
        "place": [["merchant", ["1,2", "3,4"]], ["farmer", ["1,2"]]],
        "plant": ["plant G10 pay salt", "plant G10 pay wine"],
        "other": ["???"],
        "all": 11,
    }


def test_action_buttons_send_their_action_and_lists_hold_them(server, new_page):
    page = kit_page(server, new_page)
    out = page.evaluate(
        """() => {
          const sent = [];
          const ctx = {act: (a) => sent.push(a.text), rerender: () => sent.push("rerender")};
          const a = {type: "pass", text: "pass"};
          const b = {type: "end", text: "end"};
          const end = {id: "end-button", cls: "primary", title: "ends"};
          const list = kit.choiceList(
            {id: "x", cls: "wide"},
            [kit.actionButton(a, "Pass", {}, ctx)],
            kit.actionButton(b, ["End ", "now"], end, ctx),
          );
          const reset = () => sent.push("reset");
          const box = document.createElement("div");
          box.append(list, kit.confirmBox(a, "Sure?", {id: "ok", reset}, ctx));
          document.body.append(box);
          for (const button of box.querySelectorAll("button")) button.click();
          const buttons = [...list.querySelectorAll("button")];
          return {
            list: [list.className, list.id],
            buttons: buttons.map((n) => [
              n.textContent, n.dataset.action, n.title, n.className, n.id,
            ]),
            sent,
          };
        }"""
    )
    assert out["list"] == ["choice-list wide", "x"]
    assert out["buttons"] == [
        ["Pass", "pass", "pass", "", ""],
        ["End now", "end", "ends", "primary", "end-button"],
    ]
    # the two buttons, then the confirm box: its button forgets the choice and sends, Cancel
    # forgets it and redraws
    assert out["sent"] == ["pass", "end", "reset", "pass", "reset", "rerender"]


def test_hex_geometry_of_the_two_maps(server, new_page):
    page = kit_page(server, new_page)
    out = page.evaluate(
        """() => ({
          flat: kit.hexPoints(10),
          pointy: kit.hexPoints(10, true),
          doubled: kit.doubledCenter([2, 3], 10).map(kit.f2),
          axial: kit.axialCenter([1, 2], 10).map(kit.f2),
          turned: [0, 1, 2, 3, 4, 5, 6, -1].map((k) => kit.rotateAxial([1, 0], k)),
          box: kit.viewBoxAround([[0, 0], [30, 20]], 10, 5, 1),
          outline: kit.axialOutline([[0, 0]], 10).split("M").length - 1,
          pair: kit.axialOutline([[0, 0], [1, 0]], 10).split("M").length - 1,
          key: [kit.hexKey([7, 3]), kit.keyHex("7,3")],
        })"""
    )
    assert out["flat"] == "10,0 5,8.66 -5,8.66 -10,0 -5,-8.66 5,-8.66"
    assert out["pointy"] == "8.66,-5 8.66,5 0,10 -8.66,5 -8.66,-5 0,-10"
    assert out["doubled"] == [45, 17.32]
    assert out["axial"] == [34.64, 30]
    # clockwise by 60 degrees a step: E, SE, SW, W, NW, NE, back to E; -1 is NE
    assert out["turned"] == [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0], [1, -1]]
    assert out["box"] == "-11.0 -6.0 52.0 32.0"
    assert out["outline"] == 6 and out["pair"] == 10  # two neighbours share one edge
    assert out["key"] == ["7,3", [7, 3]]
