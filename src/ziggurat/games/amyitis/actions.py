"""Amyitis's actions and their notation.

Each decision of the rules reference's state machine (§6.0) is one action:

=========================  ===============================  =====================================
decision                   notation                         meaning
=========================  ===============================  =====================================
the turn                   ``pass``                         take no more actions this round
                           ``recruit 2 engineer``           recruit an engineer from craft row 2
                           ``caravan ur``                   move the caravan to Ur, paying camels
peasant / Tammouz 1st      ``field F2``                     a cube on field row F2
priest                     ``temple marduk``                a cube into Marduk's temple
engineer / Babylon         ``irrigate G12-G22.1``           a cube on that irrigation space
Babylon                    ``sell dates wine``              one or two resources for prestige
court city                 ``court banker pay wine``        the next Banker, paying wine
plant city                 ``plant G10 pay salt wine``      plant G10, paying the demand + extra
garden tile bonus          ``take salt``                    a resource of choice
                           ``choose gardener``              a court card of choice
procession                 ``procession tammouz``           the last passer's cube goes there
Ishtar 1st                 ``ishtar camel``                 (or ``ishtar talent``)
Tammouz 2nd                ``exchange wine for salt``       give one resource, take another
Tammouz 1st or 2nd         ``decline``                      take no Tammouz reward
storage limit              ``discard barley``               discard one resource token
=========================  ===============================  =====================================

Craft rows are numbered from 1, field rows are F1 and F2, squares ``Gxy`` and irrigation
spaces ``Gab-Gcd`` (``.1``/``.2`` for the two halves of a double edge) as in the rules
reference §2 and §4.1. Resources in a payment or a sale are listed in the order barley,
dates, salt, palm, wine. Action ids are dense and fixed for a game: all actions are built
once, so move generation allocates nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import KW_ONLY, InitVar, dataclass
from functools import cache
from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.action import ActionTable as BaseActionTable
from ziggurat.core.errors import IllegalAction

from .components import BASICS, COURTS, CRAFTS, RESOURCES, TEMPLES, WINE

(
    PASS,
    RECRUIT,
    CARAVAN,
    FIELD,
    TEMPLE,
    IRRIGATE,
    SELL,
    COURT,
    PLANT,
    TAKE,
    CHOOSE,
    PROCESSION,
    ISHTAR_CHOICE,
    EXCHANGE,
    DECLINE,
    DISCARD,
) = range(16)

ACTION_TYPES = (
    "pass",
    "recruit",
    "caravan",
    "field",
    "temple",
    "irrigate",
    "sell",
    "court",
    "plant",
    "take",
    "choose",
    "procession",
    "ishtar",
    "exchange",
    "decline",
    "discard",
)

NOTATION_HELP = (
    "pass, recruit 2 engineer, caravan ur, field F1, temple marduk, irrigate G00-G10, "
    "sell dates wine, court banker pay dates, plant G10 pay salt wine, take salt, "
    "choose gardener, procession ishtar, ishtar camel, exchange wine for salt, decline, "
    "discard barley"
)

ISHTAR_ITEMS = ("camel", "talent")

Tokens = tuple[int, ...]
"""A multiset of resources as sorted resource numbers, e.g. ``(SALT, WINE)``."""


def tokens_text(tokens: Sequence[int]) -> str:
    return " ".join(RESOURCES[r] for r in tokens)


def field_text(row: int) -> str:
    return f"F{row + 1}"


@cache
def payments_for(demand: tuple[int, ...]) -> tuple[Tokens, ...]:
    """Every way to pay ``demand`` (resource numbers) when wine may stand for any of them
    (cached: the route has a handful of demands)."""
    found: set[Tokens] = set()
    for choice in itertools.product((False, True), repeat=len(demand)):
        paid = (WINE if wine else r for r, wine in zip(demand, choice, strict=True))
        found.add(tuple(sorted(paid)))
    return tuple(sorted(found))


@dataclass(slots=True, eq=False, repr=False)  # eq, hash and repr stay Action's
class AmyitisAction(Action):
    """One Amyitis decision; the fields that apply to its kind are set.

    ``row`` (craft row, or field row for field) and ``craft`` for recruit; ``city`` for
    caravan; ``temple`` for temple and procession; ``space`` for irrigate; ``tokens`` (sorted
    resource numbers) for sell, court and plant payments and for take, exchange (given first,
    then taken) and discard; ``court`` for court and choose; ``square`` for plant; ``item``
    (0 camel, 1 talent) for the Ishtar choice.
    """

    action_id: InitVar[int]
    text: InitVar[str]
    kind: int
    _: KW_ONLY
    row: int = -1
    craft: int = -1
    city: int = -1
    temple: int = -1
    space: int = -1
    tokens: Tokens = ()
    court: int = -1
    square: int = -1
    item: int = -1

    def __post_init__(self, action_id: int, text: str) -> None:
        Action.__init__(self, action_id, text)


class ActionTable(BaseActionTable):
    """All actions of one game, by id and by what they do; the kernel's table base parses
    the notation, forgiving case, spacing and the order of resources (:meth:`normalize`)."""

    __slots__ = (
        "caravan",
        "choose",
        "court",
        "decline",
        "discard",
        "exchange",
        "field",
        "irrigate",
        "ishtar",
        "pass_",
        "plant",
        "procession",
        "recruit",
        "sell",
        "take",
        "temple",
    )

    notation_help = NOTATION_HELP

    def __init__(
        self,
        craft_rows: int,
        field_rows: int,
        city_names: Sequence[str],
        space_ids: Sequence[str],
        square_ids: Sequence[str],
        max_sell: int,
    ) -> None:
        super().__init__()
        actions: list[AmyitisAction] = []

        def add(text: str, kind: int, **fields: Any) -> AmyitisAction:
            action = AmyitisAction(len(actions), text, kind, **fields)
            actions.append(action)
            return action

        self.pass_ = add("pass", PASS)
        self.recruit: dict[tuple[int, int], AmyitisAction] = {}
        for row in range(craft_rows):
            for craft, name in enumerate(CRAFTS):
                self.recruit[row, craft] = add(
                    f"recruit {row + 1} {name}", RECRUIT, row=row, craft=craft
                )
        self.caravan = [
            add(f"caravan {name}", CARAVAN, city=c) for c, name in enumerate(city_names)
        ]
        self.field = [add(f"field {field_text(r)}", FIELD, row=r) for r in range(field_rows)]
        self.temple = [add(f"temple {name}", TEMPLE, temple=t) for t, name in enumerate(TEMPLES)]
        self.irrigate = [
            add(f"irrigate {name}", IRRIGATE, space=s) for s, name in enumerate(space_ids)
        ]
        self.sell: dict[Tokens, AmyitisAction] = {}
        for size in range(1, max_sell + 1):
            for combo in itertools.combinations_with_replacement(range(len(RESOURCES)), size):
                self.sell[combo] = add(f"sell {tokens_text(combo)}", SELL, tokens=combo)
        self.court: dict[tuple[int, int], AmyitisAction] = {}
        for court in range(3):
            for pay in range(len(RESOURCES)):
                text = f"court {COURTS[court]} pay {RESOURCES[pay]}"
                self.court[court, pay] = add(text, COURT, court=court, tokens=(pay,))
        self.plant: dict[tuple[int, Tokens], AmyitisAction] = {}
        for square, name in enumerate(square_ids):
            for size in (1, 2):
                for combo in itertools.combinations_with_replacement(range(len(RESOURCES)), size):
                    text = f"plant {name} pay {tokens_text(combo)}"
                    self.plant[square, combo] = add(text, PLANT, square=square, tokens=combo)
        self.take = [add(f"take {name}", TAKE, tokens=(r,)) for r, name in enumerate(RESOURCES)]
        self.choose = [add(f"choose {name}", CHOOSE, court=c) for c, name in enumerate(COURTS)]
        self.procession = [
            add(f"procession {name}", PROCESSION, temple=t) for t, name in enumerate(TEMPLES)
        ]
        self.ishtar = [
            add(f"ishtar {name}", ISHTAR_CHOICE, item=i) for i, name in enumerate(ISHTAR_ITEMS)
        ]
        self.exchange: dict[tuple[int, int], AmyitisAction] = {}
        for give in range(len(RESOURCES)):
            for take in BASICS:
                if take != give:
                    text = f"exchange {RESOURCES[give]} for {RESOURCES[take]}"
                    self.exchange[give, take] = add(text, EXCHANGE, tokens=(give, take))
        self.decline = add("decline", DECLINE)
        self.discard = [
            add(f"discard {name}", DISCARD, tokens=(r,)) for r, name in enumerate(RESOURCES)
        ]
        self._finish(actions)

    # ------------------------------------------------------------------ parsing

    def normalize(self, text: str) -> str:
        """``text`` in the canonical spelling: lower case and single spaces, squares, spaces
        and field rows in capitals (``G10``, ``F2``), and the resources of a sale or a
        payment in the order barley, dates, salt, palm, wine."""
        words = text.strip().lower().split()
        words = [w.upper() if w[:1] in ("g", "f") and w[1:2].isdigit() else w for w in words]
        if len(words) > 1 and words[0] in ("sell", "plant", "court"):
            cut = words.index("pay") + 1 if "pay" in words else 1
            listed = words[cut:]
            if all(w in RESOURCES for w in listed):
                words = words[:cut] + sorted(listed, key=RESOURCES.index)
        return " ".join(words)

    def parse_words(self, text: str, norm: str) -> AmyitisAction:
        """No action has the text ``norm``: say which words are wrong and the forms allowed."""
        raise IllegalAction(self._hint(text, norm.split()))

    def _hint(self, text: str, words: list[str]) -> str:
        """Why ``text`` names no action: the words that are wrong and the forms allowed."""
        head = words[0]
        for word in words[1:]:
            if word[:1] == "G" and "-" not in word and word not in self._squares():
                return f"{text!r}: {word} is not a garden square (G00 to G33)"
            if word[:1] == "G" and "-" in word and f"irrigate {word}" not in self.by_text:
                return f"{text!r}: {word} is not an irrigation space, e.g. G00-G10 or G12-G22.1"
        forms = {
            "recruit": "recruit <row> <peasant|priest|engineer|merchant>, e.g. 'recruit 1 priest'",
            "caravan": "caravan <city>, the cities being "
            + ", ".join(a.text.split(" ", 1)[1] for a in self.caravan),
            "field": "field F1 or field F2",
            "temple": f"temple <{'|'.join(TEMPLES)}>",
            "procession": f"procession <{'|'.join(TEMPLES)}>",
            "sell": "sell <one or two resources>, e.g. 'sell dates wine'",
            "court": "court <banker|caravaneer|palace> pay <resource>",
            "plant": "plant <square> pay <resources>, e.g. 'plant G10 pay salt wine'",
            "take": f"take <{'|'.join(RESOURCES)}>",
            "discard": f"discard <{'|'.join(RESOURCES)}>",
            "choose": f"choose <{'|'.join(COURTS)}>",
            "ishtar": "ishtar camel or ishtar talent",
            "exchange": "exchange <resource> for <barley|dates|salt|palm> (two different ones)",
            "irrigate": "irrigate <space>, e.g. 'irrigate G00-G10'",
        }
        if head in forms:
            return f"{text!r} is not an action: write {forms[head]}"
        return f"{text!r} is not an action; actions are written {NOTATION_HELP}"

    def _squares(self) -> set[str]:
        return {a.text.split(" ")[1] for a in self.plant.values()}
