"""The ``bots`` table option games share (``referee.bots``): one kind for all, kinds in seat
order, or seat -> kind; unknown kinds and strangers refused by name."""

from __future__ import annotations

import pytest

from referee import RefereeError
from referee.bots import bot_kinds, bots_by_seat, check_kinds, check_seats

SEATS = ["Ann", "Bob", "Cy"]


def test_one_kind_plays_every_seat_and_a_list_goes_in_seat_order():
    assert bots_by_seat("random", SEATS, "heuristic") == {"Ann": "random", "Bob": "random", "Cy": "random"}
    assert bots_by_seat("random, heuristic", SEATS, "heuristic") == {"Ann": "random", "Bob": "heuristic", "Cy": "heuristic"}
    assert bots_by_seat(["heuristic", "random", "random"], SEATS, "heuristic")["Cy"] == "random"
    assert bots_by_seat({"Bob": "random"}, SEATS, "heuristic") == {"Ann": "heuristic", "Bob": "random", "Cy": "heuristic"}
    assert bots_by_seat(None, SEATS, "heuristic") == dict.fromkeys(SEATS, "heuristic")
    assert bot_kinds({"Ann": " random "}) == ["random"]


def test_unknown_kinds_and_strangers_are_refused_by_name():
    with pytest.raises(ValueError, match="no bot named 'clever'; the bots are heuristic, random"):
        check_kinds("heuristic,clever", ("heuristic", "random"))
    check_kinds({"Ann": "random"}, ("heuristic", "random"))
    with pytest.raises(RefereeError, match=r"option bots names 'Zed', who has no seat \(seats: Ann, Bob, Cy\)"):
        check_seats({"Zed": "random"}, SEATS)
    with pytest.raises(RefereeError, match="option bots gives 2 bots for 3 seats"):
        check_seats("random,random", SEATS)
    check_seats("random", SEATS)
    check_seats("random,random,heuristic", SEATS)
