"""Answer shapes (issue 10): a request says the shape of a legal answer; the kernel refuses
answers that do not fit, naming the field and the rule, before the game sees them."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import (
    Amount,
    Assign,
    Event,
    Flag,
    Game,
    IllegalAction,
    Option,
    Order,
    Pick,
    RefereeError,
    Request,
    Shape,
    Subset,
    Text,
    hookimpl,
)
from referee.answers import describe, parse, render, sample, validate


def opts(*values: str) -> tuple[Option, ...]:
    return tuple(Option(v, v.title()) for v in values)


CARD = {"card": Pick(opts("click", "bang", "bbb"))}


def refused(fields: dict[str, Shape], args: Any, match: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        validate(fields, args)
    message = str(caught.value)
    assert match in message, message
    assert "\n" not in message
    return message


# --- validate, shape by shape ------------------------------------------------------------


def test_pick_accepts_an_offered_value_only():
    validate(CARD, {"card": "bang"})
    refused(CARD, {"card": "Bang"}, 'card: "Bang" is not offered (Click, Bang, Bbb)')
    refused(CARD, {"card": 2}, "card: 2 is not offered")
    refused(CARD, {"card": ["bang"]}, 'card: ["bang"] is not offered')
    refused(CARD, {}, "card: missing; one of 1) Click; 2) Bang; 3) Bbb")


def test_unknown_fields_are_refused_by_name():
    refused(CARD, {"card": "bang", "extra": 1}, "extra: no such field in this answer (it takes card)")
    refused({}, {"x": 1}, "x: no such field in this answer (it takes no fields)")
    validate({}, {})


def test_optional_field_may_be_left_out_but_not_given_wrong():
    fields = {"card": Pick(opts("click")), "reveal": Pick(opts("the-kid"), optional=True)}
    validate(fields, {"card": "click"})
    validate(fields, {"card": "click", "reveal": "the-kid"})
    refused(fields, {"card": "click", "reveal": None}, "reveal: null is not offered (The-Kid)")


def test_subset_bounds_duplicates_and_offer():
    fields = {"attackers": Subset(opts("a", "b", "c", "d"), min=1, max=3)}
    validate(fields, {"attackers": ["a"]})
    validate(fields, {"attackers": ["d", "b", "a"]})
    refused(fields, {"attackers": []}, "attackers: pick at least 1 of A, B, C, D")
    refused(fields, {"attackers": ["a", "b", "c", "d"]}, "attackers: pick at most 3 of A, B, C, D")
    refused(fields, {"attackers": ["a", "a"]}, 'attackers: "a" is named twice')
    refused(fields, {"attackers": ["e"]}, 'attackers: "e" is not offered (A, B, C, D)')
    refused(fields, {"attackers": "a"}, 'attackers: "a" is not a list of values')


def test_subset_without_a_maximum_takes_all_options():
    validate({"s": Subset(opts("a", "b"))}, {"s": ["a", "b"]})
    validate({"s": Subset(opts("a", "b"))}, {"s": []})


def test_amount_refuses_bools_and_floats_where_an_int_is_asked():
    # 1 == True == 1.0 in Python, but only 1 is a whole number in an answer.
    fields = {"amount": Amount(min=1, max=10)}
    validate(fields, {"amount": 1})
    refused(fields, {"amount": True}, "amount: true is not a whole number")
    refused(fields, {"amount": 1.0}, "amount: 1.0 is not a whole number")
    refused(fields, {"amount": 1.5}, "amount: 1.5 is not a whole number")
    refused(fields, {"amount": "1"}, 'amount: "1" is not a whole number')
    refused(fields, {"amount": 0}, "amount: 0 is less than 1")
    refused(fields, {"amount": 11}, "amount: 11 is more than 10")


def test_amount_steps_count_from_the_minimum_and_may_be_unbounded():
    fields = {"bid": Amount(min=5, step=5)}
    validate(fields, {"bid": 5})
    validate(fields, {"bid": 10**12})
    refused(fields, {"bid": 7}, "bid: 7 is not 5 plus a multiple of 5")


def test_order_needs_every_option_once():
    fields = {"order": Order(opts("x", "y", "z"))}
    validate(fields, {"order": ["z", "x", "y"]})
    refused(fields, {"order": ["z", "x"]}, "order: put every option in order; missing Y")
    refused(fields, {"order": ["z", "x", "x"]}, 'order: "x" is named twice')
    refused(fields, {"order": ["z", "x", "y", "w"]}, 'order: "w" is not offered')


def test_assign_maps_items_to_offered_targets_within_bounds():
    fields = {"cars": Assign(opts("vicky", "candy", "kim"), opts("car-1", "car-2"), min=1, max=2)}
    validate(fields, {"cars": {"vicky": "car-1"}})
    validate(fields, {"cars": {"vicky": "car-2", "kim": "car-2"}})
    refused(fields, {"cars": {}}, "cars: assign at least 1 item")
    refused(fields, {"cars": {"vicky": "car-1", "candy": "car-1", "kim": "car-2"}}, "cars: assign at most 2 items")
    refused(fields, {"cars": {"sue": "car-1"}}, 'cars: "sue" is not an item offered (Vicky, Candy, Kim)')
    refused(fields, {"cars": {"vicky": "car-3"}}, 'cars: "car-3" is not a target offered for Vicky (Car-1, Car-2)')
    refused(fields, {"cars": ["vicky"]}, 'cars: ["vicky"] is not a map of item to target')


def test_assign_offers_each_item_only_its_own_targets():
    """A card's legal targets (issue 20, "dependent fields filter each other")."""
    fields = {"plays": Assign(opts("snitch", "shiv"), opts("bertha", "fight"), allowed={"snitch": ("bertha",)})}
    validate(fields, {"plays": {"snitch": "bertha", "shiv": "fight"}})
    refused(fields, {"plays": {"snitch": "fight"}}, 'plays: "fight" is not a target offered for Snitch (Bertha)')
    assert [t.value for t in fields["plays"].targets_for("shiv")] == ["bertha", "fight"]
    rng = random.Random(3)
    for _ in range(50):
        validate(fields, sample(fields, rng))
    with pytest.raises(RefereeError, match="allowed"):
        Assign(opts("snitch"), opts("bertha"), allowed={"snitch": ("nowhere",)})


