"""Tax Audit (Event): another studio pays $30 to the bank (all it has, if it has less)."""

from __future__ import annotations

from referee import Decision, Event, TableState, hookimpl
from referee_pornstar.api import PlayRules, card_hooks, game_of, rule

NAME = "tax-audit"
FINE = 30
RULES = PlayRules(target="other-studio", lasts="", text=f"Another studio pays ${FINE} to the bank.")


class TaxPaid(Event, tag="pornstar.tax-audit.TaxPaid"):
    seat: str
    paid: int

    def describe(self) -> str:
        return f"{self.seat} is audited and pays ${self.paid} to the bank"


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, TaxPaid):
        game = game_of(state)
        game.studios[event.seat].money -= event.paid
        game.bank += event.paid


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES, events=[TaxPaid], evolve=evolve)


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
