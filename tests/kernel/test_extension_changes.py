"""Defaults plus one (issue 24, "Defaults plus one"): ``+name`` and ``-name`` add to and
remove from a game's default extensions, so a card's table need not list the game's own."""

from __future__ import annotations

import pytest

from referee import MEMORY, Referee, RefereeError, Registry, TableStore


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _defaults(registry: Registry, game: str) -> list[str]:
    return [e.name for e in registry.extensions_of(game) if e.default]


def _recorded(app: Referee, table: str) -> list[str]:
    opened = app.entries(table)[0].event
    assert opened is not None
    return [p["name"].partition(".")[2] for p in opened["plugins"][1:]]


def test_plus_adds_one_to_the_defaults(registry: Registry) -> None:
    defaults = _defaults(registry, "cashnguns")
    assert len(defaults) == 10  # the ten powers are on by default
    assert registry.extension_names("cashnguns", ["+the-medic"]) == [*defaults, "the-medic"]


def test_minus_takes_one_from_the_defaults(registry: Registry) -> None:
    names = registry.extension_names("cashnguns", ["-the-kid", "+the-medic"])
    assert "the-kid" not in names and "the-medic" in names and len(names) == 10


def test_changes_after_all_start_from_every_installed_extension(registry: Registry) -> None:
    every = registry.extension_names("cashnguns", ["all"])
    assert registry.extension_names("cashnguns", ["all", "-the-medic"]) == [n for n in every if n != "the-medic"]


def test_a_plain_list_is_still_exactly_those(registry: Registry) -> None:
    assert registry.extension_names("cashnguns", ["the-kid"]) == ["the-kid"]
    assert registry.extension_names("cashnguns", []) == []
    assert registry.extension_names("cashnguns", None) == _defaults(registry, "cashnguns")


@pytest.mark.parametrize("given", [["+no-such-card"], ["-no-such-card"], ["all", "+no-such-card"]])
def test_an_unknown_name_is_refused_naming_it_and_what_is_installed(registry: Registry, given: list[str]) -> None:
    with pytest.raises(RefereeError) as caught:
        registry.extension_names("cashnguns", given)
    assert "no extension named no-such-card" in caught.value.message and "the-kid" in caught.value.message


def test_plain_names_mixed_with_changes_are_refused(registry: Registry) -> None:
    with pytest.raises(RefereeError) as caught:
        registry.extension_names("cashnguns", ["the-kid", "+the-medic"])
    assert "not both" in caught.value.message and "the-kid" in caught.value.message


def test_open_records_the_defaults_plus_one(registry: Registry) -> None:
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("cashnguns", ["Ann", "Bob", "Cleo", "Dino"], seed="plus-one", extensions=["+the-medic", "-the-kid"])
        recorded = _recorded(app, table)
        assert "the-medic" in recorded and "the-kid" not in recorded and "the-insane" in recorded
        assert app.audit.verify_table(table).ok
        with pytest.raises(RefereeError, match="no extension named nope"):
            app.open("cashnguns", ["Ann", "Bob", "Cleo", "Dino"], extensions=["+nope"])
