"""What one seat may see of a game (boardgame.io's ``playerView``).

Everything face up is public: the board, each character's counters,
Objects, Followers and trophies. A seat sees its own Spells; others see how
many (the Prophetess's ability lets her see them all). Nobody sees the order
of a deck, nor the dice to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import stats

if TYPE_CHECKING:
    from talisman.engine.game import Game


def card_view(g: Game, card: int) -> dict[str, Any]:
    c = g.rules.instances[card]
    out: dict[str, Any] = {"id": card, "name": c.name, "type": c.type}
    if c.subtype:
        out["subtype"] = c.subtype
    if c.strength:
        out["strength"] = c.strength
    if c.craft:
        out["craft"] = c.craft
    if card in g.counters:
        out["holds"] = g.counters[card]
    return out


def sheet(g: Game, seat: int, viewer: int | None) -> dict[str, Any]:
    p = g.players[seat]
    c = g.rules.characters[p.character]
    sees_spells = viewer == seat or (viewer is not None and stats.has_trait(g, viewer, "see-spells"))
    sees_scrolls = viewer == seat or (viewer is not None and stats.has_trait(g, viewer, "see-scrolls"))
    scrolls = [c for c in p.cards if g.rules.instances[c].type == "scroll"]
    out = {
        "seat": seat,
        "character": p.character,
        "name": c.name,
        "alive": p.alive,
        "space": g.rules.spaces[p.space].id,
        "strength": stats.strength(g, seat) if p.alive else 0,
        "craft": stats.craft(g, seat) if p.alive else 0,
        "strength_counters": p.strength,
        "craft_counters": p.craft,
        "lives": p.lives,
        "gold": p.gold,
        "fate": p.fate,
        "alignment": p.alignment,
        # 000: an Alignment Card lies beside a character whose alignment has
        # changed, showing the new one; it is discarded on reverting.
        "alignment_card": p.alignment if p.alignment != c.alignment else None,
        "size": p.status.get("size", c.size),
        "objects": [card_view(g, o) for o in p.objects],
        "packed": [card_view(g, o) for o in p.packed],
        "followers": [card_view(g, f) for f in p.followers],
        "trophies": [card_view(g, t) for t in p.trophies],
        "spell_count": len(p.spells),
        "scroll_count": len(scrolls),
        "titles": [card_view(g, c) for c in p.cards if g.rules.instances[c].type == "title"],
        "abilities": [card_view(g, c) for c in p.cards if g.rules.instances[c].type == "ability"],
        "toad": p.toad,
        "lost_turns": p.lost_turns,
        "status": {k: v for k, v in p.status.items() if k in ("enslaved", "hold", "quest", "raft", "next_move", "dead")},
    }
    if sees_spells:
        out["spells"] = [card_view(g, s) for s in p.spells]
    if sees_scrolls:
        out["scrolls"] = [card_view(g, s) for s in scrolls]
    return out


def view(g: Game, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dictionary of what ``seat`` may know now."""
    d = g.decision
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind, "prompt": d.prompt}
        if seat == d.player:
            decision["options"] = [{"id": o.id, "label": o.label, "group": o.group} for o in d.options]
    return {
        "you": seat,
        "modules": list(g.config["modules"]),
        "turn": g.turn,
        "round": g.round,
        "active": g.active,
        "result": g.result,
        "decision": decision,
        "players": [sheet(g, p.seat, seat) for p in g.players],
        "board": {g.rules.spaces[s].id: [card_view(g, c) for c in held] for s, held in sorted(g.board.items()) if held},
        "gold_on": {g.rules.spaces[s].id: n for s, n in sorted(g.gold_on.items()) if n},
        "realms": [{"space": g.rules.spaces[r["space"]].id, "owner": r["owner"], "title": g.card_name(r["title"]),
                    "gold": r["gold"], "cards": [card_view(g, c) for c in r["cards"]]} for r in g.globals.get("realms", ())],
        "decks": {name: len(pile) for name, pile in sorted(g.decks.items())},
        "discards": {name: len(pile) for name, pile in sorted(g.discards.items())},
    }


def events_for(g: Game, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
    """The log from ``start`` on, as ``seat`` may read it (secrets hidden)."""
    return [e.to_dict(seat) for e in g.events[start:]]
