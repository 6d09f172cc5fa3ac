"""Options weighed by their outcome: the rule-aware bot's answer to a decision no module's
advice knows (a module from another package, a home-brew card's question).

Each option that moves the game on is played on copies of the game as the seat may imagine
it (:meth:`~talisman.engine.view.LazyView.sample_world`: what it cannot see drawn again), the
copies played on until the seat's next decision or the next turn, at most :data:`STEPS`
actions, every decision on the way answered by its first option; the option whose copies end
best for the seat (:func:`~talisman.bots.evaluation.evaluate`) is taken. Without a view that
can sample worlds (a plain dict), the first option is taken.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from talisman.bots.evaluation import evaluate
from talisman.engine.decision import Decision
from talisman.engine.view import LazyView

if TYPE_CHECKING:
    from talisman.bots.heuristic import HeuristicBot

WORLDS: Final = 2  # copies of the game per option
STEPS: Final = 40  # actions played on each copy at most
MOST_OPTIONS: Final = 12  # options weighed at most (the first ones)


def weigh(bot: HeuristicBot, view: Any, decision: Decision) -> str:
    """The option of ``decision`` whose outcome looks best for its seat."""
    main = [o.id for o in decision.options if o.group == "main"] or decision.ids
    if len(main) == 1 or not isinstance(view, LazyView):
        return main[0]
    seat = decision.player
    rng = random.Random(bot.rng.getrandbits(32))
    best, best_value = main[0], -1.0
    for option in main[:MOST_OPTIONS]:
        value = 0.0
        for _ in range(WORLDS):
            world = view.sample_world(rng)
            world.apply(option)
            turn, steps = world.turn, 0
            while world.result is None and world.turn == turn and steps < STEPS:
                d = world.decision
                if d is None or d.player == seat:
                    break
                world.apply(d.ids[0])
                steps += 1
            value += evaluate(world)[seat]
        if value > best_value:
            best, best_value = option, value
    return best
