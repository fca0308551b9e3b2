"""Writing and paying orders: Pigsty to Palace rule 10."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import IllegalAction
from referee.events import decode_event, encode_event
from referee_pigsty.events import OrderCancelled, OrderCut, OrdersWritten
from referee_pigsty.orders import KINDS, Order, OrderError, parse_orders, pay_orders

FARMERS = ("Charlie", "Danny", "Eddie", "Mary Ann")


def parse(text: str, farmer: str = "Charlie", **kwargs: object) -> tuple[tuple[Order, ...], int | None]:
    return parse_orders(text, farmer=farmer, farmers=FARMERS, **kwargs)  # type: ignore[arg-type]


def refused(text: str, farmer: str = "Charlie", **kwargs: object) -> OrderError:
    with pytest.raises(OrderError) as caught:
        parse(text, farmer, **kwargs)
    return caught.value


# -- 10.1: the rulebook's example and the accepted layouts -------------------------------


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("T5 Danny", Order(1, "trading", 5, "Danny")),
        ("t5 danny", Order(1, "trading", 5, "Danny")),
        ("S4 Eddie", Order(1, "stealing", 4, "Eddie")),
        ("Steal 4 from Eddie", Order(1, "stealing", 4, "Eddie")),
        ("steal 4 pork from Eddie", Order(1, "stealing", 4, "Eddie")),
        ("trade 5 to Danny", Order(1, "trading", 5, "Danny")),
        ("Trade 5 with Danny.", Order(1, "trading", 5, "Danny")),
        ("Trade: 5 to Mary Ann", Order(1, "trading", 5, "Mary Ann")),
        ("T Danny 5", Order(1, "trading", 5, "Danny")),
        ("S Eddie 4", Order(1, "stealing", 4, "Eddie")),
        ("Steal from Eddie 4", Order(1, "stealing", 4, "Eddie")),
        ("I10", Order(1, "investment", 10)),
        ("Invest 10 Pork", Order(1, "investment", 10)),
        ("Guards: 1", Order(1, "guards", 1)),
        ("G:1", Order(1, "guards", 1)),
        ("Y 2 pork", Order(1, "yeomen", 2)),
    ],
)
def test_10_1_what_forum_players_write_is_read_where_it_is_unambiguous(text: str, order: Order) -> None:
    """10.1 "It is enough to write the initial letter (P, I, G, S, T, Y) of each option,
    but you can write it in full if you prefer": players also glue the letter to the Pork,
    say "from" and "to", add "Pork", or put the name before the Pork.  Each reads one way."""
    assert parse(text) == ((order,), None)


def test_10_1_charlies_example_as_a_forum_player_writes_it() -> None:
    """10.1: Charlie's orders in forum shorthand mean exactly the rulebook's example."""
    assert parse("T5 Danny\nSteal 4 from Eddie\nG1\n------\n10") == parse("T 5 Danny\nS 4 Eddie\nG 1\n------\n10")


@pytest.mark.parametrize(
    ("text", "farmers", "fragment"),
    [
        ("S 4 from Eddie", ("Charlie", "Eddie", "From Eddie"), '"from Eddie" could mean "Eddie" or "From Eddie"'),
        ("T 5 to Danny", ("Charlie", "Danny", "To Danny"), '"to Danny" could mean "Danny" or "To Danny"'),
        ("S 4 Pork Chop", ("Charlie", "Chop", "Pork Chop"), '"Pork Chop" could mean "Chop" or "Pork Chop"'),
        ("S 4 to Eddie", FARMERS, '"to Eddie" reads the other way'),
        ("T 5 from Danny", FARMERS, '"from Danny" reads the other way'),
        ("S 4 Ed", FARMERS, 'no Pig Farmer called "Ed"'),
        ("T 5 Danny Eddie", FARMERS, 'no Pig Farmer called "Danny Eddie"'),
        ("T5Danny", FARMERS, 'unknown order "T5Danny"'),
        ("X5 Danny", FARMERS, 'unknown order "X5"'),
        ("T Danny 5 Eddie", FARMERS, '"Danny" is not a whole amount of Pork'),
        ("S 4 from Charlie", FARMERS, "Stealing from yourself is not allowed"),
        ("G 1 from Danny", FARMERS, "Guards takes no farmer's name"),
    ],
)
def test_10_1_what_could_be_read_two_ways_or_not_at_all_is_still_refused(text: str, farmers: tuple[str, ...], fragment: str) -> None:
    """10.1: the GM acts only on orders he can read one way; a guess would be a silent
    ruling against the player, so two readings (or none) are refused, naming the line."""
    with pytest.raises(OrderError) as caught:
        parse_orders(text, farmer="Charlie", farmers=farmers)
    assert fragment in str(caught.value)
    assert str(caught.value).startswith(f'line 1 "{text}": ')


def test_10_1_charlies_example() -> None:
    """10.1: "T 5 Danny / S 4 Eddie / G 1 / ------ / 10"."""
    orders, total = parse("T 5 Danny\nS 4 Eddie\nG 1\n------\n10")
    assert orders == (
        Order(1, "trading", 5, "Danny"),
        Order(2, "stealing", 4, "Eddie"),
        Order(3, "guards", 1),
    )
    assert total == 10


def test_10_1_orders_on_one_line_separated_by_semicolons_or_commas() -> None:
    """10.1 on a command line: ';' and ',' separate orders like new lines."""
    expected = (Order(1, "trading", 5, "Danny"), Order(2, "stealing", 4, "Eddie"), Order(3, "guards", 1))
    assert parse("T 5 Danny; S 4 Eddie; G 1") == (expected, None)
    assert parse("T 5 Danny, S 4 Eddie,G 1 ; ------ ; 10") == (expected, 10)


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("P", "punishment"),
        ("p", "punishment"),
        ("Punish", "punishment"),
        ("PUNISHMENT", "punishment"),
        ("I", "investment"),
        ("invest", "investment"),
        ("Investment", "investment"),
        ("G", "guards"),
        ("Guard", "guards"),
        ("guards", "guards"),
        ("Y", "yeomen"),
        ("Yeoman", "yeomen"),
        ("yeomen", "yeomen"),
    ],
)
def test_10_1_initial_letter_or_full_word_any_case(word: str, kind: str) -> None:
    """10.1: "It is enough to write the initial letter ... but you can write it in full"."""
    assert parse(f"{word} 3") == ((Order(1, kind, 3),), None)


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("S", "stealing"),
        ("steal", "stealing"),
        ("Stealing", "stealing"),
        ("t", "trading"),
        ("Trade", "trading"),
        ("TRADING", "trading"),
    ],
)
def test_10_1_stealing_and_trading_name_a_farmer(word: str, kind: str) -> None:
    """10.1: Stealing and Trade also name the Pig Farmer, matched case-insensitively."""
    assert parse(f"{word} 4 eDDie") == ((Order(1, kind, 4, "Eddie"),), None)


def test_10_1_a_farmers_name_may_have_spaces() -> None:
    """10.1: the rest of the line is the name, in its canonical spelling."""
    assert parse("T 5   mary   ANN") == ((Order(1, "trading", 5, "Mary Ann"),), None)


def test_10_1_blank_lines_and_spacing_are_ignored() -> None:
    """10.1: layout does not change the orders."""
    orders, total = parse("\n\n   i   5  \n\n  g 2\n\n-----\n\n 7 \n\n")
    assert orders == (Order(1, "investment", 5), Order(2, "guards", 2))
    assert total == 7


def test_10_1_a_lone_number_after_the_orders_is_the_total() -> None:
    """10.1: the total may be written without the dashes."""
    assert parse("I 5\nG 5\n10") == ((Order(1, "investment", 5), Order(2, "guards", 5)), 10)


def test_10_1_dashes_without_a_total() -> None:
    """10.1: the total is the player's own check and may be left out."""
    assert parse("I 5\n---") == ((Order(1, "investment", 5),), None)


