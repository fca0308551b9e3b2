"""The rulebook's own worked examples, with its numbers ("Producing a Film" and
"Wheelin' and Dealin'"), played through ``referee.Referee`` on stacked decks."""

from __future__ import annotations

from pornstar_tables import answer, asked, events, game, open_stacked, place_all

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore

REGISTRY = Registry()


def _app() -> Referee:
    return Referee(registry=REGISTRY, store=TableStore(MEMORY))


def _produce_forrest_hump(dice: list[int]) -> tuple[Referee, str]:
    """Ann produces Forrest Hump ($30) with Buck Wilde and Jade Jewel ($10 each): a $50 Film."""
    app = _app()
    table = open_stacked(
        app,
        ["Ann", "Bob"],
        [["S04", "S19", "F03", "F20", "F16"], ["S13", "S27", "F08", "F10", "S11"]],
        top=["F19", "F05"],
        dice=dice,
    )
    place_all(app, table)
    answer(app, table, "Ann", "draw", {"extra": 0})
    answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
    answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
    answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"], "advertising": 0})
    return app, table


def test_producing_a_film_a_50_dollar_film_that_loses_2x_pays_100_more():
    """Producing a Film: "if a Film costs $50 you pay that up front, and if your roll tells
    you that you lose 2x the cost, you must pay to the bank another $100"."""
    app, table = _produce_forrest_hump([1, 3])  # 4: Critical Bomb, lose 2x
    (produced,) = events(app, table, kind="pornstar.FilmProduced")
    assert produced.production_cost + produced.filming_cost == 50
    assert (produced.total, produced.result, produced.lost, produced.recovered) == (4, "Critical Bomb", 100, 0)
    ann = game(app, table).studios["Ann"]
    assert ann.money == 300 - 50 - 100
    assert game(app, table).bank == 150
    app.close()


def test_producing_a_film_a_15x_recovery_takes_75_back_25_net_profit():
    """Producing a Film: "if your roll resulted in recovering 1.5x the cost of the Film, you
    would have paid your $50 up front, but then be able to take $75 back from the bank,
    resulting in $25 of net profit"."""
    app, table = _produce_forrest_hump([4, 5])  # 9: Modest Hit, recover 1.5x
    (produced,) = events(app, table, kind="pornstar.FilmProduced")
    assert (produced.total, produced.result, produced.recovered, produced.lost) == (9, "Modest Hit", 75, 0)
    assert game(app, table).studios["Ann"].money == 300 + 25
    assert game(app, table).films["F03"].owner == "Ann"
    app.close()


def test_wheelin_and_dealin_kevin_rents_gails_pierced_male_for_one_film():
    """Wheelin' and Dealin': Kevin has 2 Females and 1 Male and wants "Live from the Rock
    Hard Cafe" (2 Males, 2 Females, Pierced); he rents Gail's Pierced Male, promising half
    the Residuals.  The deal takes effect when Gail accepts, its terms are recorded, the
    rented Star earns the Specialty bonus, Kevin gets the cash, the Star is used once that
    turn, and on Gail's turn she uses him again."""
    app = _app()
    table = open_stacked(
        app,
        ["Kevin", "Gail"],
        [["S16", "S17", "S04", "F02", "F03"], ["S03", "S13", "F18", "F20", "F16"]],
        top=["F05", "F01", "F19", "F14", "F15", "F11", "F17", "F12"],
        dice=[4, 4, 3, 3, 6],
    )
    answer(app, table, "Kevin", "place", {"stars": ["S16", "S17", "S04"]})
    answer(app, table, "Gail", "place", {"stars": ["S03", "S13"]})
    answer(app, table, "Kevin", "draw", {"extra": 0})
    assert asked(app, table) == ("Kevin", "production")
    answer(app, table, "Kevin", "production", {"do": "offer-deal", "with": "Gail"})
    terms = "Kevin splits all Residuals of Live from the Rock Hard Cafe 50-50 with Gail"
    answer(app, table, "Kevin", "offer-deal", {"rent": ["S03"], "terms": terms})
    assert asked(app, table) == ("Gail", "answer-deal")
    assert not events(app, table, kind="pornstar.DealMade"), "no effect before every party accepts"
    answer(app, table, "Gail", "answer-deal", {"accept": True})
    (made,) = events(app, table, kind="pornstar.DealMade")
    assert (made.proposer, made.party, made.rent, made.terms) == ("Kevin", "Gail", ("S03",), terms)
    answer(app, table, "Kevin", "production", {"do": "make-film", "film": "F02"})
    answer(app, table, "Kevin", "shoot", {"stars": ["S16", "S17", "S04", "S03"]})
    (produced,) = events(app, table, kind="pornstar.FilmProduced")
    assert produced.rented == ("S03",) and produced.specialty_bonus == 1
    base = 70 + 25 + 15 + 10 + 15
    assert produced.total == 9 and produced.recovered == base * 150 // 100
    g = game(app, table)
    assert g.studios["Kevin"].money == 300 - base + produced.recovered
    assert g.studios["Gail"].money == 300, "the producer is the one handed the cash"
    assert "S03" in g.studios["Gail"].stable and g.used["S03"] == 1 and "S03" not in g.rented
    # "neither of you can use the same Star in more than one Film per turn"
    turn = app.requests(table)[0]
    assert turn.action == "production" and "make-film" not in [o.value for o in turn.answer["do"].options]
    answer(app, table, "Kevin", "production", {"do": "end-production"})
    # Gail's turn: "the next player could borrow that same Star" - or, his owner, use him.
    answer(app, table, "Gail", "draw", {"extra": 0})
    answer(app, table, "Gail", "production", {"do": "make-film", "film": "F18"})
    answer(app, table, "Gail", "shoot", {"stars": ["S03", "S13"]})
    assert events(app, table, kind="pornstar.FilmProduced")[-1].seat == "Gail"
    answer(app, table, "Gail", "production", {"do": "end-production"})
    # Kevin's next turn: the Residuals are his, whatever he promised.
    (residual,) = events(app, table, kind="pornstar.ResidualsRolled")
    assert residual.seat == "Kevin" and residual.film == "F02"
    app.close()