def test_text_and_flag_types():
    orders = {"orders": Text(hint="your orders", max_length=5)}
    validate(orders, {"orders": ""})
    validate(orders, {"orders": "hello"})
    refused(orders, {"orders": "hello!"}, "orders: 6 characters is more than 5")
    refused(orders, {"orders": 5}, "orders: 5 is not text")
    refused(orders, {}, "orders: missing; your orders (up to 5 characters)")
    brave = {"brave": Flag()}
    validate(brave, {"brave": False})
    refused(brave, {"brave": 0}, "brave: 0 is not true or false")
    refused(brave, {"brave": "yes"}, 'brave: "yes" is not true or false')


def test_a_long_offer_is_named_on_one_short_line():
    fields = {"card": Pick(tuple(Option(f"card-{n}") for n in range(40)))}
    message = refused(fields, {"card": "joker"}, "card-7 and 32 more")
    assert len(message) < 200


def test_shapes_that_cannot_be_answered_consistently_are_refused_when_built():
    with pytest.raises(ValueError, match="offers 'a' twice"):
        Pick((Option("a"), Option("a", "another a")))
    with pytest.raises(ValueError, match=r"bounds 3\.\.1"):
        Subset(opts("a"), min=3, max=1)
    with pytest.raises(ValueError, match="steps of 0"):
        Amount(step=0)


# --- the text form -----------------------------------------------------------------------


def test_parse_a_single_pick_by_number_value_or_label():
    assert parse(CARD, "2") == {"card": "bang"}
    assert parse(CARD, "bbb") == {"card": "bbb"}
    assert parse(CARD, "  BANG ") == {"card": "bang"}
    assert parse(CARD, "card=3") == {"card": "bbb"}
    # A number not shown is refused at once, by the numbers that were shown.
    with pytest.raises(IllegalAction, match=r'^card: "4" is not one of the choices; choose 1 to 3: 1\) Click; 2\) Bang; 3\) Bbb$'):
        parse(CARD, "4")
    assert parse(CARD, "") == {}


