"""Resolving a turn of Pigsty to Palace: rules 3-8, 11 and 12, and the rulings in RULES.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import msgspec
import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import IllegalAction
from referee.events import Event, decode_event, encode_event
from referee_pigsty.events import (
    EVENT_TYPES,
    BanditJoined,
    BecameDishonest,
    BecameHonest,
    FarmerEliminated,
    GuardsHired,
    LostPigsCounted,
    OrdersWritten,
    PalaceBought,
    PigsBred,
    PigsReturned,
    PigsTaken,
    PigTraded,
    PorkAllotted,
    PorkIndustryDestroyed,
    PunishmentImposed,
    TheftAttempted,
    TradeCancelled,
    TurnResolved,
    YeomanJoined,
    YeomenFunded,
)
from referee_pigsty.orders import KINDS, Order, OrderError, parse_orders, pay_orders
from referee_pigsty.resolution import (
    RULEBOOK,
    Board,
    FarmerState,
    Params,
    allot_pork,
    copy_board,
    evolve,
    new_board,
    resolve_turn,
)

E = TypeVar("E", bound=Event)


# -- helpers -----------------------------------------------------------------------------


def table(pigs: Mapping[str, int], **board: Any) -> Board:
    """A board with these farmers (in seat order) and Pigs, plus any board fields."""
    start = new_board(list(pigs))
    for name, count in pigs.items():
        start.farmers[name].pigs = count
    for key, value in board.items():
        setattr(start, key, value)
    return start


def orders_for(board: Board, written: Mapping[str, str]) -> dict[str, tuple[Order, ...]]:
    playing = [name for name, farmer in board.farmers.items() if not farmer.eliminated]
    return {name: parse_orders(text, farmer=name, farmers=playing)[0] for name, text in written.items()}


def play(board: Board, written: Mapping[str, str] | None = None, **params: int) -> list[tuple[Event, str]]:
    """Resolve one turn from written orders (already within everyone's Pork)."""
    return resolve_turn(board, orders_for(board, written or {}), params=Params(**params))


def events_of(results: Sequence[tuple[Event, str]], kind: type[E]) -> list[E]:
    return [event for event, _ in results if isinstance(event, kind)]


def rules_of(results: Sequence[tuple[Event, str]], kind: type[Event]) -> list[str]:
    return [rule for event, rule in results if isinstance(event, kind)]


def fold(board: Board, results: Sequence[tuple[Event, str]]) -> Board:
    after = copy_board(board)
    for event, _ in results:
        evolve(after, event)
    return after


def pigs_after(board: Board, results: Sequence[tuple[Event, str]]) -> dict[str, int]:
    return {name: farmer.pigs for name, farmer in fold(board, results).farmers.items()}


def taken(results: Sequence[tuple[Event, str]], thief: str, victim: str) -> PigsTaken:
    (event,) = [e for e in events_of(results, PigsTaken) if e.thief == thief and e.victim == victim]
    return event


# -- 3: beginning the game ---------------------------------------------------------------


def test_3_beginning_the_game() -> None:
    """3: 10 Pigs each, one Yeoman, Fund at zero, one Bandit, no lost Pigs, all Dishonest."""
    board = new_board(["Alice", "Bill", "Ted"])
    assert list(board.farmers) == ["Alice", "Bill", "Ted"]
    assert all(f == FarmerState(name=f.name) for f in board.farmers.values())
    assert all(f.pigs == 10 and not f.honest and f.reputation == 0 for f in board.farmers.values())
    assert (board.yeomen, board.fund, board.bandits, board.lost_total, board.turn) == (1, 0, 1, 0, 0)
    assert (board.over, board.winners) == (False, [])
    assert new_board(["A", "B", "C"], starting_pigs=20).farmers["A"].pigs == 20


@pytest.mark.parametrize(
    ("names", "rule"),
    [
        (["Alice", "Bill"], "3"),
        (["Alice", "Bill", "alice"], "10.1"),
        (["Alice", "Bill", "Bandits"], "11.3"),
        (["Alice", "Bill", "Ted;Bob"], "10.1"),
        (["Alice", "Bill", "----"], "10.1"),
        (["Alice", "Bill", "42"], "10.1"),
        (["Alice", "Bill", " Ted"], "3"),
        (["Alice", "Bill", ""], "3"),
    ],
)
def test_3_unusable_tables(names: list[str], rule: str) -> None:
    """3: at least three Pig Farmers, with names orders can tell apart (10.1) and not the Bandits (11.3)."""
    with pytest.raises(IllegalAction) as caught:
        new_board(names)
    assert caught.value.rule == rule


# -- 4: Pork -----------------------------------------------------------------------------


def test_4_one_pork_per_pig() -> None:
    """4: "Pig Farmers get one Pork for each Pig they have"."""
    board = table({"Alice": 10, "Bill": 7, "Ted": 1})
    assert allot_pork(board) == [
        (PorkAllotted(farmer="Alice", pigs=10, punishment=0, pork=10), "4"),
        (PorkAllotted(farmer="Bill", pigs=7, punishment=0, pork=7), "4"),
        (PorkAllotted(farmer="Ted", pigs=1, punishment=0, pork=1), "4"),
    ]


def test_4_less_punishment_never_below_zero_and_folding_clears_it() -> None:
    """4 / 4.1: "less any that they lost due to Punishment last turn"; never negative."""
    board = table({"Alice": 10, "Bill": 3, "Ted": 10})
    board.farmers["Alice"].punishment_due = 4
    board.farmers["Bill"].punishment_due = 5
    allotted = allot_pork(board)
    assert allotted[:2] == [
        (PorkAllotted(farmer="Alice", pigs=10, punishment=4, pork=6), "4.1"),
        (PorkAllotted(farmer="Bill", pigs=3, punishment=5, pork=0), "4.1"),
    ]
    after = fold(board, allotted)
    assert all(farmer.punishment_due == 0 for farmer in after.farmers.values())


def test_7_no_pork_for_farmers_out_of_the_game() -> None:
    """7: a farmer out of the game gets no allowance."""
    board = table({"Alice": 10, "Bill": 0, "Ted": 10, "Zed": 10})
    board.farmers["Bill"].eliminated = True
    assert [event.farmer for event, _ in allot_pork(board)] == ["Alice", "Ted", "Zed"]


def test_5_unspent_pork_is_wasted() -> None:
    """5: nothing written, nothing happens beyond the Bandits' attempts and the turn's end."""
    board = table({"Alice": 10, "Bill": 10, "Ted": 10})
    results = play(board)
    assert {type(event) for event, _ in results} == {TheftAttempted, TurnResolved}
    assert pigs_after(board, results) == {"Alice": 10, "Bill": 10, "Ted": 10}


# -- 4.1: Punishment ---------------------------------------------------------------------


def test_4_1_example_three_thieves_each_lose_two_pork() -> None:
    """4.1: "if you spend 2 Pork this way and three people Steal from you, they all lose 2 Pork next turn"."""
    board = table({"Victor": 10, "Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Victor": "P 2", "Ann": "S 6 Victor", "Bob": "S 4 Victor", "Cid": "S 2 Victor"})
    assert events_of(results, PunishmentImposed) == [
        PunishmentImposed(thief=thief, victim="Victor", pork=2, by_victim=2, by_yeomen=0) for thief in ("Ann", "Bob", "Cid")
    ]
    assert set(rules_of(results, PunishmentImposed)) == {"4.1"}
    after = fold(board, results)
    allotted = {event.farmer: event for event, _ in allot_pork(after)}
    for thief in ("Ann", "Bob", "Cid"):
        assert allotted[thief].punishment == 2
        assert allotted[thief].pork == after.farmers[thief].pigs - 2
    assert allotted["Victor"].pork == after.farmers["Victor"].pigs


def test_4_1_you_still_lose_your_stolen_pigs() -> None:
    """4.1: "You still lose your stolen Pigs"."""
    board = table({"Victor": 10, "Ann": 10, "Bob": 10})
    results = play(board, {"Victor": "P 10", "Ann": "S 10 Victor"})
    assert taken(results, "Ann", "Victor").taken == 5
    assert pigs_after(board, results)["Victor"] == 5


def test_4_1_punished_even_when_no_pigs_were_taken() -> None:
    """4.1 ruling: Stealing is the order, so Guards keeping every Thief out do not spare the thief."""
    board = table({"Victor": 10, "Ann": 10, "Bob": 10})
    results = play(board, {"Victor": "P 3; G 7", "Ann": "S 5 Victor"})
    assert taken_none(results)
    assert events_of(results, PunishmentImposed) == [PunishmentImposed(thief="Ann", victim="Victor", pork=3, by_victim=3, by_yeomen=0)]


def taken_none(results: Sequence[tuple[Event, str]]) -> bool:
    return not events_of(results, PigsTaken)


def test_4_1_punishments_from_several_victims_add_up() -> None:
    """4.1: each victim's Punishment applies, so a thief of two punishers loses both."""
    board = table({"Ann": 10, "Bob": 10, "Thief": 20})
    results = play(board, {"Ann": "P 2", "Bob": "P 3", "Thief": "S 4 Ann; S 4 Bob"})
    after = fold(board, results)
    assert after.farmers["Thief"].punishment_due == 5
    assert next(e for e, _ in allot_pork(after) if e.farmer == "Thief").pork == after.farmers["Thief"].pigs - 5


def test_4_1_punishment_touches_only_those_who_steal_from_you() -> None:
    """4.1: Punishment is against "people who Steal from you"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "P 5", "Bob": "S 4 Cid"})
    assert events_of(results, PunishmentImposed) == []


# -- 4.2 / 10.3: Investment --------------------------------------------------------------


@pytest.mark.parametrize(("pork", "pigs"), [(5, 1), (9, 1), (10, 2), (4, 0), (1, 0)])
def test_4_2_every_5_pork_breeds_one_pig(pork: int, pigs: int) -> None:
    """4.2: "Every 5 Pork ... earns you one new one"; 10.3: the rest is wasted."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": f"I {pork}"})
    assert events_of(results, PigsBred) == [PigsBred(farmer="Ann", pork=pork, pigs=pigs)]
    assert rules_of(results, PigsBred) == ["4.2"]
    assert pigs_after(board, results)["Ann"] == 10 + pigs


