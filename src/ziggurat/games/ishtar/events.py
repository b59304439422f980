"""What an Ishtar move caused (ziggurat.core.events): the kinds the rules record, and their
words.

The rules (:mod:`.rules`) append plain tuples while a move is applied; nothing is worded
there. Nearly all of it is public at the table: the tile taken and the one its stack shows
next, the gems a tile collects, the skills and their gems, the assistants, the reserved
card, the cards coming to the market, the end. One thing is not: a bought tree card goes
face down in front of its buyer (rules reference §14: another seat sees how many, not
which; rulings I18), so the purchase and the planting name the card, and its points, to the
buyer alone. Every other seat and a spectator read that a card was bought, for which gems,
and where its tree went; the final scoring reveals every pile.

Ishtar pays no points during play: placing a tile, claiming a flowerbed or a fountain only
changes what the final scoring will count (the running score the log's points show).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ziggurat.core.events import Event, Part, seat, winners_parts

from .components import BLOOM, GEMS, RECRUIT, RESERVE

if TYPE_CHECKING:
    from .game import IshtarGame

TILE_TAKEN = "tile_taken"  # (seat, stack, tile, the tile the stack shows now or -1)
TILE_DISCARDED = "tile_discarded"  # (seat, stack, tile, the tile the stack shows now or -1)
TILE_PLACED = "tile_placed"  # (seat, tile, anchor bit, rotation, gems collected (v, r, w))
ASSISTANT_PLACED = "assistant_placed"  # (seat, hex bit, flowers of the flowerbed it claims)
SKILL_UNLOCKED = "skill_unlocked"  # (seat, skill, gems paid onto it (v, r, w))
ASSISTANTS_RECRUITED = "assistants_recruited"  # (seat, assistants from the carpet)
EFFECT_LOST = "skill_effect_lost"  # (seat, skill): its immediate effect cannot be carried out
CARD_RESERVED = "card_reserved"  # (seat, card, market slot)
CARD_BOUGHT = "card_bought"  # (seat, card, market slot or -1 for the reserved card)
TREE_PLANTED = "tree_planted"  # (seat, card, hex bit)
CARD_TO_MARKET = "card_to_market"  # (market slot, card, 1 if a tree stands on it else 0)
END_TRIGGERED = "end_triggered"  # (seat, the empty stacks, the seat whose turn is the last)
ONLY_TREES = "only_trees"  # (seat): every stack is empty, the turn is step 5 alone
GAME_OVER = "game_over"
# (per seat (trees, flowers, fountains, skills, total), winners, per seat the reserved card
# discarded unbought or -1)

PARTS = ("trees", "flowers", "fountains", "skills", "total")
"""The parts of a final score, in the order a ``game_over`` event holds them."""


def describe_event(game: IshtarGame, event: Event, viewer: int | None) -> dict[str, Any]:
    """The words of ``event`` as ``viewer`` may read them; raises ValueError (or TypeError,
    LookupError) for a tuple that is not an event of this game, so that a corrupt saved
    state is refused."""
    kind = event[0]
    data = game.data
    n = game.num_players
    out: dict[str, Any] = {"type": kind}
    parts: list[Part]
    if kind in (TILE_TAKEN, TILE_DISCARDED):
        _, s, stack, tile, top = event
        _index(s, n, "seat")
        _index(stack, len(data.cups), "stack")
        verb = " takes " if kind == TILE_TAKEN else " discards "
        parts = [seat(s), verb + _tile_words(game, tile) + f" from stack {stack}"]
        if kind == TILE_DISCARDED:
            parts.append(": it fits nowhere on the map")
        if top == -1:
            parts.append(f"; stack {stack} is now empty")
        else:
            parts.append(f"; stack {stack} now shows {_tile_words(game, top)}")
        out.update(
            seat=s,
            stack=stack,
            tile=data.tile_ids[tile],
            top=None if top == -1 else data.tile_ids[top],
        )
    elif kind == TILE_PLACED:
        _, s, tile, anchor, rotation, gems = event
        _index(s, n, "seat")
        _index(tile, len(data.tile_ids), "tile")
        _index(rotation, 6, "rotation")
        _bit(game, anchor)
        cells = [_bit(game, b) for b in game.footprint_cells(tile, anchor, rotation)]
        hexes = [list(game.grid.coord(b)) for b in cells]
        parts = [seat(s), f" places {data.tile_ids[tile]} on {' '.join(map(_hex, hexes))}"]
        if any(_gems(gems)):
            parts.append(f" and collects {_gem_words(gems)}")
        out.update(
            seat=s,
            tile=data.tile_ids[tile],
            hex=hexes[0],
            rotation=rotation,
            hexes=hexes,
            gems=_gem_dict(gems),
        )
    elif kind == ASSISTANT_PLACED:
        _, s, bit, flowers = event
        _index(s, n, "seat")
        where = list(game.grid.coord(_bit(game, bit)))
        _count(flowers)
        parts = [
            seat(s),
            f" puts an assistant on {_hex(where)} and controls its flowerbed of "
            f"{_plural(flowers, 'flower')}",
        ]
        out.update(seat=s, hex=where, flowers=flowers)
    elif kind == SKILL_UNLOCKED:
        _, s, skill, pay = event
        _index(s, n, "seat")
        if any(_gems(pay)):
            parts = [seat(s), f" puts {_gem_words(pay)} on {_skill_words(game, skill)}"]
        else:
            parts = [seat(s), f" unlocks {_skill_words(game, skill)} for no gems"]
        out.update(seat=s, skill=data.skill_ids[skill], pay=_gem_dict(pay))
    elif kind == ASSISTANTS_RECRUITED:
        _, s, count = event
        _index(s, n, "seat")
        if _count(count) < 1:
            raise ValueError("a recruit takes at least one assistant")
        recruited = _plural(count, "assistant")
        parts = [seat(s), f" takes {recruited} from the carpet into their supply"]
        out.update(seat=s, count=count)
    elif kind == EFFECT_LOST:
        _, s, skill = event
        _index(s, n, "seat")
        effect = data.skill_effect[_index(skill, len(data.skill_ids), "skill")]
        why = {
            RECRUIT: "no assistant of theirs is left on the carpet",
            BLOOM: "no blooming token fits anywhere",
            RESERVE: "no card can be reserved",
        }[effect]
        parts = [f"{_skill_words(game, skill)}: {why}, so its effect is lost for ", seat(s)]
        out.update(seat=s, skill=data.skill_ids[skill])
    elif kind == CARD_RESERVED:
        _, s, card, slot = event
        _index(s, n, "seat")
        _index(slot, data.market_size, "market slot")
        parts = [
            seat(s),
            f" reserves {_card_words(game, card)} from market slot {slot}, with its tree",
        ]
        out.update(seat=s, card=data.card_ids[card], slot=slot)
    elif kind == CARD_BOUGHT:
        _, s, card, slot = event
        _index(s, n, "seat")
        _index(card, len(data.card_ids), "card")
        if slot != -1:
            _index(slot, data.market_size, "market slot")
        # the purchase is seen at the table, so every viewer reads the card (rulings I18);
        # only the running points of another seat's face-down cards are left out
        what = f"{data.card_ids[card]} ({data.card_vp[card]} VP)"
        what = f"their reserved {what}" if slot == -1 else f"{what} from market slot {slot}"
        parts = [
            seat(s),
            f" buys {what} for {_gem_words(data.card_cost[card])}; it goes face down",
        ]
        out.update(
            seat=s,
            card=data.card_ids[card],
            slot=None if slot == -1 else slot,
            reserved=slot == -1,
            pay=_gem_dict(data.card_cost[card]),
        )
        if viewer == s:  # the others' scores leave face-down cards out until the end
            out["points"] = [data.card_vp[card] if i == s else 0 for i in range(n)]
    elif kind == TREE_PLANTED:
        _, s, card, bit = event
        _index(s, n, "seat")
        _index(card, len(data.card_ids), "card")
        where = list(game.grid.coord(_bit(game, bit)))
        parts = [seat(s), f" plants the tree of {data.card_ids[card]} on {_hex(where)}"]
        out.update(seat=s, card=data.card_ids[card], hex=where)  # public: rulings I18
    elif kind == CARD_TO_MARKET:
        _, slot, card, tree = event
        _index(slot, data.market_size, "market slot")
        _index(tree, 2, "tree flag")
        parts = [f"{_card_words(game, card)} comes to market slot {slot}"]
        if not tree:
            parts.append(", with no tree left for it: it cannot be bought")
        out.update(slot=slot, card=data.card_ids[card], tree=bool(tree))
    elif kind == END_TRIGGERED:
        _, s, empty, last = event
        _index(s, n, "seat")
        _index(last, n, "seat")
        stacks = [_index(x, len(data.cups), "stack") for x in empty]
        if not stacks:
            raise ValueError("the end comes with empty stacks")
        parts = [
            f"{_stacks_words(stacks)}: this round is the last, the game ends after the turn of ",
            seat(last),
        ]
        out.update(seat=s, empty=stacks, last=last)
    elif kind == ONLY_TREES:
        _, s = event
        _index(s, n, "seat")
        parts = ["every stack is empty: ", seat(s), " may only buy tree cards this turn"]
        out["seat"] = s
    elif kind == GAME_OVER:
        _, final, winners, discarded = event
        if len(final) != n or len(discarded) != n:
            raise ValueError("a final score and a discarded card (or -1) for every seat")
        scores = [dict(zip(PARTS, map(_count, totals), strict=True)) for totals in final]
        won = [_index(w, n, "seat") for w in winners]
        if not won:
            raise ValueError("a game has a winner")
        parts = ["game over: final scoring after the last round: "]
        for i, s in enumerate(sorted(range(n), key=lambda s: -scores[s]["total"])):
            p = scores[s]
            parts += [", " if i else "", seat(s), f" {p['total']} ("]
            parts.append(", ".join(f"{part} {p[part]}" for part in PARTS[:-1]) + ")")
        lost = []
        for s, card in enumerate(discarded):
            if card != -1:
                name = data.card_ids[_card(game, card)]
                parts += ["; ", seat(s), f"'s reserved {name} is discarded"]
                lost.append({"seat": s, "card": name})
        parts += ["; ", *winners_parts(won)]
        out.update(final=scores, winners=won, discarded=lost)
    else:
        raise ValueError(f"unknown event {kind!r}")
    out["parts"] = _joined(parts)
    return out


# ---------------------------------------------------------------------------- checks


def _index(value: Any, size: int, what: str) -> int:
    """``value`` as an index below ``size``; ValueError for anything else (a saved state's
    event must name a seat, stack, tile... that exists)."""
    if type(value) is not int or not 0 <= value < size:
        raise ValueError(f"{what} {value!r} is not between 0 and {size - 1}")
    return value


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def _bit(game: IshtarGame, value: Any) -> int:
    """``value`` as the bit of a hex of this map."""
    if type(value) is not int or value < 0 or not game.grid.all_mask >> value & 1:
        raise ValueError(f"{value!r} is not a hex of this map")
    return value


def _card(game: IshtarGame, value: Any) -> int:
    return _index(value, len(game.data.card_ids), "card")


def _gems(gems: Any) -> tuple[int, int, int]:
    """Gems by colour (violet, red, white), checked."""
    if type(gems) is not tuple or len(gems) != len(GEMS):
        raise ValueError(f"{gems!r} is not a count of gems by colour")
    return _count(gems[0]), _count(gems[1]), _count(gems[2])


# ---------------------------------------------------------------------------- words


def _hex(coord: Sequence[int]) -> str:
    return f"{coord[0]},{coord[1]}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _gem_dict(gems: Any) -> dict[str, int]:
    counts = _gems(gems)
    return {GEMS[c]: counts[c] for c in range(len(GEMS)) if counts[c]}


def _gem_words(gems: Any) -> str:
    """``"2 violet, 1 red gems"``; ``"no gems"`` for none."""
    counts = _gems(gems)
    shown = [f"{counts[c]} {GEMS[c]}" for c in range(len(GEMS)) if counts[c]]
    if not shown:
        return "no gems"
    return ", ".join(shown) + (" gem" if sum(counts) == 1 else " gems")


def _tile_words(game: IshtarGame, tile: Any) -> str:
    """``"T07 (4 flowers, skill icon)"``: a tile's id, its flowers and its icon."""
    data = game.data
    _index(tile, len(data.tile_ids), "tile")
    words = _plural(sum(data.tile_flowers[tile]), "flower")
    icon = data.tile_icon[tile]
    if icon:
        words += f", {data.icon_names[icon]} icon"
    return f"{data.tile_ids[tile]} ({words})"


def _card_words(game: IshtarGame, card: Any) -> str:
    """``"TC12 (3 violet, 1 red gems, 6 VP)"``: a face-up tree card, its cost and points."""
    data = game.data
    _card(game, card)
    return f"{data.card_ids[card]} ({_gem_words(data.card_cost[card])}, {data.card_vp[card]} VP)"


def _skill_words(game: IshtarGame, skill: Any) -> str:
    data = game.data
    _index(skill, len(data.skill_ids), "skill")
    return f"{data.skill_ids[skill]} {data.skill_names[skill]}"


def _stacks_words(stacks: Sequence[int]) -> str:
    """``"stacks 1 and 4 are empty"``."""
    if len(stacks) == 1:
        return f"stack {stacks[0]} is empty"
    return f"stacks {', '.join(map(str, stacks[:-1]))} and {stacks[-1]} are empty"


def _joined(parts: list[Part]) -> list[Part]:
    """``parts`` with neighbouring strings run together, empty ones dropped: one sentence has
    one form, whichever pieces it was built from."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += part
                continue
        out.append(part)
    return out
