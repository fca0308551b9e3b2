"""What another studio may do on a studio's turn: propose deals "at any time" (Wheelin' and
Dealin') and play an Event card in reply to a Film put up (Producing a Film: "If another
player uses an Event card to make your Film unproduceable at this time, return it to your
hand").  Each question is put to every other studio the same way, sealed, whatever it
holds; these tests answer it by hand (the helpers of the other tests pass it)."""

from __future__ import annotations

from typing import Any

import pytest
from pornstar_tables import events, game, open_stacked

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore
from referee.testing import check_noninterference, find_interference

REGISTRY = Registry()
FILMS_ON_TOP = ["F19", "F05", "F14", "F15", "F11", "F12", "F17", "F16", "F18", "F20"]
TRIO = ["Ann", "Bob", "Cleo"]


def _app() -> Referee:
    return Referee(registry=REGISTRY, store=TableStore(MEMORY))


def open_requests(app: Referee, table: str) -> list[tuple[str, str]]:
    return [(r.seat, r.action) for r in app.requests(table)]


def act(app: Referee, table: str, seat: str, action: str, args: dict[str, Any] | None = None) -> list[Any]:
    """Answer ``seat``'s open ``action`` request, and nothing else."""
    (request,) = [r for r in app.requests(table) if (r.seat, r.action) == (seat, action)]
    return app.act(table, seat, action, args or {}, request=request.id)


def _trio(app: Referee, hands: list[list[str]], dice: list[int] = ()) -> str:
    """Ann, Bob and Cleo, each putting the Stars of its opening hand on the table."""
    table = open_stacked(app, TRIO, hands, top=FILMS_ON_TOP, dice=dice)
    for seat, hand in zip(TRIO, hands, strict=True):
        act(app, table, seat, "place", {"stars": [c for c in hand if c.startswith("S")]})
    act(app, table, "Ann", "draw", {"extra": 0})
    return table


# --- Wheelin' and Dealin': "at any time" ---------------------------------------------------


def test_wheelin_and_dealin_any_studio_proposes_to_any_other_on_anothers_turn():
    """Wheelin' and Dealin': "a player may make deals or trades with other players at any
    time".  On Ann's turn Bob, out of turn, sells Cleo a Star for $40; Cleo accepts; then
    Cleo is asked, passes, and Ann's production begins."""
    with _app() as app:
        table = _trio(app, [["S04", "F16", "F20", "F10", "F01"], ["S13", "S27", "F02", "F04", "F08"], ["S19", "F03", "F05", "F09", "F06"]])
        assert open_requests(app, table) == [("Bob", "deal")], "out of turn, in seat order after the studio in turn"
        request = app.requests(table)[0]
        assert request.sealed and {"Ann", "Cleo"} == {o.value for o in request.answer["with"].options}
        act(app, table, "Bob", "deal", {"with": "Cleo", "give": ["S27"], "get_money": 40, "terms": "Cleo lends me her next Male"})
        assert open_requests(app, table) == [("Cleo", "answer-deal")]
        (proposed,) = events(app, table, kind="pornstar.DealProposed")
        assert (proposed.proposer, proposed.party, proposed.give, proposed.get_money) == ("Bob", "Cleo", ("S27",), 40)
        act(app, table, "Cleo", "answer-deal", {"accept": True})
        g = game(app, table)
        assert "S27" in g.studios["Cleo"].stable and (g.studios["Bob"].money, g.studios["Cleo"].money) == (340, 260)
        assert open_requests(app, table) == [("Cleo", "deal")]
        act(app, table, "Cleo", "deal", {})
        assert open_requests(app, table) == [("Ann", "production")]
        assert game(app, table).proposed == 0, "deals out of turn leave the studio in turn its own three"


def test_wheelin_and_dealin_a_studio_out_of_turn_proposes_to_the_studio_in_turn_who_may_refuse():
    """Wheelin' and Dealin': the other party "accepts or refuses": Bob offers Ann $30 for
    one of her Stars; Ann, in turn, refuses, and nothing changes."""
    with _app() as app:
        table = _trio(app, [["S04", "F16", "F20", "F10", "F01"], ["S13", "S27", "F02", "F04", "F08"], ["S19", "F03", "F05", "F09", "F06"]])
        act(app, table, "Bob", "deal", {"with": "Ann", "get": ["S04"], "give_money": 30})
        assert open_requests(app, table) == [("Ann", "answer-deal")]
        act(app, table, "Ann", "answer-deal", {"accept": False})
        assert events(app, table, kind="pornstar.DealRefused")[0].party == "Ann"
        assert "S04" in game(app, table).studios["Ann"].stable and game(app, table).studios["Bob"].money == 300