def test_4_2_pork_per_pig_is_a_house_rule_knob() -> None:
    """4.2 with a house rule of 3 Pork per Pig."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    assert events_of(play(board, {"Ann": "I 9"}, pork_per_pig=3), PigsBred)[0].pigs == 3


# -- 4.3: Guards -------------------------------------------------------------------------


def test_4_3_guards_are_hired_for_this_turn_only() -> None:
    """4.3: "One Pork hires one Guard to protect you from Stealing this turn"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "G 3; G 1"})
    assert events_of(results, GuardsHired) == [GuardsHired(farmer="Ann", guards=4)]
    after = fold(board, results)
    results = play(after, {"Bob": "S 8 Ann"})
    assert events_of(results, TheftAttempted)[0].stopped_by_guards == 0


# -- 4.4: Stealing -----------------------------------------------------------------------


def test_4_4_example_bill_steals_from_ted_with_one_guard() -> None:
    """4.4 example: 8 Thieves, 1 Guard: 7 left take 3 Pigs, lost-stolen-lost; Bill gets 1."""
    board = table({"Bill": 10, "Ted": 10, "Alice": 10})
    results = play(board, {"Bill": "S 8 Ted", "Ted": "G 1"})
    assert events_of(results, TheftAttempted)[0] == TheftAttempted(
        thief="Bill", victim="Ted", thieves=8, stopped_by_guards=1, stopped_by_yeomen=0, pigs_wanted=3
    )
    assert taken(results, "Bill", "Ted") == PigsTaken(thief="Bill", victim="Ted", taken=3, lost=2, stolen=1, short=0)
    assert pigs_after(board, results) == {"Bill": 11, "Ted": 7, "Alice": 10}


def test_4_4_example_without_the_guard() -> None:
    """4.4 example: "Without the Guard, 4 Pigs would have been taken, and Bill would get two"."""
    board = table({"Bill": 10, "Ted": 10, "Alice": 10})
    results = play(board, {"Bill": "S 8 Ted"})
    assert taken(results, "Bill", "Ted") == PigsTaken(thief="Bill", victim="Ted", taken=4, lost=2, stolen=2, short=0)
    assert pigs_after(board, results) == {"Bill": 12, "Ted": 6, "Alice": 10}


def test_4_4_example_one_bandit_takes_nothing() -> None:
    """4.4 example / 11.3: the lone Bandit is one Thief, and one Thief takes no Pig (4.4.4)."""
    board = table({"Bill": 10, "Ted": 10, "Alice": 10})
    results = play(board, {"Bill": "S 8 Ted", "Ted": "G 1"})
    bandits = [e for e in events_of(results, TheftAttempted) if e.thief == "Bandits"]
    assert [(e.victim, e.thieves, e.stopped_by_guards, e.pigs_wanted) for e in bandits] == [
        ("Bill", 1, 0, 0),
        ("Ted", 1, 1, 0),
        ("Alice", 1, 0, 0),
    ]
    assert all(e.thief == "Bill" for e in events_of(results, PigsTaken))


def test_4_4_example_if_ted_were_honest() -> None:
    """4.4.3 / 4.4.6: an Honest Ted's Yeoman stops one more Thief and returns one lost Pig."""
    board = table({"Bill": 10, "Ted": 10, "Alice": 10})
    board.farmers["Ted"].honest = True
    results = play(board, {"Bill": "S 8 Ted", "Ted": "G 1"})
    attempt = events_of(results, TheftAttempted)[0]
    assert (attempt.stopped_by_guards, attempt.stopped_by_yeomen, attempt.pigs_wanted) == (1, 1, 3)
    assert taken(results, "Bill", "Ted") == PigsTaken(thief="Bill", victim="Ted", taken=3, lost=2, stolen=1, short=0)
    assert events_of(results, PigsReturned) == [PigsReturned(farmer="Ted", thief="Bill", pigs=1, yeomen=1)]
    assert pigs_after(board, results) == {"Bill": 11, "Ted": 8, "Alice": 10}


def test_4_4_2_each_stealer_faces_all_the_guards() -> None:
    """4.4.2 ruling: "Every Guard your victim has stops one of your Thieves", for every stealer."""
    board = table({"Ann": 10, "Bob": 10, "Ted": 10})
    results = play(board, {"Ann": "S 6 Ted", "Bob": "S 6 Ted", "Ted": "G 2"})
    attempts = [e for e in events_of(results, TheftAttempted) if e.thief != "Bandits"]
    assert [(e.thief, e.stopped_by_guards, e.pigs_wanted) for e in attempts] == [("Ann", 2, 2), ("Bob", 2, 2)]


def test_4_4_several_lines_against_one_victim_are_one_gang() -> None:
    """4.4 ruling: two Stealing lines against the same farmer hire one gang, facing the Guards once."""
    board = table({"Ann": 10, "Ted": 10, "Cid": 10})
    results = play(board, {"Ann": "S 3 Ted; S 3 Ted", "Ted": "G 2"})
    (attempt,) = [e for e in events_of(results, TheftAttempted) if e.thief == "Ann"]
    assert (attempt.thieves, attempt.stopped_by_guards, attempt.pigs_wanted) == (6, 2, 2)