@pytest.mark.parametrize("text", ["", "   ", "\n\n", " ; , "])
def test_5_no_orders_spend_nothing(text: str) -> None:
    """5: "You don't have to spend all your Pork"; no orders at all is allowed."""
    assert parse(text) == ((), None)


def test_5_zero_pork_orders_are_allowed() -> None:
    """5 / 10.3: writing 0 Pork is legal and simply does nothing."""
    assert parse("S 0 Eddie\nG 0") == ((Order(1, "stealing", 0, "Eddie"), Order(2, "guards", 0)), None)


def test_10_1_total_is_not_checked_against_the_orders() -> None:
    """10.1 / 10.2: a wrong total is the player's arithmetic; payment follows rule 10.2."""
    assert parse("I 5\n------\n99") == ((Order(1, "investment", 5),), 99)


# -- 10.1: orders the Gamesmaster cannot act on ------------------------------------------


def test_10_1_unknown_order_names_the_line() -> None:
    """10.1: only P, I, G, S, T, Y (or the words) are orders."""
    error = refused("G 1\nX 5")
    assert str(error) == 'line 2 "X 5": unknown order "X"; write P, I, G, S, T or Y (10.1)'
    assert error.message == str(error)
    assert (error.rule, error.line) == ("10.1", 2)


def test_order_error_is_a_value_error_and_an_illegal_action() -> None:
    """10.1: refused orders are illegal actions the kernel refuses without recording."""
    error = refused("Q 1")
    assert isinstance(error, ValueError)
    assert isinstance(error, IllegalAction)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("G", 'line 1 "G": missing the Pork to spend on Guards (10.1)'),
        ("S", 'line 1 "S": missing the Pork to spend on Stealing (10.1)'),
        ("I five", '"five" is not a whole amount of Pork (10.1)'),
        ("I 2.5", '"2.5" is not a whole amount of Pork (10.1)'),
        ("S Eddie", '"Eddie" is not a whole amount of Pork (10.1)'),
        ("G -3", "cannot spend negative Pork (-3) (10.1)"),
        ("S 4", 'say which farmer you are stealing from, e.g. "S 4 Eddie" (10.1)'),
        ("T 5", 'say which farmer you are trading to, e.g. "T 5 Danny" (10.1)'),
        ("G 1 Eddie", 'Guards takes no farmer\'s name, but "Eddie" follows (10.1)'),
        ("P 2 Danny", 'Punishment takes no farmer\'s name, but "Danny" follows (10.1)'),
        ("I 5 Pigs", 'Investment takes no farmer\'s name, but "Pigs" follows (10.1)'),
        ("Y 1 please", 'Yeomen takes no farmer\'s name, but "please" follows (10.1)'),
    ],
)
def test_10_1_malformed_orders(text: str, fragment: str) -> None:
    """10.1: each order is a letter, an amount of Pork and, for S and T, a farmer."""
    error = refused(text)
    assert fragment in str(error)
    assert error.rule == "10.1"
    assert error.line == 1


