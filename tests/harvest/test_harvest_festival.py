"""The Harvest Festival house rule, tested the way its author would: installed, discovered, played.

``referee-pigsty-harvest`` is an ordinary distribution (installed editable by tox), so
``Registry()`` finds it through the ``referee`` entry points exactly as it would find a
house rule installed from PyPI.  Nothing here reaches into the kernel's internals.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import msgspec
import pytest

import referee_pigsty.plugin
import referee_pigsty_harvest.plugin as harvest
from referee import (
    GAMESMASTER,
    MEMORY,
    BadLog,
    PluginMismatch,
    Referee,
    RefereeError,
    Registry,
    TableStore,
    explain,
    load_jsonl,
    replay,
    verify,
)
from referee.scenario import load_scenario, run_scenario
from referee_pigsty.resolution import new_board
from referee_pigsty_harvest.events import HarvestShared

HOUSE_RULE = "harvest-festival"
RECORDED_AS = f"pigsty.{HOUSE_RULE}"
VERSION = importlib.metadata.version("referee-pigsty-harvest")

SEATS = ["Amy", "Bill", "Ted", "Zed"]
OPENING = [
    # Turn 1: Amy and Zed pay the Yeomen and turn Honest; Bill's Thieves take 5 of Ted's Pigs.
    {"Amy": "Y 1", "Bill": "S 10 Ted", "Ted": "", "Zed": "Y 1"},
    # Turn 2: Bill takes Ted's last 5 Pigs (Ted is out, rule 7); Zed steals from Amy, who
    # Punishes him, so Zed turns Dishonest at the end of the turn (4.6.4.2).
    {"Amy": "P 1", "Bill": "S 10 Ted", "Ted": "", "Zed": "S 2 Amy"},
]
"""After these two turns: Amy Honest; Bill never Honest; Zed Honest, then Dishonest; Ted out."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def app(registry: Registry):
    with Referee(registry=registry, store=TableStore(MEMORY)) as referee:
        yield referee


def play(app: Referee, turns: int, *, extensions: list[str] | None, **options: int) -> str:
    """A table driven by explicit orders for two turns, then the gamesmaster closing each turn."""
    table = app.open("pigsty", SEATS, seed="harvest", extensions=extensions, options=options or None)
    for orders in OPENING[:turns]:
        for seat, text in orders.items():
            app.act(table, seat, "orders", {"text": text})
    for _ in range(turns - len(OPENING)):
        app.act(table, GAMESMASTER, "close")
    return table


def pigs(app: Referee, table: str) -> dict[str, int]:
    return {name: farmer.pigs for name, farmer in app.state(table).game.board.farmers.items()}


def festivals(app: Referee, table: str) -> list:
    return [entry for entry in app.entries(table) if entry.type == "harvest.HarvestShared"]


# --- discovery -----------------------------------------------------------------------


def test_the_registry_lists_the_house_rule_like_any_installed_plugin(registry):
    ext = registry.extensions[RECORDED_AS]
    assert ext in registry.extensions_of("pigsty")
    assert (ext.name, ext.game, ext.title, ext.kind, ext.default) == (HOUSE_RULE, "pigsty", "Harvest Festival", "house rule", False)
    assert ext.plugin is harvest
    assert "Honest" in ext.summary
    record = registry.record(ext.plugin, RECORDED_AS)
    assert (record.distribution, record.version) == ("referee-pigsty-harvest", VERSION)
    # Off by default: a table that names no extensions does not get it.
    assert [e.name for e in registry.rules("pigsty").extensions] == []
    assert [e.name for e in registry.rules("pigsty", [HOUSE_RULE]).extensions] == [HOUSE_RULE]


def test_only_tables_that_name_the_house_rule_register_its_hooks(registry):
    def implementers(extensions: list[str] | None) -> list[str]:
        hook = registry.rules("pigsty", extensions).hook.pigsty_turn_resolved
        return [impl.plugin_name for impl in hook.get_hookimpls()]

    assert implementers(None) == []
    assert implementers([HOUSE_RULE]) == [RECORDED_AS]


# --- the rule ------------------------------------------------------------------------


