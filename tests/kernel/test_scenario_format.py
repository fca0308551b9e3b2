"""The scenario format (docs/scenarios.md, issue 12): whose view ``state.seat`` checks,
``expect.visible_to``, events that must not happen (``absent``), fields asserted empty,
failures that name the field that differs, and ``extensions`` added to the file's own.

Each feature is tested both ways: a scenario that should pass does, and the same scenario
with one fact wrong fails with a message naming that fact.  Rulebook: Pigsty to Palace 4.4
(Bill steals from Ted) and 9 (the gamesmaster closes the turn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import Registry
from referee.scenario import load_scenario, run_scenario, subset_mismatch

THEFT = """\
title = "4.4: Bill steals from Ted, who has one Guard"
game = "pigsty"
seats = ["Bill", "Ted", "Charlie"]
{top}

[[step]]
seat = "Bill"
action = "orders"
args = {{ text = "S 8 Ted" }}
{first}

[[step]]
seat = "Ted"
action = "orders"
args = {{ text = "G 1" }}

[[step]]
seat = "gamesmaster"
action = "close"
{last}
"""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def run(tmp_path: Path, registry: Registry, *, top: str = "", first: str = "", last: str = "", extensions: list[str] | None = None):
    path = tmp_path / "scenario.toml"
    path.write_text(THEFT.format(top=top, first=first, last=last), encoding="utf-8")
    return run_scenario(load_scenario(path), registry, extensions=extensions)


def test_a_mismatch_names_the_path_of_the_field(tmp_path, registry):
    """Rule 4.4.5: Bill takes 3 Pigs; expecting 4 names ``event.taken``."""
    check = '[[step.expect]]\ntype = "pigsty.PigsTaken"\nevent = {{ thief = "Bill", taken = {taken} }}\n'
    assert run(tmp_path, registry, last=check.format(taken=3)).ok
    result = run(tmp_path, registry, last=check.format(taken=4))
    assert not result.ok
    assert "event.taken: expected 4, got 3" in result.summary()


def test_a_wrong_rule_is_named_as_the_rule(tmp_path, registry):
    check = '[[step.expect]]\ntype = "pigsty.PigsTaken"\nrule = "{rule}"\n'
    assert run(tmp_path, registry, last=check.format(rule="pigsty 4.4.5")).ok
    result = run(tmp_path, registry, last=check.format(rule="pigsty 4.4.6"))
    assert "rule: expected 'pigsty 4.4.6', got 'pigsty 4.4.5'" in result.summary()


def test_visible_to_checks_who_may_see_the_event(tmp_path, registry):
    """Sealed orders (rule 3) are seen by their writer only until the game ends."""
    check = '[[step.expect]]\ntype = "pigsty.OrdersWritten"\nvisible_to = {seats}\n'
    assert run(tmp_path, registry, first=check.format(seats='["Bill"]')).ok
    result = run(tmp_path, registry, first=check.format(seats="[]"))
    assert "visible_to: expected [], got ['Bill']" in result.summary()


def test_absent_passes_when_nothing_matches_and_fails_naming_the_entry(tmp_path, registry):
    """Rule 4.4: Bill steals from Ted only, so nothing is taken from Charlie."""
    check = '[[step.absent]]\ntype = "pigsty.PigsTaken"\nevent = {{ victim = "{victim}" }}\n'
    assert run(tmp_path, registry, last=check.format(victim="Charlie")).ok
    result = run(tmp_path, registry, last=check.format(victim="Ted"))
    assert not result.ok
    summary = result.summary()
    assert 'expected no pigsty.PigsTaken {"victim":"Ted"}' in summary
    assert '"thief":"Bill"' in summary and "(pigsty 4.4.5)" in summary


def test_absent_of_a_type_alone_refuses_any_event_of_it(tmp_path, registry):
    assert run(tmp_path, registry, first='[[step.absent]]\ntype = "pigsty.PigsTaken"\n').ok
    assert not run(tmp_path, registry, last='[[step.absent]]\ntype = "pigsty.PigsTaken"\n').ok


def test_absent_at_the_top_checks_the_opening(tmp_path, registry):
    assert run(tmp_path, registry, top='[[absent]]\ntype = "pigsty.PigsTaken"').ok
    result = run(tmp_path, registry, top='[[absent]]\ntype = "referee.TableOpened"')
    assert "opening: expected no referee.TableOpened" in result.summary()


def test_an_empty_list_asserts_the_field_is_empty(tmp_path, registry):
    """Rule 9: the gamesmaster closes the turn before Charlie writes, so Charlie's orders
    are revealed empty; Bill's are not, and ``orders = []`` says so."""
    check = '[[step.expect]]\ntype = "pigsty.OrdersRevealed"\nevent = {{ farmer = "{farmer}", orders = [] }}\n'
    assert run(tmp_path, registry, last=check.format(farmer="Charlie")).ok
    result = run(tmp_path, registry, last=check.format(farmer="Bill"))
    assert not result.ok
    assert "event.orders: expected it empty, got [" in result.summary()