def test_10_1_unknown_farmer_lists_the_farmers() -> None:
    """10.1: the name must be a Pig Farmer in the game."""
    error = refused("I 1\nS 4 Freddie")
    assert str(error) == 'line 2 "S 4 Freddie": no Pig Farmer called "Freddie"; the farmers are Danny, Eddie, Mary Ann (10.1)'


def test_4_4_cannot_steal_from_yourself() -> None:
    """4.4: "You choose which Pig Farmer to steal from" means another one."""
    error = refused("S 4 charlie")
    assert error.rule == "4.4"
    assert "Stealing from yourself" in str(error)


def test_4_5_cannot_trade_to_yourself() -> None:
    """4.5: you trade Pork to another Pig Farmer."""
    error = refused("T 5 Charlie")
    assert error.rule == "4.5"
    assert "Trading to yourself" in str(error)


def test_7_target_out_of_the_game() -> None:
    """7: a Pig Farmer who lost all his Pigs is out; he cannot be stolen from or traded to."""
    error = refused("T 5 fred", eliminated=("Fred",))
    assert str(error) == 'line 1 "T 5 fred": Fred has lost all their Pigs and is out of the game (7)'
    assert error.rule == "7"


def test_7_target_out_of_the_game_unknown_without_the_list() -> None:
    """7 / 10.1: without the eliminated list the name is simply unknown."""
    assert refused("T 5 Fred").rule == "10.1"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("G 1\n---\n10\n10", 4, "the total was already given as 10; write it once"),
        ("G 1\n10\n11", 3, "the total was already given as 10"),
        ("G 1\n---\n10\nthanks!", 4, "nothing may follow the total"),
        ("G 1\n---\n10\nI 5", 4, "nothing may follow the total"),
        ("G 1\n---\nI 5", 3, "only the total Pork spent may follow the dashes line"),
        ("G 1\n---\n---\n1", 3, "a second dashes line"),
        ("10\nG 1", 2, "nothing may follow the total"),
    ],
)
def test_10_1_the_total_closes_the_orders(text: str, line: int, fragment: str) -> None:
    """10.1: the dashes and the total come last, once."""
    error = refused(text)
    assert fragment in str(error)
    assert error.line == line


