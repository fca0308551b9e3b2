"""Two rules of Pimp made to hold (issue 24): an escort's name is in play once, girlfriends
included; and buying influence with a police bribe due is never silent.

Decks are listed top first and shuffled as the identity (``pimp_tables``): cards 1-5 are the
starting hand, card 6 the girlfriend, card 7 the girlfriend of a tie's second draw.
"""

from __future__ import annotations

import re

import pytest
from pimp_tables import Table, bitch, deck_text, power

from referee import Words

HAND = [{"copies": 4, **power("Hand", 4)}, power("Spare", 4)]


def escort(name: str, cost: int) -> dict[str, object]:
    return bitch(name, cost, cost, cost, cost, kind="escort")


def table_of(jerry: list[dict[str, object]], ron: list[dict[str, object]]) -> Table:
    return Table(["Jerry", "Ron"], {"Jerry": deck_text("Fat Jerry", [*HAND, *jerry]), "Ron": deck_text("Ron the Bastard", [*HAND, *ron])})


def names_in_play(table: Table) -> list[str]:
    game = table.game
    return sorted(game.cards[c].name for seat in table.seats for c in game.in_play(seat) if game.cards[c].kind == "escort")


def test_girlfriends_of_one_name_in_the_same_draw_both_go_to_the_hand():
    """Escorts: "A named escort is unique. There can be only one bitch of a particular name in
    play at any one time."  Girlfriends: "she is the bitch you start with, for free".  Ruling:
    two girlfriends of one name turned up together both go into their pimps' hands (nobody
    "originally had" her); the next draw decides who goes first."""
    table = table_of([escort("Annika", 9), power("Second", 5)], [escort("Annika", 7), power("Second", 4)])
    try:
        clashes = table.events("GirlfriendClashed")
        assert [(c["pimp"], c["card"]["name"], c["others"]) for c in clashes] == [
            ("Jerry", "Annika", ["Ron"]),
            ("Ron", "Annika", ["Jerry"]),
        ]
        assert "Jerry/annika" in table.pimp("Jerry").hand and "Ron/annika" in table.pimp("Ron").hand
        assert names_in_play(table) == []
        assert [g["round"] for g in table.events("GirlfriendDrawn")] == [1, 1, 2, 2], "nobody had a girlfriend: they draw again"
        assert table.events("FirstPimpChosen") == [{"pimp": "Jerry", "cost": 5}]
    finally:
        table.close()


def test_a_girlfriend_whose_name_is_already_in_play_goes_to_the_hand():
    """Escorts: "There can be only one bitch of a particular name in play at any one time."
    Jerry's Annika is in play from the first draw; Ron's Annika, turned up to break the tie,
    goes into Ron's hand and counts for nothing: Jerry goes first."""
    table = table_of([escort("Annika", 6), power("Second", 3)], [power("Tied", 6), escort("Annika", 8)])
    try:
        (clash,) = table.events("GirlfriendClashed")
        assert (clash["pimp"], clash["others"]) == ("Ron", ["Jerry"])
        assert names_in_play(table) == ["Annika"]
        assert "Ron/annika" in table.pimp("Ron").hand
        assert table.events("FirstPimpChosen") == [{"pimp": "Jerry", "cost": 3}]
        said = next(e for e in table.entries if e.type == "pimp.GirlfriendClashed").event
        assert said is not None
    finally:
        table.close()


def test_the_clash_reads_as_a_sentence_with_names_not_ids():
    """What a player reads names cards and pimps, never ids."""
    from referee_pimp.events import CardFace, GirlfriendClashed

    face = CardFace(id="Ron/annika", owner="Ron", kind="escort", name="Annika", cost=8)
    event = GirlfriendClashed(pimp="Ron", card=face, others=["Jerry"])
    for reader in ("Ron", "Jerry", None):
        text = event.describe(Words(reader))
        assert "Ron/" not in text and "annika" not in text
    assert event.describe(Words("Ron")).startswith("Your Annika shares her name with an escort of Jerry")
    assert "goes into your hand" in event.describe(Words("Ron"))


def test_distinct_names_both_stay_in_play():
    """The spelling counts: "If you opponent has a bitch called Vicky in play and you want to
    play a bitch called Vikki you are okay"."""
    table = table_of([escort("Vicky", 9)], [escort("Vikki", 7)])
    try:
        assert table.events("GirlfriendClashed") == []
        assert names_in_play(table) == ["Vicky", "Vikki"]
    finally:
        table.close()


# --- police bust: buying influence with a bribe due ------------------------------------------


@pytest.fixture
def busted() -> Table:
    """Jerry, busted ($5 due), has just taken Marlene's $6 into his money pile."""
    table = Table.from_scenario("police-bust-bribe-paid", before="the bribe is due only")
    table.do("Jerry", "collect", card="Jerry/marlene")
    assert (table.pimp("Jerry").money, table.pimp("Jerry").bribe) == (6, 5)
    yield table
    table.close()


def test_buying_influence_says_what_of_the_money_the_police_are_owed(busted):
    """Police Bust: "You must pay a bribe in green money tokens from your money pile to the
    police, by the end of your do shit phase, or be out of the game."  The offer to buy says so."""
    fields = busted.fields("Jerry", "do")
    buy = next(o.label for o in fields["do"].options if o.value == "buy")
    assert buy == "buy influence ($1 a token); $5 of your money is owed to the police"
    assert "more than $1 leaves the $5 police bribe unpaid" in fields["amount"].label


def test_buying_into_the_bribe_warns_at_once_and_the_end_of_doing_shit_puts_him_out(busted):
    """Police Bust, ruling: buying influence stays allowed (money may still come off a bitch
    before the phase ends), but a money pile left short of the bribe is said at once, in the
    rulebook's words; the end of Doing Shit (here at once: it is his fourth action) then puts
    him out, as before."""
    made = busted.do("Jerry", "buy", amount=3)
    warned = [e for e in made if e.type == "pimp.BribeAtRisk"]
    assert [e.event for e in warned] == [{"pimp": "Jerry", "money": 3, "bribe": 5}]
    assert warned[0].visible_to is None and warned[0].rule.endswith("police bust")
    out = [e for e in made if e.type == "pimp.PimpOut"]
    assert [e.event for e in out] == [{"pimp": "Jerry", "reason": "could not pay the $5 police bribe"}]
    assert made.index(warned[0]) < made.index(out[0])


def test_the_warning_reads_in_the_rulebooks_terms():
    from referee_pimp.events import BribeAtRisk

    text = BribeAtRisk(pimp="Jerry", money=3, bribe=5).describe(Words("Jerry"))
    assert re.fullmatch(r"Warning: your money pile \(\$3\) no longer covers the \$5 police bribe; .* you are out of the game", text), text


def test_buying_what_the_bribe_leaves_is_quiet(busted):
    """$6 in the pile, $5 due: $1 of influence leaves the bribe covered; no warning, paid at the end."""
    made = busted.do("Jerry", "buy", amount=1)
    assert not [e for e in made if e.type == "pimp.BribeAtRisk"]
    assert busted.events("BribePaid", made) == [{"pimp": "Jerry", "amount": 5}]
