"""Games played by bots in which every seat keeps what a player keeps: the receipts the
host signed for its actions and its own copy of the log (its export), taken at the end of
the game, before anyone could rewrite it.  The host's store is then at the tests' mercy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from referee import MEMORY, Referee, Registry, TableStore
from referee.disputes import Copy
from referee.log import Entry
from referee.receipts import Receipt

REGISTRY = Registry()

PIGSTY = {"game": "pigsty", "seats": ("Ada", "Bert", "Cleo"), "seed": "7", "options": {"turn_limit": 3}}


@dataclass
class Witnessed:
    app: Referee
    table: str
    seats: tuple[str, ...]
    receipts: dict[str, list[Receipt]] = field(default_factory=dict)
    copies: dict[str, list[Entry]] = field(default_factory=dict)
    steps: list[tuple[str, Receipt]] = field(default_factory=list)
    """Every acknowledged action in order: who acted, and the receipt the host gave."""

    def copy(self, seat: str) -> Copy:
        return Copy(f"{seat}'s copy", self.copies[seat], self.receipts.get(seat, []), seat)

    def keep_copies(self) -> None:
        self.copies = {seat: self.app.audit.load_log(self.app.export(self.table, seat)) for seat in self.seats}


def open_game(spec: dict = PIGSTY) -> Witnessed:
    app = Referee(registry=REGISTRY, store=TableStore(MEMORY))
    # A spec's "key" fixes the bots' choices too (they draw from the table key): the same game every run.
    table = app.open(spec["game"], list(spec["seats"]), seed=spec["seed"], options=spec.get("options"), key=spec.get("key"))
    return Witnessed(app, table, tuple(spec["seats"]))


def step(game: Witnessed, answer: Callable[[Witnessed, object], dict] | None = None) -> bool:
    """One open request answered (by its bot, or ``answer``); False once nothing is asked."""
    app, table = game.app, game.table
    if app.over(table) or not app.requests(table):
        return False
    request = app.requests(table)[0]
    args = answer(game, request) if answer else app.bots.answer(table, request)
    done = app.act(table, request.seat, request.action, args, request=request.id)
    assert done.receipt is not None
    game.receipts.setdefault(request.seat, []).append(done.receipt)
    game.steps.append((request.seat, done.receipt))
    return True


def play(spec: dict = PIGSTY) -> Witnessed:
    """A whole game by bots, every seat's copy kept at its end."""
    game = open_game(spec)
    while step(game):
        pass
    assert game.app.over(game.table)
    game.keep_copies()
    return game