def test_state_seat_checks_that_seats_view(tmp_path, registry):
    """A seat's view shows its own sealed orders (rule 3) and nobody else's."""
    own = '[step.state]\nseat = "Bill"\nview = { my_orders = [{ kind = "stealing", amount = 8, target = "Ted" }] }\n'
    assert run(tmp_path, registry, first=own).ok
    ted = '[step.state]\nseat = "Ted"\nview = { farmers = [{ name = "Bill", orders_in = true }] }\n'
    assert run(tmp_path, registry, first=ted).ok
    other = '[step.state]\nseat = "Ted"\nview = { my_orders = [{ kind = "stealing" }] }\n'
    result = run(tmp_path, registry, first=other)
    assert not result.ok
    assert "state.view.my_orders: expected a list, got None" in result.summary()
    assert "(the view of Ted)" in result.summary()


def test_extensions_are_added_to_the_files_own(tmp_path, registry):
    """``--extensions`` adds a house rule; the scenario keeps the extensions it names."""
    top = (
        'extensions = []\n\n[[expect]]\ntype = "referee.TableOpened"\n'
        'event = { plugins = [{ name = "pigsty" }, { name = "pigsty.harvest-festival" }] }'
    )
    assert not run(tmp_path, registry, top=top).ok
    assert run(tmp_path, registry, top=top, extensions=["harvest-festival"]).ok


def test_extensions_are_added_to_a_files_named_extensions(tmp_path, registry):
    path = tmp_path / "powers.toml"
    path.write_text(
        'title = "two powers"\ngame = "cashnguns"\nseats = ["Ann", "Bob", "Cat", "Dan"]\n'
        'extensions = ["the-kid"]\n\n[[expect]]\ntype = "referee.TableOpened"\n'
        'event = { plugins = [{ name = "cashnguns" }, { name = "cashnguns.the-kid" }, { name = "cashnguns.the-insane" }] }\n',
        encoding="utf-8",
    )
    scenario = load_scenario(path)
    assert not run_scenario(scenario, registry).ok
    assert run_scenario(scenario, registry, extensions=["the-insane"]).ok


@pytest.mark.parametrize(
    ("expected", "actual", "message"),
    [
        ({"a": {"b": 1}}, {"a": {"b": 2}}, "a.b: expected 1, got 2"),
        ({"a": [1, 2]}, {"a": [1, 3]}, "a[1]: expected 2, got 3"),
        ({"a": {}}, {"a": {"x": 1}}, "a: expected it empty, got {'x': 1}"),
        ({"a": 1}, {"b": 1}, "a: no such field (has b)"),
        ({"a": True}, {"a": 1}, "a: expected True, got 1"),
    ],
)
def test_subset_mismatch_names_the_path(expected, actual, message):
    assert subset_mismatch(expected, actual) == message


def test_subset_mismatch_accepts_subsets():
    assert subset_mismatch({"a": [1, 3]}, {"a": [1, 2, 3], "b": 0}) is None
    assert subset_mismatch({"a": []}, {"a": []}) is None
    assert subset_mismatch({"a": {}}, {"a": {}}) is None


def test_extensions_all_plays_every_installed_extension(tmp_path, registry):
    path = tmp_path / "all.toml"
    names = [e.name for e in registry.extensions_of("cashnguns")]
    plugins = ", ".join(f'{{ name = "cashnguns.{n}" }}' for n in names)
    path.write_text(
        'title = "all powers"\ngame = "cashnguns"\nseats = ["Ann", "Bob", "Cat", "Dan"]\nextensions = ["the-kid"]\n\n'
        f'[[expect]]\ntype = "referee.TableOpened"\nevent = {{ plugins = [{{ name = "cashnguns" }}, {plugins}] }}\n',
        encoding="utf-8",
    )
    assert len(names) > 2
    assert not run_scenario(load_scenario(path), registry).ok
    result = run_scenario(load_scenario(path), registry, extensions=["all"])
    assert result.ok, result.summary()
