"""Pimp cards, decks and the deck checker (referee_pimp.cards).

The rulebook is /work/shared/seeds/000_b5bbc9e952078a4a.txt; the formats and every number
that is our design are in plugins/pimp/src/referee_pimp/DATA.md.  Tests quote the
rulebook where it fixes a number (Annika, streetwalkers A, B, C and X, the six special
cards) and check every format rule and every deck-file error message otherwise.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest
from budgets import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee_pimp import cards
from referee_pimp.cards import (
    RULES,
    SPECIAL_IDS,
    SPECIALS,
    VOCABULARY,
    Card,
    DataError,
    Deck,
    DeckError,
    build_deck,
    check,
    dump_deck,
    expand,
    fair_cost,
    load_deck,
    load_rules,
    load_specials,
    load_vocabulary,
    shipped_decks,
    slug,
)

JERRY = cards.DECKS_DIR / "fat-jerrys-stable.toml"
RON = cards.DECKS_DIR / "ron-the-bastards-crew.toml"
EDITIONS = sorted(cards.EDITION_DECKS)
"""Every edition's ready-made decks stay installed and legal: a table keeps dealing the decks of
the edition it opened under (DATA.md, "Editions")."""
EVERY_SHIPPED_DECK = [path for edition in EDITIONS for path in shipped_decks(edition)]


def jerry(edition: int) -> Deck:
    return load_deck(cards.EDITION_DECKS[edition] / "fat-jerrys-stable.toml")


def ron(edition: int) -> Deck:
    return load_deck(cards.EDITION_DECKS[edition] / "ron-the-bastards-crew.toml")


# A legal 40-card deck to which a test adds one card: ten kinds of plain streetwalker,
# four copies each, cost 4 = fair cost (4 + 4 + 4) / 3.
BASE = 'name = "Test Deck"\ndescription = "For the tests."\n' + "".join(
    f'\n[[cards]]\nkind = "streetwalker"\nname = "Filler {n}"\ncopies = 4\ncost = 4\nlooks = 4\nfight = 4\nstamina = 4\n' for n in range(10)
)


def problems(extra: str = "", base: str = BASE, **kwargs: Any) -> list[str]:
    """The problems ``load_deck`` finds in the base deck plus ``extra`` (a card or cards)."""
    with pytest.raises(DeckError) as caught:
        load_deck(base + extra, **kwargs)
    assert caught.value.problems, "a DeckError always lists its problems"
    return caught.value.problems


def card(**fields: Any) -> str:
    """One ``[[cards]]`` table, fields in the order given (strings quoted, lists as TOML)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return msgspec.json.encode(v).decode()
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        return str(v)

    return "\n[[cards]]\n" + "".join(f"{key} = {value(v)}\n" for key, v in fields.items())


def annika(**changes: Any) -> str:
    """Fat Jerry's Annika as the rulebook gives her, with ``changes``."""
    fields: dict[str, Any] = {
        "kind": "escort",
        "name": "Annika",
        "cost": 9,
        "looks": 3,
        "fight": 3,
        "stamina": 4,
        "qualifications": ["A & O Levels", "Greek"],
    }
    fields.update(changes)
    return card(**{k: v for k, v in fields.items() if v is not None})


def by_name(deck: Deck) -> dict[str, Card]:
    return {c.name: c for c in deck.cards}


# -- the rulebook's numbers ---------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_annika_is_as_the_rulebook_describes_her(edition: int) -> None:
    """ "She has a cost of 9"; "looks of 3"; "fight of 3"; "Her stamina is middling, only 4";
    "Annika has anal of 2 ... because she has both "A & O Levels" and "Greek" written on her card"."""
    her = by_name(jerry(edition))["Annika"]
    assert (her.kind, her.cost, her.looks, her.fight, her.stamina) == ("escort", 9, 3, 3, 4)
    assert set(her.qualifications) == {"A & O Levels", "Greek"}
    assert her.level("anal") == 2
    assert her.offers("standard") and her.level("standard") == 1
    assert her.power_rating == 9
    assert fair_cost(her) == 9, "Annika's printed cost is exactly her fair cost"


def test_a_and_o_levels_and_greek_each_count_one_level_toward_anal() -> None:
    assert VOCABULARY.levels(["A & O Levels"])["anal"] == 1
    assert VOCABULARY.levels(["Greek"])["anal"] == 1
    assert VOCABULARY.levels(["A & O Levels", "Greek"])["anal"] == 2
    assert VOCABULARY.levels(["A & O Levels"])["oral"] == 1, "the O of A & O Levels: DATA.md, Services and qualifications"


