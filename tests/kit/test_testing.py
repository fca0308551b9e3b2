"""``referee.testing``: its fixtures, and each check both passing and failing on a plugin at fault.

The checks are what an author trusts to find their plugin's faults, so each is shown
finding one: a view that leaks a sealed call (Nim rule 2), a view replay cannot repeat,
a house rule that changes a worked example without saying so.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator
from typing import Any

import pytest

from referee import Extension, IllegalAction, hookimpl
from referee.testing import (
    CheckFailed,
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)

NIM_SEATS = ["Ann", "Bob", "Cy"]


def offer(plugin: object, name: str, game: str = "nim") -> object:
    """A throwaway discovery plugin offering ``plugin`` as a house rule of ``game``."""

    class Offer:
        @hookimpl
        def referee_extensions(self) -> list[Extension]:
            return [Extension(name=name, game=game, title=name, plugin=plugin)]

    return Offer()


class LeakyCalls:
    """Shows every seat all calls made so far: breaks Nim rule 2's seal."""

    @hookimpl(wrapper=True)
    def referee_view(self, state: Any, seat: str | None) -> Generator[None, Any, Any]:
        view = yield
        return {**view, "calls": dict(state.game.calls)}


class Restless:
    """A view that counts how often it was asked: nothing in the log says so."""

    def __init__(self) -> None:
        self.asked = itertools.count()

    @hookimpl(wrapper=True)
    def referee_view(self, state: Any, seat: str | None) -> Generator[None, Any, Any]:
        view = yield
        return {**view, "asked": next(self.asked)}


class TwoAtMost:
    """House rule: no more than 2 stones a turn (changes Nim's worked example on purpose)."""

    @hookimpl
    def referee_decide(self, decision: Any, action: Any) -> None:
        if action.action == "take" and action.args["stones"] > 2:
            raise IllegalAction("at most 2 stones a turn", "nim.two-at-most 1")


# --- fixtures ---------------------------------------------------------------------------


@pytest.fixture
def left_registered() -> Generator[list[Any], None, None]:
    """Registries to look at after ``referee_app`` has torn down (a test asks for this
    fixture first, so it is torn down after ``referee_app``)."""
    registries: list[Any] = []
    yield registries
    for registry in registries:
        offered = [p for p in registry.pm.get_plugins() if type(p).__name__ == "Offer"]
        assert offered == [], "referee_app left the test's plugins registered"


def test_referee_app_registers_the_given_plugins_and_unregisters_them_after(left_registered, referee_app):
    rule = TwoAtMost()
    app = referee_app(offer(rule, "two-at-most"))
    assert app.registry.extensions["nim.two-at-most"].plugin is rule
    assert "nim" in app.registry.games  # installed games are there too
    bare = referee_app(entry_points=False)
    assert bare.registry.games == {}
    left_registered.append(app.registry)


def test_referee_cli_runs_the_command_on_a_store_of_its_own(referee_cli, tmp_path):
    played = referee_cli("play", "nim", "--bots", "2", "--seed", "kit", "--quiet")
    assert played.code == 0, played.err
    assert "took the last stone" in played.out
    assert (tmp_path / "referee-cli.sqlite").exists()
    refused = referee_cli("play", "no-such-game", "--bots", "2")
    assert refused.code != 0
    assert "no-such-game" in refused.err


# --- check_bot_games --------------------------------------------------------------------


def test_check_bot_games_returns_verified_logs_of_finished_games():
    logs = check_bot_games("nim", NIM_SEATS, games=2)
    assert len(logs) == 2
    assert all('"referee.GameEnded"' in log for log in logs)


def test_check_bot_games_fails_a_view_that_replay_cannot_repeat(referee_app):
    app = referee_app(offer(Restless(), "restless"))
    with pytest.raises(CheckFailed, match=r"replaying the log to entry \d+ shows .*view\.view\.asked"):
        check_bot_games("nim", NIM_SEATS, extensions=["restless"], games=1, registry=app.registry)