def test_4_4_4_an_odd_thief_has_no_effect() -> None:
    """4.4.4: "Every two Thieves left over take one Pig"."""
    board = table({"Ann": 10, "Ted": 10, "Cid": 10})
    results = play(board, {"Ann": "S 7 Ted"})
    assert taken(results, "Ann", "Ted").taken == 3


def test_10_3_a_single_thief_is_wasted_but_still_an_attempt() -> None:
    """10.3 / 4.4.4: one Thief takes nothing; the attempt is still reported."""
    board = table({"Ann": 10, "Ted": 10, "Cid": 10})
    results = play(board, {"Ann": "S 1 Ted"})
    assert TheftAttempted(thief="Ann", victim="Ted", thieves=1, stopped_by_guards=0, stopped_by_yeomen=0, pigs_wanted=0) in events_of(
        results, TheftAttempted
    )
    assert events_of(results, PigsTaken) == []
    assert rules_of(results, TheftAttempted)[0] == "4.4.4"


def test_zero_pork_orders_do_nothing() -> None:
    """5 / 10.3 ruling: an order for 0 Pork is no Stealing, Trade or anything else."""
    board = table({"Ann": 10, "Ted": 10, "Cid": 10})
    results = play(board, {"Ann": "S 0 Ted; G 0; T 0 Ted; I 0; Y 0", "Ted": "P 4; T 5 Ann"})
    assert [e.thief for e in events_of(results, TheftAttempted)] == ["Bandits"] * 3
    assert events_of(results, PunishmentImposed) == []
    assert events_of(results, PigTraded) == [PigTraded(trader="Ted", receiver="Ann", pork=5)]
    assert [e.farmer for e in events_of(results, PigsBred)] == ["Ted"]


@pytest.mark.parametrize(("taken_pigs", "lost", "stolen"), [(1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2)])
def test_4_4_5_first_pig_lost_next_stolen(taken_pigs: int, lost: int, stolen: int) -> None:
    """4.4.5: "you must take at least two Pigs to get one"."""
    board = table({"Ann": 20, "Ted": 20, "Cid": 20})
    results = play(board, {"Ann": f"S {2 * taken_pigs} Ted"})
    assert taken(results, "Ann", "Ted") == PigsTaken(thief="Ann", victim="Ted", taken=taken_pigs, lost=lost, stolen=stolen, short=0)
    assert rules_of(results, PigsTaken) == ["4.4.5"]


def test_4_4_7_overkill_most_thieves_first() -> None:
    """4.4.7: "whoever hired most Thieves gets their Pigs first, and whoever spent least goes short"."""
    board = table({"Ann": 20, "Bob": 20, "Ted": 5})
    results = play(board, {"Bob": "S 6 Ted", "Ann": "S 8 Ted"})
    assert [e for e in events_of(results, PigsTaken)] == [
        PigsTaken(thief="Ann", victim="Ted", taken=4, lost=2, stolen=2, short=0),
        PigsTaken(thief="Bob", victim="Ted", taken=1, lost=1, stolen=0, short=2),
    ]
    assert rules_of(results, PigsTaken) == ["4.4.5", "4.4.7"]
    assert pigs_after(board, results) == {"Ann": 22, "Bob": 20, "Ted": 0}


def test_4_4_7_a_thief_who_gets_nothing_is_reported_short() -> None:
    """4.4.7: the thief who spent least may get nothing at all."""
    board = table({"Ann": 20, "Bob": 20, "Ted": 2})
    results = play(board, {"Ann": "S 8 Ted", "Bob": "S 4 Ted"})
    assert taken(results, "Bob", "Ted") == PigsTaken(thief="Bob", victim="Ted", taken=0, lost=0, stolen=0, short=2)


def test_4_4_7_ordered_by_pork_spent_not_thieves_left() -> None:
    """4.4.7: "whoever hired most Thieves": the count hired, before Guards and Yeomen."""
    board = table({"Ann": 20, "Bob": 20, "Ted": 3})
    results = play(board, {"Bob": "S 9 Ted", "Ann": "S 10 Ted", "Ted": "G 1"})
    assert [(e.thief, e.taken) for e in events_of(results, PigsTaken)] == [("Ann", 3), ("Bob", 0)]


def test_4_4_7_ties_go_to_the_earlier_seat() -> None:
    """4.4.7 ruling: ties are "arbitrary and transparently unfair": seat order."""
    board = table({"Zed": 20, "Ann": 20, "Ted": 3})
    results = play(board, {"Ann": "S 6 Ted", "Zed": "S 6 Ted"})
    assert [(e.thief, e.taken) for e in events_of(results, PigsTaken)] == [("Zed", 3), ("Ann", 0)]


def test_4_4_7_ties_with_the_bandits_go_to_the_farmer() -> None:
    """4.4.7 ruling: in a tie, farmers take before the Bandits."""
    board = table({"Ann": 20, "Bob": 20, "Ted": 2}, bandits=4, lost_total=30)
    results = play(board, {"Ann": "S 4 Ted"})
    assert [(e.thief, e.taken, e.short) for e in events_of(results, PigsTaken) if e.victim == "Ted"] == [
        ("Ann", 2, 0),
        ("Bandits", 0, 2),
    ]


def test_4_4_7_more_bandits_than_thieves_go_first() -> None:
    """4.4.7 / 11.3: the Bandits are ordered by their numbers like any thief."""
    board = table({"Ann": 20, "Bob": 20, "Ted": 2}, bandits=6, lost_total=50)
    results = play(board, {"Ann": "S 4 Ted"})
    assert [(e.thief, e.taken) for e in events_of(results, PigsTaken) if e.victim == "Ted"] == [
        ("Bandits", 2),
        ("Ann", 0),
    ]


def test_4_4_5_stolen_pigs_cannot_be_taken_again_this_turn() -> None:
    """4.4.5 / 4.4.7 ruling: stolen Pigs reach the thief after all the taking."""
    board = table({"Ann": 4, "Bob": 10, "Cid": 20})
    results = play(board, {"Ann": "S 4 Bob", "Cid": "S 20 Ann"})
    assert taken(results, "Ann", "Bob") == PigsTaken(thief="Ann", victim="Bob", taken=2, lost=1, stolen=1, short=0)
    assert taken(results, "Cid", "Ann") == PigsTaken(thief="Cid", victim="Ann", taken=4, lost=2, stolen=2, short=6)
    assert pigs_after(board, results) == {"Ann": 1, "Bob": 8, "Cid": 22}
    assert events_of(results, FarmerEliminated) == []


def test_4_5_5_bred_pigs_are_there_to_be_taken() -> None:
    """4.5.5 ruling: breeding comes before the taking ("extra Pigs to lose")."""
    board = table({"Ann": 10, "Bob": 30, "Cid": 10})
    results = play(board, {"Ann": "I 10", "Cid": "T 5 Ann", "Bob": "S 30 Ann"})
    assert taken(results, "Bob", "Ann") == PigsTaken(thief="Bob", victim="Ann", taken=13, lost=7, stolen=6, short=2)
    assert pigs_after(board, results)["Ann"] == 0


# -- 4.5: Trading ------------------------------------------------------------------------


