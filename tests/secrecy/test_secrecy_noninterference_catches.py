"""The test of the noninterference test (issue 21): put back each kind of leak 0.2 had and
the check reports it, naming what differs; with nothing put back it reports nothing.

The leaks are put back in a throwaway game (``leaky.py``: a seat hides a card, sealed,
then confirms it) and, for the web server's refusals, by making the server answer as 0.2
did.  The same check run against the 0.2.0 code itself is reported in docs/security.md.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from leaky import DrawerGame
from web_watch import WebWatch

import referee.flow
from referee import IllegalAction, Registry
from referee.testing import CheckFailed, check_noninterference, find_interference
from referee_web.hub import Hub

SEATS = ["Ada", "Bert", "Cleo"]


@pytest.fixture
def registry() -> Registry:
    return Registry([DrawerGame()], entry_points=False)


@pytest.fixture
def web() -> Iterator[WebWatch]:
    watch = WebWatch()
    yield watch
    watch.close()


def _found(registry: Registry, leak: str, **given):
    return find_interference("drawer", SEATS, options={"leak": leak}, registry=registry, games=1, actions=["hide"], **given)


def test_with_nothing_put_back_nothing_is_found(registry, web):
    found = check_noninterference(
        "drawer", SEATS, options={"leak": "none"}, registry=registry, games=1, points=2, actions=["hide"], observers=[web]
    )
    assert found.points == 2 and found.worlds == 6
    assert set(found.told_apart) <= {"referee.GameEnded"}, "the drawer reveals nothing before the end"


def test_a_request_id_naming_a_hidden_card_is_found(registry):
    """L1: the confirmation's id names the card hidden, and the confirmation is public."""
    found = _found(registry, "id")
    assert found.interference
    first = found.interference[0]
    assert first.step == 1, "the id is in the log once the confirmation is answered"
    assert "(referee.ActionTaken, shown): .event.request is 'r1.confirm." in first.what
    watchers = {item.watcher for item in found.interference if item.where == first.where}
    assert watchers == set(SEATS) - {first.seat} | {None, "gamesmaster"}, "every other seat, a spectator and the gamesmaster"
    with pytest.raises(CheckFailed, match=r"told apart where the rules reveal nothing"):
        check_noninterference("drawer", SEATS, options={"leak": "id"}, registry=registry, games=1, actions=["hide"])


def test_a_hidden_entry_whose_rule_names_the_answer_is_found(registry):
    """L2: the confirmation, hidden from everyone else, carries the card in its rule."""
    found = _found(registry, "rule")
    first = found.interference[0]
    assert first.step == 0, "the header is there right after the answer"
    assert "(referee.RequestOpened, hidden): .rule is 'drawer 2 (" in first.what
    assert first.answers[0]["card"] in first.what and first.answers[1]["card"] in first.what


def test_a_web_server_that_refuses_another_seats_request_id_differently_is_found(registry, web, monkeypatch):
    """L3: 0.2's server checked an id against every seat's open requests, so another seat's
    id got 422 (the rule's words) and an unknown one 409; the ids of the confirmation,
    sealed, name the card, and the refusals tell which is open."""
    assert not _found(registry, "probe", points=2, observers=[web]).interference, "the server as it is gives one answer"
    monkeypatch.setattr(Hub, "_w_open_for", staticmethod(lambda app, table_id, seat: {r.id for r in app.requests(table_id)}))
    found = _found(registry, "probe", points=2, observers=[web])
    first = found.interference[0]
    assert first.what.startswith("its web refusals: .r1.confirm.")
    assert "409 in one world and 422 in the other" in first.what or "422 in one world and 409 in the other" in first.what


def test_a_kernel_refusal_naming_whose_request_it_is_is_found(registry, monkeypatch):
    """L3 in the kernel: a refusal that says whose request an id is."""
    answered = referee.flow.answered_request

    def telling(rules, state, action):
        other = state.flow.requests.get(action.request or "")
        if other is not None and other.seat != action.seat:
            raise IllegalAction(f"request {action.request} is {other.seat}'s", "flow")
        return answered(rules, state, action)

    monkeypatch.setattr(referee.flow, "answered_request", telling)
    monkeypatch.setattr("referee.table.answered_request", telling)
    first = _found(registry, "probe").interference[0]
    assert first.what.startswith("its refusals: .r1.confirm.")


def test_a_spectator_link_showing_a_seats_own_view_is_found(registry, web, monkeypatch):
    """A spectator link is watched over the web too: were it served the seats' own views
    (each seat's hidden card), the spectator would tell the worlds apart."""
    assert not [i for i in _found(registry, "none", points=2, observers=[web]).interference if i.watcher is None]

    def a_seats_update(hub: Hub, table_id: str, token: str, after: int, look: bool) -> dict:
        hub._w_authorize_spectator(table_id, token)
        update = hub._w_update(table_id, "gamesmaster", after, look)
        return {**update, "view": {seat: hub._w_update(table_id, seat, after, look)["view"] for seat in SEATS}}

    monkeypatch.setattr(Hub, "_w_spectator_update", a_seats_update)
    found = _found(registry, "none", points=2, observers=[web])
    spectated = [item for item in found.interference if item.watcher is None]
    assert spectated, "a spectator served the seats' own views tells the worlds apart"
    assert {item.what.split(":")[0] for item in spectated} <= {"its web spectator state", "its web spectator live frame"}