def test_check_bot_games_fails_a_game_that_does_not_end_in_time():
    with pytest.raises(CheckFailed, match="did not end within 3 bot actions"):
        check_bot_games("nim", NIM_SEATS, games=1, max_actions=3)


# --- check_export_round_trip ------------------------------------------------------------


def test_check_export_round_trip_passes_for_nim_and_pigsty():
    check_export_round_trip("nim", NIM_SEATS)
    check_export_round_trip("pigsty", ["Amy", "Bill", "Ted"], options={"turn_limit": 3})


def test_check_export_round_trip_fails_where_the_imported_table_looks_different(referee_app):
    app = referee_app(offer(Restless(), "restless"))
    with pytest.raises(CheckFailed, match="the imported table shows"):
        check_export_round_trip("nim", NIM_SEATS, extensions=["restless"], registry=app.registry)


# --- check_refused_without --------------------------------------------------------------


def test_check_refused_without_names_the_missing_house_rule():
    message = check_refused_without("harvest-festival", "pigsty", ["Amy", "Bill", "Ted"], options={"turn_limit": 3})
    assert "pigsty.harvest-festival" in message
    assert "referee-pigsty-harvest" in message


def test_check_refused_without_removes_a_throwaway_rule_and_what_offers_it(referee_app):
    app = referee_app(offer(LeakyCalls(), "leaky-calls"))
    message = check_refused_without("leaky-calls", "nim", NIM_SEATS, registry=app.registry)
    assert "nim.leaky-calls" in message


def test_check_refused_without_names_a_missing_game():
    assert "nim" in check_refused_without("nim", "nim", NIM_SEATS)


def test_check_refused_without_refuses_an_extension_that_is_not_installed():
    with pytest.raises(CheckFailed, match="nim has no extension 'absent'"):
        check_refused_without("absent", "nim", NIM_SEATS)


# --- check_views_leak_nothing -----------------------------------------------------------


def test_check_views_leak_nothing_passes_nim_and_counts_what_it_checked():
    assert check_views_leak_nothing("nim", ["Ann", "Bob", "Cy", "Dee"], games=1) > 0


def test_check_views_leak_nothing_finds_a_sealed_call_in_another_seats_view(referee_app):
    """Nim 2: a call is sealed until all are in; a view showing it is caught."""
    app = referee_app(offer(LeakyCalls(), "leaky-calls"))
    with pytest.raises(CheckFailed, match=r"nim.StartCalled\) is hidden from .+, but its value '(odd|even)' appears in .+'s view"):
        check_views_leak_nothing("nim", ["Ann", "Bob", "Cy", "Dee"], extensions=["leaky-calls"], games=1, registry=app.registry)


# --- check_scenarios --------------------------------------------------------------------


def test_check_scenarios_passes_a_house_rule_that_changes_no_worked_example():
    results = check_scenarios("pigsty", ["harvest-festival"])
    assert results and all(r.ok for r in results.values())


def test_check_scenarios_accepts_a_declared_change(referee_app):
    app = referee_app(offer(TwoAtMost(), "two-at-most"))
    results = check_scenarios("nim", ["two-at-most"], {"rule-3-take-and-win": "Ann's last take is 3 stones"}, registry=app.registry)
    assert not results["rule-3-take-and-win"].ok


def test_check_scenarios_fails_an_undeclared_change(referee_app):
    app = referee_app(offer(TwoAtMost(), "two-at-most"))
    with pytest.raises(CheckFailed, match="rule-3-take-and-win fails under two-at-most"):
        check_scenarios("nim", ["two-at-most"], registry=app.registry)


def test_check_scenarios_fails_a_declared_change_that_does_not_happen():
    with pytest.raises(CheckFailed, match=r"rule-10\.1-bad-orders is expected to change under harvest-festival, but it still passes"):
        check_scenarios("pigsty", ["harvest-festival"], {"rule-10.1-bad-orders"})


def test_check_scenarios_refuses_a_scenario_the_game_does_not_have():
    with pytest.raises(CheckFailed, match="nim has no scenario 'rule-9'; its scenarios: rule-3-take-and-win"):
        check_scenarios("nim", [], {"rule-9"})
