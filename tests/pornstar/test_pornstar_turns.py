"""The turn's rules, each on a stacked deck with scripted dice: Residuals and Wanking,
Maintenance and the Auction, cashflow problems (loans on the lender's terms, conceding),
the last round and the score, and the Play cards that override a basic rule."""

from __future__ import annotations

from pornstar_tables import answer, events, game, open_stacked, pass_out_of_turn, place_all

from referee import MEMORY, Referee, Registry, TableStore

REGISTRY = Registry()
FILMS_ON_TOP = ["F19", "F05", "F14", "F15", "F11", "F12", "F17", "F16", "F18", "F20"]


def _app() -> Referee:
    return Referee(registry=REGISTRY, store=TableStore(MEMORY))


def finish_turn(app: Referee, table: str, seat: str, keep: bool = True) -> None:
    """Answer ``seat``'s routine questions until the turn passes: no extra cards, every Star
    hired, production ended, every Star kept (``keep``)."""
    pass_out_of_turn(app, table)
    while app.requests(table) and app.requests(table)[0].seat == seat and not app.over(table):
        request = app.requests(table)[0]
        offered = {field: [o.value for o in getattr(shape, "options", ())] for field, shape in (request.answer or {}).items()}
        args = {
            "draw": {"extra": 0},
            "hire": {"stars": offered.get("stars", [])},
            "production": {"do": "end-production"},
            "maintenance": {"keep": offered.get("keep", []) if keep else []},
        }[request.action]
        app.act(table, seat, request.action, args, request=request.id)
        pass_out_of_turn(app, table)


def _ann_produces(app: Referee, dice: list[int], **kw) -> str:
    """Ann (S04 Buck Wilde, S19 Jade Jewel) produces Forrest Hump; Bob holds no Star."""
    table = open_stacked(
        app, ["Ann", "Bob"], [["S04", "S19", "F03", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]], top=FILMS_ON_TOP, dice=dice, **kw
    )
    place_all(app, table)
    answer(app, table, "Ann", "draw", {"extra": 0})
    answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
    answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
    answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
    return table


def test_residuals_a_film_paying_nothing_is_wanked_then_wanked_out_and_rolls_no_more():
    """Playing the Game: "If a Film generated $0, it has Wanked ... for a second consecutive
    turn ... it has Wanked Out ... will generate no further Residuals"."""
    with _app() as app:
        table = _ann_produces(app, [4, 5, 1, 1])
        finish_turn(app, table, "Ann")
        finish_turn(app, table, "Bob")
        finish_turn(app, table, "Ann")  # residual die 1: $0
        assert [(e.paid, e.wanked) for e in events(app, table, kind="pornstar.ResidualsRolled")] == [(0, 1)]
        finish_turn(app, table, "Bob")
        finish_turn(app, table, "Ann")  # again $0: Wanked Out
        assert [(e.paid, e.wanked) for e in events(app, table, kind="pornstar.ResidualsRolled")] == [(0, 1), (0, 2)]
        finish_turn(app, table, "Bob")
        finish_turn(app, table, "Ann")
        assert len(events(app, table, kind="pornstar.ResidualsRolled")) == 2, "a Wanked Out Film rolls no Residuals"
        assert game(app, table).films["F03"].wanked == 2


def test_the_draw_extra_cards_cost_10_each_up_to_three_extra_for_30_total():
    """Your Turn: "You may draw extra cards by paying $10 for each card past the first, to a
    maximum of three (for $30 total)"."""
    with _app() as app:
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "S19", "F03", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]], top=FILMS_ON_TOP
        )
        place_all(app, table)
        request = app.requests(table)[0]
        assert (request.action, request.answer["extra"].max) == ("draw", 3)
        answer(app, table, "Ann", "draw", {"extra": 3})
        (drawn,) = [e for e in events(app, table, kind="pornstar.CardsDrawn") if e.seat == "Ann" and e.paid]
        assert (drawn.count, drawn.paid) == (4, 30), "the first card free, three more for $30 total"
        assert game(app, table).studios["Ann"].money == 270 and len(game(app, table).studios["Ann"].hand) == 9


