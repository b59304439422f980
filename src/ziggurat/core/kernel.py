"""The kernel: the public game interface of DESIGN.md, written once for every game.

A game is two subclasses, in the manner of OpenSpiel's ``pyspiel.Game``/``State`` and
python-chess's ``BaseBoard``: :class:`BaseGame` (its static facts as data, its options
declared as :class:`~ziggurat.core.options.Option`, setup) and :class:`BaseState` (one
position). The kernel owns every public method: option validation, the seed check, the
cached legal list, ``apply_action`` refusing an illegal action with its reason before the
game's own apply runs, seat checks on ``view`` and ``determinize``, the JSON preamble
(format, game, options, data version) and its check on reading, action numbering for RL and
notation parsing. A game writes hooks only: the ones marked abstract, and the optional ones
below, each declared here with its default and documented, so no caller ever looks one up.

Speed: the public methods add one plain method call to the game's hot hooks and nothing
else (no copies, no dict lookups); ``clone`` stays hand-written in each game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from .action import Action, ActionTable, action_by_number
from .api import TERMINAL
from .errors import CorruptState, IllegalAction, InvalidOptions, ZigguratError
from .events import Event, event_text, from_plain, plain
from .options import Option, validate_options
from .rng import Rng

if TYPE_CHECKING:  # numpy is imported only when a tensor is asked for (see observation_tensor)
    import numpy as np

    from .observation import Layout

JSON_FORMAT = 2
"""The version of the state JSON layout; every game's ``to_json`` starts with it. Format 2
added ``events``; a format 1 file is read as one whose last action caused none."""

ENVELOPE = ("game", "seat", "phase", "current", "over", "winners", "players", "events")
"""The keys every view starts with, the same in every game (docs/views.md); a game's own
view adds its fields after them and never writes one of these itself, except that its
``players`` (a list of per-seat dicts) is merged into the envelope's."""


def check_seed(seed: object) -> None:
    """Refuse a seed that is not an int (a bool neither): every seed the kernel takes,
    a new game's and a reshuffle's, is checked the same way."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptions(f"seed must be an integer, not {seed!r}")


class StatePreamble(BaseModel):
    """The fields every saved state starts with; a game's schema for its state extends it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal[2]
    game: str
    options: dict[str, Any]
    data_version: str
    events: list[list[Any]]  # what the last action caused (see ziggurat.core.events)


