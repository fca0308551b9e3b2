"""The declared flow's optional steps, on a throwaway game: a ``Menu`` offered again until
its seat is done, a reply asked of another seat in the middle of a turn, ``Rounds.settle``
(business settled as soon as it arises, after which the flow resumes where it was) and
``Rounds.opening`` (phases before the first round)."""

from __future__ import annotations

import msgspec
import pytest

from referee import GAMESMASTER, Event, Flag, Game, Menu, Option, Phase, Pick, Referee, Registry, Rounds, Turns, hookimpl


class Made(Event, tag="shop.Made"):
    seat: str


class Replied(Event, tag="shop.Replied"):
    seat: str
    yes: bool


class Fined(Event, tag="shop.Fined"):
    seat: str


class Paid(Event, tag="shop.Paid"):
    seat: str


class Rested(Event, tag="shop.Rested"):
    seat: str


class Shop(msgspec.Struct):
    made: dict[str, int] = {}
    owing: list[str] = []


MOST = 2
"""Things a seat may make in one turn: after that its menu offers nothing."""


def _evolve(state, event):
    game = state.game
    if isinstance(event, Made):
        game.made[event.seat] = game.made.get(event.seat, 0) + 1
    elif isinstance(event, Fined):
        game.owing.append(event.seat)
    elif isinstance(event, Paid):
        game.owing.remove(event.seat)


def _other(d, seat):
    return next(s for s in d.seats if s != seat)


def _offer(d):
    seat = d.flow.seat
    if d.game.made.get(seat, 0) >= MOST:
        return
    doing = tuple(Option(o) for o in ("make", "ask", "fine", "done"))
    d.request(seat, "work", "What next?", answer={"do": Pick(doing)})


def _ready(d):
    for seat in d.seats:
        d.request(seat, "ready", "Ready?", answer={"ready": Flag()})


def _settle(d):
    if d.game.owing:
        d.request(d.game.owing[0], "pay", "Pay your fine", answer={"pay": Flag()})


def _following(d, seat):
    index = d.seats.index(seat) + 1
    return d.seats[index] if index < len(d.seats) else None


def _end_after_a_round(d):
    if d.flow.round >= 1:
        d.end_game([], "one round played")


def _flow(*, opening=(), settle=None):
    return Rounds(
        turns=Turns(
            first=lambda d: d.seats[0],
            following=_following,
            phases=(Phase("draw"), Menu("work", begin=_offer), Phase("rest", begin=lambda d: d.emit(Rested(seat=d.flow.seat)))),
        ),
        ends=_end_after_a_round,
        opening=opening,
        settle=settle,
    )


class ShopRules:
    def __init__(self, flow: Rounds) -> None:
        self.flow = flow

    @hookimpl
    def referee_games(self):
        events = [Made, Replied, Fined, Paid, Rested]
        return [Game(name="shop", title="Shop", events=events, initial_state=lambda o: Shop(), evolve=_evolve, flow=self.flow)]

    @hookimpl
    def referee_decide(self, decision, action):
        if action.seat == GAMESMASTER:
            return None
        match action.action, action.args:
            case "work", {"do": "make"}:
                decision.emit(Made(seat=action.seat))
            case "work", {"do": "ask"}:
                decision.request(_other(decision, action.seat), "reply", "Lend a hand?", answer={"yes": Flag()})
            case "work", {"do": "fine"}:
                decision.emit(Fined(seat=_other(decision, action.seat)))
            case "work", {"do": "done"}:
                decision.end_phase()
            case "reply", _:
                decision.emit(Replied(seat=action.seat, yes=bool(action.args["yes"])))
            case "pay", _:
                decision.emit(Paid(seat=action.seat))
        return True


def _app(flow: Rounds) -> Referee:
    return Referee(":memory:", registry=Registry([ShopRules(flow)], entry_points=False))


def _shown(app, table, since=0):
    shown = []
    for entry in app.entries(table)[since:]:
        body = entry.event or {}
        kind = entry.type.split(".")[1]
        if entry.type in ("referee.RoundBegan", "referee.RoundEnded"):
            shown.append(f"{kind} {body['round']}")
        elif entry.type in ("referee.TurnBegan", "referee.TurnEnded"):
            shown.append(f"{kind} {body['seat']}")
        elif entry.type in ("referee.PhaseBegan", "referee.PhaseEnded"):
            shown.append(f"{kind} {body['phase']}")
        elif entry.type == "referee.RequestOpened":
            shown.append(f"asks {body['request']['seat']} {body['request']['action']}")
        elif entry.type.startswith("shop."):
            shown.append(f"{kind} {body['seat']}")
    return shown


def _act(app, table, seat, action, args):
    return app.act(table, seat, action, args)