def test_a_deal_refused_changes_nothing():
    """Wheelin' and Dealin': a deal takes effect only when every party agrees."""
    app = _app()
    table = open_stacked(app, ["Kevin", "Gail"], [["S16", "S17", "S04", "F02", "F03"], ["S03", "S13", "F18", "F20", "F16"]])
    answer(app, table, "Kevin", "place", {"stars": ["S16"]})
    answer(app, table, "Gail", "place", {"stars": ["S03"]})
    answer(app, table, "Kevin", "draw", {"extra": 0})
    try:
        answer(app, table, "Kevin", "hire", {"stars": []})
    except IllegalAction as refused:
        assert "at least 1" in str(refused)
    else:
        raise AssertionError('"You must play at least one Star if you are able to do so!" was not enforced')
    answer(app, table, "Kevin", "hire", {"stars": ["S17"]})
    answer(app, table, "Kevin", "production", {"do": "offer-deal", "with": "Gail"})
    answer(app, table, "Kevin", "offer-deal", {"get": ["S03"], "give_money": 40})
    before = game(app, table)
    answer(app, table, "Gail", "answer-deal", {"accept": False})
    after = game(app, table)
    assert after.studios["Gail"].stable == before.studios["Gail"].stable == ["S03"]
    assert after.studios["Kevin"].money == before.studios["Kevin"].money
    assert events(app, table, kind="pornstar.DealRefused")
    app.close()


def test_a_film_without_the_genders_it_needs_is_refused_and_stays_in_hand():
    """Producing a Film: "Each Film requires a certain combination of genders"."""
    app = _app()
    table = open_stacked(app, ["Ann", "Bob"], [["S04", "S11", "S19", "F01", "F03"], ["S13", "S27", "F08", "F10", "S12"]])
    place_all(app, table)
    answer(app, table, "Ann", "draw", {"extra": 0})
    answer(app, table, "Ann", "hire", {"stars": ["S04", "S11", "S19"]})
    menu = app.requests(table)[0]
    assert [o.value for o in menu.answer["film"].options] == ["F03"], "You've Got Male needs 3 Males: not offered"
    answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})  # Forrest Hump: 1 Male, 1 Female
    try:
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S11"]})
    except IllegalAction as refused:
        assert "at least 1 Male, 1 Female" in str(refused) and "Producing a Film" in refused.rule
    else:
        raise AssertionError("two Males were accepted for a Film needing a Female")
    assert "F03" in game(app, table).studios["Ann"].hand
    answer(app, table, "Ann", "shoot", {})  # no cast: the Film stays in the hand
    assert "F03" in game(app, table).studios["Ann"].hand
    assert not events(app, table, kind="pornstar.FilmProduced")
    app.close()
