"""Views and bots read the live table read-only, never a copy of it (DESIGN "The table runtime:
each thing done once"): any write they try fails loudly and changes nothing; what a view
returns holds no reference into the live state."""

from __future__ import annotations

import warnings
from typing import Any

import highroll
import msgspec
import pytest
from throwaway import extension

from referee import RefereeError, hookimpl
from referee.readonly import read_only


class Hand(msgspec.Struct):
    cards: list[str]
    marks: dict[str, int]

    def size(self) -> int:
        return len(self.cards)

    def discard_all(self) -> None:
        self.cards = []


class Seat(msgspec.Struct):
    name: str
    hand: Hand
    tags: set[str]


def live() -> Seat:
    return Seat(name="Ann", hand=Hand(cards=["a", "b"], marks={"x": 1}), tags={"first"})


def test_reads_work_as_on_the_live_objects() -> None:
    seat = read_only(live())
    assert isinstance(seat, Seat) and isinstance(seat.hand, Hand) and isinstance(seat.hand.cards, list)
    match seat:
        case Seat(name="Ann", hand=Hand(cards=cards)):
            assert list(cards) == ["a", "b"]
        case _:
            pytest.fail("a class pattern does not match the read-only object")
    assert len(seat.hand.cards) == 2 and "a" in seat.hand.cards and seat.hand.cards[-1] == "b"
    assert seat.hand.cards == ["a", "b"] and sorted(seat.hand.marks.items()) == [("x", 1)]
    assert seat.hand.marks.get("x") == 1 and dict(seat.hand.marks) == {"x": 1} and "first" in seat.tags
    assert seat.hand.size() == 2
    assert msgspec.to_builtins(seat.hand) == {"cards": ["a", "b"], "marks": {"x": 1}}


@pytest.mark.parametrize(
    "write",
    [
        lambda s: setattr(s, "name", "Bob"),
        lambda s: setattr(s.hand, "cards", []),
        lambda s: s.hand.cards.append("c"),
        lambda s: s.hand.cards.__setitem__(0, "z"),
        lambda s: s.hand.marks.update(y=2),
        lambda s: s.hand.marks.__setitem__("y", 2),
        lambda s: s.hand.marks.pop("x"),
        lambda s: s.tags.add("second"),
        lambda s: s.hand.discard_all(),
        lambda s: delattr(s, "name"),
        lambda s: s.hand.cards.sort(reverse=True),
    ],
    ids=["attribute", "nested attribute", "append", "list item", "update", "dict item", "pop", "set add", "own method", "delete", "sort"],
)
def test_every_write_anywhere_inside_is_refused_and_changes_nothing(write: Any) -> None:
    original = live()
    with pytest.raises(RefereeError, match=r"test_read_only tried to .* the table's state while showing it"):
        write(read_only(original))
    assert original == live()


class Writer:
    """A view that writes to what it is shown, in one of several ways."""

    name = "writer"

    def __init__(self, how: str) -> None:
        self.how = how

    @hookimpl
    def referee_view(self, state: Any, seat: str | None) -> dict[str, Any]:
        if self.how == "attribute":
            state.game.revealed = True
        elif self.how == "method":
            state.flow.requests.popitem()
        elif self.how == "dict":
            state.game.bids["Ann"] = 99
        elif self.how == "nested":
            next(iter(state.flow.requests.values())).choices[0].args["chips"] = 7
        return {}


@pytest.mark.parametrize("how", ["attribute", "method", "dict", "nested"])
def test_a_view_that_writes_fails_loudly_and_the_table_is_unchanged(memory_referee, how: str) -> None:
    app = memory_referee(highroll, extension("highroll", Writer(how), "writer"))
    table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["writer"])
    app.act(table, "Ann", "bid", {"chips": 2})
    before = msgspec.msgpack.encode(app.state(table))
    with pytest.raises(RefereeError, match=r"tried to .* the table's state while showing it"):
        app.view(table, "Bob")
    assert msgspec.msgpack.encode(app.state(table)) == before
    app.act(table, "Bob", "bid", {"chips": 1})
    assert app.audit.verify_table(table).ok


class Scribbler:
    """A bot that writes all over the view and the request it is given."""

    name = "scribbler"

    @hookimpl(tryfirst=True)
    def referee_bot_action(self, view: dict[str, Any], seat: str, request: Any, rng: Any) -> dict[str, Any] | None:
        view["view"]["bids"]["Ann"] = 99
        view["requests"].clear()
        view["seats"].append("Eve")
        return None


def test_a_bot_that_changes_its_view_cannot_change_the_table(memory_referee) -> None:
    app = memory_referee(highroll, extension("highroll", Scribbler(), "scribbler"))
    table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["scribbler"])
    before = app.view(table, "Ann")
    assert app.bots.answer(table, app.requests(table)[0]) == {"chips": 3}
    assert app.view(table, "Ann") == before
    assert app.state(table).game.bids == {} and len(app.requests(table)) == 2


def test_a_view_returning_live_parts_hands_out_copies(memory_referee) -> None:
    class Leaker:
        name = "leaker"

        @hookimpl(wrapper=True)
        def referee_view(self, state: Any, seat: str | None) -> Any:
            shown = yield
            return {**shown, "scores": state.game.scores, "flow": state.flow}

    app = memory_referee(highroll, extension("highroll", Leaker(), "leaker"))
    table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["leaker"])
    app.act(table, "Ann", "bid", {"chips": 2})
    app.act(table, "Bob", "bid", {"chips": 1})
    shown = app.view(table, None)["view"]
    assert type(shown["scores"]) is dict and shown["scores"]
    shown["scores"].clear()
    shown["flow"].requests["new"] = None
    assert app.view(table, None)["view"]["scores"] and "new" not in app.state(table).flow.requests


def test_copy_state_still_works_and_says_what_replaced_it() -> None:
    from referee.table import TableState, copy_state

    state = TableState(seats=("Ann",))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        copied = copy_state(state)
    assert copied == state and copied is not state
    assert any(issubclass(w.category, DeprecationWarning) and "read-only" in str(w.message) for w in caught)