def test_parse_a_label_without_its_bracketed_remark():
    cards = {
        "card": Pick(
            (
                Option("bang", "Bang! (2 left)"),
                Option("bbb", "Bang! Bang! Bang! (1 left)"),
                Option("z1", "Zed (a)"),
                Option("z2", "Zed (b)"),
            )
        )
    }
    assert parse(cards, "bang!") == {"card": "bang"}
    assert parse(cards, "Bang! Bang! Bang!") == {"card": "bbb"}
    # Two labels read Zed without their remarks: neither is guessed, both are named by number.
    with pytest.raises(IllegalAction, match=r'^card: "zed" could be 3\) Zed \(a\); 4\) Zed \(b\); type its number$'):
        parse(cards, "zed")


def test_parse_prefers_a_value_over_a_number():
    fields = {"bid": Pick((Option("2", "two chips"), Option("1", "one chip")))}
    assert parse(fields, "1") == {"bid": "1"}
    assert parse(fields, "one chip") == {"bid": "1"}


def test_parse_several_fields_as_pairs():
    fields = {
        "attackers": Subset(opts("a", "b", "c")),
        "target": Pick((Option("ann", "Ann's Vicky (looks 7)"), Option("bob"))),
        "bid": Amount(),
        "order": Order(opts("x", "y")),
        "sure": Flag(optional=True),
    }
    typed = "attackers=a, 3 target=Ann's Vicky (looks 7); bid=$1,000 order=y,x sure=yes"
    assert parse(fields, typed) == {"attackers": ["a", "c"], "target": "ann", "bid": 1000, "order": ["y", "x"], "sure": True}
    assert parse(fields, "attackers= target=bob sure=no") == {"attackers": [], "target": "bob", "sure": False}
    with pytest.raises(IllegalAction, match="target: given twice"):
        parse(fields, "target=bob target=ann")
    with pytest.raises(IllegalAction, match=r"say which field 'bob' answers \(this request takes attackers=\.\.\., target=\.\.\."):
        parse(fields, "bob")


def test_parse_a_bare_answer_fills_the_only_required_field():
    fields = {"card": Pick(opts("click", "bang")), "reveal": Pick(opts("the-kid"), optional=True)}
    assert parse(fields, "2 reveal=1") == {"card": "bang", "reveal": "the-kid"}
    assert parse(fields, "reveal=the-kid") == {"reveal": "the-kid"}


def test_parse_assignments_even_with_colons_in_labels():
    fields = {"cars": Assign((Option("v", "Vicky: the pro"), Option("k", "Kim")), (Option("c1", "Car 1"), Option("c2", "Car 2")))}
    assert parse(fields, "Vicky: the pro:Car 2, k:1") == {"cars": {"v": "c2", "k": "c1"}}
    with pytest.raises(IllegalAction, match=r"cars: 2\) Kim is given two targets"):
        parse(fields, "k:1, k:2")
    with pytest.raises(IllegalAction, match='"k" is not item:target'):
        parse(fields, "k")


def test_parse_text_keeps_the_whole_text():
    fields = {"orders": Text()}
    assert parse(fields, "move A=B; hold") == {"orders": "move A=B; hold"}
    assert parse(fields, "orders=hold") == {"orders": "hold"}
    assert parse(fields, "   ") == {}


def test_parse_accepts_json_and_leaves_checking_to_validate():
    assert parse(CARD, '{"card": "bang"}') == {"card": "bang"}
    assert parse({"n": Amount()}, '{"n": 1.0}') == {"n": 1.0}
    assert parse({"n": Amount()}, "1.0") == {"n": "1.0"}
    refused({"n": Amount()}, parse({"n": Amount()}, "1.0"), 'n: "1.0" is not a whole number')


def test_describe_names_every_field_and_how_to_write_several():
    assert describe(CARD) == "card: one of 1) Click; 2) Bang; 3) Bbb"
    text = describe({"attackers": Subset(opts("a", "b"), min=1, label="who attacks"), "bid": Amount(max=9, optional=True)})
    assert text.splitlines() == [
        "attackers (who attacks): 1 to 2 of 1) A; 2) B, comma-separated",
        "bid (optional): a whole number from 0 to 9",
        "answer with field=value pairs separated by spaces; the attackers alone may be given without 'attackers='",
    ]
    assert describe({}) == "no answer is needed: send the action alone"
    assert describe({"take": Pick((), optional=True, label="whose gun")}) == "take (whose gun, optional): nothing is offered: leave it out"


