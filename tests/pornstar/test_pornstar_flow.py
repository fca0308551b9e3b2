"""PornStar's declared flow and what its requests give away: request ids name no Film,
Star, card or other studio (a Film kept in hand stays hidden); a studio that gives up in
its own turn does nothing more in it; the Play cards use only ``referee_pornstar.api``,
and a card of another distribution can too;
names that left ``referee_pornstar.game`` still work there, with a warning."""

from __future__ import annotations

import ast
import json
import types
from pathlib import Path

import msgspec
import pytest
from pornstar_tables import IDS, answer, events, open_stacked, place_all

import referee_pornstar
from referee import MEMORY, Referee, Registry, TableStore
from referee.testing import fixed_key

REGISTRY = Registry()
SEATS = ["Ann", "Bob", "Cy", "Dee"]


def _app() -> Referee:
    return Referee(registry=REGISTRY, store=TableStore(MEMORY))


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_request_ids_name_no_card_and_no_other_studio(bots):
    """Play Cards, Producing a Film, Wheelin' and Dealin': what a request is about (the Film
    cast, the card aimed, the studio dealt with) is not in its id, which the log shows."""
    with _app() as app:
        table = app.open("pornstar", SEATS, seed=f"ids-{bots}", key=fixed_key(f"ids-{bots}"), options={"bots": bots})
        app.bots.play(table, SEATS)
        assert app.over(table)
        answered = [(e.event["seat"], e.event["request"]) for e in app.entries(table) if e.type == "referee.ActionTaken"]
        opened = [(e.event["request"]["seat"], e.event["request"]["id"]) for e in app.entries(table) if e.type == "referee.RequestOpened"]
        assert len(answered) > 100
        for seat, rid in answered + opened:
            words = set(rid.split("."))
            assert not words & set(IDS), f"request {rid} names a card"
            assert not words & (set(SEATS) - {seat}), f"request {rid} of {seat} names another studio"


def test_a_film_kept_in_hand_is_seen_by_its_studio_alone():
    """Producing a Film: a studio that chooses a Film, then casts nobody, keeps it in hand,
    and nobody else learns which Film it was."""
    with _app() as app:
        table = open_stacked(app, ["Ann", "Bob"], [["S04", "S19", "F03", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]])
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        start = len(app.entries(table))
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        assert app.view(table, "Ann")["view"]["chosen"] == {"seat": "Ann", "doing": "make-film", "subject": "F03"}
        assert app.view(table, "Bob")["view"]["chosen"] is None
        answer(app, table, "Ann", "shoot", {"stars": []})
        assert not events(app, table, kind="pornstar.FilmProduced")
        assert [r.action for r in app.requests(table)] == ["production"], "the production menu is offered again"
        seen_by_bob = json.dumps([e.event for e in app.visible_entries(table, "Bob", after=start)])
        assert "F03" not in seen_by_bob
        assert "F03" in json.dumps([e.event for e in app.visible_entries(table, "Ann", after=start)])


