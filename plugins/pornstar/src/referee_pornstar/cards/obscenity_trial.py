"""Obscenity Trial (Event): a Film of another studio is Wanked (a Wanked one, Wanked Out)."""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, called, game_of, named, names_field

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


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        PlayCard(
            name=NAME,
            title="Obscenity Trial",
            card_type="Event",
            default=True,
            rules=RULES,
            refused=refused,
            effect=effect,
            events=[FilmProsecuted],
            evolve=evolve,
        )
    ]


def refused(state: TableState, seat: str, target: str) -> str | None:
    if game_of(state).films[target].wanked >= 2:
        return "that Film is Wanked Out already"
    return None


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    film = game_of(decision).films[target]
    return [FilmProsecuted(film=target, wanked=min(2, film.wanked + 1), names=named(decision, target))]
