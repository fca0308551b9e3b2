"""What each gangster may see, and how a terminal shows it.

Another gangster's bullet card, target, nerve or power never appears before the game
reveals it; what was discarded face down never appears at all until the game ends.
"""

from __future__ import annotations

from typing import Any

import referee
from referee import hookimpl

from .components import CARD_NAMES, dollars
from .game import bots_by_seat
from .powers import POWERS
from .state import CashNGuns


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    game: CashNGuns = state.game
    r = game.round
    over = state.over
    gangsters = []
    for g in game.gangsters.values():
        own = g.name == seat
        guns = game.guns_of(g.name)
        gangsters.append(
            {
                "name": g.name,
                "alive": g.alive,
                "wounds": g.wounds,
                "shame": g.shame,
                "money": sum(g.notes),
                "notes": sorted(g.notes, reverse=True),
                "power": g.power if (own or g.revealed or over) else None,
                "power_revealed": g.revealed,
                "guns": len(guns),
                "bullets_left": sum(len(gun.bullets) for gun in guns),
                "coward": g.name in r.cowards,
                "sat_out": g.name in r.sat_out,
                "hit": bool(r.hits.get(g.name)),
                "total": g.total,
            }
        )
    mine = {gun.id: gun for gun in game.guns.values() if gun.owner == seat}
    return {
        "round": r.number,
        "rounds": game.rounds,
        "phase": state.flow.phase,
        "pot": sorted(game.pot, reverse=True),
        "loot_left": len(game.loot),
        "gangsters": gangsters,
        "targets": dict(r.shown),
        "holders": {gun.id: gun.owner for gun in game.guns.values() if gun.owner != gun.id},
        "cowards": list(r.cowards),
        "fired": dict(r.fired),
        "my_guns": {gun_id: sorted(gun.bullets) for gun_id, gun in mine.items()},
        "my_bullets": {gun: card for gun, card in r.bullets.items() if gun in mine},
        "my_targets": {gun: target for gun, target in r.targets.items() if gun in mine},
        "my_nerve": r.nerve.get(seat) if seat else None,
        # The table's options are public: each seat's bot kind, for the bots to read.
        "bots": bots_by_seat(state.options, state.seats),
    }


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    lines = [
        f"Round {view['round']} of {view['rounds']}   pot ${sum(view['pot']):,} ({', '.join(f'${n:,}' for n in view['pot']) or 'empty'})"
    ]
    width = max(len(g["name"]) for g in view["gangsters"])
    for g in view["gangsters"]:
        marks = []
        if not g["alive"]:
            marks.append("DEAD")
        marks.append(f"{g['wounds']} wound{'s' if g['wounds'] != 1 else ''}")
        if g["shame"]:
            marks.append(f"{g['shame']} shame")
        if g["power"]:
            marks.append(POWERS.get(g["power"], g["power"]) + ("" if g["power_revealed"] else " (secret)"))
        if g["coward"]:
            marks.append("backed down")
        holders = view.get("holders", {})
        aimed = [holders.get(gun, gun) for gun, target in view["targets"].items() if target == g["name"]]
        if aimed:
            marks.append(f"aimed at by {', '.join(aimed)}")
        pointer = "*" if g["name"] == seat else " "
        money = dollars(g["money"])
        lines.append(f"{pointer} {g['name'].ljust(width)}  {money:>9}  {g['bullets_left']} bullets  ({'; '.join(marks)})")
    for gun, cards in view["my_guns"].items():
        chosen = view["my_bullets"].get(gun)
        held = ", ".join(CARD_NAMES[c] for c in cards)
        lines.append(f"your gun {gun}: {held or 'no bullets left'}" + (f"; loaded: {CARD_NAMES[chosen]}" if chosen else ""))
    return "\n".join(lines)