def test_a_studio_that_gives_up_in_its_own_turn_does_nothing_more_and_the_next_turn_begins():
    """Cashflow Problems: "give up and accept that you have lost the game": the rest of its
    turn (Maintenance) is not played, its Stars are auctioned, then the next studio plays."""
    with _app() as app:
        table = open_stacked(
            app,
            ["Ann", "Bob", "Cy"],
            [["S02", "S16", "S22", "S25", "F20"], ["S13", "S27", "F08", "F10", "F04"], ["F01", "F02", "F05", "F06", "F07"]],
            top=["F19", "F05", "F14", "F15", "F11", "F12", "F17", "F16", "F18", "F20"],
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
        start = len(app.entries(table))
        answer(app, table, "Ann", "cashflow", {"do": "give-up"})
        while app.requests(table)[0].action == "bid-for-star":
            request = app.requests(table)[0]
            answer(app, table, request.seat, "bid-for-star", {})
        after = [e for e in app.entries(table)[start:] if e.type.startswith("pornstar.") or e.type.startswith("referee.Turn")]
        assert not [e for e in after if e.type == "pornstar.MaintenancePaid"]
        ended = next(i for i, e in enumerate(after) if e.type == "referee.TurnEnded")
        assert after[ended].event["seat"] == "Ann" and after[ended + 1].event == {"seat": "Bob", "turn": 2}
        assert {e.type for e in after[:ended]} >= {"pornstar.StudioConceded", "pornstar.AuctionOpened", "pornstar.StarUnsold"}
        assert (app.view(table, None)["active"], app.requests(table)[0].action) == ("Bob", "draw")


def test_play_cards_import_only_the_public_api():
    """A Play card uses what ``referee_pornstar.api`` offers, so a card of another
    distribution can do all that the game's own cards do."""
    cards = Path(referee_pornstar.__file__).parent / "cards"
    modules = [p for p in cards.glob("*.py") if p.name != "__init__.py"]
    assert len(modules) == 10
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 0 and node.module in ("__future__", "referee", "referee_pornstar.api"), (
                    f"{path.name} imports {'.' * node.level}{node.module}"
                )
            elif isinstance(node, ast.Import):
                assert all(alias.name == "referee" for alias in node.names), f"{path.name} imports {node.names[0].name}"


def test_names_moved_out_of_the_game_module_still_work_with_a_warning():
    import referee_pornstar.game as game
    from referee_pornstar import table, victory

    with pytest.warns(DeprecationWarning, match=r"referee_pornstar\.game\.draw is deprecated: use referee_pornstar\.table\.draw"):
        assert game.draw is table.draw
    with pytest.warns(DeprecationWarning, match="use referee_pornstar.victory.scores"):
        assert game.scores is victory.scores
    with pytest.raises(AttributeError):
        _ = game.advance


def _casting_call() -> types.ModuleType:
    """A Play card of another distribution, written against ``referee_pornstar.api`` alone:
    Casting Call (Special): draw one card, free.  It is dealt by adding it to the card list."""
    from referee import hookimpl
    from referee_pornstar import api

    card = types.ModuleType("casting_call")
    rules = api.PlayRules(target="none", lasts="", text="Draw a card, free.")
    with pytest.warns(DeprecationWarning, match=r"card_hooks is deprecated: use referee_pornstar\.PlayCard"):
        card.referee_extensions, card.pornstar_play_rules = api.card_hooks("casting-call", rules, title="Casting Call", card_type="Special")

    @hookimpl
    def pornstar_tables(tables):
        return msgspec.structs.replace(tables, plays=(*tables.plays, api.Play(id="P99", kind="casting-call")))

    @hookimpl
    def pornstar_play_card(decision, seat, card, kind, target):
        if kind == "casting-call":
            api.draw(decision, seat, 1, rule=api.rule(kind))

    card.pornstar_tables, card.pornstar_play_card = pornstar_tables, pornstar_play_card
    return card


def test_a_play_card_of_another_distribution_plays_through_the_api_alone():
    """Play Cards: a card from elsewhere, declared 0.2's way (``card_hooks``, deprecated), is
    dealt, offered, played and acts like the game's own."""
    ids = [*IDS, "P99"]
    hands = [["P99", "S04", "S19", "F03", "F20"], ["F08", "F10", "F01", "F02", "F04"]]
    dealt = [c for hand in hands for c in hand]
    shuffle = [ids.index(c) for c in [*dealt, *(c for c in ids if c not in dealt)]]
    registry = Registry([_casting_call()])
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("pornstar", ["Ann", "Bob"], script=[shuffle], seed="casting-call")
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        offered = [o.value for o in app.requests(table)[0].answer["card"].options]
        assert offered == ["P99"]
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P99"})
        (played,) = events(app, table, kind="pornstar.PlayCardPlayed")
        assert (played.card, played.title) == ("P99", "Casting Call")
        drawn = [e for e in app.entries(table) if e.type == "pornstar.CardsDrawn" and e.rule == "pornstar card Casting Call"]
        assert [(e.event["seat"], e.event["count"]) for e in drawn] == [("Ann", 1)]
        assert app.audit.verify_table(table).ok


def test_a_play_card_the_game_does_not_list_must_say_its_title():
    from referee_pornstar import api

    rules = api.PlayRules(target="none", lasts="", text="Nothing.")
    with (
        pytest.raises(ValueError, match="'no-such-card' is not one of the game's: give its title and card_type"),
        pytest.warns(DeprecationWarning),
    ):
        api.card_hooks("no-such-card", rules)


@pytest.mark.parametrize(
    "choice",
    [{"do": "make-film", "film": "F03"}, {"do": "play-card", "card": "P17"}, {"do": "offer-deal", "with": "Bob"}],
    ids=["make-film", "play-card", "offer-deal"],
)
def test_what_a_studio_chose_in_production_shows_in_no_header(choice):
    """Your Turn: production: the sealed choice (a Film, a Play card to aim, a deal) and the
    sealed request after it are recorded under one rule whatever was chosen, so the other
    studio reads the same headers (issue 21, L2); the Film, card or deal is made public by
    the rules only when it is produced, played or put to its party."""
    with _app() as app:
        table = open_stacked(app, ["Ann", "Bob"], [["S04", "S19", "F03", "P17", "F20"], ["F08", "F10", "F01", "F02", "F04"]])
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        start = len(app.entries(table))
        answer(app, table, "Ann", "production", choice)
        seen_by_bob = [(e.type, e.rule, e.seat, e.visible_to, e.event) for e in app.visible_entries(table, "Bob", after=start)]
        assert seen_by_bob == [
            ("referee.ActionTaken", "referee action", "Ann", ["Ann"], None),
            ("pornstar.ProductionChosen", "pornstar Your Turn: production", "Ann", ["Ann"], None),
            ("referee.RequestOpened", "pornstar Your Turn: production", "Ann", ["Ann"], None),
        ]
        (follow_up,) = app.requests(table)
        assert follow_up.sealed and follow_up.seat == "Ann"
        assert app.view(table, "Bob")["waiting_for"] == ["Ann"]
