"""Invariants over random legal games (hypothesis): money is conserved with the bank, and
every card is in exactly one place, after every action of any game the bots can play."""

from __future__ import annotations

from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import MEMORY, Referee, Registry, TableStore
from referee_pornstar.game import START_MONEY
from referee_pornstar.state import PornStar

REGISTRY = Registry()
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def check(game: PornStar, seats: int) -> None:
    cash = sum(s.money for s in game.studios.values())
    assert cash + game.bank == START_MONEY * seats, "money appeared or vanished outside the bank"
    assert all(s.money >= 0 for s in game.studios.values()), "a studio's cash went negative"
    places = game.places()
    assert sorted(places) == sorted(game.tables.card_ids()), "a card is missing, or one is not in the list"
    doubled = {card: where for card, where in places.items() if len(where) != 1}
    assert not doubled, f"cards in more than one place: {doubled}"
    for film in game.films:
        assert film in {f.id for f in game.tables.films}, f"{film} is produced but is no Film"


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=5),
    seed=st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=8),
    kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=5, max_size=5),
)
def test_money_is_conserved_and_every_card_is_in_one_place(seats, seed, kinds):
    names = NAMES[:seats]
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = app.open("pornstar", names, seed=seed, options={"bots": kinds[:seats]})
        check(app.state(table).game, seats)
        for _ in range(3000):
            if app.over(table):
                break
            request = app.requests(table)[0]
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
            check(app.state(table).game, seats)
        assert app.over(table), "the game did not end"
        final = app.state(table)
        assert final.result is not None and final.game.scores