def test_a_table_without_the_house_rule_never_holds_the_festival(app):
    table = play(app, 10, extensions=None)
    assert festivals(app, table) == []
    assert [p["name"] for p in app.entries(table)[0].event["plugins"]] == ["pigsty"]
    assert "harvest_festival" not in app.view(table, "Amy")["view"]


def test_after_the_fifth_turn_each_honest_farmer_gets_exactly_one_pig(app):
    """House rule 1: Honest and still in the game gets a Pig; Dishonest or out gets none."""
    plain = play(app, 4, extensions=None)
    festive = play(app, 4, extensions=[HOUSE_RULE])
    board = app.state(festive).game.board
    assert board.farmers["Amy"].honest
    assert not board.farmers["Bill"].honest and board.farmers["Bill"].reputation == 0
    assert not board.farmers["Zed"].honest and board.farmers["Zed"].reputation == 1
    assert board.farmers["Ted"].eliminated
    assert festivals(app, festive) == [], "no festival before turn 5"
    assert pigs(app, festive) == pigs(app, plain)

    before = pigs(app, festive)
    app.act(plain, GAMESMASTER, "close")
    entries = app.act(festive, GAMESMASTER, "close")
    assert pigs(app, plain) == before, "nothing else changes Pigs in this turn"
    assert pigs(app, festive) == {**before, "Amy": before["Amy"] + 1}

    [festival] = [e for e in entries if e.type == "harvest.HarvestShared"]
    assert festival.event == {"turn": 5, "farmers": ["Amy"]}
    assert festival.plugin == RECORDED_AS
    assert festival.rule == f"{RECORDED_AS} 1"
    assert festival.visible_to is None, "the festival is public"
    types = [e.type for e in entries]
    assert types.index("pigsty.TurnResolved") < types.index("harvest.HarvestShared") < types.index("referee.RoundEnded")
    # The festival Pig earns Pork from the next turn on (Pigsty rule 4).
    allotted = [e.event for e in entries if e.type == "pigsty.PorkAllotted" and e.event["farmer"] == "Amy"]
    assert allotted == [{"farmer": "Amy", "pigs": before["Amy"] + 1, "punishment": 0, "pork": before["Amy"] + 1}]


def test_the_festival_follows_every_fifth_turn_only(app):
    table = play(app, 11, extensions=[HOUSE_RULE])
    assert [e.event["turn"] for e in festivals(app, table)] == [5, 10]
    assert all(e.event["farmers"] == ["Amy"] for e in festivals(app, table))
    assert pigs(app, table)["Amy"] == pigs(app, play(app, 11, extensions=None))["Amy"] + 2


def test_no_festival_when_the_turn_ended_the_game(app):
    """Ruling: after the last turn (here the table's turn limit) nobody gets a festival Pig."""
    table = play(app, 5, extensions=[HOUSE_RULE], turn_limit=5)
    assert app.state(table).over
    assert festivals(app, table) == []


def test_the_event_is_a_frozen_past_tense_struct_with_a_stable_tag():
    assert HarvestShared.__struct_config__.tag == "harvest.HarvestShared"
    assert HarvestShared.__struct_config__.frozen and HarvestShared.version == 1
    event = HarvestShared(turn=5, farmers=("Amy",))
    with pytest.raises(AttributeError):
        event.turn = 6  # type: ignore[misc]


def test_festival_guests_are_the_honest_farmers_still_in_the_game():
    board = new_board(["Amy", "Bill", "Ted", "Zed"])
    board.farmers["Amy"].honest = True
    board.farmers["Ted"].honest = True
    board.farmers["Ted"].eliminated = True  # Honest but out of the game: no Pig
    board.farmers["Zed"].honest = True
    assert harvest.festival_guests(board) == ["Amy", "Zed"]
    assert [t for t in range(1, 16) if harvest.festival_due(t)] == [5, 10, 15]
    assert [harvest.next_festival(done) for done in (0, 4, 5, 9)] == [5, 5, 10, 10]


