"""3. You Don't Need It Anymore...: may take a dead gangster's gun and bullets.

From then on the holder uses two guns, each with its own bullets, never mixed.  Revealed
when a gangster dies and the holder wants the gun (optional).  Ruling: one gun in the
whole game ("from then on use two guns").
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from . import at_table, extension, game_of, holds, mark_used, rule, used

NAME = "you-dont-need-it-anymore"


class GunTaken(Event, tag="cashnguns.you-dont-need-it-anymore.GunTaken"):
    gangster: str
    dead: str
    guns: list[str]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.gangster, "takes", f"{w.possessive(self.dead)} gun and its bullets: you don't need it anymore...")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "May take a dead gangster's gun and bullets, and from then on use two guns, each with its own bullets, never mixed. Revealed when a gangster dies and you take the gun.",
            events=[GunTaken],
            evolve=evolve,
        )
    ]


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, GunTaken):
        mark_used(state, NAME)
        for gun in event.guns:
            game_of(state).guns[gun].owner = event.gangster


@hookimpl
def cashnguns_pending_gun_offers(state: TableState) -> bool | None:
    return True if at_table(state, NAME) and not used(state, NAME) else None


@hookimpl
def cashnguns_gun_offers(state: TableState, gangster: str, dead: str) -> list[tuple[str, str]] | None:
    game = game_of(state)
    if not holds(state, gangster, NAME) or used(state, NAME):
        return None
    if not any(gun.bullets for gun in game.guns_of(dead)):
        return None
    return [(NAME, f"Take {dead}'s gun and its bullets (reveals You Don't Need It Anymore...)")]


@hookimpl
def cashnguns_power_chosen(decision: Decision, gangster: str, power: str, step: str, args: dict[str, object]) -> None:
    if power == NAME and step == "take-gun" and not used(decision, NAME):
        dead = str(args["dead"])
        guns = [gun.id for gun in game_of(decision).guns_of(dead)]
        decision.emit(GunTaken(gangster=gangster, dead=dead, guns=guns), rule=rule(decision, NAME))
