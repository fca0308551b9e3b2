"""Fuzzing Pigsty's written orders (rule 10.1): any text is read or refused, never a crash.

Orders are the one free-text input every Pigsty player writes, so the parser and the
table both get crafted text: order words, huge and odd numbers, names, separators,
control characters and plain noise.
"""

from __future__ import annotations

import pytest
from budget import FUZZ, no_hang
from hypothesis import example, given
from hypothesis import strategies as st

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore
from referee_pigsty.orders import MAX_AMOUNT, MAX_ENTRIES, OrderError, parse_orders, pay_orders

FARMERS = ["Bill", "Ted", "Charlie"]

words = st.sampled_from(["P", "I", "G", "S", "T", "Y", "Punish", "invest", "GUARDS", "steal", "Trade", "yeomen", "X", "", "---", "-"])
amounts = st.one_of(
    st.integers(-10, 10**6 + 10).map(str),
    st.integers(0, 4500).map(lambda n: "9" * n),
    st.sampled_from(["0" * 50 + "7", "1e3", "٣", "²", "+5", "5.0", " 5", "0x10"]),
)
names = st.one_of(st.sampled_from([*FARMERS, "bill", " TED ", "Nobody", "", "\x1b[31mTed"]), st.text(max_size=20))
lines = st.one_of(
    st.tuples(words, amounts, names).map(lambda t: " ".join(t)),
    amounts,
    st.text(max_size=40),
)
orders_text = st.one_of(
    st.lists(lines, max_size=12).flatmap(lambda ls: st.sampled_from(["\n", ";", ",", "\r\n", " ; "]).map(lambda sep: sep.join(ls))),
    st.text(max_size=300),
    st.integers(MAX_ENTRIES - 2, MAX_ENTRIES + 3).map(lambda n: "I 1;" * n),
)


@FUZZ
@given(orders_text)
@example("I " + "9" * 4300)  # the 4,300-digit order amount
@example("G 5\n---\n" + "1" * 5000)
@example("S 3 " + "Ted" * 5000)
@example("9" * 275 + " 5")
def test_any_orders_text_is_read_or_refused_by_line_and_rule(text: str) -> None:
    with no_hang(text):
        try:
            orders, total = parse_orders(text, farmer="Bill", farmers=FARMERS, eliminated=["Zed"])
        except OrderError as exc:
            assert "\n" not in exc.message
            assert exc.rule and exc.message.endswith(f"({exc.rule})")
            assert len(exc.message) < 400
            return
    assert len(orders) <= MAX_ENTRIES
    assert all(0 <= o.amount <= MAX_AMOUNT for o in orders)
    assert total is None or 0 <= total <= MAX_AMOUNT
    paid, _events = pay_orders("Bill", orders, 30)
    assert sum(o.amount for o in paid) <= 30


@pytest.fixture(scope="module")
def app():
    referee = Referee(registry=Registry(), store=TableStore(MEMORY))
    yield referee
    referee.close()


@FUZZ
@given(
    text=orders_text,
    args=st.one_of(st.none(), st.dictionaries(st.text(max_size=5), st.one_of(st.integers(), st.text(max_size=10)), max_size=3)),
)
def test_a_pigsty_table_refuses_crafted_orders_cleanly_and_appends_nothing(app, text, args) -> None:
    table = app.open("pigsty", FARMERS, seed="fuzz")
    before = len(app.entries(table))
    with no_hang(text):
        try:
            app.act(table, "Ted", "orders", {"text": text} if args is None else args)
        except IllegalAction as exc:
            assert "\n" not in exc.message
            assert len(app.entries(table)) == before
            return
    assert len(app.entries(table)) > before