def test_4_5_trade_breeds_for_the_trader_and_gives_a_pig() -> None:
    """4.5: "You still earn Pigs from it as if you had Invested it, but he also gets a Pig"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 5 Bob"})
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Bob", pork=5)]
    assert events_of(results, PigsBred) == [PigsBred(farmer="Ann", pork=5, pigs=1)]
    assert pigs_after(board, results) == {"Ann": 11, "Bob": 11, "Cid": 10}


def test_4_5_4_one_pig_per_giver_however_much_he_trades() -> None:
    """4.5.4: "only one Pig from any one Pig Farmer this way in one turn"."""
    board = table({"Ann": 20, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 15 Bob"})
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Bob", pork=15)]
    assert pigs_after(board, results) == {"Ann": 23, "Bob": 11, "Cid": 10}


def test_4_5_4_one_pig_from_each_of_several_givers() -> None:
    """4.5.4: "you can receive 5 Pork in Trade from several Pig Farmers and get one Pig for each"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 5 Cid", "Bob": "T 5 Cid"})
    assert pigs_after(board, results) == {"Ann": 11, "Bob": 11, "Cid": 12}


def test_4_5_1_trade_with_several_farmers() -> None:
    """4.5.1: "You can Trade with as many players as you like"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 5 Bob; T 5 Cid"})
    assert pigs_after(board, results) == {"Ann": 12, "Bob": 11, "Cid": 11}


def test_4_5_4_trade_lines_to_one_receiver_add_up() -> None:
    """4.5.4 ruling: 3 + 3 Pork to the same farmer is a Trade of 6."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 3 Bob; I 1; T 3 Bob"})
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Bob", pork=6)]
    assert events_of(results, PigsBred) == [PigsBred(farmer="Ann", pork=7, pigs=1)]


def test_10_3_trade_under_five_gives_nothing_but_still_breeds() -> None:
    """10.3 / 4.5 ruling: Investment and Trade Pork are pooled for breeding."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 4 Bob; I 1"})
    assert events_of(results, PigTraded) == []
    assert events_of(results, PigsBred) == [PigsBred(farmer="Ann", pork=5, pigs=1)]
    assert pigs_after(board, results) == {"Ann": 11, "Bob": 10, "Cid": 10}


def test_4_5_6_dishonest_farmers_trade() -> None:
    """4.5.6: "You can Trade even if you are Dishonest"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].reputation = 3
    assert events_of(play(board, {"Ann": "T 5 Bob"}), PigTraded)


def test_4_5_5_a_robbed_trader_loses_all_his_trades() -> None:
    """4.5.5: "Anyone who has Pigs taken ... has any Trade he was doing that turn cancelled"."""
    board = table({"Ann": 20, "Bob": 10, "Cid": 10, "Dan": 10})
    results = play(board, {"Ann": "T 5 Bob; T 5 Cid; I 5", "Dan": "S 4 Ann"})
    assert events_of(results, TradeCancelled) == [
        TradeCancelled(trader="Ann", receiver="Bob", pork=5, reason="trader-robbed"),
        TradeCancelled(trader="Ann", receiver="Cid", pork=5, reason="trader-robbed"),
    ]
    assert rules_of(results, TradeCancelled) == ["4.5.5", "4.5.5"]
    assert events_of(results, PigTraded) == []
    assert events_of(results, PigsBred) == [PigsBred(farmer="Ann", pork=15, pigs=3)]
    assert pigs_after(board, results) == {"Ann": 21, "Bob": 10, "Cid": 10, "Dan": 11}


def test_4_5_5_robbed_by_the_bandits_cancels_trade() -> None:
    """4.5.5 / 11.3: the Bandits' Stealing takes Pigs like anyone's."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, bandits=2, lost_total=10)
    results = play(board, {"Ann": "T 5 Bob", "Bob": "G 2", "Cid": "G 2"})
    assert events_of(results, TradeCancelled) == [TradeCancelled(trader="Ann", receiver="Bob", pork=5, reason="trader-robbed")]


def test_4_5_5_trade_goes_ahead_if_the_thieves_are_kept_out() -> None:
    """4.5.5: "if Guards and Yeomen keep all the Thieves out, Trade goes ahead as normal"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10, "Dan": 10})
    board.farmers["Ann"].honest = True
    results = play(board, {"Ann": "T 5 Bob; G 2", "Dan": "S 4 Ann"})
    attempt = next(e for e in events_of(results, TheftAttempted) if e.thief == "Dan")
    assert (attempt.stopped_by_guards, attempt.stopped_by_yeomen, attempt.pigs_wanted) == (2, 1, 0)
    assert events_of(results, TradeCancelled) == []
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Bob", pork=5)]


def test_4_5_5_stealing_from_your_trader_voids_his_trade_to_you() -> None:
    """4.5.5: "if you Steal from someone who is Trading to you, you get nothing ... even no Pigs were taken"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Bob"].honest = True
    results = play(board, {"Ann": "T 5 Bob; T 5 Cid; G 9", "Bob": "S 1 Ann"})
    assert events_of(results, PigsTaken) == []
    assert events_of(results, TradeCancelled) == [TradeCancelled(trader="Ann", receiver="Bob", pork=5, reason="receiver-stole")]
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Cid", pork=5)]
    assert events_of(results, BecameDishonest) == []
    assert pigs_after(board, results) == {"Ann": 12, "Bob": 10, "Cid": 11}


def test_4_5_5_a_robbed_receiver_still_gets_the_trade() -> None:
    """4.5.5: "Anyone who is Stolen from while receiving Trade gets the Trade benefit normally"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "T 5 Bob", "Cid": "S 4 Bob"})
    assert events_of(results, PigTraded) == [PigTraded(trader="Ann", receiver="Bob", pork=5)]
    assert pigs_after(board, results) == {"Ann": 11, "Bob": 9, "Cid": 11}


# -- 4.6: Yeomen -------------------------------------------------------------------------


def test_4_6_the_fund_buys_a_yeoman_at_ten_and_restarts() -> None:
    """4.6: "As soon as the Yeoman Fund reaches 10, one more Yeoman enters play and the fund total is reset"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, fund=7)
    results = play(board, {"Ann": "Y 2", "Bob": "Y 4"})
    assert events_of(results, YeomenFunded) == [
        YeomenFunded(farmer="Ann", pork=2, fund=9),
        YeomenFunded(farmer="Bob", pork=4, fund=13),
    ]
    assert events_of(results, YeomanJoined) == [YeomanJoined(joined=1, yeomen=2, fund=3)]
    after = fold(board, results)
    assert (after.yeomen, after.fund) == (2, 3)


def test_4_6_a_big_payment_buys_several_yeomen() -> None:
    """4.6 ruling: 23 Pork buys 2 Yeomen at once and leaves 3 in the Fund."""
    board = table({"Ann": 30, "Bob": 10, "Cid": 10})
    results = play(board, {"Ann": "Y 23"})
    assert events_of(results, YeomanJoined) == [YeomanJoined(joined=2, yeomen=3, fund=3)]
    after = fold(board, results)
    assert (after.yeomen, after.fund) == (3, 3)


def test_4_6_a_new_yeoman_enters_play_as_soon_as_the_fund_reaches_10() -> None:
    """4.6 "As soon as the Yeoman Fund reaches 10, one more Yeoman enters play": read like
    4.6.4.1's "as soon as" (Honesty), when the orders are carried out, so the Yeoman Ann
    completes stops Bob's Thieves and returns her Pigs this very turn."""
    board = table({"Ann": 20, "Bob": 20, "Cid": 10})
    results = play(board, {"Ann": "Y 10", "Bob": "S 6 Ann"})
    kinds = [type(event).__name__ for event, _ in results]
    assert kinds.index("YeomanJoined") < kinds.index("TheftAttempted")
    attempt = next(e for e in events_of(results, TheftAttempted) if e.thief == "Bob")
    assert (attempt.stopped_by_yeomen, attempt.pigs_wanted) == (2, 2)
    assert events_of(results, PigsReturned)[0].yeomen == 2
    # Two Yeomen are a level of Punishment (4.6.3) for stealing from Honest Ann.
    assert events_of(results, PunishmentImposed)[0].by_yeomen == 1
    assert fold(board, results).yeomen == 2


