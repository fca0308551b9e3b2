"""Every game's balance facts (``referee_balance_facts``), with its example house rules or
without: whatever the table, a fact names a seat at it (a use may name nobody) and speaks
in the rulebook's words, never in ids; a house rule's facts are counted beside the game's."""

from __future__ import annotations

from balance_games import bot_games
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from throwaway import extension

from referee import MEMORY, Event, Held, Referee, Registry, TableState, TableStore, Used, hookimpl
from referee.testing import fixed_key
from referee_pigsty.events import OrdersRevealed

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "You"]
HOUSE_RULES = {
    "cashnguns": ["the-medic", "heavy-shame"],
    "pimp": ["deep-pockets", "street-cred"],
    "backhanding": ["sucker-punch"],
    "pornstar": ["paparazzi"],
    "pigsty": ["palace-tithe"],
}
OPTIONS = {"pimp": {"turns": 4}, "pigsty": {"turn_limit": 6}}
"""Shorter games where the game has a length: what a fact says does not depend on it."""


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, list[str], list[str] | None, str]:
    game = draw(st.sampled_from(sorted(HOUSE_RULES)))
    rules = Registry().game(game)
    count = draw(st.integers(rules.min_seats, min(rules.max_seats or 6, 6)))
    seats = draw(st.permutations(NAMES).map(lambda names: names[:count]))
    extensions = None
    if draw(st.booleans()):
        extensions = [e.name for e in Registry().extensions_of(game) if e.default] + HOUSE_RULES[game]
    return game, seats, extensions, draw(st.text("abc", min_size=1, max_size=4))


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_a_fact_names_only_seats_at_the_table_and_names_in_words(table: tuple[str, list[str], list[str] | None, str]) -> None:
    game, seats, extensions, seed = table
    (facts,) = bot_games(game, seats, 1, extensions=extensions, options=OPTIONS.get(game), seed=seed)
    for fact in facts:
        assert fact.seat in seats or (fact.seat is None and type(fact).__name__ == "Used"), fact
        assert fact.kind == fact.kind.lower() and fact.kind.strip() == fact.kind and fact.kind, fact
        assert fact.name[:1].isupper() and "#" not in fact.name, f"{fact} reads like an id"


class Tally:
    """A throwaway house rule of Pigsty: each farmer's orders, revealed, are one use of it."""

    @hookimpl
    def referee_balance_facts(self, state: TableState, event: Event) -> list[Held | Used] | None:
        return [Used(event.farmer, "house rule", "Tally")] if isinstance(event, OrdersRevealed) else None


def test_a_house_rules_facts_are_counted_beside_the_games_in_log_order() -> None:
    tally = Tally()
    seats = ["Ann", "Bill", "Cat"]
    with Referee(registry=Registry([tally, extension("pigsty", tally, "tally")]), store=TableStore(MEMORY)) as app:
        table = app.open("pigsty", seats, extensions=["tally"], options={"turn_limit": 2}, seed="tally", key=fixed_key("tally"))
        app.bots.play(table, seats)
        facts = app.facts(table)
        revealed = [e.event["farmer"] for e in app.entries(table) if e.type == "pigsty.OrdersRevealed"]
    assert len(revealed) == 2 * len(seats), "every farmer's orders in each of the two turns"
    assert [f for f in facts if f.kind == "house rule"] == [Used(farmer, "house rule", "Tally") for farmer in revealed]
    assert any(f.kind == "order" for f in facts), "the game's own facts are there too"
