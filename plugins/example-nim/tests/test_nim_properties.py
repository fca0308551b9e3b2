"""Nim's rules as invariants over any play, legal or not (RULES.md 1-4)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import MEMORY, IllegalAction, Referee, RefereeError, Registry, TableStore

REGISTRY = Registry()

attempts = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10)), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    heaps=st.integers(1, 4),
    max_take=st.integers(1, 5),
    seed=st.text("abcdef", min_size=1, max_size=4),
    tries=attempts,
)
def test_any_play_keeps_the_stones_and_the_last_stone_wins(players, heaps, max_take, seed, tries):
    """Rules 1, 3 and 4: every stone laid out is taken exactly once, a refused take
    changes nothing, and the game ends when, and only when, the last stone is taken, won
    by its taker."""
    seats = ["Ann", "Bob", "Cy", "Dee"][:players]
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = app.open("nim", seats, options={"heaps": heaps, "max_take": max_take}, seed=seed)
        for seat in seats:
            app.act(table, seat, "call", {"call": "odd"})
        laid = sum(app.view(table, None)["view"]["heaps"].values())
        assert 3 * heaps <= laid <= 8 * heaps
        last = None
        for heap_index, stones in tries:
            if app.over(table):
                break
            view = app.view(table, None)
            seat, now = view["active"], view["view"]["heaps"]
            heap = "ABCDE"[heap_index]
            # What the request's shape offers (rule 3): a heap with stones, 1 to max_take
            # stones but no more than the largest heap holds.
            offered = now.get(heap, 0) > 0 and 1 <= stones <= min(max_take, max(now.values()))
            before = len(app.entries(table))
            try:
                app.act(table, seat, "take", {"heap": heap, "stones": stones})
            except RefereeError as refused:
                assert len(app.entries(table)) == before
                # Within the shape, only a take larger than its heap is left to refuse.
                assert not offered or (stones > now[heap] and isinstance(refused, IllegalAction) and refused.rule == "nim 3")
                continue
            assert offered and stones <= now[heap]
            last = seat
            game = app.view(table, None)["view"]
            assert all(n >= 0 for n in game["heaps"].values())
            assert sum(game["heaps"].values()) + sum(game["taken"].values()) == laid
            assert app.over(table) == (sum(game["heaps"].values()) == 0)
        if app.over(table):
            assert list(app.view(table, None)["result"]["winners"]) == [last]
