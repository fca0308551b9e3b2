"""The end of a gangster and of the game (``end``): a dead gangster's gun offered to whoever
holds You Don't Need It Anymore... (the ``guns`` step), and after the last round "players
count their money; each shame token costs $5,000.  The richest living player wins."."""

from __future__ import annotations

import referee
from referee import Decision, IllegalAction, Option, Pick
from referee.results import join_names, rank

from .components import dollars
from .events import MoneyCounted
from .powers import reveal
from .rounds import R_END, _ask, _collect, _game, _last_round, components


def _end_if_over(decision: Decision) -> None:
    """Between rounds: the game ends after the last round, or with one gangster left."""
    if decision.flow.round and _last_round(decision):
        _end_game(decision)


def _open_gun_offers(decision: Decision) -> None:
    game = _game(decision)
    dead = list(game.round.dead)
    if not dead or _last_round(decision) or not any(decision.rules.hook.cashnguns_pending_gun_offers(state=decision.state)):
        return
    for name in game.living():
        options: list[Option] = []
        for fallen in dead:
            offers = _collect(decision.rules.hook.cashnguns_gun_offers(state=decision.state, gangster=name, dead=fallen))
            # A gangster holds one power, so one offer per dead gangster at most is ever made.
            options += [Option(fallen, label) for _, label in offers[:1]]
        _ask(
            decision,
            name,
            "take-gun",
            name,
            f"{', '.join(dead)} {'is' if len(dead) == 1 else 'are'} dead.",
            # Values are gangsters' names, so "leave the guns" is the field left out rather
            # than an option that a gangster's name could collide with.
            answer={"take": Pick(tuple(options), optional=True, label="whose gun to take; leave out to take none")},
            rule=R_END,
        )


def _take_gun(decision: Decision, action: referee.Action) -> None:
    take = action.args.get("take")
    # Tables stored before answer shapes may still have a gun offer open that lists its
    # choices: {"take": false} or {"take": true, "power": ..., "dead": ...}.
    if take is None or take is False:
        return
    dead = str(action.args["dead"]) if take is True else str(take)
    offers = _collect(decision.rules.hook.cashnguns_gun_offers(state=decision.state, gangster=action.seat, dead=dead))
    if not offers:
        raise IllegalAction(f"{action.seat} can no longer take {dead}'s gun", R_END)
    power = str(offers[0][0])
    reveal(decision, action.seat, power)
    decision.rules.hook.cashnguns_power_chosen(decision=decision, gangster=action.seat, power=power, step="take-gun", args={"dead": dead})


def _end_game(decision: Decision) -> None:
    game = _game(decision)
    decision.rules.hook.cashnguns_game_ending(decision=decision)
    penalty = components(decision).shame_penalty
    for g in list(game.gangsters.values()):
        notes = sum(g.notes)
        bonus = sum(b for b in decision.rules.hook.cashnguns_bonus(decision=decision, gangster=g.name) if b)
        total = notes - penalty * g.shame + bonus
        decision.emit(MoneyCounted(gangster=g.name, notes=notes, shame=g.shame, bonus=bonus, total=total, alive=g.alive), rule=R_END)
    standings = rank((g.name, g.total or 0, g.alive, "" if g.alive else "dead") for g in game.gangsters.values())
    living = [g for g in game.gangsters.values() if g.alive]
    best = max((g.total or 0 for g in living), default=None)
    winners = [g.name for g in living if g.total == best]
    if not winners:
        reason = "every gangster is dead; nobody wins"
    elif len(winners) == 1:
        reason = f"{winners[0]} is the richest living gangster with {dollars(best or 0)}"
    else:
        reason = f"{join_names(winners)} tie as the richest living gangsters with {dollars(best or 0)}"
    decision.end_game(winners, reason, standings, rule=R_END)
