"""``referee.testing.check_composes_with`` (issue 24, the kit): my plugin plus another
author's at one table, with bot games, verify and the leak check together; and the leak
check's two refinements: the kernel's own words are no secret ("die" from a hidden
``RandomDrawn``), and numbers are checked on request (``numbers=``)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from referee import Event, Extension, RandomDrawn, TableState, hookimpl
from referee.testing import CheckFailed, check_composes_with, check_views_leak_nothing

SEATS = ["Ann", "Bob", "Cy"]
SECRET = "Ann's secret die"


class SecretDie:
    """A Pigsty house rule: Ann alone rolls a d1000 at the start of each round; every view
    tells of that die in words (no request of Pigsty's says "die").  With ``leaky``, every
    view also shows Ann's number."""

    def __init__(self, leaky: bool) -> None:
        self.leaky = leaky

    @hookimpl
    def referee_round_began(self, decision: Any, round: int) -> None:
        decision.roll(1000, purpose=SECRET, visible_to=["Ann"])

    @hookimpl(wrapper=True)
    def referee_view(self, state: Any, seat: str | None) -> Generator[None, Any, Any]:
        view = yield
        shown = {**view, "about": "Ann rolls a die each round and keeps it to herself"}
        if self.leaky:
            shown["secret_die"] = state.slot(self.name).get("die")
        return shown

    @property
    def name(self) -> str:
        return "leaky-die" if self.leaky else "secret-die"


def _evolve_for(name: str):
    def evolve(state: TableState, event: Event) -> None:
        if isinstance(event, RandomDrawn) and event.purpose == SECRET:
            state.slot(name)["die"] = event.outcome

    return evolve


def _offer(plugin: SecretDie) -> object:
    class Offer:
        @hookimpl
        def referee_extensions(self) -> list[Extension]:
            return [
                Extension(name=plugin.name, game="pigsty", title=plugin.name, plugin=plugin, state=dict, evolve=_evolve_for(plugin.name))
            ]

    return Offer()


def test_the_kernels_own_words_are_no_secret(referee_app) -> None:
    """A hidden ``RandomDrawn`` is a ``die``; a view speaking of a die leaks nothing."""
    app = referee_app(_offer(SecretDie(leaky=False)))
    assert check_views_leak_nothing("pigsty", SEATS, extensions=["secret-die"], games=1, registry=app.registry) > 0


def test_numbers_are_checked_on_request(referee_app) -> None:
    """Ann's secret die shown to everyone: a bare number passes the default check, and is
    caught when its fields are named."""
    app = referee_app(_offer(SecretDie(leaky=True)))
    check_views_leak_nothing("pigsty", SEATS, extensions=["leaky-die"], games=1, registry=app.registry)
    with pytest.raises(CheckFailed, match=r"RandomDrawn\) is hidden from Bob, but its number \d+ appears in Bob's view"):
        check_views_leak_nothing(
            "pigsty", SEATS, extensions=["leaky-die"], games=1, registry=app.registry, numbers=["outcome", "secret_die"]
        )


def test_two_authors_house_rules_compose_at_one_pigsty_table() -> None:
    """The Palace Tithe with the Harvest Festival (they are written to combine)."""
    assert check_composes_with("pigsty", ["Amy", "Bill", "Ted"], "palace-tithe", ["harvest-festival"], games=1) > 0


def test_a_power_composes_with_another_authors_house_rule() -> None:
    """The Medic (an eleventh power) with Heavy Shame, beside the game's ten powers."""
    assert check_composes_with("cashnguns", ["Ann", "Bob", "Cleo", "Dino"], "the-medic", ["heavy-shame"], games=1) > 0


def test_composing_with_a_plugin_that_leaks_fails_naming_the_leak(referee_app) -> None:
    app = referee_app(_offer(SecretDie(leaky=False)), _offer(SecretDie(leaky=True)))
    with pytest.raises(CheckFailed, match="is hidden from"):
        check_composes_with("pigsty", SEATS, "secret-die", ["leaky-die"], games=1, registry=app.registry, numbers=["outcome", "secret_die"])


def test_an_extension_that_is_not_installed_is_named() -> None:
    with pytest.raises(CheckFailed, match="pigsty has no extension no-such-rule installed"):
        check_composes_with("pigsty", ["Amy", "Bill", "Ted"], "harvest-festival", ["no-such-rule"], games=1)