class BaseGame(ABC):
    """One game with validated options: immutable, shared by all of its states.

    Declared by each game as class attributes: ``name``, ``title``, ``player_counts``,
    ``options_declared`` (every rules option, ``players`` first), ``conformance_option_sets``
    (the option sets the conformance test plays, at every player count unless a set names
    ``players``) and ``conformance_depth`` (random games per set and player count, and every
    how many positions the expensive checks run). Derived from them, never restated:
    ``option_defaults``, ``option_help`` and ``short_title`` (the title before a colon).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    options_declared: ClassVar[tuple[Option, ...]]
    conformance_option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    conformance_depth: ClassVar[tuple[int, int]] = (2, 3)  # games per set, deep-check spacing
    option_defaults: ClassVar[dict[str, Any]]
    option_help: ClassVar[dict[str, str]]
    short_title: ClassVar[str]  # "Ishtar" for "Ishtar: Gardens of Babylon", in running text

    # set by setup(): the component data, its version and the table of every action
    data: Any
    data_version: str
    actions: ActionTable

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "title" in cls.__dict__ and "short_title" not in cls.__dict__:
            cls.short_title = cls.title.split(":")[0].strip()
        declared = cls.__dict__.get("options_declared")
        if declared is not None:
            cls.option_defaults = {o.name: o.default for o in declared}
            cls.option_help = {o.name: o.help for o in declared}

    def __init__(self, data: Path | None = None, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.title, self.options_declared, options)
        self.num_players: int = self.options["players"]
        self.setup(data)
        self.num_distinct_actions: int = len(self.actions.actions)

    # ------------------------------------------------------------------ hooks: required

    @abstractmethod
    def setup(self, data: Path | None) -> None:
        """Load the component data (an owner's file, or the shipped one when ``data`` is
        None) and build what every state shares; sets ``data``, ``data_version`` and
        ``actions``. The options are validated already."""

    @abstractmethod
    def initial_state(self, seed: int) -> BaseState:
        """The position after setup, every draw taken from ``seed``."""

    # What a seat sees, a world consistent with it, and the saved form are hooks of the game
    # rather than of the state: the game module sits above the state, views and serialize
    # modules, so the state module never imports them (no import circle in a game). By
    # default they call the game's two modules named here, which every game writes.

    views_module: ClassVar[ModuleType]
    """``view(state, seat)`` and ``determinize(state, seat, rng)`` of this game."""

    serialize_module: ClassVar[ModuleType]
    """``state_fields(state)`` and ``read_state(game, data)`` of this game."""

    def read_state(self, data: dict[str, Any]) -> BaseState:
        """The state ``data`` holds (the preamble is checked already); raises
        :class:`CorruptState` naming what is wrong."""
        return self.serialize_module.read_state(self, data)  # type: ignore[no-any-return]

    def state_view(self, state: BaseState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of ``state``, JSON-ready; the seat is
        checked already."""
        return self.views_module.view(state, seat)  # type: ignore[no-any-return]

    def state_determinize(self, state: BaseState, seat: int, rng: Any) -> BaseState:
        """A full state ``seat`` cannot tell from ``state``, hidden parts drawn from ``rng``
        and from nothing else ``seat`` cannot see (not even an order)."""
        return self.views_module.determinize(state, seat, rng)  # type: ignore[no-any-return]

    def state_fields(self, state: BaseState) -> dict[str, Any]:
        """``state``'s own saved fields; the kernel puts the preamble before them."""
        return self.serialize_module.state_fields(state)  # type: ignore[no-any-return]

    observation_module: ClassVar[ModuleType | None] = None
    """``layout(game)`` and ``encode(state, seat, out)`` of this game's tensor observation
    (see :mod:`ziggurat.core.observation`), or None for the envelope's alone."""

    def make_observation_layout(self) -> Layout:
        """The sections of this game's observation tensor, for these options. Default: the
        observation module's layout, or the envelope's (who is to move, whether it is over)
        for a game without one."""
        if self.observation_module is not None:
            return self.observation_module.layout(self)  # type: ignore[no-any-return]
        from .observation import Layout, Section

        return Layout(
            (
                Section(
                    "to_move", (self.num_players,), "1 at the seat to move, the observer first"
                ),
                Section("over", (1,), "1 once the game is over"),
            )
        )

    def encode_observation(self, state: BaseState, seat: int, out: np.ndarray) -> None:
        """Fill ``out`` (zeros, the layout's size, float32) with what ``seat`` sees of
        ``state``, reading nothing ``view(seat)`` does not show. Default: the observation
        module's ``encode``, or the envelope's sections."""
        if self.observation_module is not None:
            self.observation_module.encode(state, seat, out)
            return
        if state.is_terminal():
            out[self.num_players] = 1.0
        else:
            out[(state.current - seat) % self.num_players] = 1.0

    # ------------------------------------------------------------------ static facts

    RULES_FILE: ClassVar[str] = "rules.md"
    """The players' summary of the rules, in the game's package beside its data: shown in
    the browser's rules panel and by ``ziggurat rules``."""

    @classmethod
    def rules_summary(cls) -> str:
        """The players' summary of the rules (Markdown, headings from ``##``): a file of
        the game's package, so that it ships in the wheel with the game and the server and
        the terminal show the same text. Empty when the game has none."""
        package = cls.__module__.rpartition(".")[0]
        source = resources.files(package) / cls.RULES_FILE
        return source.read_text(encoding="utf-8") if source.is_file() else ""

    # ------------------------------------------------------------------ hooks: optional

    def seat_names(self) -> Sequence[str]:
        """How seats are named where nobody chose a name."""
        return [f"seat {s}" for s in range(self.num_players)]

    def describe_action(self, action: Action, actor: int, viewer: int | None) -> dict[str, Any]:
        """``{"type", "text", "words", ...}``: the action as ``viewer`` may see it, with the
        structured fields a board drawing needs. Default: its notation as its words.

        It depends on nothing but its arguments and the game (it is given no state), so the
        server describes each action once per game and seat and keeps the text."""
        return {"type": "action", "id": action.id, "text": action.text, "words": action.text}

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any] | None:
        """``event`` (a raw tuple the rules recorded) as ``viewer`` may read it:
        ``{"type", "parts", ...}`` (see :mod:`ziggurat.core.events`), or None to hide it from
        ``viewer``. Default: its kind and its fields as plain words, for a game that records
        no events of its own."""
        return {"type": str(event[0]), "parts": [" ".join(map(str, event))]}

    def reveals_secrets(self, state: BaseState, action: Action) -> bool:
        """Does ``action`` turn something hidden face up by the rules (a reveal, a new deal)?
        The conformance suite then lets two worlds a seat cannot tell apart differ after it.
        Default: no action does."""
        return False

    def can_undo(self, before: BaseState, after: BaseState) -> bool:
        """May the move that led from ``before`` to ``after`` be taken back? Only a move
        that leaves the same seat deciding and shows nobody anything hidden (no draw, no
        tile or card turned face up, no offer revealed), so that taking it back hides
        nothing anyone has seen. The one rule of undo, whatever the front end.
        The conformance suite checks that every seat sees the same after such a move in
        every world it cannot tell from this one, and that the answer itself depends on
        nothing hidden. Default: no move may be taken back."""
        return False

    def without_draws(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` without what a move's chance draws put in the viewer's own hand, which
        differs between two worlds by chance, not by a leak (conformance suite). Default:
        nothing is drawn into a hand by another seat's move."""
        return view

    def secret_from(self, state: BaseState, action: Action) -> tuple[int, ...]:
        """The seats that must learn nothing of ``action`` (by the player to move) before
        the reveal: in a simultaneous secret round collected one seat at a time, those still
        to decide in it. Default: no such round."""
        return ()

    def options_are_secret(self, state: BaseState) -> bool:
        """May whether the player to move has one option or several depend on what others
        cannot see? Then bots think even over a forced move, so their timing tells nothing.
        Default: a forced move is forced for all to see."""
        return False

    def state_reshuffled(self, state: BaseState, rng: Rng) -> BaseState:
        """A new state in the same position as ``state`` in everything some seat held or saw
        (board, each seat's own holdings, face-up things, pending choices, scores, whose
        turn), with everything nobody at the table could see drawn afresh from ``rng``: the
        order of every draw pile, bag and tile stack, what lies face down unseen, and the
        state's own generator (reseeded: ``Rng(rng.randrange(1 << 64))``).

        Why: a finished game's replay may be continued from move N as a new table. Everyone
        there has watched the whole game, so the original future draws are known to all;
        dealing them again keeps the new game a game. It is a determinization that keeps
        what *every* seat knows (compare ``state_determinize``, which keeps one seat's).
        ``state`` is left unchanged. Default: a plain clone, nothing redrawn, for a game
        with no hidden draws (each of the four games has some, and writes its own)."""
        other = state.clone()
        other._legal = None
        return other

    def revealed_at_end(self, state: BaseState) -> list[dict[str, Any]]:
        """What was hidden during the game, shown once it is over (the end screen):
        ``[{"seat": int | None, "label": str, "items": [str, ...]}, ...]``. ``seat`` is the
        seat whose secret it was, None for the table's (tiles left in a stack, cards left in
        a deck); ``label`` names the collection ("Stand", "Hand", "Tree cards") and each item
        is plain words a player reads ("3 farmers", "a merchant at 12,4"), naming things as
        the game's views and notation do. Every seat's sections come first, in seat order,
        then the table's; a collection that is empty is left out (so ``items`` is never
        empty). JSON-ready. ``state`` is over (the kernel checked).

        Why: a player who lost wants to see what the others held and what the next draws
        would have been; hiding it is only needed while the game runs. Default: nothing was
        hidden."""
        return []

    # ------------------------------------------------------------------ the public API

    def new_initial_state(self, seed: int = 0) -> BaseState:
        """A new game; the same seed and the same actions give the same game."""
        check_seed(seed)
        return self.initial_state(seed)

    def state_from_json(self, data: dict[str, Any]) -> BaseState:
        """The state that ``to_json`` wrote; refuses another game's, another option set's or
        another data file's state, naming which."""
        if not isinstance(data, dict):
            raise CorruptState(f"a {self.title} state is a JSON object, not {type(data).__name__}")
        if data.get("format") == 1 and "events" not in data:
            data = {**data, "format": JSON_FORMAT, "events": []}  # saved before events
        if data.get("game", self.name) != self.name:
            raise CorruptState(f"state is of the game {data.get('game')!r}, not {self.name!r}")
        if "options" in data and data["options"] != self.options:
            raise CorruptState(
                f"state was saved with options {data['options']}, not {self.options}"
            )
        if "data_version" in data and data["data_version"] != self.data_version:
            raise CorruptState(
                f"state was saved with component data version {data['data_version']}, but "
                f"the loaded data is version {self.data_version}"
            )
        state = self.read_state(data)
        state.events = self._read_events(data["events"])
        return state

    def _read_events(self, saved: list[list[Any]]) -> tuple[Event, ...]:
        """The saved events, each one checked by wording it for every viewer."""
        events = tuple(from_plain(e) for e in saved)
        for event in events:
            try:
                for viewer in (*range(self.num_players), None):
                    self.event_view(event, viewer)
            except (LookupError, TypeError, ValueError, AttributeError):
                raise CorruptState(
                    f"{self.title} state: events holds {plain(event)!r}, which is not an "
                    "event of this game"
                ) from None
        return events

    def event_view(
        self, event: Event, viewer: int | None, names: Sequence[str] | None = None
    ) -> dict[str, Any] | None:
        """``event`` as ``viewer`` may read it (None: hidden from ``viewer``), with its
        ``text`` worded with ``names`` (by default the game's seat names)."""
        described = self.describe_event(event, viewer)
        if described is None:
            return None
        described["text"] = event_text(described["parts"], names or self.seat_names())
        return described

    @property
    def observation_layout(self) -> Layout:
        """The layout of this game's observation tensor (built once per game)."""
        layout: Layout | None = self.__dict__.get("_observation_layout")
        if layout is None:
            layout = self.__dict__["_observation_layout"] = self.make_observation_layout()
        return layout

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of ``state.observation_tensor(seat)``: one flat vector."""
        return self.observation_layout.shape

    def json_preamble(self) -> dict[str, Any]:
        """The fields a saved state starts with (see :class:`StatePreamble`)."""
        return {
            "format": JSON_FORMAT,
            "game": self.name,
            "options": dict(self.options),
            "data_version": self.data_version,
        }

    def parse_action(self, state: BaseState | None, text: str) -> Action:
        """The action ``text`` names (the notation of the game's action table); whether it
        is legal in a state is checked when it is applied."""
        return self.actions.parse(text)

    def action_to_int(self, action: Action) -> int:
        return action.id

    def int_to_action(self, state: BaseState | None, action_id: int) -> Action:
        return action_by_number(self.actions.actions, action_id)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.options}>"


class BaseState(ABC):
    """One position of a game. The game's subclass keeps its changing parts in plain ints
    and lists (its own ``__slots__``) and writes a hand-made ``clone`` that copies them and
    the five kernel slots below."""

    __slots__ = ("_legal", "current", "events", "game", "n")

    def __init__(self, game: BaseGame) -> None:
        self.game = game
        self.n: int = game.num_players
        self.current: int = 0  # the seat to decide; current_player says TERMINAL at the end
        self._legal: list[Any] | None = None  # the legal actions, once generated
        # what the last action caused: raw tuples the rules append (``state.events +=
        # (event,)``), worded only when asked (ziggurat.core.events); a tuple, so a clone
        # shares it safely
        self.events: tuple[Event, ...] = ()

    # ------------------------------------------------------------------ hooks: required

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's points now; the final points once the game is over."""

    @abstractmethod
    def clone(self) -> BaseState:
        """A cheap independent copy, written by hand for speed."""

    @abstractmethod
    def _generate_legal(self) -> list[Any]:
        """Every legal action of the player to move, in a stable order (never empty before
        the end)."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Play ``action``, known to be legal; the cached legal list is already cleared."""

    @abstractmethod
    def _why_not(self, action: Any) -> str:
        """Why ``action``, a well-formed action of this game known not to be legal now, is
        not: a sentence naming what is allowed instead."""

    # ------------------------------------------------------------------ hooks: optional

    def phase_name(self) -> str:
        """The word for what is being decided now (the view's ``phase``). Default: "play",
        or "over" at the end."""
        return "over" if self.is_terminal() else "play"

    def winners(self) -> list[int]:
        """The seats that share the victory. Default: every seat with the most points."""
        points = self.scores()
        best = max(points)
        return [s for s in range(self.n) if points[s] == best]

    def shown_scores(self, viewer: int | None) -> list[int]:
        """The scores as ``viewer`` may see them during play. Default: ``scores()``; a game
        with secret points (Ishtar's face-down tree cards) leaves them out until the end."""
        return self.scores()

    def automatic_steps(self) -> list[tuple[int, Action]]:
        """``(seat, action)`` of each decision the engine took by itself (it had one option)
        while the last action was applied, for logs. Default: none."""
        return []

    def _is_legal(self, action: Any) -> bool:
        """Is ``action`` (well formed, the game not over) legal now? Default: a scan of the
        cached legal list (short lists: a scan beats building a set per position); a game
        whose lists run long may answer from the rules directly."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        action_id = action.id
        for candidate in legal:  # noqa: SIM110 - a plain loop is faster than any() here
            if candidate.id == action_id:
                return True
        return False

    # ------------------------------------------------------------------ the public API

    @property
    def current_player(self) -> int:
        """The seat to decide, or ``TERMINAL`` once the game is over."""
        return TERMINAL if self.is_terminal() else self.current

    def legal_actions(self) -> list[Any]:
        """The legal actions of ``current_player``, in a stable order (a copy: the caller may
        change it)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        return legal[:]

    def why_illegal(self, action: object) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence saying why not."""
        table = self.game.actions.actions
        if isinstance(action, str):
            return f"{action!r} is text; turn it into an action with game.parse_action(state, text)"
        if not isinstance(action, Action) or not 0 <= action.id < len(table):
            return f"{action!r} is not an action of this game"
        known = table[action.id]
        if known is not action and (type(known) is not type(action) or known.text != action.text):
            return f"{action!r} is not an action of this game"
        if self.is_terminal():
            return f"{action}: the game is over"
        if self._is_legal(action):
            return None
        return f"{action}: {self._why_not(action)}"

    def is_legal(self, action: Any) -> bool:
        """Is ``action``, one of this game's actions (from its action table), legal now?
        For searches, which ask this of a few known moves in each sampled world: a game
        whose legal lists run long answers from its rules, without listing them."""
        return not self.is_terminal() and self._is_legal(action)

    def apply_action(self, action: Any) -> None:
        """Play a legal action; an illegal one raises :class:`IllegalAction` (a
        ``ValueError``) with the reason and changes nothing."""
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(problem)
        self._legal = None
        self.events = ()
        self._apply(action)

    def apply_legal(self, action: Any) -> None:
        """Play an action the caller already knows to be legal here (it came from
        :meth:`legal_actions`, :meth:`is_legal` or the game's rollout policy), without
        checking it again: a search applies millions. Anything else must go through
        :meth:`apply_action`; an illegal action here leaves the state undefined."""
        self._legal = None
        self.events = ()
        self._apply(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything public plus ``seat``'s own secrets (None: a spectator), JSON-ready:
        the envelope of :data:`ENVELOPE` first (the same in every game), then the game's
        own fields."""
        self._check_seat(seat)
        game = self.game
        own = game.state_view(self, seat)
        per_seat = own.pop("players", None)
        scores = self.shown_scores(seat)
        over = self.is_terminal()
        events = []
        for event in self.events:
            described = game.event_view(event, seat)
            if described is not None:
                events.append(described)
        out: dict[str, Any] = {
            "game": game.name,
            "seat": seat,
            "phase": self.phase_name(),
            "current": None if over else self.current,
            "over": over,
            "winners": self.winners() if over else None,
            "players": [
                {"seat": s, "score": scores[s], **(per_seat[s] if per_seat else {})}
                for s in range(self.n)
            ],
            "events": events,
        }
        out.update(own)
        return out

    def determinize(self, seat: int, rng: Any) -> BaseState:
        """A full state consistent with ``view(seat)``, hidden parts resampled from ``rng``."""
        if seat is None:
            raise ZigguratError("determinize needs a seat; a spectator sees no secrets to keep")
        self._check_seat(seat)
        return self.game.state_determinize(self, seat, rng)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """What ``seat`` may see, as a new flat float32 vector of the game's
        ``observation_layout`` (docs/rl.md): the same in every world ``seat`` cannot tell
        from this one, every value inside its section's range."""
        import numpy as np

        if seat is None:
            raise ZigguratError("observation_tensor needs a seat (0..players-1)")
        self._check_seat(seat)
        game = self.game
        out = np.zeros(game.observation_layout.size, dtype=np.float32)
        game.encode_observation(self, seat, out)
        return out

    def legal_action_mask(self) -> np.ndarray:
        """1 at the number (``game.action_to_int``) of each legal action, 0 elsewhere, over
        ``game.num_distinct_actions`` (int8; all zeros at the end)."""
        import numpy as np

        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if not self.is_terminal():
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate_legal()
            mask[[action.id for action in legal]] = 1
        return mask

    def __deepcopy__(self, memo: dict[int, Any]) -> BaseState:
        """``copy.deepcopy`` is ``clone``: a position shares its immutable game with every
        copy, and a library that deep-copies what it holds (OpenSpiel's ``clone`` of a Python
        state) must not copy the game and its component data each time."""
        return self.clone()

    def reshuffled(self, seed: int) -> BaseState:
        """A new state in this position as every seat knows it, with everything nobody could
        see (draw orders, bags, unseen face-down things, the generator) drawn afresh from
        ``seed``: where a finished game's replay is continued from one of its moves, the
        future draws everyone has watched are dealt again. The same seed gives the same
        state; this state is unchanged. The seed is checked as ``new_initial_state``'s
        (an int; :class:`InvalidOptions` otherwise)."""
        check_seed(seed)
        return self.game.state_reshuffled(self, Rng(seed))

    def revealed_at_end(self) -> list[dict[str, Any]]:
        """Everything that was hidden during the game, for the end screen, as
        ``[{"seat": int | None, "label": str, "items": [str, ...]}, ...]`` (the game's hook
        of the same name: seats in order, then the table's; JSON-ready). Raises
        :class:`ZigguratError` while the game runs: then it would show secrets.

        (Not named ``revealed``: a game's state may use that word for its own field, as
        Tower of Babel's does for "the offers are face up", and a slot would hide the
        method.)"""
        if not self.is_terminal():
            raise ZigguratError(
                "revealed_at_end() shows the secrets of a finished game; this one is still running"
            )
        return self.game.revealed_at_end(self)

    def to_json(self) -> dict[str, Any]:
        """The whole state, generator included, as JSON-ready data (exact round trip)."""
        game = self.game
        return {
            **game.json_preamble(),
            "events": [plain(e) for e in self.events],
            **game.state_fields(self),
        }

    def __str__(self) -> str:
        """A short plain text for debugging: the game, whose turn, the scores."""
        who = "over" if self.is_terminal() else f"seat {self.current} to play"
        return f"{self.game.title}, {self.n} players: {who}; scores {self.scores()}"

    def _check_seat(self, seat: object) -> None:
        if seat is None:
            return
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ZigguratError(f"seat must be an int or None, not {seat!r}")
        if not 0 <= seat < self.n:
            raise ZigguratError(f"seat {seat} is not a seat of this game (0..{self.n - 1})")
