"""Obscenity Trial (Event): a Film of another studio is Wanked (a Wanked one, Wanked Out)."""

from __future__ import annotations

import sys

from referee import Decision, Event, Extension, TableState, hookimpl

from ..play import PlayRules, extension, game_of, rule

NAME = "obscenity-trial"
RULES = PlayRules(target="other-film", lasts="", text="A Film of another studio is Wanked (a Wanked one is Wanked Out).")


class FilmProsecuted(Event, tag="pornstar.obscenity-trial.FilmProsecuted"):
    film: str
    wanked: int


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, sys.modules[__name__], RULES.text)]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [FilmProsecuted]


@hookimpl
def referee_evolve(state: TableState, event: Event) -> None:
    if isinstance(event, FilmProsecuted):
        game_of(state).films[event.film].wanked = event.wanked


@hookimpl
def referee_describe(event: Event) -> str | None:
    if isinstance(event, FilmProsecuted):
        return f"{event.film} is found obscene: " + ("Wanked Out" if event.wanked == 2 else "Wanked")
    return None


@hookimpl
def pornstar_play_rules(kind: str) -> PlayRules | None:
    return RULES if kind == NAME else None


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind == NAME and game_of(state).films[target].wanked >= 2:
        return "that Film is Wanked Out already"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        film = game_of(decision).films[target]
        decision.emit(FilmProsecuted(film=target, wanked=min(2, film.wanked + 1)), rule=rule(NAME))
