"""The words module: seats as grammatical persons, plurals and money (issue 20, "Words")."""

from __future__ import annotations

import doctest

import pytest

import referee
from referee.words import Words, count, listing, money, ordinal, plural, second_person


@pytest.mark.parametrize(
    ("third", "second"),
    [
        ("aims", "aim"),
        ("was dealt", "were dealt"),
        ("has", "have"),
        ("is", "are"),
        ("carries", "carry"),
        ("pushes", "push"),
        ("backs down", "back down"),
        ("goes", "go"),
        ("passes", "pass"),
    ],
)
def test_a_verb_agrees_with_the_reader(third: str, second: str) -> None:
    assert second_person(third) == second
    assert Words("Ada").verb("Ada", third) == second
    assert Words("Ada").verb("Bob", third) == third


def test_a_seat_called_you_is_spoken_to_in_the_second_person() -> None:
    """The terminal names the person playing against bots "You": never "You aims"."""
    assert Words(None).says("You", "aims", "at Ada") == "You aim at Ada"
    assert Words("Ada").says("You", "was dealt", "3 cards") == "You were dealt 3 cards"


def test_several_seats_share_a_plural_verb_and_one_a_singular() -> None:
    words = Words("Bob")
    assert words.subjects(["Ada", "Cleo"], "back down") == "Ada and Cleo back down"
    assert words.subjects(["Ada"], "back down") == "Ada backs down"
    assert words.subjects(["Bob"], "back down") == "You back down"
    assert words.names(["Ada", "Bob", "Cleo"]) == "Ada, you and Cleo"


def test_counts_plurals_money_and_ordinals() -> None:
    assert [count(1, "bullet"), count(0, "bullet"), count(2, "die"), count(2, "party")] == ["1 bullet", "0 bullets", "2 dice", "2 parties"]
    assert plural("box") == "boxes" and plural("day") == "days"
    assert [money(100000), money(-5000), money(0)] == ["$100,000", "-$5,000", "$0"]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
    assert listing([]) == "nobody" and listing(["Ada"]) == "Ada" and listing(["a", "b"], "or") == "a or b"


def test_the_module_examples_hold() -> None:
    failed, tried = doctest.testmod(referee.words)
    assert tried and not failed


def test_a_presentation_is_plain_json_for_adapters() -> None:
    shown = referee.Presentation(
        title="Cash'n'Guns",
        status="Round 2 of 8",
        zones=(
            referee.Zone(
                title="Your hand",
                role="hand",
                owner="Ada",
                cards=(referee.Card(name="Bang!", kind="bullet", text="Hits."),),
                backs=(referee.Backs(label="cards", count=2),),
            ),
        ),
        arrows=(referee.Arrow(source="Ada", target="Bob", label="aims"),),
    )
    data = referee.presentation.to_json(shown)
    assert data["zones"][0]["cards"][0] == {"name": "Bang!", "kind": "bullet", "text": "Hits."}
    assert list(data["arrows"]) == [{"source": "Ada", "target": "Bob", "label": "aims"}]
