"""The pending decision a game exposes, the frames and choices rule code builds
it from, and the events that explain a game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Group = Literal["main", "free"]
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
    back, the ``label`` shown, the ``frames`` pushed when it is chosen (run in the order given) and
    its ``group`` (see :class:`Option`).

    Stored as such in the ``decide`` frame; saved as the list ``[id, label, frames, group]``, which
    is why it also reads by index, as that list does once a save is loaded. A value, never changed
    once made (a plain class rather than a NamedTuple, whose objects are made by Python code even
    in the compiled engine: rule code makes several at every action).

    >>> c = Choice("pay", "Pay 1G", [("pay", {"p": 0})])
    >>> c[0], list(c) == ["pay", "Pay 1G", [("pay", {"p": 0})], "main"], c.with_group("free").group
    ('pay', True, 'free')
    """

    __slots__ = ("id", "label", "frames", "group")

    def __init__(self, id: str, label: str, frames: Sequence[Frame] = (), group: ChoiceGroup = "main") -> None:
        self.id = id
        self.label = label
        self.frames = frames
        self.group = group

    def __getitem__(self, i: int) -> Any:
        if i == 0:  # (the engine reads a stored option's id by index at every action: no tuple made)
            return self.id
        if i == 2:
            return self.frames
        return (self.id, self.label, self.frames, self.group)[i]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.id, self.label, self.frames, self.group))

    def __len__(self) -> int:
        return 4

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return (self.id, self.label, self.frames, self.group) == (other.id, other.label, other.frames, other.group)

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.group))

    def __repr__(self) -> str:
        return f"Choice(id={self.id!r}, label={self.label!r}, frames={self.frames!r}, group={self.group!r})"

    def with_group(self, group: ChoiceGroup) -> Choice:
        """The same choice in another group."""
        return Choice(self.id, self.label, self.frames, group)


class Option:
    """One legal answer: a stable ``id`` to send back and a ``label`` to show.

    ``group`` is ``main`` for the choices that move the game on and ``free``
    for things a player may do first (drop an object, cash in trophies...).
    A value, never changed once made. (A plain class rather than a dataclass or a
    NamedTuple: the compiled engine makes its objects natively, and a decision
    makes several at every action.)

    >>> Option("roll", "Roll to move") == Option("roll", "Roll to move", "main")
    True
    """

    __slots__ = ("id", "label", "group")

    def __init__(self, id: str, label: str, group: Group = "main") -> None:
        self.id = id
        self.label = label
        self.group = group

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
    decision is about (a seat may play two: a Mirror Image, a Mystic's body).
    A value, never changed once made (a plain class for the reason given at :class:`Option`).
    """

    __slots__ = ("player", "kind", "prompt", "options", "character")

    def __init__(
        self, player: int, kind: str, prompt: str, options: tuple[Option, ...], character: int | None = None
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.character = character

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
