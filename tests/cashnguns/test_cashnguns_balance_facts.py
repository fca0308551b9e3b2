"""Cash'n'Guns's balance facts (``referee_balance_facts``): the power each gangster is
dealt, and each time a power acts, named by its card's title."""

from __future__ import annotations

import collections

import pytest
from balance_games import bot_games, held, scenario_facts, used

from referee import Held, Used
from referee_cashnguns.powers import POWERS

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed"]
TITLES = set(POWERS.values())


def test_every_gangster_holds_the_one_power_he_is_dealt() -> None:
    """Setup, "each player one random special power": one power held by each gangster, a
    different one each, and every use is of the power its gangster holds."""
    for facts in bot_games("cashnguns", SEATS, 4):
        powers = {f.seat: f.name for f in held(facts, "power")}
        assert collections.Counter(f.seat for f in held(facts, "power")) == dict.fromkeys(SEATS, 1)
        assert len(set(powers.values())) == len(SEATS) and set(powers.values()) <= TITLES
        assert all(powers[f.seat] == f.name for f in used(facts, "power"))


def test_the_basic_game_holds_no_power() -> None:
    """The basic game (no special powers) says nothing: nobody holds or uses a power."""
    for facts in bot_games("cashnguns", SEATS[:4], 2, extensions=[]):
        assert facts == []


@pytest.mark.parametrize(
    ("scenario", "title", "uses"),
    [
        # revealed with round 1's bullet, then the grenade goes off in round 2
        ("power-5-the-insane.toml", "The Insane", 2),
        # revealed before targets: from then on he aims after the others
        ("power-6-the-kid.toml", "The Kid", 1),
        ("power-7-the-cunning.toml", "The Cunning", 1),
        # the third hit reveals it instead of killing
        ("power-2-the-unbreakable.toml", "The Unbreakable", 1),
        # two hits in round 2 make one wound; round 3's three hits, in two volleys, one
        ("power-4-dragon-skin.toml", "Dragon Skin", 3),
        # Bang! Bang! Bang! taken back once
        ("power-9-the-specialist.toml", "The Specialist", 1),
        ("power-3-you-dont-need-it-anymore.toml", "You Don't Need It Anymore...", 1),
        ("power-10-it-doesnt-even-hurt.toml", "It Doesn't Even Hurt!", 1),
        # revealed at the end, and paying there
        ("power-1-six-feet-under.toml", "Six Feet Under", 1),
        ("power-8-super-coward.toml", "Super Coward", 1),
    ],
)
def test_a_power_acting_is_a_use(scenario: str, title: str, uses: int) -> None:
    """The powers (rulebook, "Special powers" 1-10): each scenario of a power makes it act
    a known number of times for its holder A, and the facts say exactly that."""
    facts = scenario_facts("referee_cashnguns", scenario)
    assert held(facts) == [Held("A", "power", title)]
    assert used(facts) == [Used("A", "power", title)] * uses


def test_a_power_that_never_acts_is_held_but_not_used() -> None:
    """Power 4, Dragon Skin: a single hit a round is an ordinary wound, the card stays down."""
    facts = scenario_facts("referee_cashnguns", "round-three-wounds-kill.toml", extensions=["dragon-skin"])
    assert used(facts) == [] and [f.name for f in held(facts)] == ["Dragon Skin"]