def test_every_bitch_offers_standard_and_nothing_else_unqualified() -> None:
    """ "If the service was "standard" then ... straight vanilla sex which all bitches can do"."""
    assert VOCABULARY.levels([]) == {"standard": 1}
    for path in EVERY_SHIPPED_DECK:
        for bitch in (c for c in load_deck(path).cards if c.is_bitch):
            assert bitch.level("standard") == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_rons_streetwalkers_a_b_c_and_jerrys_x_fight_as_in_the_combat_example(edition: int) -> None:
    """ "nameless streetwalkers ... A, B and C. They have fight attributes of 7, 4 and 5";
    Jerry's "second streetwalker, who has a fight of 5, ... X"."""
    rons, jerrys = by_name(ron(edition)), by_name(jerry(edition))
    assert [rons[f"Streetwalker {x}"].fight for x in "ABC"] == [7, 4, 5]
    assert all(rons[f"Streetwalker {x}"].kind == "streetwalker" for x in "ABC")
    assert jerrys["Streetwalker X"].fight == 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_looks_test_examples_bitches_are_in_the_decks(edition: int) -> None:
    """Jerry's "other bitch who has Anal 1 and Fetish 2" (looks 3); Ron's "one who has Anal 1"
    (looks 3) "and one who has Oral 1"; "Jerry's bitch has looks of 7"."""
    jerrys, rons = jerry(edition), ron(edition)
    assert any(c.level("anal") == 1 and c.level("fetish") == 2 and c.looks == 3 for c in jerrys.cards)
    assert any(c.level("anal") == 1 and c.looks == 3 for c in rons.cards)
    assert any(c.level("oral") == 1 and not c.offers("anal") for c in rons.cards)
    assert any(c.looks == 7 for c in jerrys.cards)


@pytest.mark.parametrize("edition", EDITIONS)
def test_both_pimps_have_an_escort_called_annika_on_different_cards(edition: int) -> None:
    """ "Ron the Bastard" already has a escort called Annika ... a totally different card"."""
    jerrys, rons = by_name(jerry(edition))["Annika"], by_name(ron(edition))["Annika"]
    assert jerrys.kind == rons.kind == "escort"
    assert jerrys.name == rons.name
    assert jerrys != rons


@pytest.mark.parametrize("edition", EDITIONS)
def test_vicky_and_vikki_are_different_names(edition: int) -> None:
    """ "If you opponent has a bitch called Vicky in play and you want to play a bitch called Vikki you are okay"."""
    assert "Vikki" in by_name(jerry(edition)) and "Vicky" in by_name(ron(edition))
    assert load_deck(BASE + annika(name="Vicky", cost=9) + annika(name="Vikki", cost=9))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_power_card_the_examples_draw_is_a_cost_in_that_pimps_deck(edition: int) -> None:
    """Jerry draws power cards of 2, 3, 4, 5, 6 and 7 in the examples; Ron 2, 3, 4 and 5."""
    jerrys = {c.power_rating for c in jerry(edition).cards}
    rons = {c.power_rating for c in ron(edition).cards}
    assert {2, 3, 4, 5, 6, 7} <= jerrys
    assert {2, 3, 4, 5} <= rons


@pytest.mark.parametrize("edition", EDITIONS)
def test_power_rating_is_the_cost_and_zero_for_a_special_card(edition: int) -> None:
    """Girlfriends are compared by cost, and "If the card you draw is a special card, the power rating is zero"."""
    for c in expand(jerry(edition)):
        assert c.power_rating == (c.cost if c.is_bitch else 0)
    girlfriends = sorted((c for c in ron(edition).cards if c.is_bitch), key=lambda c: c.cost)
    assert girlfriends[-1].cost >= girlfriends[0].cost


def test_the_six_special_cards() -> None:
    assert tuple(SPECIALS.specials) == SPECIAL_IDS
    assert [s.name for s in SPECIALS.specials.values()] == [
        "King of Cool",
        "Tame Shrink",
        "Word on the Streets",
        "Posse",
        "Bitch Magnet",
        "Charisma",
    ]
    assert "Bitch Magnet" in SPECIALS.specials["bitch-magnet"].name
    assert "7 instead of 5" in SPECIALS.specials["bitch-magnet"].text


# -- the shipped decks --------------------------------------------------------------------------


def test_there_are_at_least_two_ready_made_decks_and_all_are_legal() -> None:
    decks = shipped_decks()
    assert len(decks) >= 2 and JERRY in decks and RON in decks
    assert [p.name for p in shipped_decks(1)] == [p.name for p in decks], "each edition has the same six decks"
    for path in EVERY_SHIPPED_DECK:
        assert check(path) == [], path
        deck = load_deck(path)
        assert RULES.deck.min_cards <= deck.size <= RULES.deck.max_cards
        assert deck.description


def test_every_special_card_is_in_some_ready_made_deck_and_each_deck_has_a_mix() -> None:
    seen: set[str] = set()
    for path in shipped_decks():
        specials = {c.special for c in load_deck(path).cards if c.kind == "special"}
        assert len(specials) >= 3, f"{path.name} has a mix of special cards"
        seen |= specials
    assert seen == set(SPECIAL_IDS)


