"""The Pigsty bots (issue 11): a random farmer, a heuristic one, chosen per seat by the option ``bots``."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import MEMORY, IllegalAction, Referee, RefereeError, Registry, TableStore
from referee_pigsty.bot import heuristic_orders, random_orders
from referee_pigsty.orders import KINDS, parse_orders

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def _view(pork: int, farmers: int = 3, **me: object) -> dict:
    rows = [
        {"name": name, "pigs": 10, "pork": 10, "honest": False, "reputation": 0, "punishment_due": 0, "out": False}
        for name in NAMES[:farmers]
    ]
    rows[0].update(pork=pork, **me)
    return {"view": {"farmers": rows, "yeomen": 1, "yeoman_fund": 0, "bandits": 1, "lost_pigs": 0, "turn": 1}}


def _spent(text: str, farmers: int = 3) -> tuple[tuple[str, str | None, int], ...]:
    orders, _ = parse_orders(text, farmer="Ann", farmers=NAMES[:farmers])
    return tuple(sorted((o.kind, o.target, o.amount) for o in orders))


def test_10_1_the_random_bot_is_uniform_over_its_grammar():
    """10.1, 5: with 2 Pork and two other farmers there are 8 amounts (P, I, G, Y, and S
    and T for each of the two) summing to at most 2: C(10, 2) = 45 ways, each as likely."""
    rng = random.Random(11)
    draws = 45 * 200
    seen = Counter(_spent(random_orders(_view(2), "Ann", rng)) for _ in range(draws))
    assert len(seen) == comb(2 + 8, 8)
    # 200 expected each; a fair draw strays beyond 120..280 with odds below one in 10^7.
    assert all(120 <= count <= 280 for count in seen.values()), seen.most_common(3)


views = st.builds(
    _view,
    pork=st.integers(0, 400),
    farmers=st.integers(3, 6),
    pigs=st.integers(1, 400),
    honest=st.booleans(),
    reputation=st.integers(0, 30),
)


@settings(max_examples=examples(150), deadline=None)
@given(view=views, seed=st.integers(0, 2**32), bandits=st.integers(0, 40), yeomen=st.integers(1, 20))
def test_10_2_both_bots_write_orders_that_read_and_never_overspend(view, seed, bandits, yeomen):
    """10.1, 10.2: whatever the table looks like, each bot's orders parse and cost at most its Pork."""
    view["view"].update(bandits=bandits, yeomen=yeomen)
    farmers = len(view["view"]["farmers"])
    for write in (random_orders, heuristic_orders):
        orders, total = parse_orders(write(view, "Ann", random.Random(seed)), farmer="Ann", farmers=NAMES[:farmers])
        assert total is None
        assert sum(o.amount for o in orders) <= view["view"]["farmers"][0]["pork"]
        assert {o.kind for o in orders} <= set(KINDS)


def test_the_heuristic_bot_guards_so_the_bandits_get_at_most_one_thief_through():
    """4.4.2, 4.4.4, 11.3: one Thief left takes no Pig, so Guards = Bandits - Yeomen - 1 for the Honest."""
    view = _view(40, honest=True)
    view["view"].update(bandits=9, yeomen=3)
    orders, _ = parse_orders(heuristic_orders(view, "Ann", random.Random(1)), farmer="Ann", farmers=NAMES[:3])
    assert sum(o.amount for o in orders if o.kind == "guards") >= 9 - 3 - 1


@pytest.fixture
def app():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as referee:
        yield referee


def test_the_option_bots_chooses_a_bot_per_seat(app):
    """Option ``bots``: one kind, one per seat in seat order, or a mapping (others heuristic)."""
    seats = ["Ann", "Bob", "Cid"]
    for option, expected in [
        ("random", dict.fromkeys(seats, "random")),
        ("random, heuristic,random", {"Ann": "random", "Bob": "heuristic", "Cid": "random"}),
        ({"Bob": "random"}, {"Ann": "heuristic", "Bob": "random", "Cid": "heuristic"}),
    ]:
        table = app.open("pigsty", seats, options={"bots": option})
        assert app.view(table, "Cid")["view"]["bots"] == expected
    table = app.open("pigsty", seats)
    assert set(app.view(table, None)["view"]["bots"].values()) == {"heuristic"}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("clever", "no bot called 'clever'; the bots are heuristic, random"),
        ({"Ann": "sly"}, "no bot called 'sly'"),
        ("random,heuristic", "option bots lists 2 bots for 3 seats; give one, or one per seat"),
        ({"Zed": "random"}, "option bots names Zed, not seated at this table (seats: Ann, Bob, Cid)"),
        (5, "at `$.bots`"),
    ],
)
def test_a_bad_option_bots_is_refused_in_one_line(app, option, message):
    """Bad input never crashes: the table is not opened, and the message names the problem."""
    with pytest.raises((RefereeError, IllegalAction)) as caught:
        app.open("pigsty", ["Ann", "Bob", "Cid"], options={"bots": option})
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
