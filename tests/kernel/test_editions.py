"""A game's data editions (``Game.edition``): changed data decides new tables differently
while every stored table keeps verifying under the edition it opened with.

The throwaway game here deals each seat a purse from its edition's price list, as a
rebalanced deck would deal other cards; a registry stands for each installed release."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

import referee
from referee import MEMORY, Decision, Event, Game, Referee, Registry, TableStore, hookimpl

PURSES = {1: 10, 2: 12, 3: 15}
"""Each edition's starting purse: edition 2 is the "rebalanced" data."""


class PurseDealt(Event, tag="editions.PurseDealt"):
    seat: str
    dollars: int


class State(msgspec.Struct):
    purses: dict[str, int] = {}


class Purses:
    """The game as one release ships it: ``edition`` is the newest edition it knows."""

    def __init__(self, edition: int) -> None:
        self.edition = edition

    @hookimpl
    def referee_games(self) -> list[Game]:
        return [Game(name="purses", title="Purses", plugin=self, min_seats=2, max_seats=4, edition=self.edition)]

    @hookimpl
    def referee_event_types(self) -> list[type[Event]]:
        return [PurseDealt]

    @hookimpl
    def referee_initial_state(self, opened: referee.TableOpened) -> State:
        return State()

    @hookimpl
    def referee_evolve(self, state: referee.TableState, event: Event) -> None:
        if isinstance(event, PurseDealt):
            state.game.purses[event.seat] = event.dollars

    @hookimpl
    def referee_setup(self, decision: Decision) -> bool:
        for seat in decision.seats:
            decision.emit(PurseDealt(seat=seat, dollars=PURSES[decision.edition]), rule="setup")
        decision.end_game(list(decision.seats), "everyone is dealt", rule="end")
        return True

    @hookimpl
    def referee_view(self, state: referee.TableState, seat: str | None) -> dict[str, Any]:
        return {"purses": dict(state.game.purses)}


def release(edition: int) -> Referee:
    return Referee(registry=Registry([Purses(edition)], entry_points=False), store=TableStore(MEMORY))


def played(edition: int) -> list[referee.Entry]:
    with release(edition) as app:
        table = app.open("purses", ["Ada", "Bob"])
        return app.audit.load_log(app.export(table))


def test_a_new_table_opens_under_the_newest_edition_and_says_so():
    with release(2) as app:
        table = app.open("purses", ["Ada", "Bob"])
        assert app.view(table, "Ada")["view"]["purses"] == {"Ada": 12, "Bob": 12}
        opened = app.audit.load_log(app.export(table))[0]
        assert opened.event["edition"] == 2


def test_the_first_edition_is_not_written_so_older_logs_keep_their_bytes():
    """Tables opened before editions existed carry no edition: they read as edition 1."""
    opened = played(1)[0]
    assert "edition" not in opened.event


def test_a_log_of_an_earlier_edition_verifies_under_a_release_that_deals_differently():
    """The rebalance case: a release with new data still verifies what the old data dealt."""
    old = played(1)
    with release(2) as newer:
        verdict = newer.audit.verify(old)
        assert verdict.ok, verdict.message
        _, state = newer.audit.replay(old)
        assert state.edition == 1
        assert state.game.purses == {"Ada": 10, "Bob": 10}


def test_a_log_of_a_later_edition_than_installed_names_the_release_to_install():
    newer = played(3)
    with release(2) as older:
        verdict = older.audit.verify(newer)
    assert not verdict.ok
    assert "edition 3 of Purses" in verdict.message and "editions 1 to 2" in verdict.message


def test_a_table_keeps_its_edition_through_a_stored_snapshot(tmp_path):
    """A table loaded back from the store (its snapshot) still decides by its own edition."""
    path = tmp_path / "tables.sqlite"
    with Referee(registry=Registry([Purses(2)], entry_points=False), store=TableStore(path)) as app:
        table = app.open("purses", ["Ada", "Bob"])
    with Referee(registry=Registry([Purses(2)], entry_points=False), store=TableStore(path)) as app:
        assert app.state(table).edition == 2
        assert app.view(table, "Bob")["view"]["purses"] == {"Ada": 12, "Bob": 12}


@pytest.mark.parametrize("edition", [0, -1])
def test_an_edition_no_release_has_is_refused_when_a_table_opens(edition):
    with pytest.raises(referee.RefereeError, match="edition"):
        release(edition).open("purses", ["Ada", "Bob"])


def test_a_table_opens_under_an_earlier_edition_when_asked_and_never_under_an_unknown_one():
    """``Referee.open(edition=)``: a stored game played again under the data it was dealt."""
    with release(2) as app:
        table = app.open("purses", ["Ada", "Bob"], edition=1)
        assert app.view(table, "Ada")["view"]["purses"] == {"Ada": 10, "Bob": 10}
        assert "edition" not in app.audit.load_log(app.export(table))[0].event
        with pytest.raises(referee.RefereeError, match="Purses has editions 1 to 2, not edition 3"):
            app.open("purses", ["Ada", "Bob"], edition=3)
