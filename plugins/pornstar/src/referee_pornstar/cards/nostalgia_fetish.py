"""Nostalgia Fetish (Special, lasting): played on a Wanked or Wanked Out Film of yours.

The Film comes back into favour (it is straightened and rolls Residuals again: "you never
know when it may come back into favor!") and, while the card lies on it, its Residual
rolls get +1.
"""

from __future__ import annotations

from referee import Decision, Event, TableState, Words, hookimpl
from referee_pornstar.api import PlayRules, called, card_hooks, game_of, lying, named, names_field, rule

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


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES, events=[FilmRevived], evolve=evolve)


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind != NAME:
        return None
    film = game_of(state).films.get(target)
    if film is None or film.owner != seat or not film.wanked:
        return "Nostalgia Fetish is played on a Wanked or Wanked Out Film of your own"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        decision.emit(FilmRevived(film=target, names=named(decision, target)), rule=rule(NAME))


@hookimpl
def pornstar_residual_bonus(state: TableState, seat: str, film: str) -> int | None:
    return sum(1 for _, _, target in lying(state, NAME) if target == film) or None