def test_wheelin_and_dealin_the_limit_one_proposal_a_turn_out_of_turn_asked_again_next_turn():
    """Wheelin' and Dealin', ruling (the limit): each studio out of turn proposes at most one
    deal a turn, so offers cannot hold the table for ever; the next turn asks again."""
    with _app() as app:
        table = _trio(app, [["S04", "F16", "F20", "F10", "F01"], ["S13", "S27", "F02", "F04", "F08"], ["S19", "F03", "F05", "F09", "F06"]])
        act(app, table, "Bob", "deal", {"with": "Cleo", "give_money": 5})
        act(app, table, "Cleo", "answer-deal", {"accept": False})
        act(app, table, "Cleo", "deal", {})
        assert open_requests(app, table) == [("Ann", "production")], "Bob is not asked twice in Ann's turn"
        act(app, table, "Ann", "production", {"do": "end-production"})
        if ("Ann", "maintenance") in open_requests(app, table):
            act(app, table, "Ann", "maintenance", {"keep": ["S04"]})
        act(app, table, "Bob", "draw", {"extra": 0})
        assert open_requests(app, table) == [("Cleo", "deal")], "Bob's turn: Cleo, then Ann"
        act(app, table, "Cleo", "deal", {})
        assert open_requests(app, table) == [("Ann", "deal")]


def test_wheelin_and_dealin_a_deal_naming_what_the_other_studio_does_not_own_is_refused_with_a_reason():
    """Wheelin' and Dealin': a proposal asks only for what the other studio has."""
    with _app() as app:
        table = _trio(app, [["S04", "F16", "F20", "F10", "F01"], ["S13", "S27", "F02", "F04", "F08"], ["S19", "F03", "F05", "F09", "F06"]])
        length = app.length(table)
        with pytest.raises(IllegalAction, match="not Ann's to give"):
            act(app, table, "Bob", "deal", {"with": "Ann", "get": ["S19"], "give_money": 10})
        with pytest.raises(IllegalAction, match="name the studio"):
            act(app, table, "Bob", "deal", {"give_money": 10})
        assert app.length(table) == length, "a refused answer appends nothing"


# --- Producing a Film: Play cards in reply -------------------------------------------------


