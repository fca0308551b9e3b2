"""Issue 20, "Forms and prompts that fit the decision", in the text form (``referee.answers``'
parse, check, describe, render): choices are named by what the player sees (names, the
numbers the prompt shows), never ids; a name's first words are enough where no other
option starts so; a refusal lists the choices by those numbers; a forced single option is
confirmed with an empty answer (Enter)."""

from __future__ import annotations

import random

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Amount, Assign, IllegalAction, Option, Pick, Subset, answers
from referee.answers import check, describe, parse, render

HOS = Pick(
    (
        Option("big-bertha", "Big Bertha ($2, backhanding 2)"),
        Option("bambi", "Bambi ($5)"),
        Option("big-daddy-kane", "Big Daddy Kane (macking 5)"),
    ),
    label="the ho",
)
STREETWALKERS = Pick(
    (
        Option("Ann/streetwalker-b#1", "Streetwalker B (your hand, cost 6)"),
        Option("Ann/destiny", "Destiny (your hand, cost 7)"),
        Option("Ann/streetwalker-b#3", "Streetwalker B #2 (your hand, cost 6)"),
        Option("end", "do no more shit this turn"),
    ),
    label="the card",
)


def test_a_first_name_alone_names_a_card_where_no_other_starts_so():
    assert parse({"ho": HOS}, "Bambi") == {"ho": "bambi"}
    assert parse({"ho": HOS}, "big bertha") == {"ho": "big-bertha"}
    assert parse({"ho": HOS}, "Big Daddy") == {"ho": "big-daddy-kane"}
    # "Big" starts two names: neither is guessed; both are named by the numbers shown.
    with pytest.raises(IllegalAction) as refused:
        parse({"ho": HOS}, "Big")
    assert (
        refused.value.message == 'the ho: "Big" could be 1) Big Bertha ($2, backhanding 2); 3) Big Daddy Kane (macking 5); type its number'
    )


def test_a_name_inside_a_label_is_read_but_a_plain_word_never_picks_a_move():
    targets = Pick((Option("p-ada", "the player Ada"), Option("f-bambi", "the fight for Bambi (worth 5)")))
    assert parse({"target": targets}, "Bambi") == {"target": "f-bambi"}
    assert parse({"target": targets}, "ada") == {"target": "p-ada"}
    # "no" is inside "do no more shit this turn", but is no name: it ends nobody's turn.
    with pytest.raises(IllegalAction, match='"no" is not one of the choices'):
        parse({"card": STREETWALKERS}, "no")


def test_two_cards_of_one_name_are_told_apart_by_the_game_and_typed_by_what_it_shows():
    assert parse({"card": STREETWALKERS}, "Streetwalker B") == {"card": "Ann/streetwalker-b#1"}
    assert parse({"card": STREETWALKERS}, "Streetwalker B #2") == {"card": "Ann/streetwalker-b#3"}
    assert parse({"card": STREETWALKERS}, "3") == {"card": "Ann/streetwalker-b#3"}
    assert render({"card": STREETWALKERS}, {"card": "Ann/streetwalker-b#3"}) == "Streetwalker B #2 (your hand, cost 6)"


def test_a_refusal_names_the_choices_by_the_numbers_the_prompt_shows_never_by_id():
    with pytest.raises(IllegalAction) as refused:
        parse({"card": STREETWALKERS}, "9")
    message = refused.value.message
    assert message.startswith('the card: "9" is not one of the choices; choose 1 to 4: 1) Streetwalker B (your hand, cost 6); 2) Destiny')
    assert "streetwalker-b#" not in message and "Ann/" not in message
    # A count refused after reading: the options by number and name, the field by its label.
    stars = {"stars": Subset(HOS.options, min=2, label="Stars to put into play")}
    args = parse(stars, "1")
    with pytest.raises(IllegalAction) as few:
        check(stars, args)
    assert few.value.message == (
        "Stars to put into play: pick at least 2 of 1) Big Bertha ($2, backhanding 2); 2) Bambi ($5); 3) Big Daddy Kane (macking 5)"
    )
    # The same refusal for an adapter sending values (a form): labels, no numbers.
    with pytest.raises(IllegalAction, match=r"^stars: pick at least 2 of Big Bertha"):
        answers.validate(stars, args)


