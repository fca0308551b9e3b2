"""Groups of alternative fields (``one_of``, issue 24): a shape that says "exactly one of
these", so a request says what the rules accept (Cash'n'Guns: a bullet card, or The
Cunning revealed instead of one) and no shape-legal answer is refused by the game."""

from __future__ import annotations

import random

import msgspec
import pytest

from referee import IllegalAction, Option, Pick, Shape, answers

CARD = Pick((Option("click", "Click!"), Option("bang", "Bang!")), optional=True, one_of="bullet", label="bullet card")
REVEAL = Pick((Option("the-cunning", "Reveal The Cunning"),), optional=True, one_of="bullet", label="reveal instead")
FIELDS: dict[str, Shape] = {"card": CARD, "reveal": REVEAL}


def test_exactly_one_of_a_group_is_accepted():
    answers.validate(FIELDS, {"card": "bang"})
    answers.validate(FIELDS, {"reveal": "the-cunning"})
    with pytest.raises(IllegalAction, match=r"^card or reveal: given together; give exactly one of them$"):
        answers.validate(FIELDS, {"card": "bang", "reveal": "the-cunning"})
    with pytest.raises(IllegalAction, match=r"^card or reveal: missing; give exactly one of them$"):
        answers.validate(FIELDS, {})


def test_a_group_beside_other_fields_keeps_their_rules():
    fields: dict[str, Shape] = {**FIELDS, "note": Pick((Option("x"),), optional=True), "must": Pick((Option("y"),))}
    answers.validate(fields, {"card": "click", "must": "y"})
    with pytest.raises(IllegalAction, match=r"^must: missing"):
        answers.validate(fields, {"card": "click"})


def test_the_default_bot_gives_exactly_one_of_the_group_and_both_come_up():
    rng = random.Random(7)
    given = {frozenset(answers.sample(FIELDS, rng)) for _ in range(60)}
    assert given == {frozenset({"card"}), frozenset({"reveal"})}


def test_a_group_with_nothing_to_offer_in_one_field_samples_the_other():
    fields: dict[str, Shape] = {"card": Pick((), optional=True, one_of="bullet"), "reveal": REVEAL}
    assert all(answers.sample(fields, random.Random(n)) == {"reveal": "the-cunning"} for n in range(10))


def test_the_text_form_says_exactly_one_and_reads_a_bare_value_as_the_first():
    said = answers.describe(FIELDS)
    assert "card (bullet card, or reveal)" in said and "give exactly one of card or reveal" in said
    assert "optional" not in said
    assert answers.parse(FIELDS, "2") == {"card": "bang"}
    assert answers.parse(FIELDS, "reveal=1") == {"reveal": "the-cunning"}
    with pytest.raises(IllegalAction, match=r"^bullet card or reveal instead: given together"):
        answers.check(FIELDS, {"card": "bang", "reveal": "the-cunning"})


def test_the_group_travels_with_the_shape_and_old_shapes_are_unchanged():
    encoded = msgspec.json.encode(CARD)
    assert b'"one_of":"bullet"' in encoded
    assert msgspec.json.decode(encoded, type=Shape) == CARD
    assert b"one_of" not in msgspec.json.encode(Pick((Option("a"),)))
