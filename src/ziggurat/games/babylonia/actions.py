"""Babylonia's actions and their notation.

Every decision of a turn is one action:

==================  ============  ==============================================
action              notation      meaning
==================  ============  ==============================================
place a token       ``M7,3``      merchant (M), servant (S), priest (P) or farmer (F)
                                  on hex row 7, col 3; on a river hex it lies face down
end placement       ``end``       stop placing tokens this turn
score a hex         ``score 12,4``  score this surrounded city or ziggurat next
take a card         ``card 3``    the winner of a ziggurat takes ziggurat card 3
extra turn          ``extra``     spend card 2 now for another turn
decline extra turn  ``no-extra``  keep card 2 for a later turn
==================  ============  ==============================================

Hexes use the ``(row, col)`` coordinates of the board data. Action ids are dense: four blocks
of placements (one per token kind, over the hexes in play), then ``end``, the score actions,
the nine cards, and the two extra-turn answers. All actions are built once per board.
"""

from __future__ import annotations

import re
from dataclasses import InitVar, dataclass
from typing import Any

from ziggurat.core.action import Action, ActionTable
from ziggurat.core.errors import IllegalAction

from .board import Board
from .cards import CARD_EXTRA_TURN
from .pieces import TOKEN_BY_LETTER, TOKEN_LETTERS, TOKEN_NAMES, format_coord

PLACE, END, SCORE, CARD, EXTRA, NO_EXTRA = range(6)


@dataclass(slots=True, eq=False, repr=False)  # eq, hash and repr stay Action's
class BabyloniaAction(Action):
    """One Babylonia decision. ``token`` and ``bit``/``coord`` are set where they apply."""

    action_id: InitVar[int]
    kind: int
    token: int = -1
    bit: int = -1
    coord: tuple[int, int] | None = None
    card: int = 0

    def __post_init__(self, action_id: int) -> None:
        Action.__init__(self, action_id, _text(self.kind, self.token, self.coord, self.card))


def _text(kind: int, token: int, coord: tuple[int, int] | None, card: int) -> str:
    if kind == PLACE:
        assert coord is not None
        return f"{TOKEN_LETTERS[token]}{format_coord(coord)}"
    if kind == SCORE:
        assert coord is not None
        return f"score {format_coord(coord)}"
    if kind == CARD:
        return f"card {card}"
    return {END: "end", EXTRA: "extra", NO_EXTRA: "no-extra"}[kind]


_PLACE_RE = re.compile(r"^([MSPF])\s*\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$")
_SCORE_RE = re.compile(r"^SCORE\s*\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$")
_CARD_RE = re.compile(r"^CARD\s*(\d+)$")
_NO_EXTRA_WORDS = ("NO-EXTRA", "NOEXTRA", "NO EXTRA")

NOTATION_HELP = (
    "M7,3 / S7,3 / P7,3 / F7,3 (place a merchant, servant, priest or farmer on row 7, col 3), "
    "end, score 12,4, card 3, extra, no-extra"
)