def test_4_6_1_yeomen_guard_only_the_honest() -> None:
    """4.6.1: "Every Yeoman counts as a free Guard for every Honest Pig Farmer"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 20}, yeomen=3)
    board.farmers["Ann"].honest = True
    results = play(board, {"Cid": "S 8 Ann; S 8 Bob"})
    attempts = {e.victim: e for e in events_of(results, TheftAttempted) if e.thief == "Cid"}
    assert (attempts["Ann"].stopped_by_yeomen, attempts["Ann"].pigs_wanted) == (3, 2)
    assert (attempts["Bob"].stopped_by_yeomen, attempts["Bob"].pigs_wanted) == (0, 4)


def test_4_6_2_yeomen_return_lost_pigs_to_the_honest() -> None:
    """4.6.2: "Every Yeoman returns one lost Pig to its rightful Honest owner after a theft"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 30}, yeomen=2)
    board.farmers["Ann"].honest = True
    results = play(board, {"Cid": "S 16 Ann; S 16 Bob"})
    assert taken(results, "Cid", "Ann") == PigsTaken(thief="Cid", victim="Ann", taken=7, lost=4, stolen=3, short=0)
    assert events_of(results, PigsReturned) == [PigsReturned(farmer="Ann", thief="Cid", pigs=2, yeomen=2)]
    assert rules_of(results, PigsReturned) == ["4.6.2"]
    assert pigs_after(board, results) == {"Ann": 5, "Bob": 2, "Cid": 30 + 3 + 4}


def test_4_6_2_no_more_returned_than_were_lost() -> None:
    """4.6.2: the Yeomen return lost Pigs, so at most the Pigs lost in that theft."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 30}, yeomen=5)
    board.farmers["Ann"].honest = True
    results = play(board, {"Cid": "S 9 Ann"})
    assert taken(results, "Cid", "Ann").lost == 1
    assert events_of(results, PigsReturned) == [PigsReturned(farmer="Ann", thief="Cid", pigs=1, yeomen=5)]


def test_4_6_2_each_theft_gets_its_own_return() -> None:
    """4.6.2 ruling: "after a theft": the Yeomen return Pigs after each thief's theft."""
    board = table({"Ann": 20, "Bob": 20, "Cid": 20})
    board.farmers["Ann"].honest = True
    results = play(board, {"Bob": "S 5 Ann", "Cid": "S 5 Ann"})
    assert [(e.thief, e.pigs) for e in events_of(results, PigsReturned)] == [("Bob", 1), ("Cid", 1)]


def test_4_6_2_yeomen_return_pigs_taken_by_bandits() -> None:
    """4.6.2 / 11.4 ruling: Pigs the Bandits take are lost Pigs like any others."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, bandits=5, lost_total=40)
    board.farmers["Ann"].honest = True
    results = play(board)
    assert taken(results, "Bandits", "Ann") == PigsTaken(thief="Bandits", victim="Ann", taken=2, lost=2, stolen=0, short=0)
    assert events_of(results, PigsReturned) == [PigsReturned(farmer="Ann", thief="Bandits", pigs=1, yeomen=1)]


@pytest.mark.parametrize(("yeomen", "level"), [(1, 0), (2, 1), (3, 1), (4, 2), (7, 3)])
def test_4_6_3_two_yeomen_punish_for_the_honest(yeomen: int, level: int) -> None:
    """4.6.3: "Every two Yeomen counts as one level of Punishment against thieves who steal from Honest Pig Farmers"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, yeomen=yeomen)
    board.farmers["Ann"].honest = True
    results = play(board, {"Cid": "S 2 Ann; S 2 Bob", "Ann": "P 1"})
    assert events_of(results, PunishmentImposed) == [
        PunishmentImposed(thief="Cid", victim="Ann", pork=1 + level, by_victim=1, by_yeomen=level)
    ]


def test_4_6_4_3_with_two_yeomen_stealing_from_the_honest_turns_you_dishonest() -> None:
    """4.6.4.3: "Once there are two Yeomen in play, Punishment is automatic"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, yeomen=2)
    board.farmers["Ann"].honest = True
    board.farmers["Cid"].honest = True
    results = play(board, {"Cid": "S 1 Ann"})
    assert events_of(results, PunishmentImposed) == [PunishmentImposed(thief="Cid", victim="Ann", pork=1, by_victim=0, by_yeomen=1)]
    assert rules_of(results, PunishmentImposed) == ["4.6.3"]
    assert events_of(results, BecameDishonest) == [BecameDishonest(farmer="Cid", reputation=1)]


def test_4_6_4_1_everyone_starts_dishonest_and_yeomen_make_you_honest_at_once() -> None:
    """4.6.4.1: "You become Honest as soon as you spend Pork on Yeomen", in time for this turn's thefts."""
    board = new_board(["Ann", "Bob", "Cid"])
    results = play(board, {"Ann": "Y 1", "Bob": "S 3 Ann"})
    assert events_of(results, BecameHonest) == [BecameHonest(farmer="Ann", yeomen_pork=1, reputation=0)]
    assert rules_of(results, BecameHonest) == ["4.6.4.1"]
    assert next(e for e in events_of(results, TheftAttempted) if e.thief == "Bob").pigs_wanted == 1
    assert fold(board, results).farmers["Ann"].honest


def test_4_6_4_1_an_honest_farmer_stays_honest_without_paying() -> None:
    """4.6.4.1: Honesty lasts until you become Dishonest; it needs no upkeep."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].honest = True
    results = play(board, {"Ann": "Y 1"})
    assert events_of(results, BecameHonest) == []
    assert fold(board, play(board)).farmers["Ann"].honest


def test_4_6_4_2_punished_thief_becomes_dishonest_at_the_end_of_the_turn() -> None:
    """4.6.4.2: "You become Dishonest at the end of the turn if you Steal and are Punished for it"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, yeomen=2)
    board.farmers["Ann"].honest = True
    board.farmers["Bob"].honest = True
    results = play(board, {"Ann": "S 4 Bob", "Bob": "S 4 Ann"})
    assert events_of(results, BecameDishonest) == [
        BecameDishonest(farmer="Ann", reputation=1),
        BecameDishonest(farmer="Bob", reputation=1),
    ]
    # Both victims were still Honest when the Yeomen punished their thieves.
    assert [e.by_yeomen for e in events_of(results, PunishmentImposed)] == [1, 1]
    types = [type(event) for event, _ in results]
    assert types.index(BecameDishonest) > max(i for i, t in enumerate(types) if t is PunishmentImposed)
    after = fold(board, results)
    assert not after.farmers["Ann"].honest and not after.farmers["Bob"].honest


def test_4_6_4_2_honest_and_dishonest_in_the_same_turn() -> None:
    """4.6.4.2: "You can become Honest and Dishonest in the same turn!"."""
    board = new_board(["Ann", "Bob", "Cid"])
    results = play(board, {"Ann": "Y 1; S 4 Bob", "Bob": "P 1"})
    assert events_of(results, BecameHonest) == [BecameHonest(farmer="Ann", yeomen_pork=1, reputation=0)]
    assert events_of(results, BecameDishonest) == [BecameDishonest(farmer="Ann", reputation=1)]
    after = fold(board, results)
    assert (after.farmers["Ann"].honest, after.farmers["Ann"].reputation) == (False, 1)