def test_10_1_line_numbers_count_orders_not_blank_lines() -> None:
    """10.1: an order's line is its position in the list (what rule 10.2 walks)."""
    orders, _ = parse("\n\nI 1\n\nG 1; Y 1")
    assert [order.line for order in orders] == [1, 2, 3]
    assert refused("\n\nI 1\n\nG 1; Z 1").line == 3


def test_order_struct_refuses_impossible_orders() -> None:
    """10.1: orders decoded from elsewhere are checked like written ones."""
    with pytest.raises(ValueError):
        Order(1, "bribery", 5)
    with pytest.raises(ValueError):
        Order(1, "guards", -1)
    with pytest.raises(ValueError):
        Order(1, "stealing", 4)
    with pytest.raises(ValueError):
        Order(1, "guards", 1, "Eddie")
    with pytest.raises(ValueError):
        Order(0, "guards", 1)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"line":1,"kind":"bribery","amount":5}', type=Order)


def test_orders_written_event_round_trips() -> None:
    """9: orders are logged as events and replay unchanged."""
    orders, total = parse("T 5 Danny\nS 4 Eddie\nG 1\n------\n10")
    event = OrdersWritten(farmer="Charlie", orders=orders, stated_total=total)
    body = msgspec.json.decode(msgspec.json.encode(encode_event(event)))
    assert decode_event(OrdersWritten, body, 1) == event


# -- 10.2: paying from the top ----------------------------------------------------------


def test_10_2_orders_within_the_pork_are_paid_in_full() -> None:
    """10.2 applies only to an overspend."""
    orders, _ = parse("T 5 Danny\nS 4 Eddie\nG 1")
    assert pay_orders("Charlie", orders, 10) == (orders, [])
    assert pay_orders("Charlie", orders, 12) == (orders, [])


def test_10_2_charlie_with_only_8_pork() -> None:
    """10.2: Charlie's example orders with 8 Pork: the Stealing is cut to 3, the Guard cancelled."""
    orders, _ = parse("T 5 Danny\nS 4 Eddie\nG 1\n------\n10")
    paid, events = pay_orders("Charlie", orders, 8)
    assert paid == (Order(1, "trading", 5, "Danny"), Order(2, "stealing", 3, "Eddie"))
    assert events == [
        OrderCut(farmer="Charlie", line=2, kind="stealing", target="Eddie", written=4, paid=3),
        OrderCancelled(farmer="Charlie", line=3, kind="guards", target=None, written=1),
    ]


