"""A game's rules options, declared once as data: type, default, allowed values, a help line.

Every front end is generated from these declarations: ``ziggurat play`` builds its flags from
them, ``GET /api/games`` lists them with their choices, and the lobby draws its form from that
listing. Validation lives here too, so every game refuses a bad option with the same kind of
message: what was wrong and what is allowed. Nothing is built before the options are known to
be valid, and a text option has a size limit, so no input can make the kernel do much work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptions

MAX_TEXT_OPTION = 2_000
"""The longest text any option may hold, in characters (a custom Ishtar layout is ~100)."""

_SHOWN_PREFIX = 40  # characters of a refused value quoted back in an error


@dataclass(frozen=True, slots=True)
class Option:
    """One rules option of a game.

    ``kind`` is ``bool``, ``int`` or ``str``. ``choices`` lists the allowed values where
    there are few (a text option without choices takes any text up to ``max_length``, and the
    game checks its form). ``seat`` marks an option whose value is a seat number of the game
    (0 to players - 1), ``nullable`` one that may also be ``None`` (JSON ``null``), with
    ``null_label`` saying what ``None`` means. ``help`` is written for players (for a yes/no
    option: what "yes" does): it shows in the terminal's ``--help``, the API and the lobby,
    under the control ``label`` names (by default the name in words).
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    nullable: bool = False
    seat: bool = False
    max_length: int = MAX_TEXT_OPTION
    label: str = ""
    null_label: str = "default"

    @property
    def title(self) -> str:
        """The control's name for people: ``label``, else ``start_player`` as "Start player"."""
        return self.label or self.name.replace("_", " ").capitalize()

    def as_json(self, player_counts: Sequence[int]) -> dict[str, Any]:
        """The declaration as the API lists it (the lobby builds its form from this)."""
        out: dict[str, Any] = {
            "type": {bool: "bool", int: "int", str: "text"}[self.kind],
            "default": self.default,
            "label": self.title,
            "help": self.help,
            "nullable": self.nullable,
        }
        if self.nullable:
            out["null_label"] = self.null_label
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.seat:
            out["seat"] = True
            out["range"] = [0, max(player_counts) - 1]
        if self.kind is str:
            out["max_length"] = self.max_length
        return out


def players_option(player_counts: Sequence[int], default: int) -> Option:
    """The one option every game has."""
    counts = tuple(player_counts)
    words = ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"
    return Option("players", int, default, f"number of players: {words}", choices=counts)


def shown(value: Any) -> str:
    """``value`` as an error quotes it: its repr, cut to a short prefix."""
    text = repr(value)
    return text if len(text) <= _SHOWN_PREFIX else text[:_SHOWN_PREFIX] + "...(cut)"


def validate_options(
    title: str, specs: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """``given`` checked against ``specs`` and completed with the defaults, in the order of
    the declarations; :class:`InvalidOptions` names the first problem and what is allowed.

    Text values are normalised (outer white space removed), so ``"preset "`` and
    ``"preset"`` are one option set.
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = [key for key in given if key not in by_name]
    if unknown:
        names = ", ".join(shown(k) for k in sorted(map(str, unknown)))
        raise InvalidOptions(
            f"unknown {title} option {names}; the options are: {', '.join(by_name)}"
        )
    merged: dict[str, Any] = {}
    for spec in specs:
        merged[spec.name] = _checked(title, spec, given.get(spec.name, spec.default))
    for spec in specs:
        value = merged[spec.name]
        if spec.seat and value is not None and not 0 <= value < merged["players"]:
            raise InvalidOptions(_seat_words(spec, value, merged["players"]))
    return merged


def _seat_words(spec: Option, value: Any, players: int) -> str:
    null = "null or " if spec.nullable else ""
    return f"{spec.name}={shown(value)}: {null}a seat number from 0 to {players - 1}"


def _checked(title: str, spec: Option, value: Any) -> Any:
    if value is None and spec.nullable:
        return None
    # "players=5: Babylonia is for 2, 3 or 4"; "ziggurat_cards='all': use 'standard' or ..."
    refused = f"{spec.name}={shown(value)}: " + (
        f"{title} is for " if spec.name == "players" else "use "
    )
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise InvalidOptions(f"{spec.name}={shown(value)}: must be true or false")
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            if spec.seat:
                raise InvalidOptions(_seat_words(spec, value, 0).rsplit(" from", 1)[0])
            raise InvalidOptions(refused + allowed_words(spec))
    elif spec.kind is str:
        if not isinstance(value, str):
            raise InvalidOptions(refused + allowed_words(spec))
        if len(value) > spec.max_length:
            raise InvalidOptions(
                f"{spec.name} is {len(value)} characters long; at most {spec.max_length}"
            )
        value = value.strip()
    if spec.choices is not None and value not in spec.choices:
        raise InvalidOptions(refused + allowed_words(spec))
    return value


def allowed_words(spec: Option) -> str:
    """What ``spec`` allows, in words: ``2, 3 or 4``, ``'standard' or 'advanced'``."""
    if spec.choices is not None:
        words = [repr(c) if isinstance(c, str) else str(c) for c in spec.choices]
        text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    elif spec.seat:
        text = "a seat number"
    elif spec.kind is int:
        text = "a whole number"
    else:
        text = f"a text of at most {spec.max_length} characters"
    return text + (" or null" if spec.nullable else "")