def test_maintenance_unpaid_stars_go_to_auction_the_old_owner_does_not_bid_unsold_back_to_the_deck():
    """Maintaining Your Stars: unpaid Stars go up for Auction; the opening bid is the
    Maintenance; the money goes to the bank; nobody bidding shuffles the Star back."""
    with _app() as app:
        table = _ann_produces(app, [4, 5, 6])
        finish_turn(app, table, "Ann")
        finish_turn(app, table, "Bob")
        finish_turn(app, table, "Ann", keep=False)  # S04 and S19 unpaid ($5 each)
        opened = events(app, table, kind="pornstar.AuctionOpened")
        assert [(e.star, e.from_seat, e.opening, e.bidders) for e in opened] == [("S04", "Ann", 5, ("Bob",))]
        bid = app.requests(table)[0]
        assert (bid.seat, bid.action, bid.answer["bid"].min) == ("Bob", "bid-for-star", 5)
        bank = game(app, table).bank
        answer(app, table, "Bob", "bid-for-star", {"bid": 7})
        (sold,) = events(app, table, kind="pornstar.StarAuctioned")
        assert (sold.star, sold.seat, sold.price) == ("S04", "Bob", 7)
        assert game(app, table).bank == bank + 7 and "S04" in game(app, table).studios["Bob"].stable
        answer(app, table, "Bob", "bid-for-star", {})  # pass on S19
        assert events(app, table, kind="pornstar.StarUnsold")[0].star == "S19"
        assert "S19" in game(app, table).deck
        assert events(app, table, kind="pornstar.DeckShuffled")[-1].reason.startswith("the deck, with an unsold Star")


def test_the_last_round_has_no_maintenance_and_adult_film_of_the_year_scores_double():
    """Victory!: once more around the table without Maintenance; cash plus each Film not
    Wanked at its production cost, doubled for Adult Film of the Year."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob"],
            [["S06", "S19", "F03", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]],
            top=FILMS_ON_TOP,
            dice=[6, 6, 3],
            options={"round_limit": 1},
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S06", "S19"]})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        answer(app, table, "Ann", "shoot", {"stars": ["S06", "S19"], "advertising": 30})
        (produced,) = events(app, table, kind="pornstar.FilmProduced")
        assert (produced.total, produced.award) == (6 + 6 + 1 + 3, True)
        finish_turn(app, table, "Ann")
        finish_turn(app, table, "Bob")
        assert events(app, table, kind="pornstar.FinalRoundBegan")[0].order == ("Ann", "Bob")
        finish_turn(app, table, "Ann")  # S06 and S19 idle: no Maintenance in the last round
        assert not [e for e in events(app, table, kind="pornstar.MaintenancePaid") if e.seat == "Ann"]
        finish_turn(app, table, "Bob")
        assert app.over(table)
        scored = events(app, table, kind="pornstar.ScoresCounted")[0]
        ann = game(app, table).studios["Ann"].money
        assert scored.awards["Ann"] == 2 * 30 and scored.total["Ann"] == ann + 60
        assert app.state(table).result.winners == ("Ann",)


def _ann_goes_broke(app: Referee) -> str:
    table = open_stacked(
        app,
        ["Ann", "Bob"],
        [["S02", "S16", "S22", "S25", "F20"], ["S13", "S27", "F08", "F10", "F04"]],
        top=FILMS_ON_TOP,
        dice=[1, 2],
    )
    place_all(app, table)
    answer(app, table, "Ann", "draw", {"extra": 0})
    answer(app, table, "Ann", "hire", {"stars": ["S02", "S16", "S22", "S25"]})
    answer(app, table, "Ann", "production", {"do": "make-film", "film": "F20"})
    answer(app, table, "Ann", "shoot", {"stars": ["S02", "S16", "S22", "S25"]})
    return table


def test_a_loss_larger_than_the_cash_takes_it_all_and_a_loan_comes_on_the_lenders_terms():
    """Cashflow Problems: out of money, beg a loan; "Conditions of the loan can be anything
    the lender chooses", such as surrendering a choice Star."""
    with _app() as app:
        table = _ann_goes_broke(app)
        (produced,) = events(app, table, kind="pornstar.FilmProduced")
        assert (produced.result, produced.lost, produced.written_off) == ("Critical Bomb", 300 - 165, 2 * 165 - 135)
        assert game(app, table).studios["Ann"].money == 0
        assert app.requests(table)[0].action == "cashflow"
        answer(app, table, "Ann", "cashflow", {"do": "ask-loan", "lender": "Bob", "amount": 50, "note": "I'll pay you back"})
        answer(app, table, "Bob", "lend-money", {"lend": True, "amount": 40, "demand": ["S16"], "terms": "repay $60 in three turns"})
        answer(app, table, "Ann", "loan-terms", {"accept": True})
        (loan,) = events(app, table, kind="pornstar.LoanMade")
        assert (loan.dollars, loan.demand, loan.terms) == (40, ("S16",), "repay $60 in three turns")
        g = game(app, table)
        assert g.studios["Ann"].money == 40 and g.studios["Bob"].money == 260 and "S16" in g.studios["Bob"].stable


