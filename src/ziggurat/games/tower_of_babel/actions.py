"""Tower of Babel's actions and their notation.

Every decision of a turn is one action (the decision points A, O, S, T and D of the rules
reference, §4.5, plus the two "any time" action cards):

=========================  =====================================  ===============================
decision                   notation                               meaning
=========================  =====================================  ===============================
pass (A)                   ``pass``                               draw a card, end the turn
build (A)                  ``build giza 2``                       pick the disc on space 2 of giza
offer (O)                  ``offer 1 crane 2 boat``               face-down offer of these cards
                           ``offer 2 boat + exchange``            ... with the exchange card
                           ``offer nothing``                      no offer
accept (S)                 ``accept 1 3``                         take the offers of seats 1 and 3
                           ``accept none``                        take none, complete from hand
                           ``accept 2 + joker 2 boat``            ... one joker covering 2 boats
                           ``accept none + 2 jokers 3 camel 1 stonemason``
give up (S)                ``give up``                            leave the disc unfulfilled
triple bonus (T)           ``triple bonus`` / ``no triple bonus`` score 3 per card for the offer
double turn (D)            ``double turn`` / ``no double turn``   take a second turn now
draw three (any)           ``draw three``                         play draw_three
card trade (any)           ``trade 2 camel 1 boat``               play card_trade on these cards
=========================  =====================================  ===============================

Cards are always written as ``count type`` pairs in the type order camel, crane, boat,
stonemason. Action ids are dense and fixed for a game (its wonders, player count and card
counts): pass, the builds, the offers, the acceptances, then the rest. All actions are built
once per game, so move generation allocates nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import KW_ONLY, InitVar, dataclass, field
from typing import Any

from ziggurat.core.action import Action, ActionTable
from ziggurat.core.errors import IllegalAction

from .components import TYPES

(
    PASS,
    BUILD,
    OFFER,
    ACCEPT,
    GIVE_UP,
    TRIPLE,
    NO_TRIPLE,
    DOUBLE,
    NO_DOUBLE,
    DRAW_THREE,
    TRADE,
) = range(11)

ACTION_TYPES = (
    "pass",
    "build",
    "offer",
    "accept",
    "give-up",
    "triple",
    "no-triple",
    "double",
    "no-double",
    "draw-three",
    "trade",
)

NOTATION_HELP = (
    "pass, build giza 2, offer 1 crane 2 boat [+ exchange], offer nothing, accept 1 3, "
    "accept none, accept 2 + joker 2 boat, give up, triple bonus, no triple bonus, "
    "double turn, no double turn, draw three, trade 2 camel 1 boat"
)

Counts = tuple[int, int, int, int]


def cards_text(counts: Sequence[int]) -> str:
    """``"1 crane 2 boat"``: the non-zero counts in type order; ``"nothing"`` for none."""
    parts = [f"{c} {TYPES[t]}" for t, c in enumerate(counts) if c]
    return " ".join(parts) if parts else "nothing"


def cards_words(counts: Sequence[int]) -> str:
    """``"1 crane and 2 boats"``: the same in words for the log."""
    parts = [f"{c} {TYPES[t]}{'s' if c != 1 else ''}" for t, c in enumerate(counts) if c]
    if not parts:
        return "no cards"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _multisets(size: int) -> list[Counts]:
    """Every count tuple over the four types with exactly ``size`` cards, in a fixed order."""
    out = []
    for combo in itertools.combinations_with_replacement(range(4), size):
        counts = [0, 0, 0, 0]
        for t in combo:
            counts[t] += 1
        out.append((counts[0], counts[1], counts[2], counts[3]))
    return out


@dataclass(slots=True, eq=False, repr=False)  # eq, hash and repr stay Action's
class TowerAction(Action):
    """One Tower of Babel decision; the fields that apply to its kind are set.

    ``space`` for a build; ``cards`` (counts by type) for an offer or a trade; ``exchange``
    for an offer with the exchange card; ``mask`` (bit per seat) and ``jokers`` (units per
    type covered by jokers) for an acceptance.
    """

    action_id: InitVar[int]
    text: InitVar[str]
    kind: int
    _: KW_ONLY
    space: int = -1
    cards: Counts = (0, 0, 0, 0)
    exchange: bool = False
    mask: int = 0
    jokers: Counts = (0, 0, 0, 0)
    joker_count: int = 0
    seats: tuple[int, ...] = field(init=False)

    def __post_init__(self, action_id: int, text: str) -> None:
        mask = self.mask
        self.seats = tuple(s for s in range(mask.bit_length()) if mask >> s & 1)
        Action.__init__(self, action_id, text)


class TowerActionTable(ActionTable):
    """All actions of one game, by id and by what they do, and the game's notation.

    Beyond the exact canonical text, :meth:`parse_words` reads case, spacing, plurals, any
    card order, ``+`` without spaces and a few short forms (``giveup``, ``draw 3``, ...).
    """

    __slots__ = (
        "accept",
        "aliases",
        "build",
        "double",
        "draw_three",
        "give_up",
        "no_double",
        "no_triple",
        "offer",
        "offer_counts",
        "pass_",
        "spaces_per_wonder",
        "trade",
        "trade_counts",
        "triple",
        "wonder_ids",
    )

    notation_help = NOTATION_HELP

    def __init__(
        self,
        wonder_ids: Sequence[str],
        spaces_per_wonder: int,
        players: int,
        max_offer: int,
        max_jokers: int,
        joker_units: int,
        trade_max: int,
    ) -> None:
        super().__init__()
        self.wonder_ids = tuple(wonder_ids)
        self.spaces_per_wonder = spaces_per_wonder
        actions: list[Action] = []

        def add(text: str, kind: int, **fields: Any) -> TowerAction:
            action = TowerAction(len(actions), text, kind, **fields)
            actions.append(action)
            return action

        self.pass_ = add("pass", PASS)
        self.build: list[TowerAction] = []
        for w, wonder in enumerate(wonder_ids):
            for k in range(spaces_per_wonder):
                space = w * spaces_per_wonder + k
                self.build.append(add(f"build {wonder} {k + 1}", BUILD, space=space))
        self.offer: dict[tuple[Counts, bool], TowerAction] = {}
        # every offer's cards, fewest first; an offer's two actions (without and with the
        # exchange card) follow each other, so walking this list walks the offers in id order
        self.offer_counts: list[Counts] = []
        for size in range(max_offer + 1):
            for counts in _multisets(size):
                self.offer_counts.append(counts)
                self.offer[counts, False] = add(f"offer {cards_text(counts)}", OFFER, cards=counts)
                if size:
                    self.offer[counts, True] = add(
                        f"offer {cards_text(counts)} + exchange", OFFER, cards=counts, exchange=True
                    )
        joker_splits: list[tuple[int, Counts]] = [(0, (0, 0, 0, 0))]
        for j in range(1, max_jokers + 1):
            joker_splits += [(j, c) for c in _multisets(j * joker_units)]
        self.accept: dict[tuple[int, Counts], TowerAction] = {}
        for mask in range(1 << players):
            seats = " ".join(str(s) for s in range(players) if mask >> s & 1) or "none"
            for j, split in joker_splits:
                text = f"accept {seats}"
                if j:
                    text += f" + {'joker' if j == 1 else f'{j} jokers'} {cards_text(split)}"
                self.accept[mask, split] = add(text, ACCEPT, mask=mask, jokers=split, joker_count=j)
        self.give_up = add("give up", GIVE_UP)
        self.triple = add("triple bonus", TRIPLE)
        self.no_triple = add("no triple bonus", NO_TRIPLE)
        self.double = add("double turn", DOUBLE)
        self.no_double = add("no double turn", NO_DOUBLE)
        self.draw_three = add("draw three", DRAW_THREE)
        self.trade: dict[Counts, TowerAction] = {}
        self.trade_counts: list[Counts] = []
        for size in range(1, trade_max + 1):
            for counts in _multisets(size):
                self.trade_counts.append(counts)
                self.trade[counts] = add(f"trade {cards_text(counts)}", TRADE, cards=counts)
        self.aliases: dict[str, TowerAction] = {
            "giveup": self.give_up,
            "give-up": self.give_up,
            "triple": self.triple,
            "no triple": self.no_triple,
            "no-triple": self.no_triple,
            "double": self.double,
            "no double": self.no_double,
            "no-double": self.no_double,
            "draw 3": self.draw_three,
            "draw-three": self.draw_three,
        }
        self._finish(actions)

    # ------------------------------------------------------------------ parsing

    def normalize(self, text: str) -> str:
        """Lower case, single spaces, ``+`` set apart and commas dropped: ``offer 2 boat,
        1 crane +exchange`` reads ``offer 2 boat 1 crane + exchange``."""
        return " ".join(text.strip().lower().replace("+", " + ").replace(",", " ").split())

    def parse_words(self, text: str, norm: str) -> TowerAction:
        """The action of a lenient spelling: plurals, any card order, short forms."""
        words = norm.split(" ")
        head, rest = words[0], words[1:]
        if head == "build":
            return self._parse_build(text, rest)
        if head == "offer":
            exchange = "exchange" in rest
            rest = [w for w in rest if w not in ("+", "exchange", "with")]
            counts = self._parse_cards(text, rest)
            action = self.offer.get((counts, exchange))
            if action is None:
                raise IllegalAction(
                    f"{text!r}: no offer holds {cards_text(counts)}"
                    f"{' with the exchange card' if exchange else ''}; an offer holds at most "
                    f"{max(sum(c) for c in self.offer_counts)} building cards, and the exchange "
                    "card only beside at least one"
                )
            return action
        if head == "accept":
            return self._parse_accept(text, rest)
        if head == "trade":
            counts = self._parse_cards(text, rest)
            action = self.trade.get(counts)
            if action is None:
                most = max(sum(c) for c in self.trade_counts)
                raise IllegalAction(f"{text!r}: a card trade discards 1 to {most} building cards")
            return action
        alias = self.aliases.get(norm)
        if alias is not None:
            return alias
        return super().parse_words(text, norm)  # the kernel's refusal, naming the notation

    def _parse_build(self, text: str, rest: list[str]) -> TowerAction:
        if len(rest) == 1 and "-" in rest[0]:
            rest = rest[0].split("-")
        if len(rest) != 2 or rest[0] not in self.wonder_ids or not rest[1].isdigit():
            raise IllegalAction(
                f"{text!r}: write build <wonder> <space>, the wonders being "
                f"{', '.join(self.wonder_ids)} and the spaces 1 to {self.spaces_per_wonder}"
            )
        w = self.wonder_ids.index(rest[0])
        k = int(rest[1]) - 1
        if not 0 <= k < self.spaces_per_wonder:
            raise IllegalAction(f"{text!r}: spaces are numbered 1 to {self.spaces_per_wonder}")
        return self.build[w * self.spaces_per_wonder + k]

    def _parse_accept(self, text: str, rest: list[str]) -> TowerAction:
        seats_part, joker_part = rest, []
        if "+" in rest:
            cut = rest.index("+")
            seats_part, joker_part = rest[:cut], rest[cut + 1 :]
        mask = 0
        for word in seats_part:
            if word in ("none", "nobody", "seat", "seats", "and"):
                continue
            if not word.isdigit():
                raise IllegalAction(
                    f"{text!r}: accept names the seats whose offers are taken, e.g. "
                    "'accept 1 3' or 'accept none'"
                )
            mask |= 1 << int(word)
        jokers = (0, 0, 0, 0)
        count = 0
        if joker_part:
            if (
                joker_part[0].isdigit()
                and len(joker_part) > 1
                and joker_part[1].startswith("joker")
            ):
                count = int(joker_part[0])
                joker_part = joker_part[2:]
            elif joker_part[0].startswith("joker"):
                count = 1
                joker_part = joker_part[1:]
            else:
                raise IllegalAction(f"{text!r}: after '+' write 'joker 2 boat' or '2 jokers ...'")
            jokers = self._parse_cards(text, joker_part)
        action = self.accept.get((mask, jokers))
        if action is None or (count and action.joker_count != count):
            raise IllegalAction(
                f"{text!r}: no such acceptance; name seats of this game and let each joker "
                "cover exactly its share of cards"
            )
        return action

    @staticmethod
    def _parse_cards(text: str, words: list[str]) -> Counts:
        """``["2", "boats", "1", "crane"]`` -> counts by type; also ``["boat", "boat"]``."""
        counts = [0, 0, 0, 0]
        i = 0
        words = [w for w in words if w not in ("nothing", "none", "and")]
        while i < len(words):
            number = 1
            if words[i].isdigit():
                number = int(words[i])
                i += 1
                if i == len(words):
                    raise IllegalAction(f"{text!r}: {number} of which type?")
            name = words[i].removesuffix("s")
            if name not in TYPES:
                raise IllegalAction(
                    f"{text!r}: {words[i]!r} is not a building type; the types are "
                    f"{', '.join(TYPES)}"
                )
            counts[TYPES.index(name)] += number
            i += 1
        return (counts[0], counts[1], counts[2], counts[3])
