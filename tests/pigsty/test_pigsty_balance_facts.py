"""Pigsty to Palace's balance facts (``referee_balance_facts``): each order a farmer
writes, by its rulebook name; a farmer holds no cards or powers, so nothing is held."""

from __future__ import annotations

import pytest
from balance_games import bot_games, held, scenario_facts

from referee import Used
from referee_pigsty.order_cards import ORDER_NAMES

SEATS = ["Ann", "Bill", "Cat", "Dan"]


def test_every_fact_is_an_order_named_as_rule_4_names_it() -> None:
    """Rule 4, the six ways to spend Pork: every fact is a use of one of them; no farmer holds anything."""
    for facts in bot_games("pigsty", SEATS, 3):
        assert facts and not held(facts)
        assert all(f.kind == "order" and f.name in ORDER_NAMES.values() for f in facts)


@pytest.mark.parametrize(
    ("scenario", "uses"),
    [
        ("rule-4.4-example-bill-steals-from-ted.toml", [Used("Bill", "order", "Stealing"), Used("Ted", "order", "Guards")]),
        # Charlie's three lines, in the order he wrote them; the others write nothing
        (
            "rule-10.1-example-charlies-orders.toml",
            [Used("Charlie", "order", "Trading"), Used("Charlie", "order", "Stealing"), Used("Charlie", "order", "Guards")],
        ),
    ],
)
def test_each_order_line_with_pork_on_it_is_a_use(scenario: str, uses: list[Used]) -> None:
    """Rule 4.4 and rule 10.1's examples: one use for each line of Pork a farmer writes."""
    assert scenario_facts("referee_pigsty", scenario) == uses
