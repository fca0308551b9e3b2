"""What each gangster may see.

Another gangster's bullet card, target, nerve or power never appears before the game
reveals it; what was discarded face down never appears at all until the game ends.  How
a person sees it laid out is ``present``.
"""

from __future__ import annotations

from typing import Any

import referee
from referee import hookimpl

from .game import bots_by_seat
from .powers import card, used
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
        shown = g.power if (own or g.revealed or over) else None
        face = card(state, shown) if shown else None
        gangsters.append(
            {
                "name": g.name,
                "alive": g.alive,
                "wounds": g.wounds,
                "shame": g.shame,
                "money": sum(g.notes),
                "notes": sorted(g.notes, reverse=True),
                "power": shown,
                "power_title": face.title if face else None,
                "power_text": face.text if face else None,
                # Powers are dealt in seat order, one a gangster while they last: who
                # holds one face down is as public as how many are at the table.
                "power_dealt": g.power is not None,
                "power_revealed": g.revealed,
                # A single-use power's use was shown when it happened.
                "power_used": bool(g.revealed and g.power and used(state, g.power)),
                "guns": len(guns),
                "bullets_left": sum(len(gun.bullets) for gun in guns),
                "coward": g.name in r.cowards,
                "sat_out": g.name in r.sat_out,
                "hit": bool(r.hits.get(g.name)),
                "wounded_now": r.wounds.get(g.name, 0),
                "bonus": g.bonus if g.total is not None else None,
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
        "my_bullets": {gun: chosen for gun, chosen in r.bullets.items() if gun in mine},
        "my_targets": {gun: target for gun, target in r.targets.items() if gun in mine},
        "my_nerve": r.nerve.get(seat) if seat else None,
        # The table's plugins (the game, its powers, house rules) and options are public,
        # as its first entry records them: each seat's bot kind, and the rules a bot looking
        # ahead plays its possible tables under.
        "plugins": [p.name for p in state.plugins],
        "bots": bots_by_seat(state.options, state.seats),
    }
