"""Ishtar's actions and their notation.

A turn is the five steps of the rules reference (§11), each decision one action:

========================  ==============================  =======================================
decision                  notation                        meaning
========================  ==============================  =======================================
step 1, choose a tile     ``take 3``                      move the can to stack 3, take its top
                          ``take 4 pay vr``               ... paying a violet and a red gem
                          ``discard 2``                   no tile fits anywhere: discard stack 2's
step 2, place it          ``place 2,-1 r5``               space 0 on hex (2,-1), turned 5 x 60°
step 4, special action    ``assistant``                   an assistant onto the tile's icon
                          ``skill L1 pay vv``             unlock skill L1 with two violet gems
                          ``no action``                   use no icon
bloom (skill)             ``bloom 2 at 0,3``              a one-space token of 2 flowers
                          ``bloom 1+2 at 1,-1 2,-1``      a two-space token, 1 flower on the first
                          ``stop blooming``               place no second token
nursery (skill)           ``reserve 2``                   reserve the tree card in market slot 2
step 5, trees             ``buy 0`` / ``buy reserved``    buy a market card / the reserved card
                          ``plant 2,0``                   the bought card's tree onto hex (2,0)
                          ``end turn``                    buy nothing more
========================  ==============================  =======================================

Hexes are axial ``q,r`` (rules reference §3.1); stacks 0-5 clockwise around the carpet;
market slots 0-4 left to right; gems ``v``, ``r``, ``w`` (violet, red, white). Action ids are
dense and fixed for a game (its map and data): all actions are built once, so move generation
allocates nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import KW_ONLY, InitVar, dataclass
from functools import cache
from typing import Any

from ziggurat.core.action import Action, ActionTable
from ziggurat.core.errors import IllegalAction
from ziggurat.core.hexgrid import AXIAL_DIRECTIONS, Coord

from .components import GEM_LETTERS

(
    TAKE,
    DISCARD,
    PLACE,
    ASSISTANT,
    SKILL,
    NO_ACTION,
    BLOOM,
    STOP_BLOOM,
    RESERVE,
    BUY,
    PLANT,
    END_TURN,
) = range(12)

ACTION_TYPES = (
    "take",
    "discard",
    "place",
    "assistant",
    "skill",
    "no-action",
    "bloom",
    "stop-bloom",
    "reserve",
    "buy",
    "plant",
    "end-turn",
)

NOTATION_HELP = (
    "take 3, take 4 pay vr, discard 2, place 2,-1 r5, assistant, skill L1 pay vv, no action, "
    "bloom 2 at 0,3, bloom 1+2 at 1,-1 2,-1, stop blooming, reserve 2, buy 0, buy reserved, "
    "plant 2,0, end turn"
)

Gems = tuple[int, int, int]


def gems_text(gems: Sequence[int]) -> str:
    """``"vvr"``: one letter per gem, violet first."""
    return "".join(GEM_LETTERS[c] * gems[c] for c in range(3))


@cache
def payments(size: int) -> tuple[Gems, ...]:
    """Every way to pay ``size`` gems by colour, violet-heaviest first."""
    out = []
    for combo in itertools.combinations_with_replacement(range(3), size):
        counts = [0, 0, 0]
        for c in combo:
            counts[c] += 1
        out.append((counts[0], counts[1], counts[2]))
    return tuple(out)


def cell_text(cell: Coord) -> str:
    return f"{cell[0]},{cell[1]}"


def pattern_text(spaces: Sequence[int]) -> str:
    return "+".join(map(str, spaces))


def _hex_of(word: str) -> Coord | None:
    """``"2,-1"`` -> ``(2, -1)``; None if the word is not a hex."""
    parts = word.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


@dataclass(slots=True, eq=False, repr=False)  # eq, hash and repr stay Action's
class IshtarAction(Action):
    """One Ishtar decision; the fields that apply to its kind are set.

    ``stack`` for take and discard; ``pay`` (gems by colour) for take and skill; ``cell`` (a
    grid bit) and ``rotation`` for place; ``skill`` (index into the data's skills); ``pattern``
    (index into the game's token patterns), ``cell`` and ``cell2`` (-1 for one space) for
    bloom; ``slot`` for reserve and buy (``market_size`` = the reserved card); ``cell`` for
    plant.
    """

    action_id: InitVar[int]
    text: InitVar[str]
    kind: int
    _: KW_ONLY
    stack: int = -1
    pay: Gems = (0, 0, 0)
    cell: int = -1
    rotation: int = 0
    skill: int = -1
    pattern: int = -1
    cell2: int = -1
    slot: int = -1

    def __post_init__(self, action_id: int, text: str) -> None:
        Action.__init__(self, action_id, text)


class IshtarActionTable(ActionTable):
    """All actions of one game, by id and by what they do, and the notation's forgiving
    forms (the kernel's :class:`~ziggurat.core.action.ActionTable` does the scaffolding)."""

    __slots__ = (
        "assistant",
        "bloom",
        "buy",
        "discard",
        "end_turn",
        "hexes",
        "market_size",
        "no_action",
        "place",
        "place_by_rotation",
        "plant",
        "reserve",
        "skill",
        "skill_ids",
        "stop_bloom",
        "take",
    )

    notation_help = NOTATION_HELP

    def __init__(
        self,
        coords: Sequence[Coord],
        bit_of: dict[Coord, int],
        stacks: int,
        max_can_cost: int,
        skill_ids: Sequence[str],
        skill_cost: int,
        patterns: Sequence[tuple[int, ...]],
        market_size: int,
    ) -> None:
        super().__init__()
        self.skill_ids = tuple(skill_ids)
        self.market_size = market_size
        self.hexes = frozenset(coords)
        actions: list[IshtarAction] = []

        def add(text: str, kind: int, **fields: Any) -> IshtarAction:
            action = IshtarAction(len(actions), text, kind, **fields)
            actions.append(action)
            return action

        self.take: dict[tuple[int, Gems], IshtarAction] = {}
        for stack in range(stacks):
            for size in range(max_can_cost + 1):
                for pay in payments(size):
                    text = f"take {stack}" + (f" pay {gems_text(pay)}" if size else "")
                    self.take[stack, pay] = add(text, TAKE, stack=stack, pay=pay)
        self.discard = [add(f"discard {s}", DISCARD, stack=s) for s in range(stacks)]
        self.place: dict[tuple[int, int], IshtarAction] = {}
        # the same, as one list per rotation indexed by bit (None off the map): move
        # generation looks up hundreds of these per position
        size = max(bit_of.values()) + 1
        self.place_by_rotation: list[list[IshtarAction | None]] = [[None] * size for _ in range(6)]
        for cell in coords:
            bit = bit_of[cell]
            for k in range(6):
                action = add(f"place {cell_text(cell)} r{k}", PLACE, cell=bit, rotation=k)
                self.place[bit, k] = action
                self.place_by_rotation[k][bit] = action
        self.assistant = add("assistant", ASSISTANT)
        self.skill: dict[tuple[int, Gems], IshtarAction] = {}
        for i, skill_id in enumerate(skill_ids):
            for pay in payments(skill_cost):
                text = f"skill {skill_id}" + (f" pay {gems_text(pay)}" if skill_cost else "")
                self.skill[i, pay] = add(text, SKILL, skill=i, pay=pay)
        self.no_action = add("no action", NO_ACTION)
        self.bloom: dict[tuple[int, int, int], IshtarAction] = {}
        for p, spaces in enumerate(patterns):
            for cell in coords:
                bit = bit_of[cell]
                if len(spaces) == 1:
                    text = f"bloom {pattern_text(spaces)} at {cell_text(cell)}"
                    self.bloom[p, bit, -1] = add(text, BLOOM, pattern=p, cell=bit)
                    continue
                for dq, dr in AXIAL_DIRECTIONS:
                    other = (cell[0] + dq, cell[1] + dr)
                    if other not in bit_of:
                        continue
                    bit2 = bit_of[other]
                    text = f"bloom {pattern_text(spaces)} at {cell_text(cell)} {cell_text(other)}"
                    self.bloom[p, bit, bit2] = add(text, BLOOM, pattern=p, cell=bit, cell2=bit2)
        self.stop_bloom = add("stop blooming", STOP_BLOOM)
        self.reserve = [add(f"reserve {s}", RESERVE, slot=s) for s in range(market_size)]
        self.buy = [add(f"buy {s}", BUY, slot=s) for s in range(market_size)]
        self.buy.append(add("buy reserved", BUY, slot=market_size))
        self.plant = {
            bit_of[cell]: add(f"plant {cell_text(cell)}", PLANT, cell=bit_of[cell])
            for cell in coords
        }
        self.end_turn = add("end turn", END_TURN)
        self._finish(actions)

    # ------------------------------------------------------------------ parsing

    def normalize(self, text: str) -> str:
        """Case and spacing as the kernel's, and no space around the comma of a hex:
        ``"Place 2, -1 R5"`` reads as ``"place 2,-1 r5"``."""
        return " ".join(text.strip().lower().replace(", ", ",").replace(" ,", ",").split())

    def parse_words(self, text: str, norm: str) -> IshtarAction:
        """Gems in any order (``take 4 pay rv``), skill ids in any case, the short words
        (``skip``, ``stop``, ``done``...); else a refusal saying how that kind of action is
        written."""
        words = norm.split(" ")
        head = words[0]
        if head in ("take", "skill") and "pay" in words:
            cut = words.index("pay")
            letters = "".join(words[cut + 1 :])
            if not letters or any(ch not in GEM_LETTERS for ch in letters):
                raise IllegalAction(
                    f"{text!r}: after 'pay' write one letter per gem: v violet, r red, w white"
                )
            counts = tuple(letters.count(ch) for ch in GEM_LETTERS)
            again = " ".join(words[:cut]) + " pay " + gems_text(counts)
            if head == "skill":
                again = again.replace(words[1], words[1].upper(), 1)
            exact = self.by_text.get(again)
            if exact is not None:
                return exact
        if head == "skill" and len(words) > 1:
            exact = self.by_text.get(" ".join(["skill", words[1].upper(), *words[2:]]))
            if exact is not None:
                return exact
            raise IllegalAction(
                f"{text!r}: write skill <id> pay <gems>, the skills being "
                f"{', '.join(self.skill_ids)}, e.g. 'skill {self.skill_ids[0]} pay vr'"
            )
        if head in ("place", "bloom", "plant"):
            for word in words[1:]:
                cell = _hex_of(word)
                if cell is not None and cell not in self.hexes:
                    raise IllegalAction(f"{text!r}: hex {word} is off the map")
            if head == "place":
                raise IllegalAction(f"{text!r}: write place <q>,<r> r<0-5>, e.g. 'place 2,-1 r5'")
            raise IllegalAction(f"{text!r}: name hexes of the map as q,r ({NOTATION_HELP})")
        if head in ("take", "discard"):
            raise IllegalAction(
                f"{text!r}: stacks are numbered 0 to {len(self.discard) - 1}; a paid take "
                "names its gems, e.g. 'take 4 pay vr'"
            )
        if head in ("buy", "reserve"):
            raise IllegalAction(
                f"{text!r}: market slots are numbered 0 to {self.market_size - 1}"
                + ("; or 'buy reserved'" if head == "buy" else "")
            )
        aliases = {
            "none": self.no_action,
            "skip": self.no_action,
            "stop": self.stop_bloom,
            "stop bloom": self.stop_bloom,
            "end": self.end_turn,
            "done": self.end_turn,
        }
        if norm in aliases:
            return aliases[norm]
        return super().parse_words(text, norm)  # type: ignore[return-value]
