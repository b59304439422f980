"""What one seat may see (``view``) and a full state consistent with it (``determinize``).

Hidden at the table (rules reference §14): the tiles below the top of each stack, the
regular tiles left in the box at 2 and 3 players, and the order of the tree deck - seen by
nobody. Bought tree cards lie face down (rulings: another seat's pile shows as a count; the
purchase itself was public, so a search keeps them). Everything else is public: the map,
every stack's top and size, the can, the market, the carpet, each player's gems, skills,
assistants and reserved card.

A view also carries the rule facts the front ends show, from the data file and the rules, so
that neither the browser nor the terminal writes one down: what each icon allows
(``icons``), what the player to move is doing (``task``), how the watering can and the
skills are paid (``can_rule``, ``skill_rule``, ``rules``) and where a tile's spaces lie at
each rotation (``tile_turns``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.hexgrid import bit_list
from ziggurat.core.rng import Rng

from . import scoring
from .components import GEMS, ICONS
from .phases import PHASE_ACTION, PHASE_OVER, PHASE_TASKS

if TYPE_CHECKING:
    from .state import IshtarState


def gems_dict(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GEMS[c]: counts[c] for c in range(3)}


def tile_json(state: IshtarState, tile: int) -> dict[str, Any]:
    data = state.game.data
    icon = data.tile_icon[tile]
    return {
        "id": data.tile_ids[tile],
        "shape": data.tile_shape[tile],
        "start": data.tile_start[tile],
        "spaces": list(data.tile_flowers[tile]),
        "icon": ICONS[icon] or None,
        "icon_space": data.tile_icon_space[tile] if icon else None,
    }


def card_json(state: IshtarState, card: int) -> dict[str, Any]:
    data = state.game.data
    return {
        "id": data.card_ids[card],
        "cost": gems_dict(data.card_cost[card]),
        "vp": data.card_vp[card],
    }


def _hex(state: IshtarState, bit: int) -> list[int]:
    q, r = state.game.grid.coord(bit)
    return [q, r]


def record_json(state: IshtarState, record: Any) -> dict[str, Any]:
    """What the table saw of one turn: who, which tile (and whether it was discarded), the
    gems it collected and the tree cards bought (public as they were bought)."""
    seat, tile, gems, cards, discarded = record
    return {
        "seat": seat,
        "tile": None if tile < 0 else tile_json(state, tile),
        "discarded": discarded,
        "gems": gems_dict(gems),
        "cards": [card_json(state, c) for c in cards],
    }


def map_json(state: IshtarState) -> dict[str, Any]:
    """The whole map: boards, every hex, tiles, tokens, trees, assistants, flowerbeds."""
    game = state.game
    grid = game.grid
    terrain = state.terrain
    data = game.data
    hexes = []
    for bit in bit_list(grid.all_mask):
        kind = terrain.kind(bit)
        entry: dict[str, Any] = {
            "hex": _hex(state, bit),
            "kind": kind,
            "board": terrain.board_of[bit],
        }
        if kind == "rock":
            colour = terrain.rock_colour[bit]
            entry["rock"] = GEMS[colour]
            entry["gem"] = bool(state.gems_map[colour] >> bit & 1)
        hexes.append(entry)
    tiles = []
    for tile, anchor, rotation in state.placed:
        cells = game.footprint_cells(tile, anchor, rotation)
        icon = data.tile_icon[tile]
        tiles.append(
            {
                "id": data.tile_ids[tile],
                "anchor": _hex(state, anchor),
                "rotation": rotation,
                "spaces": [
                    {"hex": _hex(state, b), "flowers": data.tile_flowers[tile][i]}
                    for i, b in enumerate(cells)
                ],
                "icon": ICONS[icon] or None,
                "icon_hex": _hex(state, cells[data.tile_icon_space[tile]]) if icon else None,
            }
        )
    tokens = []
    for token, a, b in state.tokens_placed:
        spaces = data.token_spaces[token]
        cells = [a] if b < 0 else [a, b]
        tokens.append(
            {
                "id": data.token_ids[token],
                "spaces": [
                    {"hex": _hex(state, c), "flowers": spaces[i]} for i, c in enumerate(cells)
                ],
            }
        )
    beds = scoring.flowerbeds(state)
    control = scoring.fountain_control(state, beds)
    fountains = []
    for f, bit in enumerate(terrain.fountain_bits):
        colour = terrain.fountain_colour[f]
        fountains.append(
            {
                "hex": _hex(state, bit),
                "colour": GEMS[colour],
                "vp": data.fountain_vp[colour],
                "controlled_by": control[f],
            }
        )
    counts = state.flowers
    flowerbeds = []
    for bed, owner in beds:
        fountain = next((f for f, reach in enumerate(state.reach) if bed & reach), -1)
        flowerbeds.append(
            {
                "hexes": [_hex(state, b) for b in bit_list(bed)],
                "flowers": sum(counts[b] for b in bit_list(bed)),
                "owner": owner,
                "fountain": fountain,
            }
        )
    return {
        "boards": [
            {"board": p.board, "side": p.side, "rotation": p.rotation, "centre": list(p.centre)}
            for p in terrain.placements
        ],
        "hexes": hexes,
        "fountains": fountains,
        "tiles": tiles,
        "tokens": tokens,
        "trees": [{"hex": _hex(state, b), "planted_by": s} for _card, b, s in state.trees_placed],
        "assistants": [
            {"hex": _hex(state, b), "seat": s}
            for s in range(state.n)
            for b in bit_list(state.assistants[s])
        ],
        "flowerbeds": flowerbeds,
    }


def rules_json(state: IshtarState) -> dict[str, Any]:
    """The numbers of the rules a table shows in its texts and legends, from the data file."""
    data = state.game.data
    return {
        "watering_can_step_gems": data.can_step_gems,
        "skill_gems": data.skill_gems,
        "fountain_vp": {GEMS[c]: data.fountain_vp[c] for c in range(len(GEMS))},
        "end_empty_stacks": data.end_empty_stacks,
    }


def _gems_words(count: int) -> str:
    return f"{count} gem" + ("" if count == 1 else "s")


def can_rule(state: IshtarState) -> str:
    """How the player to move may move the watering can (§11 step 1), in words: free onto
    any stack at the first turn; later clockwise, the next stacks free (one more with the
    Irrigation skill), each one further a price in gems."""
    if state.can < 0:
        return "the first tile of the game is free, and the watering can goes onto its stack"
    free = 1 + (1 if state.has_free_step(state.current) else 0)
    step = state.game.data.can_step_gems
    stacks = "the next stack is free" if free == 1 else f"the next {free} stacks are free"
    return (
        f"the watering can moves on clockwise past empty stacks; {stacks}, each one "
        f"further costs {_gems_words(step)} more"
    )


def skill_rule(state: IshtarState) -> str:
    """What a skill costs and needs (§11 step 4), in words."""
    gems = _gems_words(state.game.data.skill_gems)
    return f"{gems} each, any colours; an upper skill needs its column's lower one, unlocked before"


def task(state: IshtarState) -> str:
    """What the player to move is doing, after their name: the phase's words, the icon
    named while its special action waits."""
    if state.phase == PHASE_ACTION and state.icon:
        return f"may use the tile's {state.game.data.icon_names[state.icon]} icon"
    return PHASE_TASKS[state.phase]


def view(state: IshtarState, seat: int | None) -> dict[str, Any]:
    """Everything public plus ``seat``'s own tree cards, as JSON-ready data (the kernel
    checked the seat)."""
    game = state.game
    data = game.data
    n = state.n
    over = state.phase == PHASE_OVER
    skills_per_seat = len(data.skill_ids)
    public_scores = scoring.public_breakdown(state, seat)
    players = []
    for s in range(n):
        skills = []
        for i in range(skills_per_seat):
            if state.skill_turn[s * skills_per_seat + i] >= 0:
                pay = state.skill_pay[s * skills_per_seat + i] or (0, 0, 0)
                skills.append({"id": data.skill_ids[i], "gems": gems_dict(pay)})
        entry: dict[str, Any] = {
            "gems": gems_dict(state.gems[3 * s : 3 * s + 3]),
            "assistants": state.supply[s],
            "assistants_on_carpet": state.carpet[s],
            "assistants_on_map": state.assistants[s].bit_count(),
            "skills": skills,
            "tree_cards": len(state.piles[s]),
            "reserved": None if state.reserved[s] < 0 else card_json(state, state.reserved[s]),
            "points": public_scores[s],
        }
        if s == seat or over:
            entry["trees"] = [card_json(state, c) for c in state.piles[s]]
        players.append(entry)
    out: dict[str, Any] = {
        "players": players,
        "task": task(state),
        "first": state.first,
        "turn": state.turn,
        "end_triggered": state.end_triggered,
        "map": map_json(state),
        "stacks": [
            {
                "shape": state.cups[i],
                "size": len(stack),
                "top": tile_json(state, stack[-1]) if stack else None,
            }
            for i, stack in enumerate(state.stacks)
        ],
        "can": None if state.can < 0 else state.can,
        "box": len(state.box),
        "discarded": [data.tile_ids[t] for t in state.discarded],
        "market": [
            {
                "slot": slot,
                "card": None if card < 0 else card_json(state, card),
                "tree": state.market_tree[slot],
            }
            for slot, card in enumerate(state.market)
        ],
        "deck": len(state.deck),
        "tree_stock": state.tree_stock,
        "carpet": {
            "tokens": [
                {"id": data.token_ids[t], "spaces": list(data.token_spaces[t])}
                for t in range(len(data.token_ids))
                if state.tokens[t]
            ],
            "assistants": list(state.carpet),
        },
        "gem_stock": gems_dict(state.gem_stock),
        "tile": None if state.tile < 0 else tile_json(state, state.tile),
        "icon": ICONS[state.icon] or None,
        "icon_hex": None if state.icon_bit < 0 else _hex(state, state.icon_bit),
        "bloom_left": state.bloom_left,
        "planting": None if state.planting < 0 else card_json(state, state.planting),
        "tile_shapes": {name: [list(c) for c in cells] for name, cells in data.shapes.items()},
        "tile_turns": {
            name: [[list(c) for c in cells] for cells in turns]
            for name, turns in game.shape_turns.items()
        },
        "icons": {
            ICONS[i]: {"name": data.icon_names[i], "text": data.icon_texts[i]}
            for i in range(1, len(ICONS))
        },
        "rules": rules_json(state),
        "can_rule": can_rule(state),
        "skill_rule": skill_rule(state),
        "skill_board": [
            {
                "id": data.skill_ids[i],
                "name": data.skill_names[i],
                "text": data.skill_texts[i],
                "level": "upper" if data.skill_upper[i] else "lower",
                "column": data.skill_column[i],
            }
            for i in range(skills_per_seat)
        ],
    }
    out["this_turn"] = record_json(state, state.record)
    out["last_turn"] = None if state.previous is None else record_json(state, state.previous)
    return out


def determinize(state: IshtarState, seat: int, rng: Any) -> IshtarState:
    """A full state that ``seat`` cannot tell from this one, hidden parts drawn from ``rng``.

    For each tile shape, the tiles below the tops of its stacks and those left in the box are
    dealt afresh, keeping every stack's height and top; the tree deck is reshuffled. (The
    kernel checked the seat.) Ishtar has no seat's own secret (bought tree cards were
    bought in sight of all), so this is :func:`deal_unseen` for every seat.
    """
    return deal_unseen(state, rng)


def deal_unseen(state: IshtarState, rng: Any) -> IshtarState:
    """A new state with what nobody has seen dealt afresh from ``rng``: per tile shape the
    tiles under the stacks' tops and in the box (each stack's height and top kept), the tree
    deck's order, and the generator. Both a seat's determinization and "continue from here"
    (:mod:`.reveal`) are this, since no seat knows more hidden things than another."""
    other = state.clone()
    other._legal = None
    data = state.game.data
    for shape in sorted(set(state.cups)):
        places = [i for i, s in enumerate(state.cups) if s == shape]
        pool = [t for t in state.box if data.tile_shape[t] == shape]
        for i in places:
            pool += state.stacks[i][:-1]
        pool.sort()  # a canonical order first: the deal must not depend on the hidden order
        rng.shuffle(pool)
        for i in places:
            stack = state.stacks[i]
            if not stack:
                continue
            hidden = len(stack) - 1
            other.stacks[i] = [*pool[:hidden], stack[-1]]
            del pool[:hidden]
        other.box = sorted([t for t in other.box if data.tile_shape[t] != shape] + pool)
    deck = sorted(state.deck)
    rng.shuffle(deck)
    other.deck = deck
    other.rng = Rng(rng.randrange(1 << 64))
    return other
