"""A sweep of whole games of Pimp: The Backhanding with the shipped card set (DATA.md, "Balance").

Sixty games, two to six seats, heuristic and random bots side by side.  Across the sweep
every pimp ability and Dirty Trick must come into play, every outcome the rules name must
occur (a re-rolled tie, a defended and an eliminated ho, a discard pile reshuffled, a clan
over the limit), and the balance must hold within bounds: no pimp, ho or modifier decides
its contests on its own, the first player and the first seat win no more than half again
their fair share, and the heuristic bot (which uses Dirty Tricks and backhanding) beats
the random one.
"""

from __future__ import annotations

from typing import Any

import pytest
from backhanding_balance import measure

from referee_backhanding.cards import DEFAULT

GAMES = 60


@pytest.fixture(scope="module")
def stats() -> dict[str, Any]:
    return measure(GAMES, "mixed")


def test_every_ability_and_dirty_trick_comes_into_play(stats):
    effects = {c.effect for c in DEFAULT.values() if c.effect}
    assert effects <= set(stats["effects"]), f"never used: {sorted(effects - set(stats['effects']))}"


def test_every_outcome_the_rules_name_occurs(stats):
    events = stats["events"]
    for kind in ("HoRecruited", "HoDefended", "HoEliminated", "DiscardsShuffled", "PimpsDiscarded", "DrawPimpsJoined", "StreetFilled"):
        assert events[kind] > 0, kind
    assert stats["effects"]["extra dice"] > 0


def test_no_pimp_or_modifier_decides_its_contests_alone(stats):
    for pimp, (rolled, won) in stats["pimp"].items():
        if rolled >= 20:
            assert 0.1 <= won / rolled <= 0.8, f"{pimp} wins {won} of {rolled}"
    for card, (played, won) in stats["card"].items():
        if played >= 20:
            assert won / played <= 0.9, f"{card} wins {won} of {played}"
    for ho, (recruited, attacked, eliminated) in stats["ho"].items():
        assert recruited > 0, f"{ho} is never recruited"
        assert eliminated <= attacked


def test_the_first_player_and_the_first_seat_have_no_great_advantage(stats):
    fair = stats["fair"] / stats["games"]
    for what in ("first_player", "first_seat"):
        games, won = stats[what]
        assert won / games <= 1.5 * fair, f"{what} wins {won / games:.0%}, a fair share is {fair:.0%}"


def test_the_heuristic_bot_beats_the_random_one(stats):
    heuristic = stats["kind"]["heuristic"]
    random = stats["kind"]["random"]
    assert heuristic[1] / heuristic[0] > random[1] / random[0]


def test_the_heuristic_bot_backhands_and_plays_every_dirty_trick():
    alone = measure(12, "heuristic")
    assert alone["events"]["PimpPlaced"] > 0 and alone["ho"] and any(att for _, att, _ in alone["ho"].values())
    tricks = {"bail-out", "snitch", "pickpocket", "crooked-cop", "loaded-dice", "frame-up"}
    assert tricks <= set(alone["effects"]), f"never played: {sorted(tricks - set(alone['effects']))}"
    assert alone["events"]["HoValued"] > 0