# --- sample, and the round trip text -> args ---------------------------------------------

option_values = st.lists(st.text("abcdefgh-", min_size=1, max_size=6), min_size=0, max_size=6, unique=True)


@st.composite
def shapes(draw: st.DrawFn) -> Shape:
    optional = draw(st.booleans())
    kind = draw(st.sampled_from(["pick", "subset", "amount", "order", "assign", "text", "flag"]))
    values = draw(option_values)
    options = tuple(Option(v, draw(st.sampled_from(["", v.upper() + " card"]))) for v in values)
    if kind == "pick":
        return Pick(options or (Option("only"),), optional=optional)
    if kind == "subset":
        low = draw(st.integers(0, len(options)))
        return Subset(options, min=low, max=draw(st.none() | st.integers(low, 8)), optional=optional)
    if kind == "amount":
        low = draw(st.integers(-5, 5))
        return Amount(min=low, max=draw(st.none() | st.integers(low, 40)), step=draw(st.integers(1, 7)), optional=optional)
    if kind == "order":
        return Order(options, optional=optional)
    if kind == "assign":
        targets = tuple(Option(v) for v in draw(option_values)) or (Option("t"),)
        low = draw(st.integers(0, len(options)))
        return Assign(options, targets, min=low, max=draw(st.none() | st.integers(low, 8)), optional=optional)
    if kind == "text":
        return Text(optional=optional)
    return Flag(optional=optional)


fields_strategy = st.dictionaries(st.sampled_from(["card", "target", "bid", "cars", "orders", "brave"]), shapes(), max_size=4)


@settings(max_examples=examples(300), deadline=None)
@given(fields=fields_strategy, seed=st.integers(0, 2**32))
def test_sample_is_always_valid_and_survives_json(fields: dict[str, Shape], seed: int):
    args = sample(fields, random.Random(seed))
    validate(fields, args)
    assert set(args) <= set(fields)
    assert msgspec.json.decode(msgspec.json.encode(args)) == args


@settings(max_examples=examples(300), deadline=None)
@given(fields=fields_strategy, seed=st.integers(0, 2**32))
def test_parse_reads_back_what_a_person_types_for_any_sampled_answer(fields: dict[str, Shape], seed: int):
    args = sample(fields, random.Random(seed))
    assert parse(fields, render(fields, args)) == args
    assert parse(fields, msgspec.json.encode(args).decode()) == args


def test_sample_says_when_no_answer_fits():
    from referee import RefereeError

    with pytest.raises(RefereeError, match="pick: no legal answer"):
        sample({"pick": Pick(())}, random.Random(1))


def test_shapes_round_trip_through_the_request_json():
    request = Request(
        id="r1",
        seat="Ann",
        action="attack",
        prompt="Attack",
        answer={"attackers": Subset(opts("a", "b"), min=1), "target": Pick(opts("bob")), "why": Text(optional=True)},
    )
    encoded = msgspec.json.encode(request)
    assert b'"kind":"subset"' in encoded and b"choices" not in encoded
    assert msgspec.json.decode(encoded, type=Request) == request
    legacy = msgspec.json.decode(b'{"id":"r","seat":"Ann","action":"say","prompt":"Say","choices":[{"label":"pig"}]}', type=Request)
    assert legacy.answer is None and legacy.choices is not None


# --- through a table: the kernel refuses before the game sees it --------------------------


class Mustered(Event, tag="muster.Mustered"):
    seat: str
    args: dict[str, Any]