def test_producing_a_film_an_event_in_reply_makes_the_film_unproduceable_and_it_returns_to_the_hand():
    """Producing a Film: "If another player uses an Event card to make your Film
    unproduceable at this time, return it to your hand for later use - do not discard the
    Film card."  Ann puts up Forrest Hump with Buck Wilde and Jade Jewel; Bob plays Contract
    Dispute on Buck Wilde in reply; the Film goes back to Ann's hand, nothing paid, no roll."""
    with _app() as app:
        table = _trio(app, [["S04", "S19", "F03", "F20", "F16"], ["S13", "P13", "F02", "F04", "F08"], ["S27", "F05", "F09", "F06", "F10"]])
        act(app, table, "Bob", "deal", {})
        act(app, table, "Cleo", "deal", {})
        act(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        act(app, table, "Ann", "shoot", {"stars": ["S04", "S19"], "advertising": 10})
        (put_up,) = events(app, table, kind="pornstar.FilmPutUp")
        assert (put_up.film, put_up.stars, put_up.advertising) == ("F03", ("S04", "S19"), 10)
        assert open_requests(app, table) == [("Bob", "reply")], "every other studio in turn, card or not"
        (bob,) = app.requests(table)
        assert bob.sealed and [o.value for o in bob.answer["card"].options] == ["P13"]
        act(app, table, "Bob", "reply", {"card": "P13", "target": "S04"})
        assert not events(app, table, kind="pornstar.FilmReturned"), "nothing is decided before every studio has replied"
        (cleo,) = app.requests(table)
        assert (cleo.seat, cleo.action, cleo.sealed) == ("Cleo", "reply", True)
        assert "card" not in cleo.answer, "Cleo holds no card to reply with, and is asked all the same"
        act(app, table, "Cleo", "reply", {})
        (returned,) = events(app, table, kind="pornstar.FilmReturned")
        assert returned.film == "F03" and "Buck Wilde" in returned.reason
        g = game(app, table)
        assert "F03" in g.studios["Ann"].hand and "F03" not in g.films and g.studios["Ann"].money == 300
        assert not events(app, table, kind="pornstar.FilmProduced") and not events(app, table, kind="referee.RandomDrawn")[1:]
        assert open_requests(app, table) == [("Bob", "bid-for-star")], "Buck Wilde walked out: he goes up for auction"


def test_producing_a_film_nobody_replies_and_the_film_is_rolled_as_before():
    """Producing a Film: with no reply, the Film put up is rolled: $50 Forrest Hump, 4 + 5 =
    9, recovers 1.5x: $75 back (the rulebook's example)."""
    with _app() as app:
        table = _trio(
            app, [["S04", "S19", "F03", "F20", "F16"], ["S13", "P13", "F02", "F04", "F08"], ["S27", "F05", "F09", "F06", "F10"]], [4, 5]
        )
        act(app, table, "Bob", "deal", {})
        act(app, table, "Cleo", "deal", {})
        act(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        act(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        act(app, table, "Bob", "reply", {})
        act(app, table, "Cleo", "reply", {})
        (produced,) = events(app, table, kind="pornstar.FilmProduced")
        assert (produced.total, produced.recovered) == (9, 75) and game(app, table).studios["Ann"].money == 325


def test_producing_a_film_a_tax_audit_in_reply_that_leaves_the_money_to_pay_lets_the_film_roll():
    """Producing a Film: only an Event that makes the Film "unproduceable at this time" sends
    it back.  Bob audits Ann in reply ($30); she still has $270 for the $50 Film, which rolls
    4 + 5 = 9 and recovers 1.5x: $300 - $30 - $50 + $75 = $295."""
    with _app() as app:
        table = _trio(
            app, [["S04", "S19", "F03", "F20", "F16"], ["S13", "P17", "F02", "F04", "F08"], ["S27", "F05", "F09", "F06", "F10"]], [4, 5]
        )
        act(app, table, "Bob", "deal", {})
        act(app, table, "Cleo", "deal", {})
        act(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        act(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        (bob,) = app.requests(table)
        assert [o.value for o in bob.answer["card"].options] == ["P17"] and "Ann" in [o.value for o in bob.answer["target"].options]
        act(app, table, "Bob", "reply", {"card": "P17", "target": "Ann"})
        act(app, table, "Cleo", "reply", {})
        assert not events(app, table, kind="pornstar.FilmReturned")
        (produced,) = events(app, table, kind="pornstar.FilmProduced")
        assert produced.recovered == 75 and game(app, table).studios["Ann"].money == 295


def test_producing_a_film_a_reply_card_played_on_the_wrong_target_is_refused_with_a_reason():
    """Play Cards: a card in reply goes only where its rules allow, as on its player's turn:
    Contract Dispute takes a Star of another studio, never one of Bob's own."""
    with _app() as app:
        table = _trio(app, [["S04", "S19", "F03", "F20", "F16"], ["S13", "P13", "F02", "F04", "F08"], ["S27", "F05", "F09", "F06", "F10"]])
        act(app, table, "Bob", "deal", {})
        act(app, table, "Cleo", "deal", {})
        act(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        act(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        length = app.length(table)
        with pytest.raises(IllegalAction, match=r"is not offered \(Buck Wilde \(Ann's"):
            act(app, table, "Bob", "reply", {"card": "P13", "target": "S13"})
        assert app.length(table) == length


def test_asking_deals_and_replies_reveals_nothing_sealed():
    """Noninterference (issue 21's check) over the new questions: two worlds differing only in
    one studio's sealed answer to ``deal`` or ``reply`` look the same to every other seat
    until the rules reveal it (a deal proposed, a card played)."""
    found = check_noninterference(
        "pornstar",
        TRIO,
        registry=REGISTRY,
        options={"bots": "random,random,heuristic", "round_limit": 3},
        actions={"deal", "reply"},
        points=4,
        answers=6,
        steps=2,
    )
    assert found.points >= 4


def test_the_check_above_finds_a_pass_made_public(monkeypatch):
    """The noninterference check can fail: show every seat, before any reveal, whether a
    studio's sealed answer to ``deal`` named a studio (in an entry no rule declares a
    reveal), and a pass and a deal are told apart."""
    from referee_pornstar import deals, game
    from referee_pornstar.events import StarsPlaced

    def leaky(decision, action):
        # Before the rules speak, an entry every seat reads says whether a studio was named.
        named = bool(action.args.get("with"))
        decision.emit(StarsPlaced(seat=action.seat, stars=(), opening=named), rule="Wheelin' and Dealin'")
        deals.answer_window(decision, action)

    monkeypatch.setitem(game.ANSWERS, "deal", leaky)
    found = find_interference(
        "pornstar",
        TRIO,
        registry=REGISTRY,
        options={"bots": "random,random,heuristic", "round_limit": 3},
        actions={"deal"},
        games=1,
        points=3,
        answers=6,
        steps=1,
    )
    assert found.interference, "a pass shown to every seat must be found"