def test_a_menu_is_offered_again_after_each_answer_until_its_seat_is_done():
    app = _app(_flow())
    table = app.open("shop", ["ann", "bob"])
    assert _shown(app, table)[-2:] == ["PhaseBegan work", "asks ann work"]
    start = len(app.entries(table))
    _act(app, table, "ann", "work", {"do": "make"})
    assert _shown(app, table, start) == ["Made ann", "asks ann work"], "the menu is offered again, its phase still under way"
    start = len(app.entries(table))
    _act(app, table, "ann", "work", {"do": "done"})
    # The seat closed the menu: the flow goes on with the phase after it, not from the first.
    assert _shown(app, table, start) == [
        "PhaseEnded work",
        "PhaseBegan rest",
        "Rested ann",
        "PhaseEnded rest",
        "TurnEnded ann",
        "TurnBegan bob",
        "PhaseBegan draw",
        "PhaseEnded draw",
        "PhaseBegan work",
        "asks bob work",
    ]


def test_a_menu_that_offers_nothing_ends_by_itself():
    app = _app(_flow())
    table = app.open("shop", ["ann", "bob"])
    _act(app, table, "ann", "work", {"do": "make"})
    start = len(app.entries(table))
    _act(app, table, "ann", "work", {"do": "make"})
    assert _shown(app, table, start)[:4] == ["Made ann", "PhaseEnded work", "PhaseBegan rest", "Rested ann"]


def test_a_reply_from_another_seat_in_the_middle_of_a_turn_resumes_the_turn_where_it_was():
    app = _app(_flow())
    table = app.open("shop", ["ann", "bob"])
    _act(app, table, "ann", "work", {"do": "ask"})
    assert [(r.seat, r.action) for r in app.requests(table)] == [("bob", "reply")]
    assert app.view(table, None)["active"] == "ann" and app.view(table, None)["phase"] == "work"
    start = len(app.entries(table))
    _act(app, table, "bob", "reply", {"yes": True})
    assert _shown(app, table, start) == ["Replied bob", "asks ann work"]


def test_settle_asks_as_soon_as_business_arises_and_the_turn_resumes_where_it_was():
    app = _app(_flow(settle=_settle))
    table = app.open("shop", ["ann", "bob"])
    start = len(app.entries(table))
    _act(app, table, "ann", "work", {"do": "fine"})
    assert _shown(app, table, start) == ["Fined bob", "asks bob pay"]
    start = len(app.entries(table))
    _act(app, table, "bob", "pay", {"pay": True})
    assert _shown(app, table, start) == ["Paid bob", "asks ann work"], "the menu is offered again once the fine is paid"


def test_a_fine_left_when_the_menu_closes_is_settled_before_the_next_phase_begins():
    class FineOnClose(ShopRules):
        @hookimpl
        def referee_decide(self, decision, action):
            if action.action == "work" and action.args == {"do": "done"}:
                decision.end_phase()
                decision.emit(Fined(seat=_other(decision, action.seat)))
                return True
            return super().referee_decide(decision, action)

    app = Referee(":memory:", registry=Registry([FineOnClose(_flow(settle=_settle))], entry_points=False))
    table = app.open("shop", ["ann", "bob"])
    start = len(app.entries(table))
    _act(app, table, "ann", "work", {"do": "done"})
    assert _shown(app, table, start) == ["PhaseEnded work", "Fined bob", "asks bob pay"]
    assert app.view(table, None)["phase"] is None
    start = len(app.entries(table))
    _act(app, table, "bob", "pay", {"pay": True})
    # Not the turn's first phase again: the one after the menu that ended.
    assert _shown(app, table, start)[:3] == ["Paid bob", "PhaseBegan rest", "Rested ann"]


def test_opening_phases_are_played_once_before_the_first_round():
    app = _app(_flow(opening=(Phase("ready", begin=_ready),)))
    table = app.open("shop", ["ann", "bob"])
    assert _shown(app, table) == ["PhaseBegan ready", "asks ann ready", "asks bob ready"]
    assert app.view(table, None)["round"] == 0
    _act(app, table, "ann", "ready", {"ready": True})
    start = len(app.entries(table))
    _act(app, table, "bob", "ready", {"ready": True})
    assert _shown(app, table, start)[:4] == ["PhaseEnded ready", "RoundBegan 1", "TurnBegan ann", "PhaseBegan draw"]


def test_a_game_with_the_optional_steps_plays_to_the_end_and_verifies():
    app = _app(_flow(opening=(Phase("ready", begin=_ready),), settle=_settle))
    table = app.open("shop", ["ann", "bob"], seed="menus")
    app.bots.play(table, ["ann", "bob"])
    assert app.over(table)
    assert app.audit.verify_table(table).ok


@pytest.mark.parametrize("extra", [{"end": lambda d: None}, {"turns": Turns(first=lambda d: None, following=lambda d, s: None)}])
def test_a_menu_takes_neither_an_end_nor_turns(extra):
    with pytest.raises(TypeError, match="menu 'work' ends when its seat is done"):
        Menu("work", begin=_offer, **extra)
