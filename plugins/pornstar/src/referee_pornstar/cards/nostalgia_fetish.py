"""Nostalgia Fetish (Special, lasting): played on a Wanked or Wanked Out Film of yours.

The Film comes back into favour (it is straightened and rolls Residuals again: "you never
know when it may come back into favor!") and, while the card lies on it, its Residual
rolls get +1.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, called, game_of, lying, named, names_field

NAME = "nostalgia-fetish"
RULES = PlayRules(
    target="own-film", lasts="game", text="Brings a Wanked or Wanked Out Film of yours back into favour; +1 to its Residual rolls."
)


class FilmRevived(Event, tag="pornstar.nostalgia-fetish.FilmRevived"):
    film: str
    names: dict[str, str] = names_field()

    def describe(self, words: Words | None = None) -> str:
        return f"{called(self.names, self.film)} comes back into favour"


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, FilmRevived):
        game_of(state).films[event.film].wanked = 0


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        PlayCard(
            name=NAME,
            title="Nostalgia Fetish",
            card_type="Special",
            default=True,
            rules=RULES,
            refused=refused,
            effect=effect,
            events=[FilmRevived],
            evolve=evolve,
        )
    ]


def refused(state: TableState, seat: str, target: str) -> str | None:
    film = game_of(state).films.get(target)
    if film is None or film.owner != seat or not film.wanked:
        return "Nostalgia Fetish is played on a Wanked or Wanked Out Film of your own"
    return None


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    return [FilmRevived(film=target, names=named(decision, target))]


@hookimpl
def pornstar_residual_bonus(state: TableState, seat: str, film: str) -> int | None:
    return sum(1 for _, _, target in lying(state, NAME) if target == film) or None
