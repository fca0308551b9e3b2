"""A special card that is not one of the six, declared by a plugin with its own data entry
(issue 12): decks may hold it only at a table that names it, and it acts through Pimp's
hooks.  The card here is a throwaway plugin object, passed to the registry directly."""

from __future__ import annotations

import pytest

import referee_pimp.plugin
from referee import MEMORY, Extension, Referee, RefereeError, Registry, TableStore, hookimpl
from referee_pimp.cards import DECKS_DIR
from referee_pimp.common import money
from referee_pimp.specials import SpecialCard, specials_of

SEATS = ["Ann", "Bob"]
NAME = "lucky-break"
DECK = (DECKS_DIR / "big-mamas-girls.toml").read_text(encoding="utf-8").replace('special = "bitch-magnet"', f'special = "{NAME}"')
"""Big Mama's Girls with Lucky Break in place of Bitch Magnet."""


class LuckyBreak:
    played: list[tuple[str, str, str]]

    def __init__(self) -> None:
        self.played = []

    @hookimpl
    def pimp_special_played(self, decision, pimp, card, special):
        self.played.append((pimp, card, special))
        if special == NAME:
            money(decision, pimp, 3, "a lucky break", "pimp.lucky-break 1")


class Offer:
    def __init__(self, *extensions: Extension) -> None:
        self.extensions = list(extensions)

    @hookimpl
    def referee_extensions(self):
        return self.extensions


def _app(*extensions: Extension) -> Referee:
    plugins = [referee_pimp.plugin, Offer(*extensions), *{id(e.plugin): e.plugin for e in extensions}.values()]
    return Referee(registry=Registry(plugins, entry_points=False), store=TableStore(MEMORY))


def card(plugin: object, name: str = NAME) -> SpecialCard:
    return SpecialCard(name=name, title="Lucky Break", text="When you play Lucky Break, take $3 from the bank.", plugin=plugin)


def test_a_deck_naming_a_declared_card_is_refused_where_the_card_is_not_at_the_table():
    with _app(card(LuckyBreak())) as app, pytest.raises(RefereeError, match=f'unknown special card "{NAME}"'):
        app.open("pimp", SEATS, options={"decks": DECK}, seed="absent", extensions=[])


def test_a_declared_card_is_dealt_with_its_entry_and_its_hook_runs_when_played():
    plugin = LuckyBreak()
    with _app(card(plugin)) as app:
        # The bots draw from the table's key: fixed, so they play Lucky Break in this game.
        table = app.open("pimp", SEATS, options={"decks": DECK, "turns": 8}, seed="lucky-4", extensions=[NAME], key="0" * 64)
        faces = [f for e in app.entries(table) if e.type == "pimp.DeckListed" for f in e.event["cards"] if f.get("special") == NAME]
        assert {f["name"] for f in faces} == {"Lucky Break"} and len(faces) == len(SEATS)
        app.bots.play(table, SEATS)
        assert app.audit.verify_table(table).ok
        assert plugin.played, "the bots played a special card"
        entries = app.entries(table)
        for number, entry in enumerate(entries):
            if entry.type == "pimp.SpecialPlayed" and entry.event["card"]["special"] == NAME:
                after = entries[number + 1]
                assert (after.type, after.rule, after.event["change"]) == ("pimp.MoneyChanged", "pimp.lucky-break 1", 3)
        assert any(special == NAME for _, _, special in plugin.played)


def test_the_six_are_the_specials_without_declarations_and_a_bad_declaration_is_refused():
    assert sorted(specials_of([]).specials) == sorted(
        ["king-of-cool", "tame-shrink", "word-on-the-streets", "posse", "bitch-magnet", "charisma"]
    )
    with _app(card(LuckyBreak(), name="Lucky_Break")) as app, pytest.raises(RefereeError, match="Lucky_Break"):
        app.open("pimp", SEATS, options={"decks": DECK}, seed="bad", extensions=["Lucky_Break"])