def test_10_2_an_order_cut_to_nothing_is_dropped() -> None:
    """10.2: with no Pork left the first unpaid order is cut to 0 and not carried out."""
    orders, _ = parse("I 5\nG 3\nY 1")
    paid, events = pay_orders("Charlie", orders, 5)
    assert paid == (Order(1, "investment", 5),)
    assert events == [
        OrderCut(farmer="Charlie", line=2, kind="guards", target=None, written=3, paid=0),
        OrderCancelled(farmer="Charlie", line=3, kind="yeomen", target=None, written=1),
    ]


def test_10_2_later_cheap_orders_are_cancelled_even_if_affordable() -> None:
    """10.2: "any remaining orders on the list are cancelled", not skipped-over."""
    orders, _ = parse("G 4\nI 10\nY 1")
    paid, events = pay_orders("Charlie", orders, 6)
    assert paid == (Order(1, "guards", 4), Order(2, "investment", 2))
    assert [type(event) for event in events] == [OrderCut, OrderCancelled]


def test_10_2_first_order_already_too_dear() -> None:
    """10.2: the very first order may be the one cut."""
    orders, _ = parse("S 20 Eddie\nG 1")
    paid, events = pay_orders("Charlie", orders, 7)
    assert paid == (Order(1, "stealing", 7, "Eddie"),)
    assert events[0] == OrderCut(farmer="Charlie", line=1, kind="stealing", target="Eddie", written=20, paid=7)


def test_10_2_no_pork_pays_nothing() -> None:
    """4 / 10.2: a farmer Punished out of his whole allowance carries out nothing."""
    orders, _ = parse("G 1\nI 1")
    paid, events = pay_orders("Charlie", orders, 0)
    assert paid == ()
    assert len(events) == 2


def test_10_2_zero_orders_are_kept_as_written() -> None:
    """5: an order for 0 Pork costs nothing, so it is never the one that overspends."""
    orders, _ = parse("G 0\nI 3")
    assert pay_orders("Charlie", orders, 3) == (orders, [])


def test_10_2_negative_pork_is_a_bug() -> None:
    """4: the allowance is never negative."""
    with pytest.raises(ValueError):
        pay_orders("Charlie", (), -1)


order_lists = st.lists(
    st.builds(
        lambda kind, amount: Order(1, kind, amount, "Eddie" if kind in ("stealing", "trading") else None),
        st.sampled_from(KINDS),
        st.integers(0, 30),
    ),
    max_size=8,
).map(lambda orders: tuple(msgspec.structs.replace(order, line=i) for i, order in enumerate(orders, 1)))


@given(order_lists, st.integers(0, 60))
def test_10_2_payment_properties(orders: tuple[Order, ...], pork: int) -> None:
    """10.2: never spend more than the Pork; paid orders are the written ones from the top."""
    paid, events = pay_orders("Charlie", orders, pork)
    assert sum(order.amount for order in paid) <= pork
    written = sum(order.amount for order in orders)
    if written <= pork:
        assert paid == orders and events == []
    else:
        assert sum(order.amount for order in paid) == pork
        cut = events[0]
        assert isinstance(cut, OrderCut)
        assert all(isinstance(event, OrderCancelled) for event in events[1:])
        assert len(events) == len(orders) - cut.line + 1
        assert paid[: cut.line - 1] == orders[: cut.line - 1]


@given(st.lists(st.tuples(st.sampled_from("PIGSTY"), st.integers(0, 99), st.sampled_from(FARMERS[1:])), max_size=6))
def test_10_1_written_orders_parse_back(rows: list[tuple[str, int, str]]) -> None:
    """10.1: any well-formed list of orders reads back line for line."""
    text = "\n".join(f"{letter} {amount} {name}" if letter in "ST" else f"{letter} {amount}" for letter, amount, name in rows)
    orders, total = parse(text + "\n------\n" + str(sum(amount for _, amount, _ in rows)))
    assert [(order.line, order.kind[0].upper(), order.amount) for order in orders] == [
        (i, letter, amount) for i, (letter, amount, _) in enumerate(rows, 1)
    ]
    assert total == sum(amount for _, amount, _ in rows)