def test_4_6_4_2_unpunished_thief_stays_honest() -> None:
    """4.6.4.2: Dishonesty needs Punishment: stealing from an unpunishing Dishonest farmer keeps you Honest."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].honest = True
    results = play(board, {"Ann": "S 4 Bob"})
    assert events_of(results, BecameDishonest) == []
    assert fold(board, results).farmers["Ann"].honest


def test_12_1_reputation_only_when_becoming_dishonest() -> None:
    """12.1: "one point of (bad) Reputation every time you become Dishonest": not while already Dishonest."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].reputation = 2
    results = play(board, {"Ann": "S 4 Bob", "Bob": "P 1"})
    assert events_of(results, PunishmentImposed)
    assert events_of(results, BecameDishonest) == []
    assert fold(board, results).farmers["Ann"].reputation == 2


def test_12_1_reputation_accumulates() -> None:
    """12.1: "There's no way to lose it"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].reputation = 2
    board.farmers["Ann"].honest = True
    results = play(board, {"Ann": "S 4 Bob", "Bob": "P 1"})
    assert events_of(results, BecameDishonest) == [BecameDishonest(farmer="Ann", reputation=3)]
    assert rules_of(results, BecameDishonest) == ["4.6.4.2"]


@pytest.mark.parametrize(("reputation", "pork", "honest"), [(2, 1, False), (2, 2, True), (2, 3, True), (0, 1, True), (5, 4, False)])
def test_12_2_yeomen_spending_must_match_reputation(reputation: int, pork: int, honest: bool) -> None:
    """12.2: "only turns you Honest if you spend as much Pork in one turn as you have Reputation"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].reputation = reputation
    results = play(board, {"Ann": f"Y {pork}"})
    assert bool(events_of(results, BecameHonest)) is honest
    after = fold(board, results)
    assert after.farmers["Ann"].honest is honest
    assert after.fund == pork  # 4.6: "All Pork spent on Yeomen goes into a Fund" either way.
    if honest and reputation:
        assert rules_of(results, BecameHonest) == ["12.2"]


def test_12_2_yeomen_lines_add_up_within_a_turn() -> None:
    """12.2: "in one turn": several Yeomen lines count together."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    board.farmers["Ann"].reputation = 3
    results = play(board, {"Ann": "Y 1; G 1; Y 2"})
    assert events_of(results, BecameHonest) == [BecameHonest(farmer="Ann", yeomen_pork=3, reputation=3)]


# -- 7: losing ---------------------------------------------------------------------------


def test_7_a_farmer_without_pigs_is_out() -> None:
    """7: "A Pig Farmer who has lost all his Pigs is out of the game"."""
    board = table({"Ann": 30, "Bob": 30, "Cid": 2, "Dan": 30})
    results = play(board, {"Ann": "S 4 Cid"})
    assert events_of(results, FarmerEliminated) == [FarmerEliminated(farmer="Cid")]
    after = fold(board, results)
    assert after.farmers["Cid"].eliminated
    assert not after.over
    with pytest.raises(OrderError) as caught:
        resolve_turn(after, {"Cid": ()})
    assert caught.value.rule == "7"
    with pytest.raises(OrderError):
        resolve_turn(after, {"Ann": (Order(1, "stealing", 4, "Cid"),)})
    assert "Cid" not in [e.victim for e in events_of(play(after), TheftAttempted)]


def test_resolve_refuses_orders_outside_the_table() -> None:
    """10.1: orders name farmers at this table, never yourself."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    with pytest.raises(OrderError):
        resolve_turn(board, {"Zed": ()})
    with pytest.raises(OrderError):
        resolve_turn(board, {"Ann": (Order(1, "trading", 5, "Zed"),)})
    with pytest.raises(OrderError):
        resolve_turn(board, {"Ann": (Order(1, "stealing", 5, "Ann"),)})


def test_7_1_example_four_farmers_with_18_pigs() -> None:
    """7.1 example: "the four have only 18 Pigs between them. This is less than 20"."""
    board = table({"Ann": 6, "Bob": 5, "Cid": 4, "Dan": 3})
    results = play(board)
    assert events_of(results, PorkIndustryDestroyed) == [PorkIndustryDestroyed(pigs_in_play=18, farmers=4)]
    assert rules_of(results, PorkIndustryDestroyed) == ["7.1"]
    after = fold(board, results)
    assert after.over and after.winners == []
    with pytest.raises(IllegalAction):
        allot_pork(after)
    with pytest.raises(IllegalAction):
        resolve_turn(after, {})


def test_7_1_exactly_five_per_farmer_survives() -> None:
    """7.1: "less than 5 per Pig Farmer": 20 Pigs for four farmers is enough."""
    board = table({"Ann": 8, "Bob": 5, "Cid": 4, "Dan": 3})
    assert events_of(play(board), PorkIndustryDestroyed) == []


def test_7_1_counts_farmers_still_in_the_game() -> None:
    """7.1 ruling: farmers out of the game no longer count as Pig Farmers."""
    board = table({"Ann": 6, "Bob": 5, "Cid": 0, "Dan": 4})
    board.farmers["Cid"].eliminated = True
    assert events_of(play(board), PorkIndustryDestroyed) == []
    board.farmers["Dan"].pigs = 3
    assert events_of(play(board), PorkIndustryDestroyed) == [PorkIndustryDestroyed(pigs_in_play=14, farmers=3)]


def test_7_1_everyone_out_is_the_end() -> None:
    """7.1 ruling: no Pigs and no farmers left is the pork industry destroyed."""
    board = table({"Ann": 2, "Bob": 2, "Cid": 2}, bandits=4, lost_total=30)
    results = play(board)
    assert [e.farmer for e in events_of(results, FarmerEliminated)] == ["Ann", "Bob", "Cid"]
    assert events_of(results, PorkIndustryDestroyed) == [PorkIndustryDestroyed(pigs_in_play=0, farmers=0)]


# -- 8: winning --------------------------------------------------------------------------


def test_8_palace_at_100_pigs() -> None:
    """8: "If any player has 100 or more Pigs at the end of the turn ... has won"."""
    board = table({"Ann": 95, "Bob": 99, "Cid": 10})
    results = play(board, {"Ann": "I 25", "Bob": "I 4"})
    assert events_of(results, PalaceBought) == [PalaceBought(farmer="Ann", pigs=100)]
    after = fold(board, results)
    assert after.over and after.winners == ["Ann"]
    with pytest.raises(IllegalAction) as caught:
        resolve_turn(after, {})
    assert caught.value.rule == "8"


def test_8_several_winners_in_one_turn() -> None:
    """8: "several players might win in the same turn"."""
    board = table({"Ann": 99, "Bob": 98, "Cid": 120})
    results = play(board, {"Ann": "I 5", "Bob": "T 5 Ann; I 5"})
    assert events_of(results, PalaceBought) == [
        PalaceBought(farmer="Ann", pigs=101),
        PalaceBought(farmer="Bob", pigs=100),
        PalaceBought(farmer="Cid", pigs=120),
    ]
    assert fold(board, results).winners == ["Ann", "Bob", "Cid"]


def test_7_1_before_8_no_palace_in_a_ruined_industry() -> None:
    """7.1 / 8 ruling: if the pork industry is destroyed "everyone loses", Palace or not."""
    board = table({"Ann": 100, "Bob": 1, "Cid": 1, "Dan": 1, "Eve": 1})
    results = play(board, mad_pigs_per_farmer=30)
    assert events_of(results, PorkIndustryDestroyed)
    assert events_of(results, PalaceBought) == []


def test_8_palace_size_is_a_house_rule_knob() -> None:
    """8 with a house rule of a 50-Pig Palace."""
    board = table({"Ann": 50, "Bob": 10, "Cid": 10})
    assert events_of(play(board, palace_pigs=50), PalaceBought) == [PalaceBought(farmer="Ann", pigs=50)]


# -- 11: Bandits -------------------------------------------------------------------------