def average_fair(deck: Deck) -> float:
    bitches = [c for c in deck.cards if c.is_bitch]
    return sum(fair_cost(c) * c.copies for c in bitches) / sum(c.copies for c in bitches)


def test_the_ready_made_decks_are_balanced_against_each_other() -> None:
    """DATA.md, "The ready-made decks": every deck has 40 cards, 7 of them special cards, and
    an average cost (its power rating) of 5 to 6.5 and an average fair cost of 5 to 7.  What the decks win
    is measured by the balance lab (DATA.md, section 10); this keeps a deck from drifting far
    from the others between measurements."""
    for path in shipped_decks():
        deck = load_deck(path)
        fair = average_fair(deck)
        assert (deck.size, deck.count("special")) == (40, 7), deck.name
        assert 5.0 <= deck.average_cost <= 6.5, f"{deck.name}: average cost {deck.average_cost:.2f}"
        assert 5.0 <= fair <= 7.0, f"{deck.name}: average fair cost {fair:.2f}"


def test_edition_1s_jerry_and_ron_are_as_balanced_as_old_tables_dealt_them() -> None:
    """DATA.md, "Editions": edition 1's decks, which every table opened before the rebalance
    still deals, kept Jerry's and Ron's the same size and special cards, with average cost
    and average fair cost within 0.25 of each other."""
    old_jerry, old_ron = jerry(1), ron(1)
    assert old_jerry.size == old_ron.size
    assert old_jerry.count("special") == old_ron.count("special")
    assert abs(old_jerry.average_cost - old_ron.average_cost) <= 0.25
    assert abs(average_fair(old_jerry) - average_fair(old_ron)) <= 0.25


def test_expand_gives_one_card_per_copy_with_stable_ids() -> None:
    ron = expand(load_deck(RON))
    ids = [c.id for c in ron]
    assert len(ron) == load_deck(RON).size == 40
    assert len(set(ids)) == len(ids)
    assert "annika" in ids
    assert [i for i in ids if i.startswith("streetwalker-a")] == [
        "streetwalker-a#1",
        "streetwalker-a#2",
        "streetwalker-a#3",
        "streetwalker-a#4",
    ]
    assert "king-of-cool#1" in ids, "a special card is numbered even with one copy"
    assert all(c.copies == 1 for c in ron)
    assert ids == [c.id for c in expand(load_deck(RON))], "the same deck always gives the same ids"


def test_ids_are_slugs_of_names() -> None:
    assert slug("Streetwalker A") == "streetwalker-a"
    assert slug("Fat Jerry's Stable") == "fat-jerrys-stable"
    assert slug("Zoë") == "zoe"
    assert slug("Madame  Whiplash!") == "madame-whiplash"
    assert slug("零") == ""
    assert "zoe" in {c.id for c in load_deck(JERRY).cards}


def test_shipped_decks_round_trip_through_dump_deck() -> None:
    for path in EVERY_SHIPPED_DECK:
        deck = load_deck(path)
        assert load_deck(dump_deck(deck)) == deck


# -- the card format ----------------------------------------------------------------------------


def test_a_legal_deck_of_every_kind_of_card_loads() -> None:
    deck = load_deck(
        BASE
        + annika()
        + card(kind="special", special="posse", copies=2)
        + card(kind="streetwalker", name="Streetwalker A", cost=5, looks=3, fight=7, stamina=5)
    )
    her = deck.cards[10]
    assert (her.id, her.services) == ("annika", {"standard": 1, "oral": 1, "anal": 2})
    posse = deck.cards[11]
    assert (posse.kind, posse.name, posse.special, posse.copies, posse.cost, posse.services) == ("special", "Posse", "posse", 2, 0, {})
    assert deck.size == 40 + 1 + 2 + 1


def test_copies_defaults_to_one_and_text_and_id_are_optional() -> None:
    deck = load_deck(BASE + annika(text="07700 900123", id="annika-jerry"))
    assert deck.cards[-1].copies == 1
    assert deck.cards[-1].text == "07700 900123"
    assert deck.cards[-1].id == "annika-jerry"


