"""Standings and names shared by every game's ending."""

from __future__ import annotations

from referee.results import join_names, rank


def test_equal_scores_share_a_place_and_those_out_come_last():
    standings = rank([("Ann", 5, True, ""), ("Bob", 9, True, ""), ("Cy", 5, True, ""), ("Dee", 50, False, "dead")])
    assert [(s.seat, s.place, s.score) for s in standings] == [("Bob", 1, 9), ("Ann", 2, 5), ("Cy", 2, 5), ("Dee", 4, 50)]
    assert standings[-1].note == "dead"


def test_join_names():
    assert join_names([]) == "nobody"
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Bob"]) == "Ann and Bob"
    assert join_names(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"