def test_11_3_bandits_steal_from_everyone_as_neutral_thieves() -> None:
    """11.3: Guards and Yeomen stop Bandits like any Thieves."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, bandits=4, lost_total=30)
    board.farmers["Cid"].honest = True
    results = play(board, {"Bob": "G 1"})
    attempts = {e.victim: e for e in events_of(results, TheftAttempted)}
    assert {v: (e.thieves, e.stopped_by_guards, e.stopped_by_yeomen, e.pigs_wanted) for v, e in attempts.items()} == {
        "Ann": (4, 0, 0, 2),
        "Bob": (4, 1, 0, 1),
        "Cid": (4, 0, 1, 1),
    }
    assert set(rules_of(results, TheftAttempted)) == {"11.3"}


def test_11_4_bandits_pigs_are_all_lost() -> None:
    """11.4: "Pigs taken by Bandits are all lost (and count towards rule 11.2)"."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10}, bandits=4, lost_total=35)
    results = play(board)
    assert [(e.taken, e.lost, e.stolen) for e in events_of(results, PigsTaken)] == [(2, 2, 0)] * 3
    assert set(rules_of(results, PigsTaken)) == {"11.4"}
    assert events_of(results, LostPigsCounted) == [LostPigsCounted(lost=6, returned=0, lost_total=41)]
    assert events_of(results, BanditJoined) == [BanditJoined(joined=1, bandits=5, lost_total=41)]


def test_11_2_every_ten_lost_pigs_attract_a_bandit() -> None:
    """11.2: "Every 10 Pigs lost (and not returned) attracts another Bandit"."""
    board = table({"Ann": 30, "Bob": 30, "Cid": 10}, lost_total=5)
    results = play(board, {"Ann": "S 20 Bob"})
    assert taken(results, "Ann", "Bob").lost == 5
    assert events_of(results, LostPigsCounted) == [LostPigsCounted(lost=5, returned=0, lost_total=10)]
    assert events_of(results, BanditJoined) == [BanditJoined(joined=1, bandits=2, lost_total=10)]
    after = fold(board, results)
    assert (after.bandits, after.lost_total) == (2, 10)


def test_11_2_returned_pigs_do_not_count() -> None:
    """11.2: "(and not returned)"."""
    board = table({"Ann": 30, "Bob": 30, "Cid": 10}, lost_total=5, yeomen=2)
    board.farmers["Bob"].honest = True
    results = play(board, {"Ann": "S 22 Bob"})
    assert taken(results, "Ann", "Bob").lost == 5
    assert events_of(results, LostPigsCounted) == [LostPigsCounted(lost=3, returned=2, lost_total=8)]
    assert events_of(results, BanditJoined) == []


def test_11_2_several_bandits_at_once() -> None:
    """11.2: 25 lost Pigs on top of 8 make 33: three more Bandits in one turn, in one event."""
    board = table({"Ann": 100, "Bob": 60, "Cid": 10}, lost_total=8)
    results = play(board, {"Ann": "S 100 Bob"})
    assert taken(results, "Ann", "Bob").lost == 25
    assert events_of(results, BanditJoined) == [BanditJoined(joined=3, bandits=4, lost_total=33)]
    assert fold(board, results).bandits == 4


def test_11_2_and_4_6_logs_of_one_event_per_unit_still_replay() -> None:
    """11.2, 4.6: version 1 logged one BanditJoined per Bandit and one YeomanJoined per
    Yeoman; such bodies upcast to events of one each and fold to the same board."""
    bandit = decode_event(BanditJoined, {"bandits": 3, "lost_total": 25}, 1)
    yeoman = decode_event(YeomanJoined, {"yeomen": 2, "fund": 4}, 1)
    assert bandit == BanditJoined(joined=1, bandits=3, lost_total=25)
    assert yeoman == YeomanJoined(joined=1, yeomen=2, fund=4)
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    after = fold(board, [(bandit, "11.2"), (yeoman, "4.6")])
    assert (after.bandits, after.yeomen, after.fund) == (3, 2, 4)


def test_11_2_nothing_lost_nothing_counted() -> None:
    """11.2 ruling: the count is reported only in a turn when Pigs were lost."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    assert events_of(play(board), LostPigsCounted) == []


def test_11_2_bandits_per_lost_pigs_is_a_house_rule_knob() -> None:
    """11.2 with a house rule of one Bandit per 4 lost Pigs."""
    board = table({"Ann": 30, "Bob": 30, "Cid": 10})
    results = play(board, {"Ann": "S 20 Bob"}, pigs_lost_per_bandit=4)
    assert [e.bandits for e in events_of(results, BanditJoined)] == [2]


# -- 9: the turn as a whole ----------------------------------------------------------------


def test_9_resolution_order_and_rules() -> None:
    """9: the Gamesmaster's report follows the resolution order in RULES.md, each outcome with its rule."""
    board = table({"Ann": 30, "Bob": 20, "Cid": 20, "Dan": 1}, fund=8)
    board.farmers["Bob"].honest = True
    results = play(
        board,
        {
            "Ann": "S 10 Bob; Y 1; T 5 Cid",
            "Bob": "P 2; G 1; T 5 Ann; Y 2",
            "Cid": "I 5; T 5 Bob; S 2 Dan",
        },
    )
    assert [(type(event).__name__, rule) for event, rule in results] == [
        ("BecameHonest", "4.6.4.1"),
        ("YeomenFunded", "4.6"),
        ("YeomenFunded", "4.6"),
        ("YeomanJoined", "4.6"),
        ("GuardsHired", "4.3"),
        ("TheftAttempted", "4.4.4"),
        ("TheftAttempted", "4.4.4"),
        ("TheftAttempted", "11.3"),
        ("TheftAttempted", "11.3"),
        ("TheftAttempted", "11.3"),
        ("TheftAttempted", "11.3"),
        ("PigTraded", "4.5"),
        ("TradeCancelled", "4.5.5"),
        ("PigTraded", "4.5"),
        ("PigsBred", "4.2"),
        ("PigsBred", "4.2"),
        ("PigsBred", "4.2"),
        ("PigsTaken", "4.4.5"),
        ("PigsTaken", "4.4.5"),
        ("PigsReturned", "4.6.2"),
        ("PunishmentImposed", "4.1"),
        ("BecameDishonest", "4.6.4.2"),
        ("LostPigsCounted", "11.2"),
        ("FarmerEliminated", "7"),
        ("TurnResolved", "9"),
    ]
    # The Yeoman joining in step 1 is one of the two stopping Ann's Thieves and
    # returning Bob's Pigs: Bob 20 + 1 traded + 1 bred - 3 taken + 2 returned.
    assert results[-1][0] == TurnResolved(turn=1, pigs={"Ann": 32, "Bob": 21, "Cid": 23, "Dan": 0})


def test_9_turn_numbers_count_up() -> None:
    """9: each resolved turn is numbered."""
    board = table({"Ann": 10, "Bob": 10, "Cid": 10})
    for number in (1, 2, 3):
        results = play(board)
        assert results[-1][0] == TurnResolved(turn=number, pigs={"Ann": 10, "Bob": 10, "Cid": 10})
        board = fold(board, results)
    assert board.turn == 3


def test_evolve_refuses_unknown_pigsty_events_and_ignores_others() -> None:
    """The fold knows every pigsty event and leaves other plugins' events alone."""

    class PigsFlew(Event, tag="pigsty.PigsFlew"):
        pigs: int

    class DiceRolled(Event, tag="kernel.DiceRolled"):
        faces: int

    board = new_board(["Ann", "Bob", "Cid"])
    with pytest.raises(TypeError):
        evolve(board, PigsFlew(pigs=1))
    evolve(board, DiceRolled(faces=6))
    assert board == new_board(["Ann", "Bob", "Cid"])