class BabyloniaActionTable(ActionTable):
    """All actions of one board, by id and by what they do: ``place[token][bit]``,
    ``score[bit]`` (None where a bit is no hex in play), ``card[number]``, ``end``, ``extra``
    and ``no_extra``. The table holds its board, because reading a hex in the notation means
    knowing which hexes are in play."""

    __slots__ = ("board", "card", "end", "extra", "no_extra", "place", "score")

    notation_help = NOTATION_HELP

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        coords = board.layout.coords
        size = len(board.neighbours)
        actions: list[BabyloniaAction] = []
        self.place: list[list[BabyloniaAction | None]] = []
        for token in range(4):
            row: list[BabyloniaAction | None] = [None] * size
            for coord in coords:
                bit = board.bit(coord)
                row[bit] = BabyloniaAction(len(actions), PLACE, token, bit, coord)
                actions.append(row[bit])
            self.place.append(row)
        self.end = BabyloniaAction(len(actions), END)
        actions.append(self.end)
        self.score: list[BabyloniaAction | None] = [None] * size
        for coord in coords:
            bit = board.bit(coord)
            self.score[bit] = BabyloniaAction(len(actions), SCORE, bit=bit, coord=coord)
            actions.append(self.score[bit])
        self.card: list[BabyloniaAction | None] = [None]
        for number in range(1, 10):
            self.card.append(BabyloniaAction(len(actions), CARD, card=number))
            actions.append(self.card[number])
        self.extra = BabyloniaAction(len(actions), EXTRA)
        actions.append(self.extra)
        self.no_extra = BabyloniaAction(len(actions), NO_EXTRA)
        actions.append(self.no_extra)
        self._finish(actions)

    def normalize(self, text: str) -> str:
        """``text`` in capitals with single spaces: the notation ignores case and spacing,
        and a placement's canonical letter is a capital, so ``m7,3`` finds ``M7,3`` at once."""
        return " ".join(text.strip().upper().split())

    def parse_words(self, text: str, norm: str) -> BabyloniaAction:
        """The other accepted spellings: ``END``, ``no extra``, ``M (7, 3)``, ``score(12,4)``,
        ``card3``; a hex must be in play on this board and a card number 1 to 9."""
        if norm in ("END", "EXTRA"):
            return self.end if norm == "END" else self.extra
        if norm in _NO_EXTRA_WORDS:
            return self.no_extra
        m = _PLACE_RE.match(norm)
        if m:
            bit = self._hex_bit((int(m.group(2)), int(m.group(3))), text)
            action = self.place[TOKEN_BY_LETTER[m.group(1)]][bit]
            assert action is not None
            return action
        m = _SCORE_RE.match(norm)
        if m:
            action = self.score[self._hex_bit((int(m.group(1)), int(m.group(2))), text)]
            assert action is not None
            return action
        m = _CARD_RE.match(norm)
        if m:
            number = int(m.group(1))
            if not 1 <= number <= 9:
                raise IllegalAction(f"{text!r}: ziggurat cards are numbered 1 to 9")
            return self.card[number]  # type: ignore[return-value]
        raise IllegalAction(f"{text!r} is not an action; actions are written {self.notation_help}")

    def _hex_bit(self, coord: tuple[int, int], text: str) -> int:
        if coord not in self.board:
            raise IllegalAction(
                f"{text!r}: there is no hex {format_coord(coord)} in play on this board"
            )
        return self.board.bit(coord)


ACTION_TYPES = {
    PLACE: "place",
    END: "end",
    SCORE: "score",
    CARD: "card",
    EXTRA: "extra",
    NO_EXTRA: "no-extra",
}


def describe_action(
    board: Board, action: BabyloniaAction, actor: int, viewer: int | None
) -> dict[str, Any]:
    """Structured fields and words for ``action`` by ``actor``, as ``viewer`` may see them."""
    kind = action.kind
    out: dict[str, Any] = {"type": ACTION_TYPES[kind]}
    if kind == PLACE:
        assert action.coord is not None
        face_down = bool((1 << action.bit) & board.river_mask)
        where = format_coord(action.coord)
        out["hex"] = list(action.coord)
        out["face_down"] = face_down
        if face_down and viewer != actor:
            out.update(text=f"?{where}", words=f"face-down token on {where}")
            return out
        name = TOKEN_NAMES[action.token]
        out["id"] = action.id  # the id names the token kind, so only where it may be seen
        out["token"] = name
        out.update(text=action.text, words=f"{name}{' face down' if face_down else ''} on {where}")
        return out
    out["id"] = action.id
    out["text"] = action.text
    if kind == SCORE:
        assert action.coord is not None
        out["hex"] = list(action.coord)
        out["words"] = f"scores {format_coord(action.coord)}"
    elif kind == CARD:
        out["card"] = action.card
        out["words"] = f"takes ziggurat card {action.card}"
    else:
        if kind != END:
            out["card"] = CARD_EXTRA_TURN
        out["words"] = {
            END: "ends placement",
            EXTRA: "takes an extra turn (card 2)",
            NO_EXTRA: "keeps card 2 for later",
        }[kind]
    return out
