"""Stored games of every installed game, played by bots, stopped at several points.

Each table is opened with a fixed seed and a fixed table key (``FIXED_KEY``, patched over
``referee.service.new_table_key``), so a game and the points it is stopped at are the same
on every run.  In Pigsty one farmer (``PIGSTY_WRITER``) writes orders from the attacker's
grammar (``guesses.pigsty_orders``), so the test can show the attacker's enumeration
reaches real orders; every other seat is a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from attacker import Holding
from guesses import pigsty_orders

from referee import MEMORY, Referee, Registry, TableStore

REGISTRY = Registry()
FIXED_KEY = "5e" * 32


@dataclass(frozen=True)
class Game:
    name: str
    seats: tuple[str, ...]
    seed: str
    options: dict[str, Any] = field(default_factory=dict)
    extensions: tuple[str, ...] | None = None


PIGSTY_WRITER = "Cleo"

GAMES = {
    "pigsty": Game("pigsty", ("Ada", "Bert", "Cleo"), seed="7", options={"turn_limit": 4}),
    "cashnguns": Game(
        "cashnguns",
        ("Ada", "Bert", "Cleo", "Dino"),
        seed="7",
        extensions=tuple(e.name for e in REGISTRY.extensions_of("cashnguns") if e.default),
    ),
    # Every seat plays one deck, so escorts' names clash: an influence test (sealed bids) comes
    # up, and an offer to the street (sealed sending).  Dealt by default, no two seats share a deck.
    "pimp": Game("pimp", ("Ada", "Bert", "Cleo"), seed="1", options={"turns": 4, "decks": "fat-jerrys-stable"}),
    # Hands of Draw cards, sealed plays, Pickpocket's stolen card (thief and victim only).
    "backhanding": Game("backhanding", ("Ada", "Bert", "Cleo"), seed="3"),
    # A heuristic and a random studio at each end of the table: deals (hand cards offered to
    # one party only), loans and auctions come up, and the round limit keeps the game short.
    "pornstar": Game("pornstar", ("Ada", "Bert", "Cleo"), seed="3", options={"bots": "heuristic,random,heuristic", "round_limit": 4}),
}


def writer_orders(turn: int) -> str:
    """The orders PIGSTY_WRITER writes in ``turn``: spread over the grammar, some stealing."""
    texts = [text for text, _ in pigsty_orders(PIGSTY_WRITER, GAMES["pigsty"].seats)]
    return texts[(turn * 389 + 11) % len(texts)]


def fix_table_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.service.new_table_key", lambda: FIXED_KEY)


def answer(ref: Referee, table: str) -> bool:
    """Take the next action (a bot's, or the writer's orders); False when the game is over."""
    if ref.over(table):
        return False
    requests = ref.requests(table)
    request = requests[0]
    if ref.state(table).game_name == "pigsty" and request.seat == PIGSTY_WRITER:
        args = {"text": writer_orders(ref.state(table).flow.round)}
    else:
        args = ref.bots.answer(table, request)
    ref.act(table, request.seat, request.action, args, request=request.id)
    return True


def open_table(ref: Referee, game: Game) -> str:
    return ref.open(game.name, game.seats, options=dict(game.options), extensions=game.extensions, seed=game.seed)


def count_actions(game: Game) -> int:
    """How many actions the game takes (played once in memory with the same seed and key)."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as ref:
        table = open_table(ref, game)
        n = 0
        while answer(ref, table):
            n += 1
        return n


def holding(ref: Referee, table: str, seat: str) -> Holding:
    """Everything ``seat`` is given now: its export, view (dict and text), visible entries."""
    view = ref.view(table, seat)
    rules = ref.rules(table)
    text = rules.hook.referee_render_view(view=view["view"], seat=seat) or ""
    return Holding(seat=seat, export=ref.export(table, seat), views=[view], texts=[text], visible=ref.visible_entries(table, seat))


def play(ref: Referee, game: Game, points: list[int], at_point: Callable[[str, int], None]) -> str:
    """Play ``game`` to its end, calling ``at_point(table, n)`` after action ``n`` for each point."""
    table = open_table(ref, game)
    n = 0
    if 0 in points:
        at_point(table, 0)
    while answer(ref, table):
        n += 1
        if n in points:
            at_point(table, n)
    return table
