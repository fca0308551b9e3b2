"""Noninterference, over every installed game (issue 21): two worlds of a table that differ
only in one seat's sealed answer look the same to every other seat, a spectator and the
gamesmaster (views, rendered views, visible entries with their headers, open request ids,
exports, refusals of other seats' request ids; over the web, the state a page reads, its
export, its refusals and its WebSocket frames), except where the game declares the rules
reveal the answer (``Game.reveals``).

The check is ``referee.testing.check_noninterference`` (docs/testing-plugins.md); what it
compares, and why the hashes are not, is in docs/security.md.  Points, answers and games
are fixed, so a failure repeats on every run; ``REFEREE_NONINTERFERENCE_DEPTH=N`` plays N
times the games and points.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_watch import WebWatch

from referee import Registry
from referee.testing import check_noninterference

REGISTRY = Registry()
TRIO = ("Ada", "Bert", "Cleo")

GAMES: dict[str, dict[str, Any]] = {
    "pigsty": {"seats": TRIO, "options": {"turn_limit": 4}},
    "cashnguns": {"seats": (*TRIO, "Dino")},
    # One deck for every seat: influence tests (sealed bids) come up, and offers to the street.
    "pimp": {"seats": TRIO, "options": {"turns": 4, "decks": "fat-jerrys-stable"}},
    "backhanding": {"seats": TRIO},
    # A heuristic and a random studio at either end: deals, loans and auctions come up.
    "pornstar": {"seats": TRIO, "options": {"bots": "heuristic,random,heuristic", "round_limit": 4}},
    "nim": {"seats": TRIO},
}
"""Every installed game (the five and the example), each as the secrecy suite plays it."""


@pytest.fixture
def web() -> Iterator[WebWatch]:
    watch = WebWatch()
    yield watch
    watch.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_seat_tells_two_worlds_apart_before_the_rules_reveal(game):
    found = check_noninterference(game, registry=REGISTRY, **GAMES[game])
    assert found.points >= 4, f"only {found.points} sealed requests were answered in several worlds"
    assert found.told_apart, "no two worlds ever told apart, not even where the rules reveal: the check saw nothing"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nor_over_the_web(game, web):
    found = check_noninterference(game, registry=REGISTRY, points=1, answers=6, steps=1, observers=[web], **GAMES[game])
    assert found.points >= 1