def test_the_interval_is_the_module_constant(app, monkeypatch):
    """How a fork changes the rule: EVERY, read when each turn is resolved."""
    monkeypatch.setattr(harvest, "EVERY", 2)
    table = play(app, 4, extensions=[HOUSE_RULE])
    assert [(e.event["turn"], e.event["farmers"]) for e in festivals(app, table)] == [(2, ["Amy"]), (4, ["Amy"])]
    assert app.view(table, None)["view"]["harvest_festival"] == {"every": 2, "next_after_turn": 6}
    assert app.audit.verify_table(table).ok


def test_nobody_honest_still_holds_and_logs_the_festival(app):
    table = app.open("pigsty", ["Amy", "Bill", "Ted"], seed="s", extensions=[HOUSE_RULE])
    for _ in range(5):
        app.act(table, GAMESMASTER, "close")
    [festival] = festivals(app, table)
    assert festival.event == {"turn": 5, "farmers": []}
    assert pigs(app, table) == {"Amy": 10, "Bill": 10, "Ted": 10}


# --- showing -------------------------------------------------------------------------


def test_views_and_reports_add_the_festival_to_the_games_own(app):
    table = play(app, 5, extensions=[HOUSE_RULE])
    view = app.view(table, "Amy")["view"]
    assert view["harvest_festival"] == {"every": 5, "next_after_turn": 10}
    assert view["farmers"][0]["name"] == "Amy", "the wrapper adds to Pigsty's view instead of replacing it"
    shown = app.present(table, "Amy")
    assert shown is not None and shown.status.startswith("Turn 6:"), "the wrapper adds to Pigsty's presentation"
    assert [z.title for z in shown.zones if z.role == "board"] == ["The countryside", "Harvest Festival"]
    assert shown.zones[-1].notes == ("after turn 10: every Honest farmer still in the game gets 1 Pig (house rule 1)",)
    plain = app.open("pigsty", ["Amy", "Bill", "Ted", "Zed"], seed="plain")
    assert "Harvest Festival" not in [z.title for z in app.present(plain, "Amy").zones], "only where the house rule is played"

    report = app.gamesmaster.report(table, 5)
    assert "PIGS AFTER THE TURN" in report, "Pigsty's report is still there"
    assert "HARVEST FESTIVAL\n- Amy gets 1 Pig\n" in report
    assert "Pigs after the festival: Amy 11," in report
    assert "HARVEST FESTIVAL" not in app.gamesmaster.report(table, 4)

    seq = festivals(app, table)[0].seq
    explanation = explain(app.registry, app.entries(table), seq)
    assert explanation.description == "Harvest Festival after turn 5: Amy gets 1 Pig"
    assert explanation.action is not None and explanation.action.event["action"] == "close"


def test_sealed_orders_stay_hidden_under_the_house_rule(app):
    """The view wrapper adds public facts only: no seat sees another's sealed orders."""
    table = play(app, 0, extensions=[HOUSE_RULE])
    app.act(table, "Bill", "orders", {"text": "S 9 Amy"})
    for seat in ("Amy", "Ted", "Zed", None):
        assert "stealing" not in str(app.view(table, seat))
    for seat in ("Amy", "Ted", "Zed"):
        assert "stealing" not in app.export(table, seat)
    assert app.view(table, "Bill")["view"]["my_orders"][0]["kind"] == "stealing"


# --- the log -------------------------------------------------------------------------


def test_the_log_records_the_house_rule_with_its_distribution_and_verifies(app, registry):
    table = play(app, 6, extensions=[HOUSE_RULE])
    opened = app.entries(table)[0]
    assert opened.type == "referee.TableOpened"
    assert [{k: p[k] for k in ("name", "distribution", "version")} for p in opened.event["plugins"]] == [
        {"name": "pigsty", "distribution": "referee-pigsty", "version": importlib.metadata.version("referee-pigsty")},
        {"name": RECORDED_AS, "distribution": "referee-pigsty-harvest", "version": VERSION},
    ]
    assert all(len(p["code"]) == 64 for p in opened.event["plugins"])
    verdict = app.audit.verify_table(table)
    assert verdict.ok, verdict.message
    _rules, replayed = replay(registry, load_jsonl(app.export(table).splitlines()))
    assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(app.state(table).game)
    assert replayed.game.board.farmers["Amy"].pigs == 11


