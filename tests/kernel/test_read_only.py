"""Views read the live table, never a copy of it (DESIGN "The table runtime: each thing done
once"): any write fails loudly and is undone; what a view returns, and what a bot is given,
holds no reference into the live state."""

from __future__ import annotations

import warnings
from typing import Any

import highroll
import msgspec
import pytest
from throwaway import extension

from referee import RefereeError, hookimpl
from referee.readonly import unchanged
from referee.table import TableState


class Hand(msgspec.Struct):
    cards: list[str]
    marks: dict[str, int]

    def discard_all(self) -> None:
        self.cards = []


def live() -> TableState:
    return TableState(seats=("Ann", "Bob"), game=Hand(cards=["a", "b"], marks={"x": 1}), slots={"rule": {"tags": ["first"]}})


def test_reading_the_live_state_is_allowed_and_answers_as_it_did() -> None:
    state = live()
    assert unchanged(state, "referee_view", list, lambda: (len(state.game.cards), sorted(state.game.marks))) == (2, ["x"])
    assert state == live()


@pytest.mark.parametrize(
    "write",
    [
        lambda s: setattr(s, "seats", ("Bob",)),
        lambda s: setattr(s.game, "cards", []),
        lambda s: s.game.cards.append("c"),
        lambda s: s.game.cards.__setitem__(0, "z"),
        lambda s: s.game.marks.update(y=2),
        lambda s: s.game.marks.pop("x"),
        lambda s: s.slots["rule"]["tags"].append("second"),
        lambda s: s.game.discard_all(),
        lambda s: s.game.cards.sort(reverse=True),
        lambda s: setattr(s, "game", None),
        lambda s: s.slots.clear(),
        lambda s: s.slots.__setitem__("extra", {"tags": []}),
        lambda s: setattr(s, "game", msgspec.structs.asdict(s.game)),
        lambda s: setattr(s, "seats", list(s.seats)),
    ],
    ids=[
        "attribute",
        "nested attribute",
        "append",
        "list item",
        "update",
        "pop",
        "slot",
        "own method",
        "sort",
        "game dropped",
        "slots cleared",
        "slot added",
        "struct for a dict",
        "list for a tuple",
    ],
)
def test_every_write_anywhere_inside_is_refused_and_undone(write: Any) -> None:
    state = live()
    game, slot = state.game, state.slots["rule"]
    with pytest.raises(RefereeError, match=r"referee_view changed the table's state while showing it \(tester\).*undone"):
        unchanged(state, "referee_view", lambda: ["tester"], lambda: write(state))
    assert state == live()
    assert type(state.game) is Hand and state.game is not game and state.slots["rule"] is not slot


def test_a_plugin_error_is_raised_as_it_is_after_the_table_is_put_back() -> None:
    state = live()

    def fails() -> None:
        state.game.cards.clear()
        raise KeyError("its own bug")

    with pytest.raises(RefereeError, match="changed the table's state"):
        unchanged(state, "referee_view", list, fails)
    assert state == live()
    with pytest.raises(KeyError):
        unchanged(state, "referee_view", list, lambda: {}["missing"])


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
    with pytest.raises(RefereeError, match=r"referee_view changed the table's state while showing it \(.*writer.*\)"):
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
    shown["flow"]["requests"]["new"] = None
    assert app.view(table, None)["view"]["scores"] and "new" not in app.state(table).flow.requests


def test_copy_state_still_works_and_says_what_replaced_it() -> None:
    from referee.table import TableState, copy_state

    state = TableState(seats=("Ann",))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        copied = copy_state(state)
    assert copied == state and copied is not state
    assert any(issubclass(w.category, DeprecationWarning) and "live state" in str(w.message) for w in caught)
