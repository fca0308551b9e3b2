"""Maintaining Your Stars for a Star that changes stable: one rule, whichever way it came.

"You do not need to pay Maintenance costs for a Star on the turn you bring them into
play": a Star is brought into play from the hand (Your Turn).  A Star recruited from
another studio and a Star bought at auction were in play already, so each owes
Maintenance at its new studio's Maintenance unless it is filmed that turn (RULES.md,
Maintenance, "a Star that changes stable")."""

from __future__ import annotations

from pornstar_tables import answer, events, game, open_stacked

from referee import MEMORY, Referee, Registry, TableStore

REGISTRY = Registry()
FILMS_ON_TOP = ["F19", "F05", "F14", "F15", "F11", "F12", "F17", "F16", "F18", "F20"]


def _app() -> Referee:
    return Referee(registry=REGISTRY, store=TableStore(MEMORY))


def _kept_at_maintenance(app: Referee, table: str, seat: str) -> list[str]:
    request = app.requests(table)[0]
    assert (request.seat, request.action) == (seat, "maintenance")
    return [o.value for o in request.answer["keep"].options]


def test_maintaining_your_stars_a_star_recruited_by_a_production_roll_owes_maintenance_the_turn_it_joins():
    """Producing a Film: "select any Star on the table and steal that Star"; Maintaining Your
    Stars: "Each turn you do not use a Star in a Film you must pay for the Star's Maintenance"."""
    with _app() as app:
        # Forrest Hump (1 Male, 1 Female, Amateur): 6 + 6 = 12 recruits a Star.
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "S19", "F03", "F20", "F16"], ["S13", "S27", "F10", "F01", "F02"]], top=FILMS_ON_TOP, dice=[6, 6]
        )
        answer(app, table, "Ann", "place", {"stars": []})
        answer(app, table, "Bob", "place", {"stars": ["S13", "S27"]})
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        assert events(app, table, kind="pornstar.FilmProduced")[0].total == 12
        answer(app, table, "Ann", "recruit", {"star": "S13"})
        assert "S13" in game(app, table).studios["Ann"].stable
        answer(app, table, "Ann", "production", {"do": "end-production"})
        assert _kept_at_maintenance(app, table, "Ann") == ["S13"], "S04 and S19 were filmed; S13 was recruited, not brought into play"
        answer(app, table, "Ann", "maintenance", {"keep": ["S13"]})
        (paid,) = [e for e in events(app, table, kind="pornstar.MaintenancePaid") if e.seat == "Ann"]
        assert (paid.stars, paid.paid) == (("S13",), 5)


def test_maintaining_your_stars_a_star_bought_at_auction_on_the_buyers_own_turn_owes_maintenance_too():
    """Maintaining Your Stars: "whoever goes the highest gets the Star"; bought, not brought
    into play from the hand, so its Maintenance is due like a recruited Star's."""
    with _app() as app:
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "P13", "F16", "F20", "F10"], ["S13", "S27", "F01", "F02", "F04"]], top=FILMS_ON_TOP
        )
        answer(app, table, "Ann", "place", {"stars": ["S04"]})
        answer(app, table, "Bob", "place", {"stars": ["S13", "S27"]})
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P13"})
        answer(app, table, "Ann", "aim", {"target": "S13"})
        answer(app, table, "Ann", "bid-for-star", {"bid": 6})
        (sold,) = events(app, table, kind="pornstar.StarAuctioned")
        assert (sold.star, sold.seat, sold.price) == ("S13", "Ann", 6)
        answer(app, table, "Ann", "production", {"do": "end-production"})
        assert _kept_at_maintenance(app, table, "Ann") == ["S04", "S13"]


def test_maintaining_your_stars_a_star_put_into_play_from_the_hand_pays_nothing_that_turn():
    """Your Turn: "You do not need to pay Maintenance costs for a Star on the turn you bring
    them into play": the one exemption, and only from the hand."""
    with _app() as app:
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "S19", "F16", "F20", "F10"], ["S13", "S27", "F01", "F02", "F04"]], top=FILMS_ON_TOP
        )
        answer(app, table, "Ann", "place", {"stars": ["S04"]})
        answer(app, table, "Bob", "place", {"stars": []})
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S19"]})
        answer(app, table, "Ann", "production", {"do": "end-production"})
        assert _kept_at_maintenance(app, table, "Ann") == ["S04"], "S19 came into play from the hand this turn"