def test_a_deck_may_be_given_as_a_path_a_path_string_or_text(tmp_path: Path) -> None:
    file = tmp_path / "deck.toml"
    file.write_text(BASE, encoding="utf-8")
    assert load_deck(file) == load_deck(str(file)) == load_deck(BASE)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (card(name="Nobody", cost=4, looks=4, fight=4, stamina=4), 'kind is missing: write kind = "escort", "streetwalker" or "special"'),
        (
            card(kind="streetwaker", name="X", cost=4, looks=4, fight=4, stamina=4),
            'kind "streetwaker" is not escort, streetwalker or special (did you mean "streetwalker"?)',
        ),
        (card(kind=3), "kind 3 is not escort, streetwalker or special"),
        (annika(qualifcations=["Greek"]), 'unknown field "qualifcations" (did you mean "qualifications"?)'),
        (annika(services={"anal": 2}), "services are worked out from qualifications; write qualifications = [...] instead"),
        (annika(special="posse"), "only special cards name a special; this card is an escort"),
        (card(kind="special", special="posse", looks=3), "a special card has no looks: it costs nothing to play and its power rating is 0"),
        (
            card(kind="special", special="posse", name="Posse"),
            'a special card takes its name from specials.toml; write only special = "..."',
        ),
        (card(kind="special", special="posse", qualifications=["Greek"]), "a special card offers no services, so it has no qualifications"),
        (annika(name=None), "name is missing"),
        (annika(cost=None), "cost is missing"),
        (annika(looks=None), "looks is missing"),
        (annika(fight=None), "fight is missing"),
        (annika(stamina=None), "stamina is missing"),
        (card(kind="special"), "special is missing"),
        (annika(cost="nine"), 'cost must be a whole number, not text "nine"'),
        (annika(looks=3.5), "looks must be a whole number, not a decimal number 3.5"),
        (annika(fight=True), "fight must be a whole number, not true/false true"),
        (annika(copies="1"), 'copies must be a whole number, not text "1"'),
        (annika(name=7), "name must be text, not a whole number 7"),
        (annika(text=["a"]), "text must be text, not a list"),
        (annika(id=1), "id must be text, not a whole number 1"),
        (card(kind="special", special=5), "special must be text, not a whole number 5"),
        (annika(qualifications="Greek"), 'qualifications must be a list of text, e.g. ["A & O Levels", "Greek"]'),
        (annika(qualifications=["Greek", 2]), "qualifications must be a list of text"),
        (annika(looks=0), "looks 0 is outside 1-10"),
        (annika(stamina=11), "stamina 11 is outside 1-10"),
        (annika(cost=0), "cost 0 is outside 1-10"),
        (annika(fight=-1), "fight -1 is outside 1-10"),
        (annika(qualifications=["A & O Levels", "greek"]), 'unknown qualification "greek" (did you mean "Greek"?)'),
        (annika(qualifications=["Tantric"]), 'unknown qualification "Tantric"; the qualifications are listed in qualifications.toml'),
        (
            annika(qualifications=["Greek", "Greek"]),
            '"Greek" is written 2 times; each qualification counts once (two different ones make level 2)',
        ),
        (annika(cost=5), "cost 5 is outside 8-10: her fair cost is (3 + 3 + 4 + 6 x 3) / 3 = 9"),
        (annika(cost=7), "and a card may cost 1 either side of it"),
        (
            card(kind="streetwalker", name="Hulk", cost=10, looks=10, fight=10, stamina=10, qualifications=["Greek"]),
            "she is too strong for any cost: her fair cost is (10 + 10 + 10 + 6 x 1) / 3 = 12",
        ),
        (annika(copies=2), "copies is 2; a named escort is unique, so a deck holds one copy of her"),
        (annika(copies=0), "copies is 0; a named escort is unique"),
        (
            card(kind="streetwalker", name="Streetwalker A", copies=5, cost=5, looks=3, fight=7, stamina=5),
            "copies is 5; a deck may hold 1 to 4 copies of a streetwalker",
        ),
        (
            card(kind="streetwalker", name="Streetwalker A", copies=0, cost=5, looks=3, fight=7, stamina=5),
            "copies is 0; a deck may hold 1 to 4 copies of a streetwalker",
        ),
        (card(kind="special", special="posse", copies=3), "copies is 3; a deck may hold 1 to 2 copies of a special card"),
        (
            card(kind="special", special="king-of-coool"),
            'unknown special card "king-of-coool" (did you mean "king-of-cool"?); the special cards are king-of-cool, tame-shrink',
        ),
        (annika(name=" Annika"), "the name has spaces at its start or end"),
        (annika(name=""), "the name is empty"),
        (annika(name="Ann\tika"), "the name contains a control character"),
        (annika(name="零", cost=9), 'cannot make an id from "零"; give the card an id = "..." in latin letters or digits'),
        (annika(id="Annika!"), 'id "Annika!" must be lower-case letters, digits and single dashes, like "streetwalker-a"'),
        (annika(id="streetwalker-a#2"), "must be lower-case letters, digits and single dashes"),
        (
            annika() + annika(),
            'an escort called "Annika" is already in this deck (card 11); a named escort is unique, and the spelling counts',
        ),
        (
            annika() + annika(looks=5, fight=4, stamina=5, qualifications=["Greek"], cost=7),
            'an escort called "Annika" is already in this deck',
        ),
        (
            card(kind="special", special="posse") + card(kind="special", special="posse"),
            "card 11 is the same special; list a card once and set copies",
        ),
        (
            card(kind="streetwalker", name="Filler 0", cost=4, looks=4, fight=4, stamina=4),
            "card 1 is the same streetwalker; list a card once and set copies",
        ),
        (annika(name="Vicky") + annika(name="vicky"), 'id "vicky" is already used by card 11; give one of them another id = "..."'),
        (annika(id="filler-0"), 'id "filler-0" is already used by card 1'),
    ],
)
def test_every_card_rule_has_a_clear_error(extra: str, expected: str) -> None:
    found = problems(extra)
    assert any(expected in p for p in found), found


