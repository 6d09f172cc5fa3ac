"""The balance workshop: questions about a game's balance answered by many seeded games between bots.

- :mod:`.characters`: every character of a module set ranked by win rate, each dealt equally often
  to each seat (:mod:`.deal`), the seats' own win rates, and the games a wanted precision needs;
- :mod:`.compare`: two rule sets (:class:`.sides.Side`: modules, options, tuning) on the same seeds,
  characters and seats, with paired intervals and a plain verdict;
- :mod:`.skill`: a matchup matrix of bots (:mod:`talisman.sim.roster`) and how much skill decides;
- :mod:`.tune`: a module's tunable numbers searched with Optuna toward a target, proposed, never applied;
- :mod:`.pages`: the HTML pages, plots and terminal tables of each (``talisman balance ...``).

Each experiment is a list of :class:`~talisman.sim.runner.GameSpec` played by
:func:`talisman.sim.runner.stream` (local processes or Ray): the same seed gives the same records
whatever the number of workers, and the analyses read only the keys of a record they need.
"""
