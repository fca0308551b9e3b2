"""The Backhanding's balance facts (``referee_balance_facts``): the cards each player gets
and plays, the abilities of his pimps and each time one works, the Dirty Tricks played,
by the names printed on the cards."""

from __future__ import annotations

import pytest
from balance_games import bot_games, held, scenario_facts, used

from referee import Held, Used
from referee_backhanding.cards import DEFAULT, ability_title

SEATS = ["Ann", "Bob", "Cy", "Di"]
CARDS = {c.name for c in DEFAULT.values() if c.kind not in ("trick", "ho")}
HOS = {c.name for c in DEFAULT.values() if c.kind == "ho"}
TRICKS = {c.name for c in DEFAULT.values() if c.kind == "trick"}
ABILITIES = {ability_title(c.effect) for c in DEFAULT.values() if c.is_pimp and c.effect}


def test_every_player_holds_his_dealt_clan_and_uses_only_what_he_holds() -> None:
    """Setup (3): five pimps and five Draw cards to each player; macking and backhanding
    (4, 5): a player places and plays only cards he holds, and an ability works only for
    the player holding its pimp."""
    for facts in bot_games("backhanding", SEATS, 3):
        mine = set(held(facts))
        for seat in SEATS:
            assert len({f.name for f in mine if f.seat == seat and f.name in CARDS}) >= 5
        assert {f.name for f in held(facts, "card")} <= CARDS
        assert {f.name for f in held(facts, "dirty trick")} <= TRICKS
        assert {f.name for f in held(facts, "ability")} <= ABILITIES
        assert {f.name for f in held(facts, "ho")} <= HOS
        assert all(Held(f.seat, f.kind, f.name) in mine for f in used(facts))
        assert {f.kind for f in facts} <= {"card", "dirty trick", "ability", "ho"}


def test_a_ho_is_held_once_recruited_and_used_when_she_is_counted() -> None:
    """Macking (4.3, 4.4) recruits a ho, money counting (6.2) counts the hos still held: a
    ho is held by her recruiter (never as a card dealt), and used once for each ho counted."""
    for facts in bot_games("backhanding", SEATS, 2):
        recruited = held(facts, "ho")
        counted = [f for f in used(facts) if f.kind == "ho"]
        assert recruited and counted
        assert len(counted) == len({(f.seat, f.name) for f in counted}) <= len(recruited)
        assert not {f.name for f in held(facts, "card")} & HOS


@pytest.mark.parametrize(
    ("scenario", "uses"),
    [
        ("card-sweet-talker.toml", [Used("Ann", "ability", "Sweet Talker")]),
        ("card-hitman-and-enforcer.toml", [Used("Ann", "ability", "Hitman"), Used("Bob", "ability", "Enforcer")]),
        ("card-smooth-operator.toml", [Used("Ann", "ability", "Smooth Operator")]),
        ("card-the-fixer.toml", [Used("Bob", "ability", "The Fixer")]),
        ("card-slippery.toml", [Used("Bob", "ability", "Slippery")]),
        ("card-sugar-daddy.toml", [Used("Bob", "ability", "Sugar Daddy")]),
        ("card-frame-up-and-bail-out.toml", [Used("Ann", "dirty trick", "Frame-Up"), Used("Bob", "dirty trick", "Bail Out")]),
        ("card-loaded-dice-and-crooked-cop.toml", [Used("Ann", "dirty trick", "Crooked Cop"), Used("Ann", "dirty trick", "Loaded Dice")]),
        ("card-snitch.toml", [Used("Ann", "dirty trick", "Snitch")]),
        ("card-pickpocket.toml", [Used("Ann", "dirty trick", "Pickpocket")]),
        # a plain contest: no ability works, no trick is played
        ("macking-contest-tie-uncontested-unrecruited.toml", []),
    ],
)
def test_an_ability_working_and_a_dirty_trick_played_are_uses(scenario: str, uses: list[Used]) -> None:
    """Cards (1), DATA.md "The abilities" and "Draw cards": each scenario of a card makes
    its ability work, or its Dirty Trick be played, a known number of times."""
    facts = scenario_facts("referee_backhanding", scenario)
    assert [f for f in used(facts) if f.kind in ("ability", "dirty trick")] == uses
    assert all(Held(f.seat, f.kind, f.name) in held(facts) for f in uses)


def test_a_card_taken_with_pickpocket_is_held_by_the_thief() -> None:
    """Pickpocket (DATA.md, "Draw cards"): Ann takes Bob's third card, Cane: she holds it too."""
    facts = scenario_facts("referee_backhanding", "card-pickpocket.toml")
    assert Held("Ann", "card", "Cane") in held(facts) and Held("Bob", "card", "Cane") in held(facts)