def test_a_service_level_above_the_highest_is_refused() -> None:
    low = msgspec.structs.replace(RULES, attributes=msgspec.structs.replace(RULES.attributes, max_service_level=1))
    assert any("Anal 2 is above the highest service level, 1" in p for p in problems(annika(), rules=low))


def test_problems_name_the_card_and_its_line() -> None:
    text = BASE + annika(cost=5)
    cost_line = text.splitlines().index("cost = 5") + 1
    header_line = len(BASE.splitlines()) + 2
    (found,) = problems(annika(cost=5))
    assert found.startswith(f'line {cost_line}, card 11 (escort "Annika"): cost 5 is outside 8-10')
    (missing,) = problems(annika(cost=None))
    assert missing == f'line {header_line}, card 11 (escort "Annika"): cost is missing'


def test_every_problem_in_a_deck_is_listed_at_once_in_file_order() -> None:
    found = problems(annika(looks=0, copies=2, qualifications=["Geek"]) + card(kind="special", special="posse", copies=9))
    assert len(found) == 5, found
    lines = [int(p.split(",")[0].removeprefix("line ")) for p in found[:4]]
    assert lines == sorted(lines)
    assert "looks 0" in found[0] and "Geek" in found[1] and "copies is 2" in found[2] and "copies is 9" in found[3]
    assert found[4] == "deck: the deck has 9 special cards, counting copies; a deck may hold at most 8"


def test_one_mistake_does_not_hide_another_on_the_same_card() -> None:
    found = problems(annika(cost="nine", looks=0, copies=3, colour="red"))
    assert len(found) == 4, found


def test_line_hints_skip_multi_line_strings_and_vanish_for_inline_cards() -> None:
    tricky = BASE.replace('description = "For the tests."', 'description = """Not a card:\n[[cards]]\ncost = 1"""')
    (found,) = problems(annika(cost=5), base=tricky)
    assert found.startswith(f"line {(tricky + annika(cost=5)).splitlines().index('cost = 5') + 1}, card 11")
    inline = 'name = "Inline"\ncards = [{ kind = "escort", name = "Annika", cost = 5, looks = 3, fight = 3, stamina = 4 }]\n'
    with pytest.raises(DeckError) as caught:
        load_deck(inline)
    assert any(p.startswith('card 1 (escort "Annika"): cost 5 is outside 2-4') for p in caught.value.problems), caught.value.problems


# -- deck assembly ------------------------------------------------------------------------------


def test_deck_size_limits() -> None:
    small = BASE.replace("copies = 4", "copies = 3", 1)
    assert problems(base=small) == ["deck: the deck has 39 cards, counting copies; a deck has 40 to 60"]
    big = BASE + "".join(card(kind="streetwalker", name=f"Extra {n}", copies=4, cost=4, looks=4, fight=4, stamina=4) for n in range(6))
    assert problems(base=big) == ["deck: the deck has 64 cards, counting copies; a deck has 40 to 60"]


def test_at_most_eight_special_cards() -> None:
    extra = "".join(card(kind="special", special=s, copies=2) for s in SPECIAL_IDS[:4]) + card(kind="special", special="charisma")
    assert problems(extra) == ["deck: the deck has 9 special cards, counting copies; a deck may hold at most 8"]
    assert load_deck(BASE + "".join(card(kind="special", special=s, copies=2) for s in SPECIAL_IDS[:4])).count("special") == 8


def test_the_average_cost_of_a_decks_bitches_is_capped() -> None:
    dear = BASE.replace("cost = 4\nlooks = 4\nfight = 4\nstamina = 4", "cost = 8\nlooks = 8\nfight = 8\nstamina = 8")
    assert problems(base=dear) == [
        "deck: the average cost of the deck's bitches is 8.00, above 7; cost is also the power rating, so add cheaper bitches"
    ]


