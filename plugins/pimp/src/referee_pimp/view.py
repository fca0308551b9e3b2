"""What each pimp may see: their own hand, edge slots and deck list; of the others, only what
lies face up (pads, the street, retirement piles, played special cards) and how many
cards they hold."""

from __future__ import annotations

from typing import Any

import msgspec

import referee
from referee import hookimpl

from .bot import bots_of
from .common import ACTIONS_PER_TURN, dollars
from .state import PimpGame


def _faces(game: PimpGame, cards: list[str]) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(game.cards[c]) for c in cards]


def _bitches(game: PimpGame, cards: list[str]) -> list[dict[str, Any]]:
    return [{**msgspec.to_builtins(game.cards[c]), "money": game.on_bitch.get(c, 0), "shagged_out": c in game.shagged} for c in cards]


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    game: PimpGame = state.game
    pimps = []
    for p in game.pimps.values():
        mine = p.name == seat or state.over
        pimps.append(
            {
                "name": p.name,
                "influence": p.influence,
                "money": p.money,
                "out": p.out,
                "bribe": p.bribe,
                "pad": _bitches(game, p.pad),
                "street": _bitches(game, p.street),
                "retired": _faces(game, p.retired),
                "specials": _faces(game, p.specials),
                "hand": _faces(game, p.hand) if mine else len(p.hand),
                "edges": [None if c is None else msgspec.to_builtins(game.cards[c]) for c in p.edges]
                if mine
                else sum(1 for c in p.edges if c),
                "deck": len(p.deck),
            }
        )
    return {
        "bots": bots_of(state.options.get("bots", "heuristic"), state.seats),
        "turn": state.flow.round,
        "active": state.flow.seat,
        "phase": state.flow.phase,
        "actions": game.actions,
        "pimps": pimps,
    }


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    # The action being chosen, as the prompt numbers it ("action 2 of 4"), while Doing Shit lasts.
    doing = view["phase"] == "doing shit" and view["actions"] < ACTIONS_PER_TURN
    counter = f", action {view['actions'] + 1} of {ACTIONS_PER_TURN}" if doing else ""
    lines = [f"Turn {view['turn']}: {view['active'] or '-'}'s {view['phase'] or ''}{counter}"]
    for p in view["pimps"]:
        marker = "*" if p["name"] == seat else " "
        status = (
            "OUT"
            if p["out"]
            else f"influence {p['influence']}, money {dollars(p['money'])}" + (f", bribe due {dollars(p['bribe'])}" if p["bribe"] else "")
        )
        lines.append(f"{marker} {p['name']}: {status}; deck {p['deck']}")
        for zone in ("pad", "street"):
            if p[zone]:
                shown = ", ".join(
                    f"{b['name']} (cost {b['cost']}"
                    + (f", {dollars(b['money'])}" if b["money"] else "")
                    + (", shagged out" if b["shagged_out"] else "")
                    + ")"
                    for b in p[zone]
                )
                lines.append(f"    {zone}: {shown}")
        if p["specials"]:
            lines.append("    specials: " + ", ".join(s["name"] for s in p["specials"]))
        if isinstance(p["hand"], list):
            lines.append(
                "    hand: "
                + (
                    ", ".join(f"{c['name']}" + (f" ({c['cost']})" if c["kind"] != "special" else " (special)") for c in p["hand"])
                    or "empty"
                )
            )
            lines.append("    edge slots: " + ", ".join(e["name"] if e else "-" for e in p["edges"]))
        else:
            lines.append(f"    hand: {p['hand']} cards, {p['edges']} edge slots filled")
    return "\n".join(lines)