class Muster:
    """Each seat in turn answers one request with several fields; two rounds end the game."""

    seen: list[dict[str, Any]]

    def __init__(self, strict: bool = True) -> None:
        self.seen = []
        self.strict = strict

    @hookimpl
    def referee_games(self):
        return [Game(name="muster", title="Muster", plugin=self, min_seats=2, max_seats=2)]

    @hookimpl
    def referee_event_types(self):
        return [Mustered]

    @hookimpl
    def referee_initial_state(self, opened):
        return {"answers": []}

    @hookimpl
    def referee_evolve(self, state, event):
        if isinstance(event, Mustered):
            state.game["answers"].append(event.args)

    @hookimpl
    def referee_setup(self, decision):
        decision.begin_round()
        self._ask(decision)
        return True

    def _ask(self, decision):
        seat = decision.seats[decision.flow.turn % 2]
        decision.begin_turn(seat)
        fields = {
            "attackers": Subset(opts("a", "b", "c"), min=1),
            "target": Pick(opts("north", "south")),
            "bid": Amount(max=5),
            "note": Text(optional=True),
        }
        decision.request(seat, "muster", "Send your gang", answer=fields)

    @hookimpl
    def referee_decide(self, decision, action):
        self.seen.append(action.args)
        if self.strict and "c" in action.args["attackers"] and action.args["target"] == "north":
            raise IllegalAction("c never goes north", "muster 1")
        decision.emit(Mustered(seat=action.seat, args=action.args), rule="1")
        decision.end_turn()
        if decision.flow.turn >= 4:
            decision.end_game([action.seat], "all mustered", rule="2")
        else:
            self._ask(decision)
        return True


def test_the_kernel_refuses_a_misshapen_answer_before_the_game_sees_it(memory_referee):
    game = Muster()
    app = memory_referee(game)
    table = app.open("muster", ["Ann", "Bob"], seed="s")
    before = len(app.entries(table))
    with pytest.raises(IllegalAction, match=r"^bid: 1\.0 is not a whole number \(write 1\)$"):
        app.act(table, "Ann", "muster", {"attackers": ["a"], "target": "south", "bid": 1.0})
    with pytest.raises(IllegalAction, match=r"^attackers: pick at least 1 of A, B, C$"):
        app.act(table, "Ann", "muster", {"attackers": [], "target": "south", "bid": 1})
    assert game.seen == [] and len(app.entries(table)) == before
    with pytest.raises(IllegalAction, match="c never goes north"):
        app.act(table, "Ann", "muster", {"attackers": ["c"], "target": "north", "bid": 1})
    app.act(table, "Ann", "muster", {"attackers": ["c", "a"], "target": "south", "bid": 1, "note": "go"})
    assert app.state(table).game["answers"] == [{"attackers": ["c", "a"], "target": "south", "bid": 1, "note": "go"}]


def test_the_default_bot_answers_through_the_shape(memory_referee):
    app = memory_referee(Muster(strict=False))
    table = app.open("muster", ["Ann", "Bob"], seed="bots")
    app.bots.play(table, ["Ann", "Bob"])
    state = app.state(table)
    assert state.over and len(state.game["answers"]) == 4


def test_render_writes_what_a_person_types():
    assert render(CARD, {"card": "bang"}) == "Bang"
    assert render({"orders": Text()}, {"orders": "I 5; G 5"}) == "I 5; G 5"
    assert render({"orders": Text()}, {"orders": ""}) == "orders="
    assert render({"orders": Text()}, {"orders": "orders=hold"}) == "orders=orders=hold"
    assert parse({"orders": Text()}, "orders=orders=hold") == {"orders": "orders=hold"}
    # A label that names another option's value is not used: the value is.
    tricky = {"bid": Pick((Option("1", "2"), Option("2", "one more")))}
    assert render(tricky, {"bid": "1"}) == "1" and parse(tricky, "1") == {"bid": "1"}
    fields = {"attackers": Subset((Option("a", "Ann, the boss"), Option("b", "Bob"))), "sure": Flag()}
    # A label holding the separator is written by its number, never by its value (an id).
    assert render(fields, {"attackers": ["a", "b"], "sure": False}) == "attackers=1, Bob sure=no"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def test_a_digit_that_is_no_number_is_refused_not_a_crash():
    """ "²" is a digit to Python's str.isdigit, but no option's number."""
    with pytest.raises(IllegalAction, match="card"):
        validate(CARD, parse(CARD, "²"))


@settings(max_examples=examples(300), deadline=None)
@given(fields=fields_strategy, text=st.text(max_size=60), args=st.dictionaries(st.sampled_from(["card", "bid", "x"]), json_values))
def test_bad_input_is_refused_never_crashes(fields: dict[str, Shape], text: str, args: dict[str, Any]):
    """Whatever is typed or sent, the answer is read or refused with one line, nothing else."""
    for attempt in (lambda: validate(fields, parse(fields, text)), lambda: validate(fields, args)):
        try:
            attempt()
        except IllegalAction as refused:
            assert "\n" not in str(refused) and str(refused).split(":")[0]
