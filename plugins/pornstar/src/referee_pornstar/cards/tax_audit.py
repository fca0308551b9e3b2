"""Tax Audit (Event): another studio pays $30 to the bank (all it has, if it has less)."""

from __future__ import annotations

import sys

from referee import Decision, Event, Extension, TableState, hookimpl

from ..play import PlayRules, extension, game_of, rule

NAME = "tax-audit"
FINE = 30
RULES = PlayRules(target="other-studio", lasts="", text=f"Another studio pays ${FINE} to the bank.")


class TaxPaid(Event, tag="pornstar.tax-audit.TaxPaid"):
    seat: str
    paid: int


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, sys.modules[__name__], RULES.text)]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [TaxPaid]


@hookimpl
def referee_evolve(state: TableState, event: Event) -> None:
    if isinstance(event, TaxPaid):
        game = game_of(state)
        game.studios[event.seat].money -= event.paid
        game.bank += event.paid


@hookimpl
def referee_describe(event: Event) -> str | None:
    return f"{event.seat} is audited and pays ${event.paid} to the bank" if isinstance(event, TaxPaid) else None


@hookimpl
def pornstar_play_rules(kind: str) -> PlayRules | None:
    return RULES if kind == NAME else None


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind == NAME and game_of(state).studios[target].money <= 0:
        return f"{target} has no money to audit"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        amount = min(FINE, game_of(decision).studios[target].money)
        decision.emit(TaxPaid(seat=target, paid=amount), rule=rule(NAME))
