"""Pimp's balance facts (``referee_balance_facts``): each pimp's deck, the special cards
drawn into a pimp's hand and each one played, by the names printed on them."""

from __future__ import annotations

import collections

from balance_games import bot_games, held, used
from test_pimp_specials import KINGS, Table, top

from referee import Held, Used
from referee_pimp.cards import load_deck
from referee_pimp.decks import installed_specials, shipped_decks

SEATS = ["Ann", "Bob", "Cy", "Di"]
DECKS = {load_deck(path.read_text(encoding="utf-8")).name for path in shipped_decks()}
SPECIALS = {special.name for special in installed_specials().specials.values()}


def test_every_pimp_holds_one_ready_made_deck_and_plays_only_special_cards_he_drew() -> None:
    """Setting up, "each player takes a deck": one deck held by each pimp, by its name;
    "Playing a special card from your hand": every special card played was drawn into the
    hand of the pimp who plays it, and every one is named as printed."""
    for facts in bot_games("pimp", SEATS, 2, options={"turns": 8}):
        assert collections.Counter(f.seat for f in held(facts, "deck")) == dict.fromkeys(SEATS, 1)
        assert {f.name for f in held(facts, "deck")} <= DECKS
        drawn = set(held(facts, "special card"))
        assert {f.name for f in drawn} <= SPECIALS
        assert all(Held(f.seat, f.kind, f.name) in drawn for f in used(facts, "special card"))
        assert {f.kind for f in facts} <= {"deck", "special card"}


def test_each_special_card_played_is_a_use() -> None:
    """Playing a special card from your hand: A draws two King of Cool into his starting
    hand and plays one in each of his first two turns: two uses of the one card held."""
    t = Table(KINGS, top("king-of-cool#1", "king-of-cool#2", girlfriend="softie#1"))
    try:
        for _ in range(2):
            t.play("A", "king-of-cool#1" if not used(t.referee.facts(t.id)) else "king-of-cool#2")
            t.end_turn("A")
            t.end_turn("B")
        facts = t.referee.facts(t.id)
    finally:
        t.close()
    assert set(held(facts, "special card")) == {Held("A", "special card", "King of Cool")}
    assert used(facts) == [Used("A", "special card", "King of Cool")] * 2
    assert set(held(facts, "deck")) == {Held("A", "deck", "Test Deck"), Held("B", "deck", "Test Deck")}
