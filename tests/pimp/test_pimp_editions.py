"""Pimp's editions (DATA.md, "Editions"; docs/writing-a-game.md, "Editions").

New tables open under edition 2, whose ready-made decks were rebalanced with the balance lab;
a table opened under edition 1 (every log recorded before the rebalance) deals edition 1's
decks again whenever it is verified or replayed, so its log goes on verifying.  The proof is
the golden game (tests/golden/pimp-three-bots.jsonl), recorded under edition 1 and kept
byte for byte.  Only tables are opened here, never played: setting up is where the decks
are dealt, and a Pimp game played out costs half a second."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from editions import at_edition

from referee import MEMORY, Referee, RefereeError, Registry, TableStore, load_jsonl, replay, verify
from referee_pimp.cards import EDITION_DECKS, expand, load_deck, shipped_decks

GOLDEN = Path(__file__).parents[1] / "golden" / "pimp-three-bots.jsonl"
SIX = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fay"]

EDITION_1_FILES = {
    "big-mamas-girls.toml": "d4822f3173b46d70e8a7510b66946cc55274dcc01a85832443c3561cfd1e5651",
    "fat-jerrys-stable.toml": "75d14b1f5d2bd480f7256247f6168c70b7c0df9d6c2ec04e8a1e7bcb85b4f913",
    "madame-zoras-house.toml": "a6e7dd2ee2b03ae8ac8bacf0c846efafd33d0a0ccb64d2dc54d3933ec881108c",
    "ron-the-bastards-crew.toml": "f5d2270358d788ed69e82f92535497d24102bce22d5e9ea215be1cba1252b8a6",
    "sugars-street-team.toml": "b3bdebf1edb46ec101266ee5ca31f49ce2b57d42851aaea2fc60d9558ce5e8ad",
    "the-velvet-rope.toml": "15620f68e852556adbfc2eea9c7c3a8f1894d7818fc1b894f81be5ab8e123d64",
}
"""The SHA-256 of each of edition 1's deck files, as every table before the rebalance was dealt
from them (the files of release 0.2.0's data/decks)."""

STATS = ("kind", "name", "cost", "looks", "fight", "stamina", "services", "special")


def printed(edition: int, deck: str) -> list[tuple]:
    """The cards of ``edition``'s ready-made deck named ``deck``, one per copy, as the deck file prints them."""
    path = next(p for p in shipped_decks(edition) if load_deck(p).name == deck)
    return [tuple(getattr(card, field) or None for field in STATS) for card in expand(load_deck(path))]


def dealt(entries: list) -> dict[str, tuple[str, list[tuple]]]:
    """Each seat's deck as the log lists it (``pimp.DeckListed``): its name and its cards' faces."""
    return {
        e.event["pimp"]: (e.event["deck"], [tuple(face.get(field) or None for field in STATS) for face in e.event["cards"]])
        for e in entries
        if e.type == "pimp.DeckListed"
    }


@pytest.fixture(scope="module")
def installed() -> Registry:
    return Registry()


def opened(registry: Registry, seats: list[str], **options: object) -> list:
    """The log of a Pimp table just opened (set up, its decks dealt) under ``registry``."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("pimp", seats, seed="editions", options=dict(options))
        return load_jsonl(app.export(table).splitlines(), source="editions")


def test_data_editions_new_tables_open_under_edition_2(installed) -> None:
    assert installed.game("pimp").edition == 2 == max(EDITION_DECKS)


def test_data_editions_edition_1s_deck_files_are_the_bytes_old_tables_were_dealt_from() -> None:
    """An edition's data never changes once tables are dealt from it: any change would make
    their logs stop verifying, which is why edition 2 exists."""
    files = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in shipped_decks(1)}
    assert files == EDITION_1_FILES


def test_data_editions_the_golden_edition_1_log_deals_the_old_decks_and_verifies_under_edition_2(installed) -> None:
    """The golden game was recorded before editions: its opening names none, so it reads as
    edition 1, and verifying it deals edition 1's decks again, card for card."""
    entries = load_jsonl(GOLDEN.read_text(encoding="utf-8").splitlines(), source=GOLDEN.name)
    assert "edition" not in entries[0].event
    verdict = verify(installed, entries)
    assert verdict.ok, verdict.message
    _rules, state = replay(installed, entries)
    assert state.edition == 1 and state.over
    decks = dealt(entries)
    assert len(decks) == 3
    for seat, (deck, cards) in decks.items():
        assert cards == printed(1, deck), seat
        # Every deck in this log changed in edition 2: dealt from it, the log would not verify.
        assert cards != printed(2, deck), seat


def test_data_editions_a_fresh_edition_1_table_deals_the_old_decks_and_verifies_under_edition_2(installed) -> None:
    """A table opened by a release before the rebalance (Pimp pinned to edition 1), all six
    decks dealt, verifies under the installed release, which deals edition 2 to new tables."""
    entries = opened(at_edition(installed, "pimp", 1), SIX)
    assert "edition" not in entries[0].event, "edition 1 is not written, as logs before editions have none"
    decks = dealt(entries)
    assert sorted(deck for deck, _ in decks.values()) == sorted(load_deck(p).name for p in shipped_decks(1))
    for seat, (deck, cards) in decks.items():
        assert cards == printed(1, deck), seat
    verdict = verify(installed, entries)
    assert verdict.ok, verdict.message
    assert replay(installed, entries)[1].edition == 1


def test_data_editions_a_new_table_deals_edition_2s_rebalanced_decks(installed) -> None:
    """DATA.md, "Rebalanced with the balance lab": five of the six decks changed; Ron's did not."""
    entries = opened(installed, SIX)
    assert entries[0].event["edition"] == 2
    decks = dealt(entries)
    changed = set()
    for seat, (deck, cards) in decks.items():
        assert cards == printed(2, deck), seat
        if cards != printed(1, deck):
            changed.add(deck)
    assert changed == {load_deck(p).name for p in shipped_decks(2)} - {"Ron the Bastard's Crew"}
    jerry = dict(decks.values())["Fat Jerry's Stable"]
    assert sum(card[1] == "Streetwalker T" for card in jerry) == 4, "Jerry's new Streetwalker T, four copies"
    verdict = verify(installed, entries)
    assert verdict.ok, verdict.message


@pytest.mark.parametrize("edition", [1, 2])
def test_data_editions_a_ready_made_deck_named_deals_that_deck_as_the_tables_edition_has_it(installed, edition) -> None:
    """RULES.md, "Dealing the ready-made decks": the ``decks`` option names a deck by its name or
    its file's name, in either edition; the table deals the deck of its own edition."""
    registry = installed if edition == 2 else at_edition(installed, "pimp", 1)
    entries = opened(registry, ["Ada", "Bert", "Cleo"], decks={"Ada": "Fat Jerry's Stable", "Bert": "madame-zoras-house"})
    decks = dealt(entries)
    assert decks["Ada"] == ("Fat Jerry's Stable", printed(edition, "Fat Jerry's Stable"))
    assert decks["Bert"] == ("Madame Zora's House", printed(edition, "Madame Zora's House"))
    assert decks["Cleo"][0] not in {"Fat Jerry's Stable", "Madame Zora's House"}, "a chosen deck is not dealt again"
    refused = "not a ready-made deck; the decks are big-mamas-girls, fat-jerrys-stable"
    with Referee(registry=registry, store=TableStore(MEMORY)) as app, pytest.raises(RefereeError, match=refused):
        app.open("pimp", ["Ada", "Bert"], options={"decks": {"Ada": "no-such-deck"}})


def test_data_editions_an_edition_pimp_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(RefereeError, match="Pimp has no edition 3; its editions are 1, 2"):
        shipped_decks(3)