def test_refused_by_every_lender_a_studio_can_only_concede_and_its_stars_are_auctioned():
    """Cashflow Problems: "or you can simply give up and accept that you have lost the game"."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob", "Cy"],
            [["S02", "S16", "S22", "S25", "F20"], ["S13", "S27", "F08", "F10", "F04"], ["F01", "F02", "F05", "F06", "F07"]],
            top=FILMS_ON_TOP,
            dice=[1, 2],
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S02", "S16", "S22", "S25"]})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F20"})
        answer(app, table, "Ann", "shoot", {"stars": ["S02", "S16", "S22", "S25"]})
        for lender in ("Bob", "Cy"):
            answer(app, table, "Ann", "cashflow", {"do": "ask-loan", "lender": lender, "amount": 50})
            answer(app, table, lender, "lend-money", {"lend": False})
        last = app.requests(table)[0]
        assert [o.value for o in last.answer["do"].options] == ["give-up"]
        answer(app, table, "Ann", "cashflow", {"do": "give-up"})
        assert events(app, table, kind="pornstar.StudioConceded")[0].seat == "Ann"
        assert [e.star for e in events(app, table, kind="pornstar.AuctionOpened")] == ["S02"]
        assert game(app, table).studios["Ann"].out and not game(app, table).studios["Ann"].hand


def test_double_shift_lets_a_star_appear_in_two_films_the_card_beats_the_basic_rule():
    """Play Cards: "If a Play card ever contradicts the basic rules, go with what the Play
    card says" - Double Shift against "each Star can appear in only one film on your turn"."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob"],
            [["S04", "S19", "S21", "F03", "F08"], ["P09", "F10", "F01", "F02", "F04"]],
            top=["P10", *FILMS_ON_TOP],
            dice=[4, 5, 4, 5],
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})  # draws the other Double Shift, P10
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19", "S21"]})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        menu = app.requests(table)[0]
        assert "make-film" not in [o.value for o in menu.answer["do"].options], "S04 is used: no Male left for Shaving Private Parts"
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P10"})
        answer(app, table, "Ann", "aim", {"target": "S04"})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F08"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S21"]})
        assert [e.film for e in events(app, table, kind="pornstar.FilmProduced")] == ["F03", "F08"]
        assert game(app, table).used["S04"] == 2
        finish_turn(app, table, "Ann")
        assert "P10" in game(app, table).discard, "Double Shift lasts the turn"


def test_union_holiday_waives_maintenance_the_card_beats_the_basic_rule():
    with _app() as app:
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "S19", "P11", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]], top=FILMS_ON_TOP
        )
        place_all(app, table)
        finish_turn(app, table, "Ann")
        finish_turn(app, table, "Bob")
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P11"})
        answer(app, table, "Ann", "production", {"do": "end-production"})
        paid = [e for e in events(app, table, kind="pornstar.MaintenancePaid") if e.seat == "Ann"]
        # Hired on the first turn, they owed nothing then; now $5 each is waived.
        assert [(p.stars, p.paid, p.unpaid) for p in paid] == [(("S04", "S19"), 0, ())]
        assert app.requests(table)[0].seat == "Bob", "Ann was not asked to pay"


