"""Tax Audit (Event): another studio pays $30 to the bank (all it has, if it has less)."""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, game_of, money

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


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        PlayCard(
            name=NAME,
            title="Tax Audit",
            card_type="Event",
            default=True,
            rules=RULES,
            refused=refused,
            effect=effect,
            events=[TaxPaid],
            evolve=evolve,
        )
    ]


def refused(state: TableState, seat: str, target: str) -> str | None:
    if game_of(state).studios[target].money <= 0:
        return f"{target} has no money to audit"
    return None


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    amount = min(FINE, game_of(decision).studios[target].money)
    return [TaxPaid(seat=target, paid=amount)]
