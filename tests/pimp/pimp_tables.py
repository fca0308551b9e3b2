"""Small Pimp tables for the rulebook's worked examples (tests/pimp/test_pimp_examples.py).

A test deck lists the cards an example needs, in the order it needs them, and then
``FILLER``: ten plain streetwalkers, four copies each, cost 4 = their fair cost
(4 + 4 + 4) / 3, so every deck is legal under data/deck-rules.toml (40 to 60 cards,
average cost at most 7).  Shuffling is scripted as the identity permutation, so a deck
stays in listed order, top first: cards 1-5 are the starting hand, card 6 the girlfriend
(7, 8, ... the additional girlfriends of a tie), then each recruitment, edge slot or
blind power draw takes the next card.  The scenario files (example-*.toml) write the same
decks out as TOML text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import referee_pimp
from referee import MEMORY, Entry, Referee, Registry, TableStore
from referee.scenario import Scenario, load_scenario
from referee_pimp.cards import expand, load_deck

SCENARIO_DIR = Path(referee_pimp.__file__).parent / "scenarios"

FILLER_NAMES = [f"Filler {letter}" for letter in "ABCDEFGHIJ"]


def bitch(
    name: str,
    cost: int,
    looks: int,
    fight: int,
    stamina: int,
    qualifications: Sequence[str] = (),
    *,
    kind: str = "streetwalker",
) -> dict[str, Any]:
    """One card entry (a streetwalker unless ``kind="escort"``)."""
    card: dict[str, Any] = {"kind": kind, "name": name, "cost": cost, "looks": looks, "fight": fight, "stamina": stamina}
    if qualifications:
        card["qualifications"] = list(qualifications)
    return card


def power(name: str, cost: int) -> dict[str, Any]:
    """A plain streetwalker that is there to be drawn as a power card of ``cost``."""
    return bitch(name, cost, cost, cost, cost)


def special(which: str) -> dict[str, Any]:
    return {"kind": "special", "special": which}


def _value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


def _inline(card: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{key} = {_value(value)}" for key, value in card.items()) + " }"


def deck_text(name: str, cards: Iterable[dict[str, Any]]) -> str:
    """A deck file's TOML text: ``cards`` in order, then the filler."""
    entries = [*cards, *({"copies": 4, **power(filler, 4)} for filler in FILLER_NAMES)]
    body = ",\n".join(f"  {_inline(card)}" for card in entries)
    return f'name = "{name}"\ndescription = "A test deck for the rulebook\'s examples."\ncards = [\n{body},\n]\n'


def size(text: str) -> int:
    """How many physical cards a deck text holds."""
    return len(expand(load_deck(text)))


def identity_shuffles(decks: dict[str, str], seats: Sequence[str]) -> list[list[int]]:
    """One identity permutation per seat, in seat order: each deck stays in listed order."""
    return [list(range(size(decks[seat]))) for seat in seats]


class Table:
    """One Pimp table on an in-memory store, with shorthand for the requests of play."""

    def __init__(
        self, seats: Sequence[str], decks: dict[str, str], dice: Sequence[Any] = (), *, script: Sequence[Any] | None = None, **options: Any
    ) -> None:
        self.app = Referee(registry=Registry(), store=TableStore(MEMORY))
        self.seats = list(seats)
        if script is None:
            script = [*identity_shuffles(decks, self.seats), *dice]
        self.id = self.app.open("pimp", self.seats, options={"decks": dict(decks), **options}, script=list(script))

    @classmethod
    def from_scenario(cls, name: str, *, before: str | None = None) -> Table:
        """The table of scenario ``example-<name>.toml``, played up to the first step whose note
        contains ``before`` (every step if None); steps expecting a refusal are skipped."""
        scenario: Scenario = load_scenario(SCENARIO_DIR / f"example-{name}.toml")
        options = dict(scenario.options)
        decks = options.pop("decks")
        table = cls(scenario.seats, decks, script=scenario.random or [], **options)
        for step in scenario.step:
            if before is not None and before in step.note:
                return table
            if step.expect_error is None:
                table.act(step.seat, step.action, dict(step.args), request=step.request)
        assert before is None, f"no step of example-{name}.toml has a note containing {before!r}"
        return table

    def close(self) -> None:
        self.app.close()

    # -- acting

    def act(self, seat: str, action: str, args: dict[str, Any] | None = None, request: str | None = None) -> list[Entry]:
        return self.app.act(self.id, seat, action, args or {}, request=request)

    def do(self, seat: str, what: str, **args: Any) -> list[Entry]:
        """One action of Doing Shit: ``do("Jerry", "to-street", card="Jerry/annika")``."""
        return self.act(seat, "do", {"do": what, **args})

    def draw(self, seat: str, slot: int | None = None, *, none: bool = False) -> list[Entry]:
        """A power card: the top of the deck, edge slot ``slot``, or no card."""
        if none:
            return self.act(seat, "draw", {"from": "none"})
        if slot is not None:
            return self.act(seat, "draw", {"from": "edge", "slot": slot})
        return self.act(seat, "draw", {"from": "deck"})

    def end(self, seat: str) -> list[Entry]:
        """ "Do no more shit this turn", discarding the first cards over the hand limit."""
        made = self.do(seat, "end")
        while self.requests(seat, "discard") and not self.over:
            made += self.act(seat, "discard", {"card": self.options(seat, "discard", "card")[0]})
        return made

    # -- reading

    @property
    def state(self) -> Any:
        return self.app.state(self.id)

    @property
    def game(self) -> Any:
        return self.state.game

    @property
    def over(self) -> bool:
        return bool(self.state.over)

    def pimp(self, seat: str) -> Any:
        return self.game.pimps[seat]

    def view(self, seat: str | None = None) -> dict[str, Any]:
        return self.app.view(self.id, seat)

    def requests(self, seat: str | None = None, action: str | None = None) -> list[Any]:
        return [r for r in self.app.requests(self.id) if seat in (None, r.seat) and action in (None, r.action)]

    def fields(self, seat: str, action: str) -> dict[str, Any]:
        """The answer shapes of ``seat``'s open ``action`` request, by field."""
        (request,) = self.requests(seat, action)
        return dict(request.answer)

    def options(self, seat: str, action: str, field: str) -> list[str]:
        """The values offered in one field of ``seat``'s open ``action`` request (none if it is absent)."""
        shape = self.fields(seat, action).get(field)
        return [] if shape is None else [o.value for o in shape.options]

    @property
    def entries(self) -> list[Entry]:
        return self.app.entries(self.id)

    def events(self, name: str, entries: Iterable[Entry] | None = None) -> list[dict[str, Any]]:
        """The bodies of the ``pimp.<name>`` entries, in order."""
        return [e.event for e in (self.entries if entries is None else entries) if e.type == f"pimp.{name}"]