def test_tax_audit_talent_scout_and_contract_dispute():
    with _app() as app:
        table = open_stacked(
            app, ["Ann", "Bob"], [["S04", "P17", "P19", "P13", "F16"], ["S13", "S27", "F10", "F01", "F02"]], top=FILMS_ON_TOP
        )
        answer(app, table, "Ann", "place", {"stars": []})
        answer(app, table, "Bob", "place", {"stars": ["S13", "S27"]})
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04"]})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P17"})
        answer(app, table, "Ann", "aim", {"target": "Bob"})
        assert game(app, table).studios["Bob"].money == 270
        hand = len(game(app, table).studios["Ann"].hand)
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P19"})
        assert len(game(app, table).studios["Ann"].hand) == hand - 1 + 2
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P13"})
        answer(app, table, "Ann", "aim", {"target": "S13"})
        assert events(app, table, kind="pornstar.StarLost")[0].reason == "Contract Dispute"
        assert events(app, table, kind="pornstar.AuctionOpened")[0].bidders == ("Ann",), "Bob may not bid for his own Star"


def test_nostalgia_fetish_brings_a_wanked_out_film_back_the_card_beats_the_basic_rule():
    """A Wanked Out Film "will generate no further Residuals. But keep it nearby - you never
    know when it may come back into favor!": Nostalgia Fetish brings it back, +1 while it lies there."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob"],
            [["S04", "S19", "F03", "P01", "F16"], ["F08", "F10", "F01", "F02", "F04"]],
            top=FILMS_ON_TOP,
            dice=[4, 5, 1, 1, 1],
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        menu = app.requests(table)[0]
        assert "play-card" not in [o.value for o in menu.answer["do"].options], "no Wanked Film of Ann's yet"
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        finish_turn(app, table, "Ann")
        for _ in range(2):
            finish_turn(app, table, "Bob")
            finish_turn(app, table, "Ann")
        assert game(app, table).films["F03"].wanked == 2
        finish_turn(app, table, "Bob")
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P01"})
        answer(app, table, "Ann", "aim", {"target": "F03"})
        assert game(app, table).films["F03"].wanked == 0 and "P01" in game(app, table).lasting
        finish_turn(app, table, "Ann")
        finish_turn(app, table, "Bob")
        last = events(app, table, kind="pornstar.ResidualsRolled")[-1]
        assert (last.film, last.die, last.modifier, last.paid, last.wanked) == ("F03", 1, 1, 5, 0)


def test_hype_machine_little_blue_pill_piercing_parlour_and_obscenity_trial():
    """Producing a Film: Play cards add to the roll (Hype Machine +2, the Pill +1) and give a
    Specialty (Piercing Parlour: Pierced, worth +1 in a Pierced Film); Obscenity Trial Wanks
    another studio's Film."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob"],
            [["S04", "S11", "P03", "P05", "P07"], ["P15", "F10", "F01", "F02", "F04"]],
            top=["F18", *(c for c in FILMS_ON_TOP if c != "F18")],
            dice=[2, 2],
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})  # Men in Black Leather: 2 Males, Pierced
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S11"]})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P07"})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P05"})
        answer(app, table, "Ann", "aim", {"target": "S04"})
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P03"})
        answer(app, table, "Ann", "aim", {"target": "S04"})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F18"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S11"]})
        (produced,) = events(app, table, kind="pornstar.FilmProduced")
        assert (produced.specialty_bonus, produced.card_bonus, produced.total) == (1, 3, 2 + 2 + 1 + 3)
        finish_turn(app, table, "Ann")
        assert "P07" in game(app, table).discard and {"P03", "P05"} <= set(game(app, table).lasting)
        answer(app, table, "Bob", "draw", {"extra": 0})
        answer(app, table, "Bob", "production", {"do": "play-card", "card": "P15"})
        answer(app, table, "Bob", "aim", {"target": "F18"})
        assert game(app, table).films["F18"].wanked == 1