def test_a_deck_needs_bitches() -> None:
    only_specials = 'name = "Empty"\n' + "".join(card(kind="special", special=s) for s in SPECIAL_IDS)
    found = problems(base=only_specials)
    assert "deck: the deck has no bitches, so it could never have a girlfriend or anyone on the street" in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (BASE.replace('name = "Test Deck"\n', ""), 'deck: the deck has no name (name = "...")'),
        (BASE.replace('name = "Test Deck"', "name = 5"), "line 1: the deck's name must be text, not a whole number"),
        (BASE.replace('name = "Test Deck"', 'name = "  "'), "line 1: the deck's name is empty"),
        (BASE.replace('description = "For the tests."', "description = 1"), "line 2: description must be text, not a whole number"),
        (
            BASE.replace('description = "For the tests."', 'owner = "Jerry"'),
            'line 2: unknown field "owner"; a deck file has name, description and [[cards]]',
        ),
        (
            BASE.replace('description = "For the tests."', 'descripton = "x"'),
            'line 2: unknown field "descripton" (did you mean "description"?)',
        ),
        ('name = "No cards"\n', "deck: the deck has no cards (add [[cards]] tables)"),
        ('name = "Odd"\ncards = 3\n', "line 2: cards must be a list of [[cards]] tables"),
        ('name = "Odd"\ncards = [1]\n', "card 1 (not a table): a card must be a table of fields under [[cards]]"),
        ('name = "Broken\n', "not valid TOML: "),
    ],
)
def test_every_deck_rule_has_a_clear_error(text: str, expected: str) -> None:
    found = problems(base=text)
    assert any(p.startswith(expected) for p in found), found


def test_invalid_toml_and_missing_files_are_deck_errors(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"not valid TOML: .*line 1"):
        load_deck('name = "Broken\n')
    with pytest.raises(DeckError, match="cannot read the file"):
        load_deck(tmp_path / "nowhere.toml")
    assert check(tmp_path / "nowhere.toml")[0].startswith("cannot read the file")


def test_deck_error_message_lists_every_problem_with_the_source(tmp_path: Path) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(BASE + annika(cost=5, copies=2), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(file)
    assert caught.value.source == str(file)
    assert str(caught.value).startswith(f"{file}: 2 problems:\n  - line ")


def test_a_house_rule_can_replace_the_deck_assembly_rules(tmp_path: Path) -> None:
    text = RULES_TEXT.replace("min_cards = 40", "min_cards = 10")
    house = tmp_path / "house-rules.toml"
    house.write_text(text, encoding="utf-8")
    small = 'name = "Small"\n' + "".join(
        card(kind="streetwalker", name=f"S{n}", copies=4, cost=4, looks=4, fight=4, stamina=4) for n in range(3)
    )
    assert problems(base=small) == ["deck: the deck has 12 cards, counting copies; a deck has 40 to 60"]
    assert load_deck(small, rules=load_rules(house)).size == 12


RULES_TEXT = cards.RULES_FILE.read_text(encoding="utf-8")


# -- the data files -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("max_cards = 60", "max_cards = 30"), "deck: min_cards (40) must be at least 1 and max_cards (30) at least min_cards"),
        (("max_special_copies = 2", "max_special_copies = 0"), "max_streetwalker_copies and max_special_copies must be at least 1"),
        (("max_specials = 8", "max_specials = -1"), "max_specials cannot be negative"),
        (("min = 1", "min = 0"), "attributes: min (0) must be at least 1"),
        (("max_average_cost = 7.0", "max_average_cost = 0.5"), "max_average_cost (0.5) is below the lowest cost a card may have (1)"),
        (("max_service_level = 3", "max_service_level = 0"), "max_service_level must be at least 1"),
        (("divisor = 3", "divisor = 0"), "divisor must be at least 1"),
        (("tolerance = 1", "tolerance = 1\nslack = 2"), "Object contains unknown field slack - at cost"),
        (("tolerance = 1", 'tolerance = "1"'), "Expected int, got str - at cost.tolerance"),
    ],
)
def test_the_deck_rules_file_is_validated(change: tuple[str, str], expected: str) -> None:
    with pytest.raises(DataError) as caught:
        load_rules(RULES_TEXT.replace(*change))
    assert any(expected in p for p in caught.value.problems), caught.value.problems
    assert str(caught.value).startswith("<text>: ")


VOCABULARY_TEXT = cards.VOCABULARY_FILE.read_text(encoding="utf-8")