def test_the_only_choice_is_confirmed_with_an_empty_answer():
    only = {"claim": Pick((Option("stay-down", "stay down"),))}
    assert parse(only, "") == {"claim": "stay-down"}
    assert describe(only) == "claim: only 1) stay down (an empty answer takes it)"
    assert parse({"extra": Amount(min=2, max=2)}, "") == {"extra": 2}
    # A choice is never made for the seat: an optional field, or two options, stay out.
    assert parse({"claim": Pick((Option("a", "A"),), optional=True)}, "") == {}
    assert parse({"card": STREETWALKERS}, "") == {}
    with pytest.raises(IllegalAction) as refused:
        check(only, {"claim": "grab"})
    assert refused.value.message == 'claim: "grab" is not offered (1) stay down)'


def test_a_cards_own_targets_keep_the_numbers_of_the_whole_list():
    """Assign.allowed: a card offered only some targets is told its own, numbered as the
    whole list of targets is shown, and refused any other."""
    plays = {
        "plays": Assign(
            (Option("snitch-1", "Snitch"), Option("pimp-cup-4", "Pimp Cup (macking +3)")),
            (Option("ada", "the player Ada"), Option("bambi", "the fight for Bambi"), Option("jade", "the fight for Jade")),
            allowed={"snitch-1": ("ada",), "pimp-cup-4": ("bambi", "jade")},
        )
    }
    shown = describe(plays)
    assert "1) Snitch (onto 1); 2) Pimp Cup (macking +3) (onto 2, 3)" in shown
    assert parse(plays, "1:1, 2:3") == {"plays": {"snitch-1": "ada", "pimp-cup-4": "jade"}}
    assert parse(plays, "Snitch:Ada, Pimp Cup:Bambi") == {"plays": {"snitch-1": "ada", "pimp-cup-4": "bambi"}}
    with pytest.raises(IllegalAction) as refused:
        parse(plays, "1:2")
    assert refused.value.message == ('plays: "2" is not one of the targets for 1) Snitch; the only choice is 1) the player Ada')
    with pytest.raises(IllegalAction) as refused:
        parse(plays, "2:1")
    assert refused.value.message.endswith("choose 2, 3: 2) the fight for Bambi; 3) the fight for Jade")
    assert render(plays, {"plays": {"pimp-cup-4": "jade"}}) == "Pimp Cup (macking +3):the fight for Jade"


_IDS = st.from_regex(r"[a-z]{2,6}-[0-9]{1,2}", fullmatch=True)
_NAMES = st.from_regex(r"[A-Z][a-z]{1,7}( [A-Z][a-z]{1,7})?( \([a-z0-9 ]{1,8}\))?", fullmatch=True)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(_IDS, _NAMES), min_size=1, max_size=8, unique_by=lambda pair: pair[0]), st.randoms())
def test_what_render_writes_is_read_back_and_never_holds_an_id(options, rng: random.Random):
    """Whatever the labels, an answer written as a person types it reads back as itself and
    names each option by its label or number, never by its value."""
    shape = Subset(tuple(Option(value, label) for value, label in options))
    chosen = [o.value for o in rng.sample(shape.options, rng.randint(0, len(shape.options)))]
    text = render({"pick": shape}, {"pick": chosen})
    assert parse({"pick": shape}, text) == {"pick": chosen}
    assert not any(value in text for value, _ in options)


def test_a_field_is_named_in_words_and_typed_either_way():
    """A field's key written with underscores is shown, and may be typed, as words."""
    fields = {"give_money": Amount(optional=True, label="money you give"), "get_money": Amount(optional=True)}
    assert describe(fields).splitlines()[:2] == [
        "give money (money you give, optional): a whole number, 0 or more",
        "get money (optional): a whole number, 0 or more",
    ]
    assert parse(fields, "give money=20 get_money=5") == {"give_money": 20, "get_money": 5}
    assert render(fields, {"give_money": 20}) == "give money=20"
    with pytest.raises(IllegalAction, match="get money: given twice"):
        parse(fields, "get money=1 get_money=2")
