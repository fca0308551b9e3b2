"""Rules corrected against the rulebook (issue 11), and the table option that picks each seat's bot.

The scenario files ``rule-*.toml`` play the corrected rules with the rulebook's words in
their titles: the psycho punter "resolved as with personal combat" (the punter attacks, so
his controller draws first), and dropped money (the next hitter takes it if the first is
retired; the winning side's pimp chooses which bitch picks it up).
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from pimp_tables import SCENARIO_DIR, Table

from referee import MEMORY, Referee, RefereeError, Registry, TableStore, answers
from referee.scenario import load_scenario, run_scenario
from referee_pimp.bot import bots_of, random_answer

RULE_SCENARIOS = sorted(SCENARIO_DIR.glob("rule-*.toml"))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def test_the_corrected_rules_have_scenarios() -> None:
    assert {p.stem for p in RULE_SCENARIOS} == {
        "rule-psycho-punter",
        "rule-dropped-money-the-next-hitter",
        "rule-dropped-money-the-winning-side-chooses",
    }


@pytest.mark.parametrize("path", RULE_SCENARIOS, ids=[p.stem for p in RULE_SCENARIOS])
def test_rule_scenario(path: Path, registry: Registry) -> None:
    """Each corrected rule, with the rulebook's words quoted in the scenario's title."""
    scenario = load_scenario(path)
    assert scenario.game == "pimp" and scenario.rule.startswith("pimp ")
    assert '"' in scenario.title, "the title quotes the rulebook"
    result = run_scenario(scenario, registry)
    assert result.ok, result.summary()


def test_the_psycho_punters_controller_draws_before_he_sees_her_total() -> None:
    """Today's order: Ron (the punter's controller) chooses his draw while Marlene's power card
    is still undrawn, so nothing of her total is in the log yet."""
    scenario = load_scenario(SCENARIO_DIR / "rule-psycho-punter.toml")
    options = dict(scenario.options)
    table = Table(scenario.seats, options.pop("decks"), script=scenario.random, **options)
    try:
        table.do("Jerry", "to-street", card="Jerry/marlene")
        table.do("Jerry", "solicit", card="Jerry/marlene")
        (draw,) = table.requests(action="draw")
        assert (draw.seat, draw.id) == ("Ron", "t1.draw.psycho:punter")
        assert table.events("PowerCardDrawn") == [] and table.events("FightTested") == []
        table.draw("Ron", none=True)
        (draw,) = table.requests(action="draw")
        assert draw.seat == "Jerry"
        table.draw("Jerry", none=True)
        punter, marlene = table.events("FightTested")
        # 8 + 0 against 4 + 0 + 1: beaten.
        assert (punter["card"], punter["total"]) == ("psycho punter", 8)
        assert (marlene["card"], marlene["total"]) == ("Jerry/marlene", 5)
        assert table.pimp("Jerry").retired == ["Jerry/marlene"]
    finally:
        table.close()


# --- the bots option -----------------------------------------------------------------------------


def test_bots_option_reads_one_bot_a_list_in_seat_order_or_a_map() -> None:
    seats = ["Ann", "Bea", "Cat"]
    assert bots_of("random", seats) == {"Ann": "random", "Bea": "random", "Cat": "random"}
    assert bots_of("random,heuristic", seats) == {"Ann": "random", "Bea": "heuristic", "Cat": "heuristic"}
    assert bots_of({"Bea": "random"}, seats) == {"Ann": "heuristic", "Bea": "random", "Cat": "heuristic"}


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("clever", "'clever' is not a bot; the bots are heuristic, random"),
        ({"Zed": "random"}, "bots are given for Zed, who has no seat"),
        ("random,random,random", "3 bots are named for 2 seats"),
    ],
)
def test_a_bad_bots_option_is_refused_when_the_table_opens(bots, message, registry) -> None:
    with Referee(registry=registry, store=TableStore(MEMORY)) as app, pytest.raises(RefereeError, match=message):
        app.open("pimp", ["Ann", "Bea"], seed="bots", options={"bots": bots})


def test_each_seat_plays_the_bot_the_option_names(registry) -> None:
    """The view carries each seat's bot; a random seat ends turns early and fills edge slots
    at random, a heuristic seat never says "do no more shit" while it has actions worth taking."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        # The bots draw from the table's key: a fixed one plays the same game on every run.
        key = hashlib.sha256(b"who-plays").hexdigest()
        table = app.open("pimp", ["Ann", "Bea"], seed="who-plays", options={"bots": {"Ann": "random"}, "turns": 6}, key=key)
        assert app.view(table, "Bea")["view"]["bots"] == {"Ann": "random", "Bea": "heuristic"}
        app.bots.play(table, ["Ann", "Bea"])
        ended = [e.event["pimp"] for e in app.entries(table) if e.type == "pimp.ActionBegan" and e.event["action"] == "end"]
        assert "Ann" in ended and "Bea" not in ended
        assert app.audit.verify_table(table).ok


def test_the_random_bot_answers_every_request_legally(registry) -> None:
    """Its answers fit the shape, and the game takes every one (a refusal would raise)."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("pimp", ["Ann", "Bea", "Cat"], seed="random-legal", options={"bots": "random", "turns": 5})
        rng = random.Random(5)
        while not app.state(table).over:
            request = app.requests(table)[0]
            args = random_answer(app.view(table, request.seat), request.seat, request, rng)
            answers.validate(request.answer, args)
            app.act(table, request.seat, request.action, args, request=request.id)


# --- the ready-made decks and how they are dealt ---------------------------------------------------


def test_six_distinct_ready_made_decks() -> None:
    """Enough ready-made decks for six seats, no two alike (DATA.md, section 7)."""
    from referee_pimp.cards import load_deck, shipped_decks

    decks = [load_deck(path) for path in shipped_decks()]
    assert len(decks) >= 6
    assert len({deck.name for deck in decks}) == len(decks)
    assert len({tuple((c.name, c.copies) for c in deck.cards) for deck in decks}) == len(decks)


def test_escort_names_clash_across_decks_only_where_documented() -> None:
    """Annika (the rulebook's clash example), Candy, Lola and Destiny; no other name is in two decks."""
    from collections import Counter

    from referee_pimp.cards import load_deck, shipped_decks

    names = Counter(c.name for path in shipped_decks() for c in load_deck(path).cards if c.kind == "escort")
    assert {name for name, n in names.items() if n > 1} == {"Annika", "Candy", "Lola", "Destiny"}


def dealt(app: Referee, seats: list[str], seed: str = "deal", **options) -> dict[str, str]:
    table = app.open("pimp", seats, seed=seed, options=options)
    return {e.event["pimp"]: e.event["deck"] for e in app.entries(table) if e.type == "pimp.DeckListed"}


def test_no_two_seats_are_dealt_the_same_deck(registry) -> None:
    seats = ["Ann", "Bea", "Cat", "Dot", "Eve", "Fay", "Gil"]
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        six = dealt(app, seats[:6])
        assert len(set(six.values())) == 6
        seven = dealt(app, seats)
        assert len(set(seven.values())) == 6, "from a seventh seat on the decks go round again"
        chosen = dealt(app, seats[:3], decks={"Ann": "ron-the-bastards-crew"})
        assert chosen["Ann"] == "Ron the Bastard's Crew"
        assert "Ron the Bastard's Crew" not in (chosen["Bea"], chosen["Cat"]) and chosen["Bea"] != chosen["Cat"]
        two = {tuple(dealt(app, ["Ann", "Bea"], seed=f"deal-{n}").values()) for n in range(12)}
        assert len(two) > 1, "which decks a table gets is shuffled"