def test_a_house_rule_can_add_qualifications() -> None:
    house = load_vocabulary(VOCABULARY_TEXT + '"Bareback" = { anal = 1, oral = 1 }\n')
    deck = load_deck(BASE + annika(qualifications=["Bareback", "Greek"]), vocabulary=house)
    assert deck.cards[-1].level("anal") == 2
    assert problems(annika(qualifications=["Bareback", "Greek"])) != []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('"Greek" = { anal = 1 }', '"Greek" = { anul = 1 }'), 'qualifications."Greek": unknown service "anul" (did you mean "anal"?)'),
        (('"Greek" = { anal = 1 }', '"Greek" = { anal = 0 }'), 'qualifications."Greek": adds 0 to "anal"; a qualification adds 1 or more'),
        (('"Greek" = { anal = 1 }', '"Greek" = {}'), 'qualifications."Greek": counts toward no service'),
        (('"Greek" = { anal = 1 }', '" Greek" = { anal = 1 }'), "the name has spaces at its start or end"),
        (
            ('"Greek" = { anal = 1 }', '"Greek" = { standard = 1 }'),
            'every bitch already offers "standard" and it never goes to a looks test',
        ),
        (("base = 1 ", "base = 0 "), 'services: "standard" must exist with base = 1 or more'),
        (("[services.oral]", "[services.Oral]"), 'services: "Oral" is not a valid id'),
        (('name = "Oral"', 'name = ""'), "services.oral: name is empty"),
        (('name = "Oral"', 'name = "Oral"\nprice = 6'), "Object contains unknown field price - at services[...]"),
    ],
)
def test_the_qualifications_file_is_validated(change: tuple[str, str], expected: str) -> None:
    assert change[0] in VOCABULARY_TEXT
    with pytest.raises(DataError) as caught:
        load_vocabulary(VOCABULARY_TEXT.replace(*change, 1))
    assert any(expected in p for p in caught.value.problems), caught.value.problems


SPECIALS_TEXT = cards.SPECIALS_FILE.read_text(encoding="utf-8")


def test_the_specials_file_is_validated() -> None:
    with pytest.raises(DataError, match=r'"king-of-kool" is not a special card the game knows \(did you mean "king-of-cool"\?\)'):
        load_specials(SPECIALS_TEXT.replace("[specials.king-of-cool]", "[specials.king-of-kool]"))
    with pytest.raises(DataError, match=r"specials\.posse: text is empty"):
        load_specials(
            SPECIALS_TEXT.replace(
                'text = """You have two extra edge slots, for a total of 5. They are used just like normal \\\nedge slots."""', 'text = " "'
            )
        )
    with pytest.raises(DataError, match=r"specials\.charisma: name is empty"):
        load_specials(SPECIALS_TEXT.replace('name = "Charisma"', 'name = ""'))
    with pytest.raises(DataError, match="cannot read the file"):
        load_specials(Path("/nonexistent/specials.toml"))


def test_a_house_rule_can_drop_reword_or_with_engine_rules_add_special_cards() -> None:
    fewer = load_specials(SPECIALS_TEXT.split("[specials.charisma]")[0])
    assert "charisma" not in fewer.specials
    assert any('unknown special card "charisma"' in p for p in problems(card(kind="special", special="charisma"), specials=fewer))
    more = load_specials(
        SPECIALS_TEXT + '\n[specials.sugar-daddy]\nname = "Sugar Daddy"\ntext = "More cash."\n', known=(*SPECIAL_IDS, "sugar-daddy")
    )
    assert load_deck(BASE + card(kind="special", special="sugar-daddy"), specials=more).cards[-1].name == "Sugar Daddy"


def test_card_struct_refuses_nonsense_built_in_code() -> None:
    with pytest.raises(DataError, match="copies is 0"):
        Card(id="x", kind="streetwalker", name="X", copies=0)
    with pytest.raises(DataError, match="only a special card, names its special"):
        Card(id="x", kind="special", name="X")
    with pytest.raises(DataError, match="is not one of escort"):
        Card(id="x", kind="pimp", name="X")  # type: ignore[arg-type]


def test_build_deck_checks_parsed_data_without_line_numbers() -> None:
    with pytest.raises(DeckError) as caught:
        build_deck(
            {"name": "X", "cards": [{"kind": "escort", "name": "Annika", "cost": 1, "looks": 3, "fight": 3, "stamina": 4}]}, source="editor"
        )
    assert caught.value.source == "editor"
    assert caught.value.problems[0].startswith('card 1 (escort "Annika"): cost 1 is outside 2-4')


# -- the checker command ------------------------------------------------------------------------


def test_check_returns_no_problems_for_a_good_deck_and_all_of_them_for_a_bad_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + annika(cost=5) + annika(), encoding="utf-8")
    assert check(JERRY) == []
    found = check(bad)
    assert len(found) == 2 and "cost 5" in found[0] and "already in this deck" in found[1]


