"""5. The Insane: has a grenade.

Revealed at the start of some round (before the withdraw decision): with the bullet
card, or with the nerve decision, once the holder has seen the guns pointed at him.  The
next time the holder is wounded, everyone standing is wounded too, and the round ends
there (no split: the pot waits).  The grenade is single use.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from . import extension, game_of, holds, mark_used, rule, used, wound

NAME = "the-insane"


class GrenadeExploded(Event, tag="cashnguns.the-insane.GrenadeExploded"):
    gangster: str
    victims: list[str]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        hurt = f"{w.subjects(self.victims, 'are', 'wounded')}" if self.victims else "nobody else is wounded"
        owner = w.possessive(self.gangster)
        return f"{owner[:1].upper()}{owner[1:]} grenade goes off: {hurt}; the round ends there"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "Has a grenade: once it is revealed, the next time you are wounded everyone standing is wounded too, and the round ends there. Revealed at the start of some round: with your bullet card, or at the latest with your choice to stay in or back down. Single use.",
            events=[GrenadeExploded],
            evolve=evolve,
        )
    ]


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, GrenadeExploded):
        mark_used(state, NAME)
        game_of(state).round.ended_early = True


@hookimpl
def cashnguns_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
    g = game_of(state).gangsters[gangster]
    if holds(state, gangster, NAME) and not g.revealed:
        return [(NAME, "Reveal The Insane: your grenade is armed", True)]
    return None


@hookimpl
def cashnguns_nerve_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str]] | None:
    g = game_of(state).gangsters[gangster]
    if holds(state, gangster, NAME) and not g.revealed:
        return [(NAME, "Reveal The Insane before the count: your grenade is armed")]
    return None


@hookimpl
def cashnguns_wounded(decision: Decision, gangster: str) -> None:
    game = game_of(decision)
    g = game.gangsters[gangster]
    if g.power != NAME or not g.revealed or used(decision, NAME):
        return
    victims = [name for name in game.standing() if name != gangster]
    decision.emit(GrenadeExploded(gangster=gangster, victims=victims), rule=rule(decision, NAME))
    for name in victims:
        wound(decision, name, hits=1, wounds=1, rule=rule(decision, NAME))
