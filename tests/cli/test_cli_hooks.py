"""``referee hooks [GAME]`` (issue 12): every hook spec of the kernel and of one game, with
its docstring's summary, whether the first result wins, and which installed plugins
implement it, so an author need not read the hookspec modules to find an extension point."""

from __future__ import annotations

import inspect

import msgspec
from throwaway import extension

import referee.hookspecs
import referee_pigsty.hookspecs
import referee_pigsty.plugin
from referee import hookimpl


def _declared(module) -> dict[str, object]:
    return {name: fn for name, fn in vars(module).items() if inspect.isfunction(fn) and hasattr(fn, "referee_spec")}


KERNEL = _declared(referee.hookspecs)
PIGSTY = _declared(referee_pigsty.hookspecs)


def test_hooks_lists_every_kernel_spec_with_its_summary_and_firstresult(cli) -> None:
    result = cli("hooks", "--json")
    assert result.code == 0, result.err
    listed = {h["name"]: h for h in result.json()["hooks"]}
    assert set(listed) == set(KERNEL)
    for name, fn in KERNEL.items():
        assert listed[name]["owner"] == "referee"
        assert listed[name]["firstresult"] is bool(fn.referee_spec.get("firstresult"))
        assert listed[name]["summary"].startswith(inspect.cleandoc(fn.__doc__).splitlines()[0])
    assert listed["referee_view"]["firstresult"] and not listed["referee_evolve"]["firstresult"]


def test_hooks_names_the_installed_implementations_with_their_distribution(cli) -> None:
    listed = {h["name"]: h for h in cli("hooks", "--json").json()["hooks"]}
    games = {i["plugin"]: i["distribution"] for i in listed["referee_games"]["implemented_by"]}
    assert {"pigsty": "referee-pigsty", "cashnguns": "referee-cashnguns", "pimp": "referee-pimp"}.items() <= games.items()
    evolve = {i["plugin"] for i in listed["referee_evolve"]["implemented_by"]}
    assert {"pigsty", "pigsty.harvest-festival", "cashnguns", "pimp"} <= evolve
    # A hook no installed plugin implements says so, and is still listed.
    assert listed["referee_round_began"]["implemented_by"] == []


def test_hooks_of_a_game_adds_its_own_specs_and_keeps_to_its_plugins(cli) -> None:
    result = cli("hooks", "pigsty", "--json")
    assert result.code == 0, result.err
    data = result.json()
    listed = {h["name"]: h for h in data["hooks"]}
    assert set(listed) == set(KERNEL) | set(PIGSTY)
    assert all(listed[name]["owner"] == "pigsty" for name in PIGSTY)
    assert listed["pigsty_params"]["firstresult"] and not listed["pigsty_turn_resolved"]["firstresult"]
    [festival] = listed["pigsty_turn_resolved"]["implemented_by"]
    assert festival["plugin"] == "pigsty.harvest-festival" and festival["distribution"] == "referee-pigsty-harvest"
    # Cash'n'Guns and Pimp neither declare nor implement anything at a Pigsty table.
    assert not [n for n in listed if n.startswith(("cashnguns_", "pimp_"))]
    everyone = {i["plugin"] for h in data["hooks"] for i in h["implemented_by"]}
    assert not [p for p in everyone if p.startswith(("cashnguns", "pimp"))]


def test_hooks_text_shows_signature_summary_and_who_wins(cli) -> None:
    result = cli("hooks", "pigsty")
    assert result.code == 0, result.err
    out = result.out
    assert "kernel hooks (referee.hookspecs)" in out and "pigsty hooks (referee_pigsty.hookspecs)" in out
    assert "  pigsty_turn_resolved(decision: Decision) -> None" in out
    assert "first result wins; implemented by: pigsty (referee-pigsty " in out
    assert "every implementation runs; implemented by: pigsty.harvest-festival (referee-pigsty-harvest " in out
    assert "implemented by: no installed plugin" in out


def test_hooks_of_an_unknown_game_is_one_line(cli) -> None:
    result = cli("hooks", "chess")
    assert result.code == 2
    assert result.err.strip().splitlines() == [result.err.strip()]
    assert "no game named 'chess'" in result.err


class CheapPalace:
    @hookimpl
    def pigsty_params(self, params):
        return msgspec.structs.replace(params, palace_pigs=12)


def test_a_plugin_passed_in_is_listed_under_its_table_name(memory_referee) -> None:
    app = memory_referee(referee_pigsty.plugin, extension("pigsty", CheapPalace(), "cheap-palace"))
    listed = {h["name"]: h for h in app.plugins.hooks("pigsty")["hooks"]}
    assert [i["plugin"] for i in listed["pigsty_params"]["implemented_by"]] == ["pigsty.cheap-palace"]
    # Without the game named, the kernel's hooks only: a game's own specs need their game.
    assert "pigsty_params" not in {h["name"] for h in app.plugins.hooks()["hooks"]}
