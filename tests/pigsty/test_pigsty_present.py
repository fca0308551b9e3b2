"""Pigsty to Palace as a farmer sees it: the farms drawn (``Referee.present``) and the log
told to its reader (``referee.audit.describe``).  Section numbers are the rulebook's
(/work/shared/seeds/002...): 3 the start, 4 the orders, 9 the Gamesmaster, 10.1 writing
orders, 12 Reputation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import referee.audit
from referee import GAMESMASTER, MEMORY, Presentation, Referee, Registry, TableStore
from referee.presentation import texts
from referee.testing import fixed_key
from referee_pigsty.events import FarmerEliminated, PigsTaken, PigTraded, TradeCancelled, TurnResolved
from referee_pigsty.order_cards import ORDER_NAMES, ORDER_TEXT

SEATS = ["Ada", "Bill", "Ted"]
SLUGS = re.compile(r"\b(punishment|investment|guards|stealing|trading|yeomen|trader-robbed|receiver-stole|orders_in|my_orders)\b")
"""Order kinds and reasons as the code names them: a farmer reads "Stealing", "Yeomen"."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def app(registry: Registry) -> Iterator[Referee]:
    with Referee(registry=registry, store=TableStore(MEMORY)) as referee_app:
        yield referee_app


def shown(app: Referee, table: str, seat: str | None) -> Presentation:
    presented = app.present(table, seat)
    assert presented is not None
    return presented


def zone(presentation: Presentation, owner: str, role: str | None = None) -> Any:
    """The owner's zone of ``role``, or their farm (not their hand)."""
    return next(z for z in presentation.zones if z.owner == owner and (z.role == role if role else z.role != "hand"))


def test_3_the_countryside_at_the_start_and_every_farmers_pigs_and_pork(app):
    """3: "Every Pig Farmer begins with 10 Pigs. There is one Yeoman in play ... the Yeoman
    Fund is at zero. There is one Bandit ... but no Lost pigs."; 8: a Palace at 100 Pigs."""
    table = app.open("pigsty", SEATS, seed="start")
    presented = shown(app, table, "Ada")
    assert presented.title == "Pigsty to Palace"
    assert presented.status == "Turn 1: write your orders; waiting for you, Bill and Ted"
    (board,) = [z for z in presented.zones if z.role == "board"]
    assert [(s.label, s.value) for s in board.counters] == [
        ("Yeomen", "1"),
        ("Yeoman Fund", "0 of 10 Pork"),
        ("Bandits", "1"),
        ("Lost Pigs", "0"),
        ("Palace", "100 Pigs"),
    ]
    for owner in SEATS:
        farm = zone(presented, owner)
        assert {s.label: s.value for s in farm.counters} == {"Pigs": "10", "Pork": "10", "Honesty": "Dishonest", "Reputation": "0"}
        assert farm.active and farm.notes == ("writing orders",)
    assert zone(presented, "Ada").title == "You" and zone(presented, "Ada").role == "mine"


def test_4_while_you_write_your_hand_is_the_six_orders_with_their_rules(app):
    """4: "Players choose how much they will spend on each of these: Punishment,
    Investment, Guards, Stealing, Trading, Yeomen", each with what it does (4.1-4.6)."""
    table = app.open("pigsty", SEATS, seed="hand")
    hand = zone(shown(app, table, "Ada"), "Ada", "hand")
    assert [(c.name, c.text) for c in hand.cards] == [(ORDER_NAMES[k], ORDER_TEXT[k]) for k in ORDER_NAMES]
    assert [c.kind for c in hand.cards] == [f"order, written {letter}" for letter in "PIGSTY"]
    assert all(c.text for c in hand.cards)


def test_9_written_orders_are_yours_alone_until_every_farmers_are_in(app):
    """9: "You PM me your orders": Ada's orders are drawn in her hand; Bill sees only that
    they are in, and his log says who wrote, never what."""
    table = app.open("pigsty", SEATS, seed="sealed")
    app.act(table, "Ada", "orders", {"text": "T 5 Bill; S 4 Ted; G 1"})
    hand = zone(shown(app, table, "Ada"), "Ada", "hand")
    assert [(c.name, [(s.label, s.value) for s in c.stats]) for c in hand.cards] == [
        ("Trading", [("Pork", "5"), ("Farmer", "Bill")]),
        ("Stealing", [("Pork", "4"), ("Farmer", "Ted")]),
        ("Guards", [("Pork", "1")]),
    ]
    for seat in ("Bill", "Ted", None, GAMESMASTER):
        presented = shown(app, table, seat)
        assert zone(presented, "Ada").notes == ("orders in, sealed",)
        assert not [z for z in presented.zones if z.role == "hand" and z.owner == "Ada"]
        assert not any("Ted" in text and "4" in text for text in texts(presented)), "Ada's theft is hers until all are in"
    rules = app.rules(table)
    (written,) = [e for e in app.visible_entries(table, "Bill") if e.type == "pigsty.OrdersWritten"]
    assert referee.audit.describe_hidden(rules, written, "Bill") == "Ada wrote their orders, sealed until every farmer's are in"
    (own,) = [e for e in app.visible_entries(table, "Ada") if e.type == "pigsty.OrdersWritten"]
    said = referee.audit.describe(rules, rules.decode(own), "Ada")
    assert said == "You wrote orders: Trade 5 Pork to Bill; send 4 Thieves to Steal from Ted; hire 1 Guard"