def test_main_prints_ok_or_the_problems_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + annika(cost=5), encoding="utf-8")
    assert cards.main([str(JERRY), str(RON)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"OK: {JERRY}: Fat Jerry's Stable: 40 cards, 33 bitches (10 escorts, 23 streetwalkers) and 7 special cards")
    assert out[1].startswith(f"OK: {RON}: Ron the Bastard's Crew: 40 cards")
    assert cards.main([str(JERRY), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK: ")
    assert out[1].startswith(f"{bad}: line ") and 'card 11 (escort "Annika"): cost 5 is outside 8-10' in out[1]


def test_main_takes_house_rule_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = tmp_path / "rules.toml"
    house.write_text(RULES_TEXT.replace("max_cards = 60", "max_cards = 39"), encoding="utf-8")
    assert cards.main(["--rules", str(house), str(JERRY)]) == 1
    assert "house rule: " in capsys.readouterr().err
    house.write_text(RULES_TEXT.replace("min_cards = 40", "min_cards = 41"), encoding="utf-8")
    assert cards.main(["--rules", str(house), str(JERRY)]) == 1
    assert "the deck has 40 cards, counting copies; a deck has 41 to 60" in capsys.readouterr().out
    vocabulary = tmp_path / "qualifications.toml"
    vocabulary.write_text(VOCABULARY_TEXT, encoding="utf-8")
    specials = tmp_path / "specials.toml"
    specials.write_text(SPECIALS_TEXT, encoding="utf-8")
    assert cards.main(["--qualifications", str(vocabulary), "--specials", str(specials), str(JERRY)]) == 0


def test_python_dash_m_runs_the_checker(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + annika(copies=2), encoding="utf-8")
    good = subprocess.run([sys.executable, "-m", "referee_pimp.cards", str(RON)], capture_output=True, text=True, check=False)
    assert good.returncode == 0 and good.stdout.startswith("OK: ")
    failed = subprocess.run([sys.executable, "-m", "referee_pimp.cards", str(bad)], capture_output=True, text=True, check=False)
    assert failed.returncode == 1
    assert "a named escort is unique, so a deck holds one copy of her" in failed.stdout


# -- properties ---------------------------------------------------------------------------------

QUALIFICATIONS = sorted(VOCABULARY.qualifications)
NAMES = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=16).filter(
    lambda s: cards._bad_name(s) is None
)
TEXT = st.text(st.characters(codec="utf-8"), max_size=40)  # any text TOML can carry: utf-8 has no surrogates


@st.composite
def bitches(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    """A legal escort or streetwalker entry: attributes, qualifications, and a cost within the band."""
    looks, fight, stamina = (draw(st.integers(1, 7)) for _ in range(3))
    qualifications = draw(st.lists(st.sampled_from(QUALIFICATIONS), unique=True, max_size=2))
    allowed = RULES.cost_range(looks, fight, stamina, VOCABULARY.added_levels(qualifications))
    assume(len(allowed) > 0)
    entry: dict[str, Any] = {
        "kind": kind,
        "name": draw(NAMES),
        "cost": draw(st.sampled_from(allowed)),
        "looks": looks,
        "fight": fight,
        "stamina": stamina,
    }
    if qualifications:
        entry["qualifications"] = qualifications
    if kind == "streetwalker":
        entry["copies"] = draw(st.integers(3, 4))
    if draw(st.booleans()):
        entry["text"] = draw(TEXT)
    return entry


@st.composite
def decks(draw: st.DrawFn) -> dict[str, Any]:
    """Parsed deck data that obeys every deck assembly rule (ids made unique where names clash)."""
    entries = draw(st.lists(bitches("escort"), max_size=8, unique_by=lambda e: e["name"]))
    entries += draw(st.lists(bitches("streetwalker"), min_size=9, max_size=12, unique_by=lambda e: e["name"]))
    specials = draw(st.lists(st.sampled_from(SPECIAL_IDS), unique=True, max_size=4))
    entries += [{"kind": "special", "special": s, "copies": draw(st.integers(1, 2))} for s in specials]
    entries = draw(st.permutations(entries))
    used: set[str] = set()
    for n, entry in enumerate(entries):
        made = entry.get("special") or slug(entry["name"])
        if not made or made in used or draw(st.booleans()):
            made = f"card-{n}"
            while made in used:
                made += "-x"
            entry["id"] = made
        used.add(made)
    size = sum(e.get("copies", 1) for e in entries)
    assume(RULES.deck.min_cards <= size <= RULES.deck.max_cards)
    costs = [(e["cost"], e.get("copies", 1)) for e in entries if e["kind"] != "special"]
    assume(sum(c * n for c, n in costs) / sum(n for _, n in costs) <= RULES.deck.max_average_cost)
    return {"name": draw(NAMES), "description": draw(TEXT), "cards": entries}


PROPERTY = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@PROPERTY
@given(decks())
def test_any_valid_deck_round_trips_through_toml(data: dict[str, Any]) -> None:
    deck = build_deck(data)
    text = dump_deck(deck)
    assert load_deck(text) == deck
    assert dump_deck(load_deck(text)) == text


@PROPERTY
@given(decks())
def test_expand_gives_one_card_per_copy_with_unique_ids(data: dict[str, Any]) -> None:
    deck = build_deck(data)
    expanded = expand(deck)
    assert len(expanded) == sum(c.copies for c in deck.cards) == deck.size
    assert len({c.id for c in expanded}) == len(expanded)
    assert Counter((c.kind, c.name) for c in expanded) == {(c.kind, c.name): c.copies for c in deck.cards}
    for c in expanded:
        assert c.copies == 1
        assert ("#" in c.id) == (c.kind != "escort")
