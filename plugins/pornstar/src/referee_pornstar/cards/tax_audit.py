"""Tax Audit (Event): another studio pays $30 to the bank (all it has, if it has less)."""

from __future__ import annotations

from referee import Decision, Event, TableState, Words, hookimpl
from referee_pornstar.api import PlayRules, card_hooks, game_of, money, rule

NAME = "tax-audit"
FINE = 30
RULES = PlayRules(
    target="other-studio",
    lasts="",
    text=f"Another studio pays {money(FINE)} to the bank (all it has, if it has less). Also in reply to a Film another studio puts up.",
    reply=True,
)


class TaxPaid(Event, tag="pornstar.tax-audit.TaxPaid"):
    seat: str
    paid: int

    def describe(self, words: Words | None = None) -> str:
        words = words or Words()
        return words.says(self.seat, "pays", f"{money(self.paid)} to the bank after a Tax Audit")


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
