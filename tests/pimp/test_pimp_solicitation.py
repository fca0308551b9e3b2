"""The Solicitation Sheet (referee_pimp.solicitation): d100 from two d10, the services
table, the five special encounters and the punters table.

Rulebook, "Rolling On The Solicitation Table": "Roll a ten-sided dice twice to generate a
number between 1 and 100"; "If the result was 1 to 90, then you have rolled a standard
punter wanting a service"; "1 to 5 = 1 punter; 6 to 8 = 2 punters; 9 = 3 punters; 10 = 4
punters"; "The first roll is a 36, anal"; "rolls a 35, anal"; "the price for anal is 10";
"the stamina target for anal is 10".  The rest of the sheet is our design (DATA.md).
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee_pimp import solicitation
from referee_pimp.cards import VOCABULARY, DataError, load_vocabulary
from referee_pimp.solicitation import ENCOUNTER_IDS, SHEET, Encounter, Service, d100, load, lookup, parse_rolls, punters, spans

SHEET_TEXT = solicitation.SHEET_FILE.read_text(encoding="utf-8")
D10 = st.integers(1, 10)


# -- two d10 make a d100 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tens", "units", "number"),
    [(3, 6, 36), (3, 5, 35), (10, 1, 1), (10, 9, 9), (1, 10, 10), (9, 10, 90), (9, 1, 91), (10, 10, 100), (4, 2, 42)],
)
def test_two_d10_read_as_tens_and_units_with_00_as_100(tens: int, units: int, number: int) -> None:
    assert d100(tens, units) == number


def test_the_100_pairs_of_d10_give_each_number_1_to_100_exactly_once() -> None:
    rolls = Counter(d100(t, u) for t, u in itertools.product(range(1, 11), repeat=2))
    assert rolls == Counter(range(1, 101))


@given(D10, D10)
def test_every_pair_of_d10_maps_into_1_to_100(tens: int, units: int) -> None:
    assert 1 <= d100(tens, units) <= 100


@given(st.integers(1, 100))
def test_every_number_1_to_100_is_reached_by_exactly_one_pair(number: int) -> None:
    assert [(t, u) for t in range(1, 11) for u in range(1, 11) if d100(t, u) == number] == [((number // 10) % 10 or 10, number % 10 or 10)]


@pytest.mark.parametrize("die", [0, 11, -1, True, 3.0, "3"])
def test_a_d10_shows_1_to_10(die: object) -> None:
    with pytest.raises(ValueError, match="a d10 shows 1-10"):
        d100(die, 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a d10 shows 1-10"):
        d100(5, die)  # type: ignore[arg-type]


# -- the services table -------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [35, 36])
def test_35_and_36_are_anal_price_10_stamina_10(roll: int) -> None:
    assert lookup(roll) == Service(rolls="34-45", service="anal", price=10, stamina=10)
    row = lookup(d100(3, roll - 30))
    assert isinstance(row, Service) and row.service == "anal"


def test_1_to_90_are_standard_punters_wanting_a_service() -> None:
    for roll in range(1, 91):
        row = lookup(roll)
        assert isinstance(row, Service), roll
        assert row.service in VOCABULARY.services


def test_91_to_100_are_the_five_special_encounters() -> None:
    rows = [lookup(roll) for roll in range(91, 101)]
    assert all(isinstance(row, Encounter) for row in rows)
    assert {row.encounter for row in rows if isinstance(row, Encounter)} == set(ENCOUNTER_IDS)
    assert {e.name for e in SHEET.encounters} == {"Psycho Punter", "Police Bust", "Moral Crackdown", "Runaway", "Zero Tolerance"}


def test_the_encounter_ranges_as_designed() -> None:
    """Commoner the less they hurt; Zero Tolerance, which ends the game for everyone, on 100 alone."""
    encounters = {e.encounter: parse_rolls(e.rolls) for e in SHEET.encounters}
    assert encounters == {
        "psycho-punter": (91, 92, 93),
        "police-bust": (94, 95),
        "moral-crackdown": (96, 97),
        "runaway": (98, 99),
        "zero-tolerance": (100,),
    }


def test_every_number_1_to_100_is_on_exactly_one_row() -> None:
    rows: list[Service | Encounter] = [*SHEET.services, *SHEET.encounters]
    covered = Counter(n for row in rows for n in parse_rolls(row.rolls))
    assert covered == Counter(range(1, 101))
    assert set(SHEET.table()) == set(range(1, 101))


def test_every_service_a_bitch_can_offer_is_on_the_table_once_with_one_price() -> None:
    assert sorted(row.service for row in SHEET.services) == sorted(VOCABULARY.services)
    assert SHEET.service("standard").price == 4
    with pytest.raises(KeyError):
        SHEET.service("kissing")


def test_price_equals_stamina_target_and_every_service_carries_about_the_same_money() -> None:
    """Design (DATA.md): the rulebook's one row has price 10 = stamina 10, so every row does;
    numbers on the table x price is 120 for each service, 132 for Standard (the spare three)."""
    for row in SHEET.services:
        assert row.price == row.stamina
        assert len(parse_rolls(row.rolls)) * row.price == (132 if row.service == "standard" else 120)
    assert SHEET.service("standard").price == min(row.price for row in SHEET.services)


@pytest.mark.parametrize("roll", [0, 101, -5, True, 36.0])
def test_the_services_table_is_read_with_1_to_100(roll: object) -> None:
    with pytest.raises(ValueError, match="the services table is read with a d100 roll, 1-100"):
        lookup(roll)  # type: ignore[arg-type]


# -- the punters table --------------------------------------------------------------------------


def test_the_punters_table_is_exactly_the_rulebooks() -> None:
    """ "1 to 5 = 1 punter; 6 to 8 = 2 punters; 9 = 3 punters; 10 = 4 punters"."""
    assert [punters(d10) for d10 in range(1, 11)] == [1, 1, 1, 1, 1, 2, 2, 2, 3, 4]
    assert punters(7) == 2, "the rulebook's example: a 7, 2 punters"
    assert punters(4) == 1, "the rulebook's example: a 4, 1 punter"


@pytest.mark.parametrize("d10", [0, 11, False])
def test_the_punters_table_is_read_with_a_d10(d10: object) -> None:
    with pytest.raises(ValueError, match="the punters table is read with a d10, 1-10"):
        punters(d10)  # type: ignore[arg-type]


# -- helpers ------------------------------------------------------------------------------------


def test_parse_rolls_reads_numbers_ranges_and_lists() -> None:
    assert parse_rolls("36") == (36,)
    assert parse_rolls("34-45") == tuple(range(34, 46))
    assert parse_rolls("1-3, 98 - 99") == (1, 2, 3, 98, 99)
    assert parse_rolls("9", 1, 10) == (9,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("45-34", 'rolls "45-34": "45-34" runs backwards; write the low number first'),
        ("0-5", 'rolls "0-5": "0-5" goes outside 1-100'),
        ("95-101", 'rolls "95-101": "95-101" goes outside 1-100'),
        ("one", 'rolls "one": "one" is not a number or a range like "34-45"'),
        ("1-5,", 'rolls "1-5,": "" is not a number'),
    ],
)
def test_parse_rolls_says_what_is_wrong(text: str, expected: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_rolls(text)
    assert str(caught.value).startswith(expected)


def test_spans() -> None:
    assert spans([37, 38, 39, 55, 1]) == "1, 37-39, 55"
    assert spans([]) == ""


# -- house rules --------------------------------------------------------------------------------


def test_a_house_rule_can_replace_the_sheet(tmp_path: Path) -> None:
    """E.g. no Zero Tolerance: Runaway takes 98-100."""
    house = tmp_path / "solicitation.toml"
    text = SHEET_TEXT.replace('rolls = "98-99"', 'rolls = "98-100"')
    text = text[: text.index('[[encounters]]\nrolls = "100"')] + text[text.index("# Punters table") :]
    house.write_text(text, encoding="utf-8")
    sheet = load(house)
    runaway = lookup(100, sheet)
    assert isinstance(runaway, Encounter) and runaway.encounter == "runaway"
    assert "zero-tolerance" not in {e.encounter for e in sheet.encounters}
    assert lookup(36, sheet) == lookup(36)
    assert punters(10, sheet) == 4


def test_a_house_rule_can_add_a_service_with_its_qualifications() -> None:
    vocabulary = load_vocabulary(
        solicitation.DATA_DIR.joinpath("qualifications.toml")
        .read_text(encoding="utf-8")
        .replace("# Qualification", '[services.kissing]\nname = "Kissing"\n\n# Qualification')
        + '"French Kissing" = { kissing = 1 }\n'
    )
    text = (
        SHEET_TEXT.replace('rolls = "1-33"', 'rolls = "1-30"')
        + '\n[[services]]\nrolls = "31-33"\nservice = "kissing"\nprice = 5\nstamina = 5\n'
    )
    with pytest.raises(DataError, match='service "kissing" is not in the services and qualifications'):
        load(text)
    sheet = load(text, vocabulary=vocabulary)
    assert lookup(32, sheet) == Service(rolls="31-33", service="kissing", price=5, stamina=5)
    with pytest.raises(DataError, match='service "kissing" has no row, so no punter would ever want it'):
        load(SHEET_TEXT, vocabulary=vocabulary)


def test_a_new_encounter_needs_engine_rules_so_it_must_be_known() -> None:
    text = SHEET_TEXT.replace('encounter = "runaway"\nname = "Runaway"', 'encounter = "pimp-war"\nname = "Pimp War"')
    with pytest.raises(DataError, match='encounter "pimp-war" is not one the game knows; the encounters are psycho-punter'):
        load(text)
    assert lookup(98, load(text, known_encounters=(*ENCOUNTER_IDS, "pimp-war"))).name == "Pimp War"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('rolls = "34-45"', 'rolls = "35-45"'), "the services table has no row for 34; every roll must be on exactly one row"),
        (('rolls = "34-45"', 'rolls = "36-40"'), "the services table has no row for 34-35, 41-45"),
        (
            ('rolls = "34-45"', 'rolls = "33-45"'),
            "the services table: 33 is on more than one row (standard, anal); every roll must be on exactly one row",
        ),
        (('rolls = "100"', 'rolls = "99-100"'), "99 is on more than one row (runaway, zero-tolerance)"),
        (('rolls = "34-45"', 'rolls = "45-34"'), 'services row 2 (anal): rolls "45-34": "45-34" runs backwards'),
        (('rolls = "100"', 'rolls = "100-101"'), 'encounters row 5 (zero-tolerance): rolls "100-101": "100-101" goes outside 1-100'),
        (("price = 10", "price = 0"), "services row 2 (anal): price 0 must be at least 1"),
        (("stamina = 10", "stamina = 0"), "services row 2 (anal): stamina 0 must be at least 1"),
        (('service = "oral"', 'service = "Oral"'), 'services row 3 (Oral): service "Oral" is not a valid id'),
        (('name = "Runaway"', 'name = ""'), "encounters row 4 (runaway): name is empty"),
        (('encounter = "runaway"', 'encounter = "police-bust"'), 'encounter "police-bust" has more than one row'),
        (
            ('service = "oral"', 'service = "anal"'),
            'service "anal" has more than one row; give it one row (rolls may list several ranges) so it has one price',
        ),
        (('rolls = "6-8"', 'rolls = "6-7"'), "the punters table has no row for 8"),
        (('rolls = "9"', 'rolls = "8-9"'), "the punters table: 8 is on more than one row (2 punters, 3 punters)"),
        (('rolls = "10"', 'rolls = "10-11"'), 'punters row 4: rolls "10-11": "10-11" goes outside 1-10'),
        (("punters = 1", "punters = 0"), "punters row 1: punters 0 must be at least 1 (a car holds somebody)"),
        (("price = 10", "price = 10\ntip = 2"), "Object contains unknown field tip - at services[1]"),
        (("price = 10", 'price = "10"'), "Expected int, got str - at services[1].price"),
        (('service = "oral"', 'service = "orla"'), 'service "orla" is not in the services and qualifications (did you mean "oral"?)'),
        (('encounter = "runaway"', 'encounter = "run-away"'), 'encounter "run-away" is not one the game knows (did you mean "runaway"?)'),
    ],
)
def test_every_sheet_problem_has_a_clear_error(change: tuple[str, str], expected: str) -> None:
    assert change[0] in SHEET_TEXT
    with pytest.raises(DataError) as caught:
        load(SHEET_TEXT.replace(*change, 1))
    assert any(expected in p for p in caught.value.problems), caught.value.problems
    assert str(caught.value).startswith("<text>: ")


def test_every_sheet_problem_is_listed_at_once() -> None:
    text = SHEET_TEXT.replace("price = 10", "price = 0").replace('rolls = "9"', 'rolls = "8"')
    with pytest.raises(DataError) as caught:
        load(text)
    assert len(caught.value.problems) == 3, caught.value.problems


def test_unreadable_sheets(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read the file"):
        load(tmp_path / "missing.toml")
    with pytest.raises(DataError, match="not valid TOML"):
        load("[[services]\nrolls = 1\n")
