"""``referee.testing``: its fixtures, and each check both passing and failing on a plugin at fault.

The checks are what an author trusts to find their plugin's faults, so each is shown
finding one: a view that leaks a sealed call (Nim rule 2), another pimp's hand or a secret
power, an export that carries a hidden body, a view replay cannot repeat, a house rule that
changes a worked example without saying so.  The leak check is also shown passing every
shipped game, whose views are full of public words its hidden bodies hold too.
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


class PeekingHands:
    """Shows every pimp the cards in every hand: Pimp's hands are seen by their pimp alone."""

    @hookimpl(wrapper=True)
    def referee_view(self, state: Any, seat: str | None) -> Generator[None, Any, Any]:
        view = yield
        return {**view, "hands": {pimp.name: list(pimp.hand) for pimp in state.game.pimps.values()}}


class Gossip:
    """Tells every gangster, in a sentence, the powers of the others: Cash'n'Guns deals each
    one a special power "secret until used"."""

    @hookimpl(wrapper=True)
    def referee_view(self, state: Any, seat: str | None) -> Generator[None, Any, Any]:
        view = yield
        others = [f"{g.name} has {g.power}" for g in state.game.gangsters.values() if g.name != seat and g.power]
        return {**view, "gossip": "; ".join(others)}


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


def test_check_views_leak_nothing_finds_another_pimps_hand_card_in_a_view(referee_app):
    """Pimp: a pimp's hand is hidden from the others; a view listing it is caught."""
    app = referee_app(offer(PeekingHands(), "peeking-hands", game="pimp"))
    with pytest.raises(
        CheckFailed, match=r"is hidden from Ann, but its value 'Bob/[^']+' appears in Ann's view \(at view\.view\.hands\.Bob\["
    ):
        check_views_leak_nothing(
            "pimp", ["Ann", "Bob", "Cy"], extensions=["peeking-hands"], options={"turns": 2}, games=1, registry=app.registry
        )


def test_check_views_leak_nothing_finds_a_secret_power_named_inside_a_sentence(referee_app):
    """Cash'n'Guns special powers: "secret until used"; a view telling them in words is caught."""
    app = referee_app(offer(Gossip(), "gossip", game="cashnguns"))
    powers = [e.name for e in app.registry.extensions_of("cashnguns") if e.default]
    with pytest.raises(
        CheckFailed, match=r"PowerDealt\) is hidden from Ann, but its value '[a-z-]+' appears in Ann's view \(in view\.view\.gossip\)"
    ):
        check_views_leak_nothing("cashnguns", ["Ann", "Bob", "Cat", "Dan"], extensions=[*powers, "gossip"], games=1, registry=app.registry)


def test_check_views_leak_nothing_finds_a_hidden_body_in_an_export(monkeypatch):
    """An export that gives a seat the operator's copy (every body, every key) is caught."""
    from referee import Referee

    operators_copy = Referee.export
    monkeypatch.setattr(Referee, "export", lambda self, table, seat=None: operators_copy(self, table))
    with pytest.raises(CheckFailed, match=r"after entry \d+: entry \d+ \(\S+\) is hidden from Ann, but its body is in Ann's export$"):
        check_views_leak_nothing("nim", ["Ann", "Bob", "Cy", "Dee"], games=1)


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("pigsty", ["Amy", "Bill", "Ted"], None),
        ("cashnguns", ["Ann", "Bob", "Cat", "Dan"], None),
        ("pimp", ["Ann", "Bob", "Cy"], {"turns": 6}),
        ("backhanding", ["Ann", "Bob", "Cy"], None),
        ("pornstar", ["Ann", "Bob", "Cy"], {"round_limit": 4}),
    ],
)
def test_check_views_leak_nothing_passes_every_shipped_game_with_its_default_cards_and_powers(game, seats, options):
    """Their views and exports repeat public words hidden bodies hold too (Pigsty's orders,
    Cash'n'Guns' bullet and target, Pimp's edge): none of it is a leak.  Cash'n'Guns plays
    with its ten powers, Pimp with its six special cards, on by default."""
    assert check_views_leak_nothing(game, seats, options=options) > 0


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


def test_fixed_key_replays_a_bot_game_that_a_seed_alone_does_not():
    """docs/testing-plugins.md, `fixed_key`: bots draw from the table key, so the same seed with
    the same fixed key plays the same game, and with another key (almost surely) another."""
    from referee import MEMORY, Referee, Registry, TableStore
    from referee.testing import fixed_key

    def played(key: str) -> list[object]:
        with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
            table = app.open("nim", ["Ann", "Bob", "Cy"], seed="same", key=key)
            app.bots.play(table, ["Ann", "Bob", "Cy"])
            return [(e.type, e.event) for e in app.entries(table) if e.type == "nim.StonesTaken"]

    assert len(fixed_key("sweep-1")) == 64 and int(fixed_key("sweep-1"), 16) >= 0
    assert played(fixed_key("sweep-1")) == played(fixed_key("sweep-1"))
    assert any(played(fixed_key("sweep-1")) != played(fixed_key(f"other-{n}")) for n in range(5))