def test_replaying_without_the_house_rule_installed_is_refused_naming_it(app):
    table = play(app, 5, extensions=[HOUSE_RULE])
    entries = load_jsonl(app.export(table).splitlines())
    bare = Registry([referee_pigsty.plugin], entry_points=False)  # Pigsty only
    assert RECORDED_AS not in bare.extensions

    verdict = verify(bare, entries)
    assert not verdict.ok and verdict.bad_seq == 1
    assert HOUSE_RULE in verdict.message
    with pytest.raises(RefereeError, match=HOUSE_RULE):
        replay(bare, entries)
    with Referee(registry=bare, store=TableStore(MEMORY)) as elsewhere, pytest.raises(BadLog, match=HOUSE_RULE):
        elsewhere.audit.import_log(app.export(table))


def test_replaying_under_another_version_of_the_house_rule_is_a_plugin_mismatch(app, registry):
    table = play(app, 5, extensions=[HOUSE_RULE])
    entries = app.entries(table)
    body = dict(entries[0].event)
    body["plugins"] = [dict(p, version="0.0.1") if p["name"] == RECORDED_AS else p for p in body["plugins"]]
    forged = [msgspec.structs.replace(entries[0], event=body), *entries[1:]]
    with pytest.raises(
        PluginMismatch,
        match=rf"{RECORDED_AS} was recorded under referee-pigsty-harvest 0\.0\.1, installed is referee-pigsty-harvest {VERSION}",
    ):
        replay(registry, forged)


def test_a_table_recorded_without_the_house_rule_replays_where_it_is_installed(app, registry):
    table = play(app, 5, extensions=None)
    assert app.audit.verify_table(table).ok
    rules, _state = replay(registry, app.entries(table))
    assert rules.extensions == ()


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_bot_games_under_the_house_rule_end_verify_and_replay(registry, seed):
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("pigsty", ["Ann", "Bob", "Cat", "Dan"], seed=seed, extensions=[HOUSE_RULE])
        app.bots.play(table, ["Ann", "Bob", "Cat", "Dan"], max_actions=2000)
        assert app.state(table).over
        verdict = app.audit.verify_table(table)
        assert verdict.ok, verdict.message
        _rules, replayed = replay(registry, load_jsonl(app.export(table).splitlines()))
        assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(app.state(table).game)
        for entry in festivals(app, table):
            assert entry.event["turn"] % harvest.EVERY == 0


# --- the game's conformance suite ----------------------------------------------------

SCENARIOS = sorted(Path(Registry().game("pigsty").scenarios).glob("*.toml"))


def test_pigsty_ships_a_scenario_suite():
    assert len(SCENARIOS) >= 5


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_pigstys_rulebook_scenarios_still_pass_under_the_house_rule(path, registry):
    """The conformance suite a house rule re-runs: every rulebook example, with the house rule on."""
    result = run_scenario(load_scenario(path), registry, extensions=[HOUSE_RULE])
    assert result.ok, result.summary()


def test_the_scenario_runner_really_uses_the_house_rule(registry):
    """The suite above proves something only if ``extensions`` reaches the table."""
    result = run_scenario(load_scenario(SCENARIOS[0]), registry, extensions=["no-such-rule"])
    assert not result.ok and "no extension named no-such-rule" in result.failures[0]


HOUSE_RULE_SCENARIOS = sorted((Path(harvest.__file__).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", HOUSE_RULE_SCENARIOS, ids=[p.stem for p in HOUSE_RULE_SCENARIOS])
def test_the_house_rules_own_scenarios(path, registry):
    """The house rule's worked example, as a scenario file shipped in the distribution."""
    scenario = load_scenario(path)
    assert scenario.extensions == [HOUSE_RULE]
    result = run_scenario(scenario, registry)
    assert result.ok, result.summary()
    without = run_scenario(msgspec.structs.replace(scenario, extensions=[]), registry)
    assert not without.ok and any("harvest.HarvestShared" in f for f in without.failures)
