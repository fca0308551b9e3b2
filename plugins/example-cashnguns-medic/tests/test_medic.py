"""The Medic's own tests, run against the installed distribution with ``referee.testing`` only.

Install it (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule and ruling
numbers are the README's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import referee
import referee.audit
import referee_cashnguns
from referee import IllegalAction, RefereeError
from referee.testing import check_bot_games, check_export_round_trip, check_refused_without, check_scenarios
from referee_example_cashnguns_medic.plugin import ACTION, NAME, PATIENT

SEATS = ["Ann", "Bob", "Cat", "Dan"]
LOOT = list(range(40))
"""The loot as it lies (the first scripted draw); the second deals the powers in order."""


def answer_all(app: Any, table: str, action: str, args: dict[str, dict[str, Any]]) -> None:
    """Answer every open request of ``action``, each seat with its own args."""
    for request in [r for r in app.requests(table) if r.action == action]:
        app.act(table, request.seat, action, args[request.seat], request=request.id)


def first_showdown(app: Any, *, reveal: bool = True) -> str:
    """Round 1 to the end of its showdown: Bob's Bang! hits Cat; Ann holds The Medic (the only
    power at the table) and reveals it with her bullet card."""
    table = app.open("cashnguns", SEATS, extensions=[NAME], script=[LOOT, [0]])
    ann = {"card": "click", "reveal": NAME} if reveal else {"card": "click"}
    answer_all(app, table, "bullet", {"Ann": ann, "Bob": {"card": "bang"}, "Cat": {"card": "click"}, "Dan": {"card": "click"}})
    answer_all(app, table, "aim", {"Ann": {"target": "Bob"}, "Bob": {"target": "Cat"}, "Cat": {"target": "Dan"}, "Dan": {"target": "Ann"}})
    answer_all(app, table, "nerve", {seat: {"nerve": "stay-in"} for seat in SEATS})
    return table


def wounds(app: Any, table: str) -> dict[str, int]:
    return {g["name"]: g["wounds"] for g in app.view(table, None)["view"]["gangsters"]}


def test_discovery_offers_the_power_off_by_default_under_this_distribution(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "cashnguns")
    power = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (power["kind"], power["default"], power["distribution"]) == ("power", False, "referee-example-cashnguns-medic")


def test_rule_1_it_is_dealt_like_the_ten_and_revealed_citing_its_own_rule(referee_app):
    app = referee_app()
    table = first_showdown(app)
    dealt = [e for e in app.entries(table) if e.type == "cashnguns.PowerDealt"]
    assert [(e.event, e.visible_to) for e in dealt] == [({"gangster": "Ann", "power": NAME}, ["Ann"])]
    (revealed,) = [e for e in app.entries(table) if e.type == "cashnguns.PowerRevealed"]
    assert (revealed.event, revealed.rule) == ({"gangster": "Ann", "power": NAME}, "cashnguns.the-medic 1")
    described = [app.audit.describe(app.rules(table), e) for e in (dealt[0], revealed)]
    assert described == ["Ann is dealt The Medic", "Ann reveals The Medic"]
    rules = app.rules(table)
    to_ann = [referee.audit.describe(rules, rules.decode(e), reader="Ann") for e in (dealt[0], revealed)]
    assert to_ann == ["You are dealt The Medic", "You reveal The Medic"]


def test_rule_1_the_card_shows_its_own_title_and_rules_text(referee_app):
    """The game draws the eleventh power's card from its declaration: to Ann in her hand,
    to the others face up once revealed, never before."""
    app = referee_app()
    table = app.open("cashnguns", SEATS, extensions=[NAME], script=[LOOT, [0]])
    summary = next(e.summary for e in app.rules(table).extensions if e.name == NAME)
    hand = next(z for z in app.present(table, "Ann").zones if z.role == "hand")
    (medic,) = [c for c in hand.cards if c.kind == "special power"]
    assert (medic.name, medic.text) == ("The Medic", summary)
    bobs_view_of_ann = next(z for z in app.present(table, "Bob").zones if z.owner == "Ann")
    assert not bobs_view_of_ann.cards and next(b.label for b in bobs_view_of_ann.backs) == "special power, face down"
    first_showdown_table = first_showdown(app)
    seen = next(z for z in app.present(first_showdown_table, "Bob").zones if z.owner == "Ann")
    assert [(c.name, c.text) for c in seen.cards] == [("The Medic", summary)]


def test_rule_2_after_the_showdown_the_medic_patches_up_a_wound_and_the_round_goes_on(referee_app):
    app = referee_app()
    table = first_showdown(app)
    assert wounds(app, table)["Cat"] == 1
    (request,) = app.requests(table)
    assert (request.seat, request.action) == ("Ann", ACTION)
    opened = [e for e in app.entries(table) if e.type == "referee.RequestOpened" and e.event["request"]["action"] == ACTION]
    assert [e.rule for e in opened] == ["cashnguns.the-medic 2"]
    assert [o.value for o in request.answer[PATIENT].options] == ["Cat"]
    app.act(table, "Ann", ACTION, {PATIENT: "Cat"})
    (patched,) = [e for e in app.entries(table) if e.type == "cashnguns.the-medic.WoundPatched"]
    assert (patched.event, patched.rule) == ({"medic": "Ann", "gangster": "Cat", "wounds": 0}, "cashnguns.the-medic 2")
    assert wounds(app, table)["Cat"] == 0
    # Nothing of the game's was called: its flow went on to round 2's bullet cards.
    assert app.view(table, None)["view"]["round"] == 2
    assert {r.action for r in app.requests(table)} == {"bullet"}
    assert app.audit.verify_table(table).ok


def test_ruling_1_the_medic_may_patch_up_nobody(referee_app):
    app = referee_app()
    table = first_showdown(app)
    app.act(table, "Ann", ACTION, {})
    assert not [e for e in app.entries(table) if e.type == "cashnguns.the-medic.WoundPatched"]
    assert wounds(app, table)["Cat"] == 1
    assert app.view(table, None)["view"]["round"] == 2


def test_ruling_2_only_a_wounded_living_gangster_can_be_patched_up(referee_app):
    app = referee_app()
    table = first_showdown(app)
    before = len(app.entries(table))
    with pytest.raises((IllegalAction, RefereeError), match="Bob"):
        app.act(table, "Ann", ACTION, {PATIENT: "Bob"})
    assert len(app.entries(table)) == before


def test_ruling_3_an_unrevealed_medic_patches_up_nobody(referee_app):
    app = referee_app()
    table = first_showdown(app, reveal=False)
    assert {r.action for r in app.requests(table)} == {"bullet"}, "straight on to round 2"
    assert wounds(app, table)["Cat"] == 1


@pytest.fixture(scope="module")
def logs() -> list[list[dict[str, Any]]]:
    """Bot games with The Medic among five powers: they end, verify and replay."""
    played = check_bot_games("cashnguns", SEATS, extensions=[NAME, "the-kid", "dragon-skin", "the-insane", "the-unbreakable"], games=3)
    return [[json.loads(line) for line in log.splitlines()] for log in played]


def test_bots_reveal_the_medic_and_patch_up_wounds(logs):
    patched = [e for entries in logs for e in entries if e["type"] == "cashnguns.the-medic.WoundPatched"]
    assert patched and all(e["rule"] == "cashnguns.the-medic 2" for e in patched)
    assert all(e["event"]["wounds"] >= 0 for e in patched)


def test_exports_round_trip():
    check_export_round_trip("cashnguns", SEATS, extensions=[NAME, "the-kid"])


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert "cashnguns.the-medic" in check_refused_without(NAME, "cashnguns", SEATS, extensions=[NAME])


def test_the_worked_examples_hold_except_where_the_deal_includes_it():
    """A power at the table is dealt: every worked example that deals powers deals The Medic
    too, so its script deals differently; the rounds without powers still hold."""
    folder = Path(referee_cashnguns.__file__).parent / "scenarios"
    dealing = {path.stem: "The Medic joins the powers dealt" for path in folder.glob("power-*.toml")}
    results = check_scenarios("cashnguns", [NAME], expected_changes=dealing)
    assert any(name.startswith("round-") for name in results)


def test_the_command_line_plays_with_the_medic(referee_cli):
    played = referee_cli("play", "cashnguns", "--bots", "4", "--seed", "cli", "--extensions", f"{NAME},the-kid", "--quiet")
    assert played.code == 0, played.err


def test_balance_facts_the_medic_is_held_and_each_patch_up_is_a_use(referee_app):
    """Rule 2 for a balance measure: Ann holds The Medic (the game says so of every power
    dealt) and patching up Cat is one use of it; patching up nobody is none."""
    app = referee_app()
    table = first_showdown(app)
    app.act(table, "Ann", ACTION, {PATIENT: "Cat"})
    assert app.facts(table) == [referee.Held("Ann", "power", "The Medic"), referee.Used("Ann", "power", "The Medic")]
    idle = first_showdown(app)
    app.act(idle, "Ann", ACTION, {})
    assert app.facts(idle) == [referee.Held("Ann", "power", "The Medic")]
