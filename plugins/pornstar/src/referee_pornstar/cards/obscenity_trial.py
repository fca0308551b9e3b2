"""Obscenity Trial (Event): a Film of another studio is Wanked (a Wanked one, Wanked Out)."""

from __future__ import annotations

from referee import Decision, Event, TableState, Words, hookimpl
from referee_pornstar.api import PlayRules, called, card_hooks, game_of, named, names_field, rule

NAME = "obscenity-trial"
RULES = PlayRules(target="other-film", lasts="", text="A Film of another studio is Wanked (a Wanked one is Wanked Out).")


class FilmProsecuted(Event, tag="pornstar.obscenity-trial.FilmProsecuted"):
    film: str
    wanked: int
    names: dict[str, str] = names_field()

    def describe(self, words: Words | None = None) -> str:
        return f"{called(self.names, self.film)} is found obscene: it has " + ("Wanked Out" if self.wanked == 2 else "Wanked")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, FilmProsecuted):
        game_of(state).films[event.film].wanked = event.wanked


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES, events=[FilmProsecuted], evolve=evolve)


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind == NAME and game_of(state).films[target].wanked >= 2:
        return "that Film is Wanked Out already"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        film = game_of(decision).films[target]
        decision.emit(FilmProsecuted(film=target, wanked=min(2, film.wanked + 1), names=named(decision, target)), rule=rule(NAME))
