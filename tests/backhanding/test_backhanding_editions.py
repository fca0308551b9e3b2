"""The Backhanding's card set by edition (DATA.md, "Editions"): a table deals the shipped set
of the edition it opened under, so a log recorded before the rebalance verifies and deals
as it did, and a new table deals the rebalanced set."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import MEMORY, Referee, Registry, TableStore, load_jsonl, replay, verify
from referee_backhanding import cards as card_data

GOLDEN = Path(__file__).parents[1] / "golden" / "backhanding-four-bots.jsonl"

CHANGED = sorted(cid for cid, card in card_data.EDITIONS[2].items() if card != card_data.EDITIONS[1].get(cid))
"""The cards edition 2 changed (their ids are the same: a log names a card by its id)."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def laid(app: Referee, table: str) -> dict:
    return next(e.event for e in app.entries(table) if e.type == "backhanding.CardsLaid")


def test_edition_2_changes_card_values_and_keeps_every_card_and_id():
    """DATA.md, "Editions": the same cards by the same ids, some with other numbers."""
    assert CHANGED
    assert set(card_data.EDITIONS[1]) == set(card_data.EDITIONS[2])
    assert card_data.EDITION == 2
    assert card_data.EDITIONS[2] == card_data.DEFAULT


def test_a_log_of_edition_1_verifies_under_edition_2_and_deals_the_old_set(registry):
    """Editions: the golden game, recorded before edition 2, re-decides exactly as recorded
    (its first entries carry no edition) and its table holds edition 1's numbers."""
    entries = load_jsonl(GOLDEN.read_text(encoding="utf-8").splitlines(), source=GOLDEN.name)
    assert "edition" not in entries[0].event
    verdict = verify(registry, entries)
    assert verdict.ok, verdict.message
    _rules, state = replay(registry, entries)
    assert state.edition == 1
    assert {cid: state.game.cards[cid] for cid in CHANGED} == {cid: card_data.EDITIONS[1][cid] for cid in CHANGED}


def test_a_new_table_opens_under_edition_2_and_deals_the_rebalanced_set(registry):
    """Setup (3) with the shipped set (DATA.md): a new table records edition 2 and lays out
    edition 2's cards, saying which edition it deals."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", ["Ann", "Bob"], seed="editions")
        assert app.state(table).edition == 2
        assert app.audit.load_log(app.export(table))[0].event["edition"] == 2
        cards = laid(app, table)
        assert "edition 2" in cards["source"]
        assert {c["id"]: (c.get("macking", 0), c.get("backhanding", 0)) for c in cards["cards"] if c["id"] in CHANGED} == {
            cid: (card_data.EDITIONS[2][cid].macking, card_data.EDITIONS[2][cid].backhanding) for cid in CHANGED
        }


def test_a_table_opened_under_edition_1_deals_the_first_set_in_its_words(registry):
    """A table may still open under edition 1 (``Referee.open(edition=1)``): it deals the first
    set, says so as edition 1 tables always did, and writes no edition."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", ["Ann", "Bob"], seed="editions", edition=1)
        assert app.state(table).edition == 1
        assert "edition" not in app.audit.load_log(app.export(table))[0].event
        cards = laid(app, table)
        assert cards["source"] == "the shipped card set (the project's own design)"
        assert {c["id"]: c.get("macking", 0) for c in cards["cards"] if c["id"] in CHANGED} == {
            cid: card_data.EDITIONS[1][cid].macking for cid in CHANGED
        }


@pytest.mark.parametrize("edition", [1, 2])
def test_data_draw_pimps_and_sweet_talker_a_dealt_draw_pimp_macks_with_his_editions_value(registry, edition):
    """Setup (3): a pimp among the Draw cards dealt joins the clan face up; macking (4.3) rolls
    his macking value, and Sweet Talker (DATA.md, "The abilities") adds 2 for Cinnamon ($7):
    Sweet Lips Lenny's value is the one of the edition the table opened under."""
    lenny = card_data.EDITIONS[edition]["sweet-lips-lenny"]
    deal = {
        # Five pimps, then five Draw cards each (setup 3).
        "Ann": [
            *["big-daddy-kane", "knuckles-mcgee", "diamond-dave", "iceberg-slick", "cool-breeze"],
            *["sweet-lips-lenny", "fresh-threads-1", "brass-knuckles-1", "makeover-1", "snitch-1"],
        ],
        "Bob": [
            *["dapper-dan", "crowbar-curtis", "cadillac-carl", "smokey-jones", "uncle-leroy"],
            *["gold-tooth-1", "pimp-cane-1", "good-reputation-1", "pickpocket-1", "frame-up-1"],
        ],
        "street": ["cinnamon", "candy", "foxy", "jade", "kitty"],
    }
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        # Dice: Ann 4, Bob 1 (the first number draws Ann as the first player).
        table = app.open("backhanding", ["Ann", "Bob"], script=[0, 4, 1], deal=deal, edition=edition)
        view = app.view(table, "Ann")["view"]
        clan = next(p["clan"] for p in view["players"] if p["name"] == "Ann")
        assert "sweet-lips-lenny" in {c["id"] for c in clan}
        app.act(table, "Ann", "place", {"pimp": "sweet-lips-lenny", "ho": "cinnamon"})
        app.act(table, "Bob", "place", {"pimp": "cadillac-carl", "ho": "cinnamon"})
        app.act(table, "Ann", "place", {"pimp": "pass"})
        app.act(table, "Bob", "place", {"pimp": "pass"})
        app.act(table, "Ann", "play", {"plays": {}})
        app.act(table, "Bob", "play", {"plays": {}})
        rolled = next(e.event for e in app.entries(table) if e.type == "backhanding.ContestRolled")
    ann = rolled["rolls"]["Ann"]
    assert (ann["pimp"], ann["value"], ann["ability"], ann["total"]) == ("sweet-lips-lenny", lenny.macking, 2, lenny.macking + 2 + 4)
