"""The pending decision a game exposes, the frames and choices rule code builds
it from, and the events that explain a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

Group = Literal["main", "free"]
# A Choice's group may also be a hint to the rule code that gathers ability options, read and
# dropped before the decision is made: ``instead`` of the usual option, or the usual one ``forced`` away.
ChoiceGroup = Literal["main", "free", "instead", "forced"]


# One step of the game's flow on its stack: the kind of a handler some module registers
# (:meth:`~talisman.content.modules.Module.handler`) and its args, plain JSON data; stored (in a
# state, a save, the hash) as the list ``[kind, args]``. A plain pair, not a NamedTuple: the machine
# makes tens of them for each action, and a NamedTuple costs seven times as much to make.
Frame = tuple[str, dict[str, Any]]


class Choice(NamedTuple):
    """One option rule code offers with :meth:`~talisman.engine.game.Game.decide`: the ``id`` sent
    back, the ``label`` shown, the ``frames`` pushed when it is chosen (run in the order given) and
    its ``group`` (see :class:`Option`).

    Stored as such in the ``decide`` frame; saved as the list ``[id, label, frames, group]``.
    """

    id: str
    label: str
    frames: Sequence[Frame] = ()
    group: ChoiceGroup = "main"


class Option(NamedTuple):
    """One legal answer: a stable ``id`` to send back and a ``label`` to show.

    ``group`` is ``main`` for the choices that move the game on and ``free``
    for things a player may do first (drop an object, cash in trophies...).
    (A small immutable tuple: a decision makes several at every action.)
    """

    id: str
    label: str
    group: Group = "main"


@dataclass(frozen=True)
class Decision:
    """Who must choose, what about, and the legal options.

    ``player`` is the seat that answers; ``character`` the character the
    decision is about (a seat may play two: a Mirror Image, a Mystic's body).
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    character: int | None = None

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
