"""The pending decision a game exposes, the frames and choices rule code builds
it from, and the events that explain a game."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

Group = Literal["main", "free"]
ArgValue = int | str | tuple[tuple[int, int], ...]  # an option's argument (talisman.content.option_args)
# A Choice's group may also be a hint to the rule code that gathers ability options, read and
# dropped before the decision is made: ``instead`` of the usual option, or the usual one ``forced`` away.
ChoiceGroup = Literal["main", "free", "instead", "forced"]


# One step of the game's flow on its stack: the kind of a handler some module registers
# (:meth:`~talisman.content.modules.Module.handler`) and its args, plain JSON data; stored (in a
# state, a save, the hash) as the list ``[kind, args]``. A plain pair, not a NamedTuple: the machine
# makes tens of them for each action, and a NamedTuple costs seven times as much to make.
Frame = tuple[str, dict[str, Any]]


class Choice:
    """One option rule code offers with :meth:`~talisman.engine.game.Game.decide`: the ``id`` sent
    back, the ``label`` shown, the ``frames`` pushed when it is chosen (run in the order given), its
    ``group`` (see :class:`Option`) and, rarely, ``data`` an agent may read with the arguments its
    id carries (:attr:`Option.args`: what the id cannot say, a henchman's fighting score).

    Stored as such in the ``decide`` frame; saved as the list ``[id, label, frames, group]`` (and
    ``data`` after, when there is some), which is why it also reads by index, as that list does
    once a save is loaded. A value, never changed once made (a plain class rather than a
    NamedTuple, whose objects are made by Python code even in the compiled engine: rule code
    makes several at every action).

    >>> c = Choice("pay", "Pay 1G", [("pay", {"p": 0})])
    >>> c[0], list(c) == ["pay", "Pay 1G", [("pay", {"p": 0})], "main"], c.with_group("free").group
    ('pay', True, 'free')
    """

    __slots__ = ("id", "label", "frames", "group", "data")

    def __init__(
        self,
        id: str,
        label: str,
        frames: Sequence[Frame] = (),
        group: ChoiceGroup = "main",
        data: dict[str, ArgValue] | None = None,
    ) -> None:
        self.id = id
        self.label = label
        self.frames = frames
        self.group = group
        self.data = data

    def _parts(self) -> tuple[Any, ...]:
        if self.data:
            return (self.id, self.label, self.frames, self.group, self.data)
        return (self.id, self.label, self.frames, self.group)

    def __getitem__(self, i: int) -> Any:
        if i == 0:  # (the engine reads a stored option's id by index at every action: no tuple made)
            return self.id
        if i == 2:
            return self.frames
        return self._parts()[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._parts())

    def __len__(self) -> int:
        return 5 if self.data else 4

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return self._parts() == other._parts()

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.group))

    def __repr__(self) -> str:
        data = f", data={self.data!r}" if self.data else ""
        return f"Choice(id={self.id!r}, label={self.label!r}, frames={self.frames!r}, group={self.group!r}{data})"

    def with_group(self, group: ChoiceGroup) -> Choice:
        """The same choice in another group."""
        return Choice(self.id, self.label, self.frames, group, self.data)


# the whole-number arguments of an option that are not card instances (talisman.content.option_args)
NOT_CARDS: Final = frozenset({"seat", "target", "number"})


class Option:
    """One legal answer: a stable ``id`` to send back and a ``label`` to show.

    ``group`` is ``main`` for the choices that move the game on and ``free``
    for things a player may do first (drop an object, cash in trophies...).
    What the option is about is in :attr:`verb` and :attr:`args` (read from the id by the
    arguments its module declares, :mod:`talisman.content.option_args`): an agent reads those,
    never the id's text. A value, never changed once made. (A plain class rather than a
    dataclass or a NamedTuple: the compiled engine makes its objects natively, and a decision
    makes several at every action.)

    >>> Option("roll", "Roll to move") == Option("roll", "Roll to move", "main")
    True
    >>> o = Option("take:37", "Take the Sword", args={"card": 37})
    >>> o.verb, o.card, "seat" in o.args
    ('take', 37, False)
    """

    __slots__ = ("id", "label", "group", "_verb", "_args", "_read", "_data")

    def __init__(
        self,
        id: str,
        label: str,
        group: Group = "main",
        args: Mapping[str, ArgValue] | None = None,
        read: Callable[[str], Mapping[str, ArgValue]] | None = None,
        data: Mapping[str, ArgValue] | None = None,
    ) -> None:
        self.id = id
        self.label = label
        self.group = group
        self._verb: str | None = None  # the id's first word, when first asked for (see verb)
        self._args = args  # worked out by ``read`` when first asked for (most options are never read so)
        self._read = read
        self._data = data  # what the rules tell beside the id (Choice.data)

    @property
    def verb(self) -> str:
        """The id's first word: what the option does (``move``, ``take``, ``fight``). Kept once
        read: a bot asks it of every option for each verb it looks for."""
        verb = self._verb
        if verb is None:
            verb = self._verb = self.id.partition(":")[0]
        return verb

    @property
    def args(self) -> Mapping[str, ArgValue]:
        """What the option is about, by name (``{"card": 37}``, ``{"space": "temple"}``)."""
        if self._args is None:
            found = self._read(self.id) if self._read is not None else {}
            self._args = {**found, **self._data} if self._data else found
        return self._args

    def arg_int(self, name: str) -> int:
        """The whole-number argument of this name (KeyError if none)."""
        value = self.args.get(name)
        if not isinstance(value, int):
            raise KeyError(f"option {self.id!r} names no {name}")
        return value

    def arg_str(self, name: str) -> str:
        """The text argument of this name (KeyError if none)."""
        value = self.args.get(name)
        if not isinstance(value, str):
            raise KeyError(f"option {self.id!r} names no {name}")
        return value

    @property
    def card(self) -> int:
        """The card instance the option is about (KeyError if none)."""
        return self.arg_int("card")

    @property
    def seat(self) -> int:
        """The character (seat) the option is about (KeyError if none)."""
        return self.arg_int("seat")

    @property
    def number(self) -> int:
        """The number the option names (a die kept, lives healed; KeyError if none)."""
        return self.arg_int("number")

    @property
    def space(self) -> str:
        """The id of the space the option leads to (KeyError if none)."""
        return self.arg_str("space")

    @property
    def tally(self) -> tuple[tuple[int, int], ...]:
        """Counts of things the option names, as (thing, count) pairs (KeyError if none)."""
        value = self.args.get("tally")
        if not isinstance(value, tuple):
            raise KeyError(f"option {self.id!r} names no tally")
        return value

    @property
    def word(self) -> str:
        """The name the option carries (an Object sold, an attribute; KeyError if none)."""
        return self.arg_str("word")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return self.id == other.id and self.label == other.label and self.group == other.group

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.group))

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r}, group={self.group!r})"


class Decision:
    """Who must choose, what about, and the legal options.

    ``player`` is the seat that answers; ``character`` the character the
    decision is about (a seat may play two: a Mirror Image, a Mystic's body);
    ``about`` what the rules tell of the moment, as data (``{"roll": 2, "for": "battle"}``
    for a Fate reroll; see the decision kinds' declarations), for agents to read instead of
    the prompt. A value, never changed once made (a plain class for the reason given at
    :class:`Option`).
    """

    __slots__ = ("player", "kind", "prompt", "options", "character", "about")

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: tuple[Option, ...],
        character: int | None = None,
        about: Mapping[str, Any] | None = None,
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.character = character
        self.about: Mapping[str, Any] = about if about is not None else {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player, self.kind, self.prompt, self.options, self.character) == (
            other.player,
            other.kind,
            other.prompt,
            other.options,
            other.character,
        )

    def __hash__(self) -> int:
        return hash((self.player, self.kind, self.prompt, self.options, self.character))

    def __repr__(self) -> str:
        return (
            f"Decision(player={self.player!r}, kind={self.kind!r}, prompt={self.prompt!r}, "
            f"options={self.options!r}, character={self.character!r})"
        )

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def of(self, *verbs: str) -> list[Option]:
        """The options whose verb is one of these, in order.

        >>> d = Decision(0, "move", "Where?", (Option("move:inn", "Inn"), Option("stay", "Stay")))
        >>> [o.id for o in d.of("move")]
        ['move:inn']
        """
        return [o for o in self.options if o.verb in verbs]


def sentence(text: str) -> str:
    """A log line as a sentence: its first letter a capital ("the Ogre..." reads "The Ogre...").

    >>> sentence("the Ogre flees.")
    'The Ogre flees.'
    """
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Event:
    """Something that happened, in a plain sentence.

    ``private`` names the one seat allowed to read ``text`` when it carries a
    secret (a spell drawn); every other seat reads ``public`` instead.
    """

    type: str
    text: str
    seat: int | None = None
    private: int | None = None
    public: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def text_for(self, seat: int | None) -> str:
        if self.private is None or seat == self.private:
            return self.text
        return self.public

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "text": self.text_for(seat)}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data and (self.private is None or seat == self.private):
            out["data"] = self.data
        return out