def test_the_log_speaks_to_its_reader(registry):
    """Words for one reader: the victim reads "from you", a farmer out of the game "You have
    lost all your Pigs", a cancelled Trade "because you had Pigs taken"."""
    rules = registry.rules("pigsty")

    def said(event: Any, reader: str | None = "Ted") -> str:
        return referee.audit.describe(rules, event, reader)

    assert said(PigsTaken(thief="Bill", victim="Ted", taken=3, lost=2, stolen=1, short=0)) == "Bill took 3 Pigs from you: 2 lost, 1 stolen"
    assert (
        said(PigsTaken(thief="Bandits", victim="Ted", taken=1, lost=1, stolen=0, short=0))
        == "The Bandits took 1 Pig from you: 1 lost, 0 stolen"
    )
    assert said(FarmerEliminated(farmer="Ted")) == "You have lost all your Pigs and are out of the game"
    assert said(FarmerEliminated(farmer="Ted"), None) == "Ted has lost all their Pigs and is out of the game"
    cancelled = TradeCancelled(trader="Ted", receiver="Ada", pork=5, reason="trader-robbed")
    assert said(cancelled) == "Your Trade of 5 Pork to Ada is cancelled because you had Pigs taken; it counts as Investment"
    assert said(PigTraded(trader="Ada", receiver="Ted", pork=5)) == "Ada traded 5 Pork to you, who get a Pig"
    assert said(TurnResolved(turn=2, pigs={"Ada": 12, "Ted": 9})) == "Turn 2 resolved. Pigs: Ada 12, you 9"


def test_8_the_standings_count_each_farmers_pigs(app):
    """8: "If any player has 100 or more Pigs at the end of the turn, he can afford a Palace":
    the standings rank every farmer by Pigs, in the result's order."""
    table = app.open("pigsty", SEATS, seed="end", key=fixed_key("end"), options={"turn_limit": 4})
    app.bots.play(table, SEATS)
    result = app.state(table).result
    assert result is not None
    places = shown(app, table, "Ada").standings
    pigs = {f["name"]: f["pigs"] for f in app.view(table, None)["view"]["farmers"]}
    assert [(p.place, p.seat, p.total) for p in places] == [(s.place, s.seat, f"{pigs[s.seat]} Pigs") for s in result.standings]
    assert all(int(p.breakdown[0].value) == pigs[p.seat] for p in places)
    assert not [z for z in shown(app, table, "Ada").zones if z.role == "hand"], "no orders are asked once the game is over"


@pytest.mark.parametrize("number", range(3))
def test_no_code_name_or_placeholder_reaches_a_farmer_over_whole_bot_games(app, number):
    """Every presentation after every action (every farmer, a spectator, the gamesmaster) and
    every log line for every reader: rulebook words, never a code name, "None" or braces."""
    seats = ["Ada", "Bill", "Ted", "Zed", "Amy"][: 3 + number]
    table = app.open(
        "pigsty",
        seats,
        seed=f"words-{number}",
        key=fixed_key(f"words-{number}"),
        options={"turn_limit": 8},
        extensions=["harvest-festival"],
    )
    rules = app.rules(table)
    seen = 0
    while not app.over(table):
        for seat in [*seats, None, GAMESMASTER]:
            for text in texts(shown(app, table, seat)):
                assert (
                    not SLUGS.search(text) and "None" not in text and "none" not in text.split() and "{" not in text and "[" not in text
                ), text
                seen += 1
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    for seat in [*seats, None]:
        for entry in app.visible_entries(table, seat):
            if not entry.type.startswith(("pigsty.", "harvest.")):
                continue
            line = (
                referee.audit.describe(rules, rules.decode(entry), seat)
                if not entry.redacted
                else referee.audit.describe_hidden(rules, entry, seat)
            )
            assert not SLUGS.search(line) and "None" not in line and "none" not in line.split() and "{" not in line, line
            assert not re.search(r"\b[Yy]ou (is|was|has|\w+[^s]s)\b", line), line
            assert not re.search(r"\b1 (Pigs|Thieves|Guards|Bandits)\b", line), line
    assert seen > 100