def test_every_event_type_is_folded_and_tagged() -> None:
    """Every pigsty event has a stable tag and a place in the fold."""
    tags = [t.__struct_config__.tag for t in EVENT_TYPES]
    assert tags == [f"pigsty.{t.__name__}" for t in EVENT_TYPES]
    assert len(set(tags)) == len(tags)


@pytest.mark.parametrize(
    "values",
    [
        {"pork_per_pig": 0},
        {"yeoman_fund_target": 0},
        {"pigs_lost_per_bandit": 0},
        {"yeomen_per_punishment_level": 0},
        {"palace_pigs": 0},
        {"mad_pigs_per_farmer": -1},
    ],
)
def test_params_refuse_meaningless_house_rules(values: dict[str, int]) -> None:
    """House rules may change the rulebook's numbers, not make them meaningless."""
    with pytest.raises(ValueError):
        Params(**values)


def test_params_default_to_the_rulebook() -> None:
    """4.2, 4.6, 4.6.3, 7.1, 8, 11.2: the rulebook's numbers."""
    assert msgspec.structs.asdict(Params()) == {
        "pork_per_pig": 5,
        "yeoman_fund_target": 10,
        "pigs_lost_per_bandit": 10,
        "yeomen_per_punishment_level": 2,
        "palace_pigs": 100,
        "mad_pigs_per_farmer": 5,
    }


# -- properties ---------------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve")


@st.composite
def boards(draw: st.DrawFn) -> Board:
    count = draw(st.integers(3, 5))
    names = NAMES[:count]
    board = new_board(list(names))
    for name in names:
        farmer = board.farmers[name]
        farmer.pigs = draw(st.integers(0, 60))
        farmer.eliminated = farmer.pigs == 0
        farmer.honest = draw(st.booleans())
        farmer.reputation = draw(st.integers(0, 4))
    playing = [name for name in names if not board.farmers[name].eliminated]
    if len(playing) < 2:
        for name in names[:2]:
            board.farmers[name].pigs, board.farmers[name].eliminated = 5, False
    board.yeomen = draw(st.integers(1, 6))
    board.fund = draw(st.integers(0, 9))
    board.bandits = draw(st.integers(1, 6))
    board.lost_total = draw(st.integers((board.bandits - 1) * 10, board.bandits * 10 - 1))
    return board


@st.composite
def turns(draw: st.DrawFn, board: Board) -> dict[str, tuple[Order, ...]]:
    """Random written orders for everyone in the game, paid under rule 10.2."""
    playing = [name for name, farmer in board.farmers.items() if not farmer.eliminated]
    paid: dict[str, tuple[Order, ...]] = {}
    for name in playing:
        pork = board.farmers[name].pigs
        others = [other for other in playing if other != name]
        written = []
        for line in range(1, draw(st.integers(0, 6)) + 1):
            kind = draw(st.sampled_from(KINDS))
            target = draw(st.sampled_from(others)) if kind in ("stealing", "trading") else None
            written.append(Order(line, kind, draw(st.integers(0, max(pork, 1))), target))
        paid[name] = pay_orders(name, written, pork)[0]
    return paid


@st.composite
def boards_and_orders(draw: st.DrawFn) -> tuple[Board, dict[str, tuple[Order, ...]]]:
    board = draw(boards())
    return board, draw(turns(board))


def check_consistent(board: Board, params: Params = RULEBOOK) -> None:
    for farmer in board.farmers.values():
        assert farmer.pigs >= 0
        assert farmer.punishment_due >= 0
        assert farmer.reputation >= 0
        assert farmer.eliminated == (farmer.pigs == 0) or board.over
    assert 0 <= board.fund < params.yeoman_fund_target
    assert board.lost_total >= 0
    assert board.bandits == 1 + board.lost_total // params.pigs_lost_per_bandit
    assert board.yeomen >= 1


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_orders())
def test_property_pigs_are_conserved_and_never_negative(case: tuple[Board, dict[str, tuple[Order, ...]]]) -> None:
    """4.4.5 / 11.4: every taken Pig is lost or stolen; Pigs only come from breeding, Trade and the Yeomen."""
    board, orders = case
    results = resolve_turn(board, orders)
    after = fold(board, results)
    before = sum(f.pigs for f in board.farmers.values())
    bred = sum(e.pigs for e in events_of(results, PigsBred))
    traded = len(events_of(results, PigTraded))
    returned = sum(e.pigs for e in events_of(results, PigsReturned))
    lost = sum(e.lost for e in events_of(results, PigsTaken))
    assert sum(f.pigs for f in after.farmers.values()) == before + bred + traded + returned - lost
    assert all(f.pigs >= 0 for f in after.farmers.values())
    for event in events_of(results, PigsTaken):
        assert event.taken == event.lost + event.stolen
        assert event.short >= 0
        assert event.lost - event.stolen == (event.taken % 2 if event.thief != "Bandits" else event.taken)
    for victim in board.farmers:
        taken_from = sum(e.taken for e in events_of(results, PigsTaken) if e.victim == victim)
        bred_for = sum(e.pigs for e in events_of(results, PigsBred) if e.farmer == victim)
        traded_to = sum(1 for e in events_of(results, PigTraded) if e.receiver == victim)
        assert taken_from <= board.farmers[victim].pigs + bred_for + traded_to


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_orders())
def test_property_resolution_does_not_touch_its_board(case: tuple[Board, dict[str, tuple[Order, ...]]]) -> None:
    """Design: state changes only by folding events; resolving is a pure function."""
    board, orders = case
    snapshot = msgspec.to_builtins(board)
    first = resolve_turn(board, orders)
    assert msgspec.to_builtins(board) == snapshot
    assert resolve_turn(board, orders) == first


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_orders())
def test_property_folded_board_is_consistent(case: tuple[Board, dict[str, tuple[Order, ...]]]) -> None:
    """3, 4.6, 7, 11.2: the folded board obeys every counting rule."""
    board, orders = case
    results = resolve_turn(board, orders)
    after = fold(board, results)
    check_consistent(after)
    assert after.turn == board.turn + 1
    final = results[-1][0]
    assert isinstance(final, TurnResolved)
    assert final.pigs == {name: farmer.pigs for name, farmer in after.farmers.items()}
    assert after.yeomen == board.yeomen + sum(e.joined for e in events_of(results, YeomanJoined))
    assert after.fund == (board.fund + sum(e.pork for e in events_of(results, YeomenFunded))) % 10
    for event, _ in results:
        body = msgspec.json.decode(msgspec.json.encode(encode_event(event)))
        assert decode_event(type(event), body, type(event).version) == event


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_property_a_whole_game_stays_consistent(data: st.DataObject) -> None:
    """4, 7, 8: turn after turn of allotting, ordering and resolving keeps the board sound."""
    board = new_board(list(NAMES[: data.draw(st.integers(3, 5))]))
    for _ in range(12):
        if board.over:
            break
        allotted = allot_pork(board)
        assert all(event.pork >= 0 for event, _ in allotted)
        for event, _ in allotted:
            evolve(board, event)
        pork = {event.farmer: event.pork for event, _ in allotted}
        written = data.draw(turns(board))
        paid = {name: pay_orders(name, orders, pork[name])[0] for name, orders in written.items()}
        results = resolve_turn(board, paid)
        board = fold(board, results)
        check_consistent(board)
        ended = bool(events_of(results, PorkIndustryDestroyed)) or bool(events_of(results, PalaceBought))
        assert board.over == ended


def test_orders_written_are_folded_without_effect() -> None:
    """9: sealed orders change nothing on the board."""
    board = new_board(["Ann", "Bob", "Cid"])
    evolve(board, OrdersWritten(farmer="Ann", orders=(Order(1, "guards", 1),), stated_total=1))
    assert board == new_board(["Ann", "Bob", "Cid"])
