"""A power that is not one of the ten works through public names (issue 12).

The game reads a power's title and rule reference from the power's own declaration
(``referee_cashnguns.Power``), deals every extension of kind ``"power"`` at the table and
nothing of any other kind.  The powers here are throwaway plugin objects, not
distributions, so the tests pass them to the registry themselves.
"""

from __future__ import annotations

import pytest

import referee_cashnguns.plugin
from referee import MEMORY, Extension, IllegalAction, Referee, Registry, TableState, TableStore, hookimpl
from referee_cashnguns import Power
from referee_cashnguns.powers import holds, rule, title

SEATS = ["Ann", "Bob", "Cat", "Dan"]
NAME = "the-lookout"


class Lookout:
    """Revealed with a bullet card, like The Kid: nothing else, so the reveal itself is tested."""

    @hookimpl
    def cashnguns_reveal_options(self, state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
        g = state.game.gangsters[gangster]
        return [(NAME, "Reveal The Lookout", True)] if holds(state, gangster, NAME) and not g.revealed else None


class LateLookout(Lookout):
    """Revealed instead of the bullet card, like The Cunning: the refusals name its title."""

    @hookimpl
    def cashnguns_reveal_options(self, state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
        g = state.game.gangsters[gangster]
        return [(NAME, "Reveal The Lookout", False)] if holds(state, gangster, NAME) and not g.revealed else None


class Offer:
    def __init__(self, *extensions: Extension) -> None:
        self.extensions = list(extensions)

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return self.extensions


def _app(*extensions: Extension) -> Referee:
    plugins = [referee_cashnguns.plugin, Offer(*extensions), *{id(e.plugin): e.plugin for e in extensions}.values()]
    return Referee(registry=Registry(plugins, entry_points=False), store=TableStore(MEMORY))


def _reveal(app: Referee, table: str, seat: str, args: dict[str, str]) -> None:
    request = next(r for r in app.requests(table) if r.seat == seat and r.action == "bullet")
    app.act(table, seat, "bullet", args, request=request.id)


def test_a_new_power_is_revealed_citing_the_rule_its_declaration_gives():
    """Powers ("each player one random special power"): the only power is dealt to the first seat."""
    power = Power(name=NAME, title="The Lookout", plugin=Lookout(), rule="cashnguns.the-lookout 1")
    with _app(power) as app:
        table = app.open("cashnguns", SEATS, seed="lookout", extensions=[NAME])
        assert app.view(table, "Bob")["view"]["gangsters"][0]["power"] is None
        assert app.view(table, "Ann")["view"]["gangsters"][0]["power"] == NAME
        _reveal(app, table, "Ann", {"card": "click", "reveal": NAME})
        revealed = [e for e in app.entries(table) if e.type == "cashnguns.PowerRevealed"]
        assert [(e.event, e.rule) for e in revealed] == [({"gangster": "Ann", "power": NAME}, "cashnguns.the-lookout 1")]
        assert app.view(table, "Bob")["view"]["gangsters"][0]["power"] == NAME, "face up now"
        assert app.audit.verify_table(table).ok


def test_a_plain_extension_of_kind_power_cites_its_name_and_title():
    power = Extension(name=NAME, game="cashnguns", title="The Lookout", plugin=Lookout(), kind="power")
    with _app(power) as app:
        table = app.open("cashnguns", SEATS, seed="plain", extensions=[NAME])
        _reveal(app, table, "Ann", {"card": "bang", "reveal": NAME})
        (revealed,) = [e for e in app.entries(table) if e.type == "cashnguns.PowerRevealed"]
        assert revealed.rule == "cashnguns.the-lookout The Lookout"
        assert rule(app.rules(table), NAME) == revealed.rule
        assert title(app.rules(table), NAME) == "The Lookout"


def test_refusals_name_a_new_power_by_its_declared_title():
    """A power revealed instead of the card: the shape takes exactly one of the two, and a
    refusal names what is offered by the power's own words."""
    power = Power(name=NAME, title="The Lookout", plugin=LateLookout(), rule="cashnguns.the-lookout 1")
    with _app(power) as app:
        table = app.open("cashnguns", SEATS, seed="late", extensions=[NAME])
        with pytest.raises(IllegalAction, match=r"^card or reveal: given together; give exactly one of them"):
            _reveal(app, table, "Ann", {"card": "bang", "reveal": NAME})
        with pytest.raises(IllegalAction, match=r"is not offered \(Reveal The Lookout\)"):
            _reveal(app, table, "Ann", {"reveal": "the-cunning"})


def test_only_extensions_of_kind_power_are_dealt():
    """A house rule at the table is never dealt as a power card."""
    house = Extension(name="quiet-rule", game="cashnguns", title="Quiet rule", plugin=object(), kind="house rule")
    power = Power(name=NAME, title="The Lookout", plugin=Lookout())
    with _app(house, power) as app:
        table = app.open("cashnguns", SEATS, seed="kinds", extensions=["quiet-rule", NAME])
        dealt = [e.event["power"] for e in app.entries(table) if e.type == "cashnguns.PowerDealt"]
        assert dealt == [NAME]
        table = app.open("cashnguns", SEATS, seed="kinds-2", extensions=["quiet-rule"])
        assert not [e for e in app.entries(table) if e.type == "cashnguns.PowerDealt"]


def test_the_ten_keep_their_rulebook_numbers():
    registry = Registry()
    rules = registry.rules("cashnguns")
    assert rule(rules, "six-feet-under") == "cashnguns power 1 Six Feet Under"
    assert rule(rules, "it-doesnt-even-hurt") == "cashnguns power 10 It Doesn't Even Hurt!"
    assert all(isinstance(e, Power) for e in registry.extensions_of("cashnguns") if e.kind == "power" and e.default)
