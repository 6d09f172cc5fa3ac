"""``talisman replay FILE``: play a save again and check the final state."""

from __future__ import annotations

import argparse
import sys

from talisman.engine import save as saves
from talisman.errors import SaveError


def run_replay(args: argparse.Namespace) -> int:
    try:
        game = saves.replay(saves.read(args.file))
    except SaveError as e:
        print(f"talisman replay: {args.file}: {e}", file=sys.stderr)
        return 1
    except RecursionError:
        print(f"talisman replay: {args.file}: the save is nested too deeply", file=sys.stderr)
        return 1
    except Exception as e:  # a fault of the engine's, met on this save: said plainly, not as a traceback
        print(
            f"talisman replay: {args.file}: the engine failed on this save ({type(e).__name__}: {e})", file=sys.stderr
        )
        return 1
    if args.log:
        for event in game.events:
            print(event.text)
    assert game.history is not None  # a replayed game keeps its actions
    how = game.result["how"] if game.result else "not finished"
    winners = ", ".join(game.name(w) for w in game.result["winners"]) if game.result else "-"
    print(
        f"{args.file}: replayed {len([a for a in game.history if isinstance(a, str)])} actions; "
        f"state {game.state_hash()} matches. Winner: {winners} ({how})."
    )
    return 0
